// Writes a pack (contract/pack.ts, where the format is described): the directory with each entry's
// checksum, then the entries; and a pack laid out in chunks (contract/pack-chunks.ts), each chunk a
// pack of its own.

import { createHash } from "node:crypto";
import { directoryLength, writeDirectory } from "../../contract/pack.ts";
import { CHUNK_STEP, chunkFileOf, chunkStarts } from "../../contract/pack-chunks.ts";

/** The bytes of a pack of entries of these lengths: at most 0xffffffff, the last offset its 32-bit directory can write. */
export function packLength(lengths: readonly number[]): number {
  const length = lengths.reduce((sum, entry) => sum + entry, directoryLength(lengths.length));
  if (length > 0xffffffff) throw new Error(`a pack cannot hold ${length} bytes (offsets are 32-bit)`);
  return length;
}

export function encodePack(entries: readonly Uint8Array[]): Uint8Array {
  const lengths = entries.map((entry) => entry.byteLength);
  const pack = new Uint8Array(packLength(lengths));
  writeDirectory(
    pack,
    lengths,
    entries.map((entry) => createHash("sha256").update(entry).digest()),
  );
  let offset = directoryLength(entries.length);
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
