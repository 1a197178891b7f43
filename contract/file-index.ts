// A generation's index, stored beside it as `<generation>.files.gz`: the fingerprint of every file
// the generation holds. A rebuild compares fingerprints instead of reading every file back, and the
// local server knows each file's size (damage shows as a size that differs). It also holds the input
// hash of every derivation unit (generator/derive/units.ts), so that the next rebuild derives only the
// units whose inputs changed (generator/emit/reuse.ts). The build writes it
// (generator/emit/file-index.ts); this module is its format and its reader.

import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";

export interface GenerationIndex {
  /** Path inside the generation -> fingerprint. */
  files: Map<string, string>;
  /** Derivation unit key -> what it was derived from and how much it wrote (none when absent). */
  inputs: Map<string, UnitInputs>;
  /**
   * Pre-compressed file -> its encoder and where each piece lies in it (derive/gzip-pieces.ts), so
   * that the next build copies the unchanged pieces (none when absent).
   */
  pieces: Map<string, StoredPieces>;
  /** What the generation was built from (source.ts); absent when not known. */
  source?: string;
}

/** Where each independently deflated piece of a pre-compressed file lies in it, and which encoder made them. */
export interface StoredPieces {
  encoder: string;
  /** `key`: length and hash of the body bytes a piece encodes; `start`, `length`: its deflate data in the file. */
  pieces: { key: string; start: number; length: number }[];
}

export interface UnitInputs {
  /** Hash of the unit's inputs and of the derivation code. */
  hash: string;
  files: number;
  bytes: number;
}

export const indexFileOf = (generation: string) => `${generation}.files.gz`;

export const emptyIndex = (): GenerationIndex => ({ files: new Map(), inputs: new Map(), pieces: new Map() });

/** The index of a generation, or null when it is missing or unreadable (then files are compared by reading them). */
export function readGenerationIndex(file: string): GenerationIndex | null {
  try {
    const stored = JSON.parse(gunzipSync(readFileSync(file)).toString("utf8")) as StoredIndex;
    const inputs = new Map(Object.entries(stored.inputs ?? {}).map(([key, [hash, files, bytes]]) => [key, { hash, files, bytes }]));
    const pieces = new Map(
      Object.entries(stored.pieces ?? {}).map(([file, { encoder, pieces }]) => [file, { encoder, pieces: pieces.map(([key, start, length]) => ({ key, start, length })) }]),
    );
    const index: GenerationIndex = { files: new Map(Object.entries(stored.files)), inputs, pieces };
    if (stored.source !== undefined) index.source = stored.source;
    return index;
  } catch {
    return null;
  }
}

export interface StoredIndex {
  files: Record<string, string>;
  inputs?: Record<string, [string, number, number]>;
  pieces?: Record<string, { encoder: string; pieces: [key: string, start: number, length: number][] }>;
  source?: string;
}
