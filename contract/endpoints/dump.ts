// GET /v1/dump: the whole dataset in one response.

import { endpoint, found, lines } from "../endpoint.ts";

export const dump = endpoint({
  name: "dump",
  path: "/v1/dump",
  kind: "dump",
  parameters: ["AcceptEncoding"],
  errors: [],
  operation: { id: "getDump", tag: "dataset" },
  response: "Dump",
  derivation: "dump",
  read: () => found({}),
  request: () => ({ values: {} }),
  /**
   * The one file that holds a whole envelope, built once per dataset_version, and stored gzip-encoded
   * only: about 30 MB of JSON at the API's stated scale would pass the 25 MiB a file may have on some
   * hosts, its gzip is a tenth of that, and the edge decodes it for a client without gzip.
   */
  file: () => "v1/dump.json.gz",
  notFound: () => "no dump is built",
  description: {
    summary: "The whole dataset in one response",
    description: lines(
      "Every item and every guide document (each exactly as the guide endpoint returns it). Built once per",
      "`dataset_version`; gzip-encoded when `Accept-Encoding` allows it. Tens of megabytes uncompressed at full scale:",
      "revalidate with `If-None-Match` rather than download it again. The example is shortened to one item and one guide.",
    ),
    ok: () => "The dataset.",
  },
  example: () => ({}),
});
