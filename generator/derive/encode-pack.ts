// Writes a pack (contract/pack.ts, where the format is described): the directory with each entry's
// checksum, then the entries.

import { createHash } from "node:crypto";
import { directoryLength, writeDirectory } from "../../contract/pack.ts";

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
