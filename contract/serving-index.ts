// A folder's serving index, `files.json` inside it: the fingerprint (fingerprint.ts) of every file
// the build wrote there, so that the edge serves only bytes the build wrote. Each generation folder
// has one, named by the manifest with its own fingerprint (`index`); each documents folder has one,
// and the folder's name is the hash of it. A file the index does not name does not exist (404
// without a read); a file it names that is missing, or whose bytes differ, is damage (503).

import { hexOf } from "./fingerprint.ts";
import { byCodeUnits } from "./code-units.ts";

export const SERVING_INDEX_FILE = "files.json";

const FINGERPRINT = /^[0-9]{1,12}:[0-9a-f]{16}$/;

/** The index's bytes for these files: keys sorted, so equal folders give equal bytes. */
export function servingIndexText(files: Iterable<readonly [string, string]>): string {
  const sorted = [...files].sort(([a], [b]) => byCodeUnits(a, b));
  return `${JSON.stringify({ files: Object.fromEntries(sorted) })}\n`;
}

/** The files an index names, or a message saying why it is not an index. */
export function parseServingIndex(bytes: Uint8Array): Map<string, string> | string {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return `${SERVING_INDEX_FILE} is not valid JSON`;
  }
  const files = (value as { files?: unknown } | null)?.files;
  if (typeof files !== "object" || files === null || Array.isArray(files)) return `${SERVING_INDEX_FILE} has no "files" object`;
  const map = new Map<string, string>();
  for (const [path, print] of Object.entries(files)) {
    if (typeof print !== "string" || !FINGERPRINT.test(print)) return `${SERVING_INDEX_FILE}: files["${path}"] is not a fingerprint`;
    map.set(path, print);
  }
  return map;
}

export const DOCS_FOLDER_PREFIX = "docs-";
export const DOCS_HASH_DIGITS = 20;

/** The documents folder's name for the bytes of its serving index: `docs-` and the first 20 hex digits of their SHA-256. */
export async function documentsFolderOf(index: Uint8Array): Promise<string> {
  const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", index as Uint8Array<ArrayBuffer>));
  return `${DOCS_FOLDER_PREFIX}${hexOf(hash, DOCS_HASH_DIGITS)}`;
}
