// A generation's index, stored beside it as `<generation>.files.gz`: the fingerprint of every file
// the generation holds itself, and the store folder each unit links to. A rebuild compares
// fingerprints instead of reading ~300,000 files back, and pruning knows which store folders are
// still in use.

import { createHash } from "node:crypto";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { gunzipSync, gzipSync } from "node:zlib";

export interface GenerationIndex {
  /** Path inside the generation -> fingerprint, for files not in a stored unit. */
  files: Map<string, string>;
  /** Unit folder inside the generation -> name of its folder in `store/`. */
  units: Map<string, string>;
}

export const indexFileOf = (generation: string) => `${generation}.files.gz`;

export const emptyIndex = (): GenerationIndex => ({ files: new Map(), units: new Map() });

/** Length plus 64 bits of SHA-1: a collision between two versions of one response is not a practical risk. */
export function fingerprint(bytes: Uint8Array): string {
  return `${bytes.byteLength}:${createHash("sha1").update(bytes).digest("hex").slice(0, 16)}`;
}

/** The index of a generation, or null when it is missing or unreadable (then files are compared by reading them). */
export function readGenerationIndex(file: string): GenerationIndex | null {
  try {
    const stored = JSON.parse(gunzipSync(readFileSync(file)).toString("utf8")) as { files: Record<string, string>; units: Record<string, string> };
    return { files: new Map(Object.entries(stored.files)), units: new Map(Object.entries(stored.units)) };
  } catch {
    return null;
  }
}

export function writeGenerationIndex(file: string, index: GenerationIndex): void {
  const temporary = `${file}.${process.pid}.tmp`;
  const stored = { files: Object.fromEntries(index.files), units: Object.fromEntries(index.units) };
  writeFileSync(temporary, gzipSync(JSON.stringify(stored), { level: 1 }));
  renameSync(temporary, file);
}
