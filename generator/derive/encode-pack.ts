// Writes a pack (contract/pack.ts, where the format is described): the directory with each entry's
// checksum, then the entries; and a pack laid out in chunks (contract/pack-chunks.ts), each chunk a
// pack of its own.

import { createHash } from "node:crypto";
import { directoryLength, writeDirectory } from "../../contract/pack.ts";
import { CHUNK_STEP, chunkFileOf, chunkStarts } from "../../contract/pack-chunks.ts";

export function encodePack(entries: readonly Uint8Array[]): Uint8Array {
  const start = directoryLength(entries.length);
  let length = start;
  for (const entry of entries) length += entry.byteLength;
  if (length > 0xffffffff) throw new Error(`a pack cannot hold ${length} bytes (offsets are 32-bit)`);
  const pack = new Uint8Array(length);
  writeDirectory(
    pack,
    entries.map((entry) => entry.byteLength),
    entries.map((entry) => createHash("sha256").update(entry).digest()),
  );
  let offset = start;
  for (const entry of entries) {
    pack.set(entry, offset);
    offset += entry.byteLength;
  }
  return pack;
}

/** The chunk files of the pack named `pack` holding these entries, in order: each a pack of consecutive entries. */
export function encodeChunks(pack: string, entries: readonly Uint8Array[], step: number = CHUNK_STEP): { path: string; body: Uint8Array }[] {
  const starts = chunkStarts(
    entries.map((entry) => entry.byteLength),
    step,
  );
  return starts.map((first, at) => ({ path: chunkFileOf(pack, first), body: encodePack(entries.slice(first, starts[at + 1] ?? entries.length)) }));
}
