// dataset_version (spec, Versioning 2-3): a content hash of the item data, the guide data, the
// response-derivation code and a counter. It is the ETag of every response, so it must change with
// anything that changes a response body and with nothing else.

import { createHash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type { Dataset } from "./dataset.ts";
import { canonicalJson, guideText } from "./derive/units.ts";

/**
 * Bump by hand with any change that alters response content without changing the derivation
 * bundle: the envelope or headers written by edge/, a dependency whose output we embed (zlib).
 */
export const RESPONSE_REVISION = 1;

const DERIVATION_ENTRY = fileURLToPath(new URL("./derive/index.ts", import.meta.url));

/**
 * Hash of the derivation code as it runs: the minified bundle of generator/derive/ and what it
 * imports (the route table included). Minifying drops comments and formatting, so edits to those
 * leave the hash alone; any change to what the code does changes it.
 */
export async function derivationCodeHash(entry: string = DERIVATION_ENTRY): Promise<string> {
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
  return sha256Hex(result.outputFiles[0]!.contents);
}

export function datasetVersion(dataset: Dataset, codeHash: string, revision: number = RESPONSE_REVISION): string {
  const hash = createHash("sha256");
  hash.update(`pattern-seed-guides dataset_version\nrevision ${revision}\ncode ${codeHash}\n`);
  for (const item of [...dataset.items].sort((a, b) => (a.slug < b.slug ? -1 : 1))) hash.update(`item ${canonicalJson(item)}\n`);
  // Guides are served exactly as stored, key order included, so their hash keeps it; whitespace
  // in the file is not content and is gone after parsing.
  for (const guide of [...dataset.guides].sort((a, b) => (a.platform_id < b.platform_id ? -1 : 1))) {
    hash.update(`guide ${guideText(guide)}\n`);
  }
  return hash.digest("hex").slice(0, 20);
}

function sha256Hex(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}
