// The build's side of a generation's index (contract/file-index.ts): the fingerprint of a file and
// the writing of the index, under a temporary name and renamed into place.

import { createHash } from "node:crypto";
import { renameSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import type { GenerationIndex, StoredIndex } from "../../contract/file-index.ts";
import { temporaryPathOf } from "./prune.ts";

/** Length plus 64 bits of SHA-1: a collision between two versions of one response is not a practical risk. */
export function fingerprint(bytes: Uint8Array): string {
  return `${bytes.byteLength}:${createHash("sha1").update(bytes).digest("hex").slice(0, 16)}`;
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

