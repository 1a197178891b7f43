// GET /v1/meta: the dataset's version, load time and counts.

import { endpoint, found, lines } from "../endpoint.ts";

export const meta = endpoint({
  name: "meta",
  path: "/v1/meta",
  kind: "data",
  parameters: [],
  errors: [404],
  operation: { id: "getMeta", tag: "dataset" },
  response: "Meta",
  derivation: "meta",
  read: () => found({}),
  request: () => ({ values: {} }),
  file: () => "v1/meta.json",
  notFound: () => "no metadata is loaded",
  description: {
    summary: "Version, load time and counts of the dataset",
    description: lines(
      "`counts.items` counts `(def_index, paint_index)` pairs, `counts.gradings` every grading. `loaded_at` is the newest",
      "capture time of the data, so it changes only with the data. Poll this (with `If-None-Match`) to learn of updates.",
    ),
    ok: () => "The dataset's metadata.",
  },
  example: () => ({}),
});
