// dataset_version (docs/README.md, "Versions"; docs/architecture.md, "dataset_version"): a content hash of
// the item data, the guide data and the format of the responses derived from them
// (contract/endpoints/index.ts). It is the ETag of every response, so it must change with anything that changes
// a response body and with nothing else.

import { createHash } from "node:crypto";
import { RESPONSE_FORMAT } from "../contract/endpoints/index.ts";
import type { Dataset } from "./dataset.ts";
import { canonicalJson, guideHash } from "./derive/units.ts";

export function datasetVersion(dataset: Dataset, format: number = RESPONSE_FORMAT): string {
  const hash = createHash("sha256");
  hash.update(`pattern-seed-guides dataset_version\nformat ${format}\n`);
  for (const item of [...dataset.items].sort((a, b) => (a.slug < b.slug ? -1 : 1))) hash.update(`item ${canonicalJson(item)}\n`);
  // Guides are served exactly as stored, key order included, so their hash keeps it; whitespace
  // in the file is not content and is gone after parsing. Each guide enters by the hash of its text,
  // which the unit hashes of the derivation take too (derive/units.ts): one pass over the guides.
  for (const guide of [...dataset.guides].sort((a, b) => (a.platform_id < b.platform_id ? -1 : 1))) {
    hash.update(`guide ${guideHash(guide)}\n`);
  }
  return hash.digest("hex").slice(0, 20);
}
