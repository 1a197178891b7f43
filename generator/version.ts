// dataset_version (spec, Versioning 2-3): a content hash of the item data, the guide data and the
// code that shapes response bodies. It is the ETag of every response, so it must change with
// anything that changes a response body and with nothing else.

import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type { Dataset } from "./dataset.ts";
import { canonicalJson, guideHash } from "./derive/units.ts";

/**
 * The code that decides what a response body holds: the derivation (generator/derive/ and what it
 * imports, the route table included) and the envelope the edge wraps each file in. The rest of the
 * edge (headers, limits, caching) shapes no body, so a change there keeps every ETag valid.
 */
const RESPONSE_CODE_ENTRIES = [
  fileURLToPath(new URL("./derive/index.ts", import.meta.url)),
  fileURLToPath(new URL("../edge/envelope.ts", import.meta.url)),
];

/**
 * Hash of the response code as it runs: the minified bundle of each entry. Minifying drops
 * comments and formatting, so edits to those leave the hash alone; any change to what the code
 * does changes it.
 */
export async function derivationCodeHash(entries: string | readonly string[] = RESPONSE_CODE_ENTRIES): Promise<string> {
  const hash = createHash("sha256");
  for (const entry of typeof entries === "string" ? [entries] : entries) {
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      write: false,
      format: "esm",
      platform: "node",
      legalComments: "none",
      charset: "utf8",
      logLevel: "silent",
    });
    hash.update(result.outputFiles[0]!.contents).update("\0");
  }
  return hash.digest("hex");
}

export function datasetVersion(dataset: Dataset, codeHash: string): string {
  const hash = createHash("sha256");
  hash.update(`pattern-seed-guides dataset_version\ncode ${codeHash}\n`);
  for (const item of [...dataset.items].sort((a, b) => (a.slug < b.slug ? -1 : 1))) hash.update(`item ${canonicalJson(item)}\n`);
  // Guides are served exactly as stored, key order included, so their hash keeps it; whitespace
  // in the file is not content and is gone after parsing. Each guide enters by the hash of its text,
  // which the unit hashes of the derivation take too (derive/units.ts): one pass over the guides.
  for (const guide of [...dataset.guides].sort((a, b) => (a.platform_id < b.platform_id ? -1 : 1))) {
    hash.update(`guide ${guideHash(guide)}\n`);
  }
  return hash.digest("hex").slice(0, 20);
}
