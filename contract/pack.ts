// A pack: many responses of one item pair in one file, so that a build holds a few files per pair
// instead of one per seed (hosts cap a deploy at 15,000 to 100,000 files). Modelled on PMTiles and
// ZIP, a directory first and the entries after it, but with nothing to search: entry i is response
// i, so the directory is a dense table of offsets.
//
//   bytes 0..3    "PSP1" (ASCII)
//   bytes 4..7    entry count N, uint32 little-endian
//   then          N + 1 offsets, uint32 little-endian, from the start of the file; entry i is the
//                 bytes [offset i, offset i+1)
//   then          the entries, in order, back to back
//
// The generator writes packs with `encodePack`; the edge reads an entry either from the whole file
// (`entryOf`) or, where the runtime reads byte ranges, from the directory and then the entry's range.

const MAGIC = [0x50, 0x53, 0x50, 0x31]; // "PSP1"
const HEAD_BYTES = 8;

/** Bytes from the start of a pack of `count` entries to its first entry: magic, count and offsets. */
export const directoryLength = (count: number): number => HEAD_BYTES + 4 * (count + 1);

export function encodePack(entries: readonly Uint8Array[]): Uint8Array {
  const start = directoryLength(entries.length);
  let length = start;
  for (const entry of entries) length += entry.byteLength;
  if (length > 0xffffffff) throw new Error(`a pack cannot hold ${length} bytes (offsets are 32-bit)`);
  const pack = new Uint8Array(length);
  const view = new DataView(pack.buffer);
  pack.set(MAGIC, 0);
  view.setUint32(4, entries.length, true);
  let offset = start;
  entries.forEach((entry, index) => {
    view.setUint32(HEAD_BYTES + 4 * index, offset, true);
    pack.set(entry, offset);
    offset += entry.byteLength;
  });
  view.setUint32(HEAD_BYTES + 4 * entries.length, offset, true);
  return pack;
}

/** Where entry `index` lies in a pack, from its first `directoryLength(count)` bytes (or more). */
export function entryRange(directory: Uint8Array, count: number, index: number): { start: number; end: number } {
  if (directory.byteLength < directoryLength(count)) throw new Error(`a pack directory of ${count} entries needs ${directoryLength(count)} bytes, got ${directory.byteLength}`);
  for (let at = 0; at < MAGIC.length; at++) if (directory[at] !== MAGIC[at]) throw new Error("not a pack (no PSP1 magic)");
  const view = new DataView(directory.buffer, directory.byteOffset, directory.byteLength);
  const stored = view.getUint32(4, true);
  if (stored !== count) throw new Error(`the pack holds ${stored} entries, expected ${count}`);
  if (!Number.isInteger(index) || index < 0 || index >= count) throw new Error(`no entry ${index} in a pack of ${count}`);
  const start = view.getUint32(HEAD_BYTES + 4 * index, true);
  const end = view.getUint32(HEAD_BYTES + 4 * (index + 1), true);
  if (start < directoryLength(count) || end < start) throw new Error(`the pack's directory is damaged at entry ${index}`);
  return { start, end };
}

/** Entry `index` of a whole pack (a view into it, not a copy). */
export function entryOf(pack: Uint8Array, count: number, index: number): Uint8Array {
  const { start, end } = entryRange(pack, count, index);
  if (end > pack.byteLength) throw new Error(`the pack is cut short: entry ${index} ends at ${end}, the file at ${pack.byteLength}`);
  return pack.subarray(start, end);
}

/** Every entry of a whole pack, in order (for tools that compare builds). */
export function entriesOf(pack: Uint8Array): Uint8Array[] {
  if (pack.byteLength < HEAD_BYTES || MAGIC.some((byte, at) => pack[at] !== byte)) throw new Error("not a pack (no PSP1 magic)");
  const count = new DataView(pack.buffer, pack.byteOffset, pack.byteLength).getUint32(4, true);
  if (directoryLength(count) > pack.byteLength) throw new Error(`a pack of ${pack.byteLength} bytes cannot hold ${count} entries`);
  return Array.from({ length: count }, (_, index) => entryOf(pack, count, index));
}
