// The build's side of a generation's indexes, each written under a temporary name and renamed into
// place: the generation index beside it (contract/file-index.ts), for later builds, and the serving
// index inside it (contract/serving-index.ts), for the edge.

import { renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import type { GenerationIndex, StoredIndex } from "../../contract/file-index.ts";
import { SERVING_INDEX_FILE, servingIndexText } from "../../contract/serving-index.ts";
import { fingerprint } from "../fingerprint.ts";
import { temporaryPathOf } from "./prune.ts";
import { namingPath } from "./write-error.ts";

/** Writes `<folder>/files.json` for these fingerprints; returns the index's own fingerprint, which the manifest records. */
export async function writeServingIndex(folder: string, files: ReadonlyMap<string, string>): Promise<string> {
  const bytes = Buffer.from(servingIndexText(files));
  const file = path.join(folder, SERVING_INDEX_FILE);
  await namingPath(file, async () => {
    const temporary = temporaryPathOf(file);
    writeFileSync(temporary, bytes);
    renameSync(temporary, file);
  });
  return fingerprint(SERVING_INDEX_FILE, bytes);
}

export function writeGenerationIndex(file: string, index: GenerationIndex): void {
  const temporary = temporaryPathOf(file);
  const stored: StoredIndex = {
    files: Object.fromEntries(index.files),
    inputs: Object.fromEntries([...index.inputs].map(([key, { hash, files, bytes }]) => [key, [hash, files, bytes]])),
    pieces: Object.fromEntries([...index.pieces].map(([file, { encoder, pieces }]) => [file, { encoder, pieces: pieces.map(({ key, start, length }) => [key, start, length]) }])),
    // Absent when not known: JSON.stringify leaves out a field that is undefined.
    source: index.source,
  };
  writeFileSync(temporary, gzipSync(JSON.stringify(stored), { level: 1 }));
  renameSync(temporary, file);
}

