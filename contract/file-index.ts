// A generation's index, stored beside it as `<generation>.files.gz`: the fingerprint of every file
// the generation holds. A rebuild compares fingerprints instead of reading every file back, and the
// local server knows each file's size (damage shows as a size that differs). It also holds the input hash of every derivation unit (generator/derive/units.ts),
// so that the next rebuild derives only the units whose inputs changed (reuse.ts).

import { createHash } from "node:crypto";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { gunzipSync, gzipSync } from "node:zlib";
import type { PieceEncoding } from "../generator/derive/gzip-pieces.ts";
import { temporaryPathOf } from "../generator/emit/prune.ts";

export interface GenerationIndex {
  /** Path inside the generation -> fingerprint. */
  files: Map<string, string>;
  /** Derivation unit key -> what it was derived from and how much it wrote (absent in older indexes: empty). */
  inputs: Map<string, UnitInputs>;
  /**
   * Pre-compressed file -> its encoder and where each piece lies in it (derive/gzip-pieces.ts), so
   * that the next build copies the unchanged pieces (absent in older indexes: none).
   */
  pieces: Map<string, Omit<PieceEncoding, "bytes">>;
  /** What the generation was built from (source.ts); absent when not known. */
  source?: string;
  /** Written by a build of the layout before packs, whose pair folders were links into a store folder. */
  storedUnits?: true;
}

export interface UnitInputs {
  /** Hash of the unit's inputs and of the derivation code. */
  hash: string;
  files: number;
  bytes: number;
}

export const indexFileOf = (generation: string) => `${generation}.files.gz`;

export const emptyIndex = (): GenerationIndex => ({ files: new Map(), inputs: new Map(), pieces: new Map() });

/** Length plus 64 bits of SHA-1: a collision between two versions of one response is not a practical risk. */
export function fingerprint(bytes: Uint8Array): string {
  return `${bytes.byteLength}:${createHash("sha1").update(bytes).digest("hex").slice(0, 16)}`;
}

/** The byte length a fingerprint records. */
export const sizeOfFingerprint = (print: string): number => Number.parseInt(print, 10);

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
    if (stored.units !== undefined) index.storedUnits = true;
    return index;
  } catch {
    return null;
  }
}

export function writeGenerationIndex(file: string, index: GenerationIndex): void {
  const temporary = temporaryPathOf(file);
  const stored: StoredIndex = {
    files: Object.fromEntries(index.files),
    inputs: Object.fromEntries([...index.inputs].map(([key, { hash, files, bytes }]) => [key, [hash, files, bytes]])),
    pieces: Object.fromEntries([...index.pieces].map(([file, { encoder, pieces }]) => [file, { encoder, pieces: pieces.map(({ key, start, length }) => [key, start, length]) }])),
    ...(index.source !== undefined ? { source: index.source } : {}),
  };
  writeFileSync(temporary, gzipSync(JSON.stringify(stored), { level: 1 }));
  renameSync(temporary, file);
}

interface StoredIndex {
  files: Record<string, string>;
  /** Only in indexes of the layout before packs. */
  units?: Record<string, string>;
  inputs?: Record<string, [string, number, number]>;
  pieces?: Record<string, { encoder: string; pieces: [key: string, start: number, length: number][] }>;
  source?: string;
}
