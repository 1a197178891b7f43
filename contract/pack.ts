// A pack: many responses of one item pair in one file, so that a build holds a few files per pair
// instead of one per seed (hosts cap a deploy at 15,000 to 100,000 files). Modelled on PMTiles and
// ZIP, a directory first and the entries after it, but with nothing to search: entry i is response
// i, so the directory is a dense table of offsets. Each entry's checksum sits in the directory, so
// an entry read alone (by byte range) is checked alone, and the directory's own checksum, in the
// generation's serving index (serving-index.ts), vouches for the whole pack.
//
//   bytes 0..3    "PSP2" (ASCII)
//   bytes 4..7    entry count N, uint32 little-endian
//   then          N + 1 offsets, uint32 little-endian, from the start of the file; entry i is the
//                 bytes [offset i, offset i+1); offset N is the file's length
//   then          N checksums of 8 bytes: the first 8 bytes of the SHA-256 of entry i
//   then          the entries, in order, back to back
//
// The generator writes packs (generator/derive/encode-pack.ts); the edge reads an entry either from
// the whole file or, where the runtime reads byte ranges, from the directory and then the entry's range.

export const PACK_MAGIC = [0x50, 0x53, 0x50, 0x32]; // "PSP2"
const HEAD_BYTES = 8;
/** Bytes of an entry's checksum in the directory. */
export const ENTRY_CHECKSUM_BYTES = 8;

/** A pack file's name ends so; the serving index vouches for a pack by its directory (serving-index.ts). */
export const PACK_SUFFIX = ".pack";
export const isPackFile = (path: string): boolean => path.endsWith(PACK_SUFFIX);

/** Bytes from the start of a pack of `count` entries to its first entry: magic, count, offsets and checksums. */
export const directoryLength = (count: number): number => HEAD_BYTES + 4 * (count + 1) + ENTRY_CHECKSUM_BYTES * count;

/** Where offset `index` and checksum `index` are stored. */
const offsetAt = (index: number) => HEAD_BYTES + 4 * index;
const checksumAt = (count: number, index: number) => HEAD_BYTES + 4 * (count + 1) + ENTRY_CHECKSUM_BYTES * index;

/** The entry count a pack's first bytes announce, or null when they are not a pack's. */
export function countOf(bytes: Uint8Array): number | null {
  if (bytes.byteLength < HEAD_BYTES || PACK_MAGIC.some((byte, at) => bytes[at] !== byte)) return null;
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(4, true);
}

/** Where entry `index` lies in a pack, and its checksum, from its first `directoryLength(count)` bytes (or more). */
export function entryRange(directory: Uint8Array, count: number, index: number): { start: number; end: number; checksum: Uint8Array } {
  if (directory.byteLength < directoryLength(count)) throw new Error(`a pack directory of ${count} entries needs ${directoryLength(count)} bytes, got ${directory.byteLength}`);
  const stored = countOf(directory);
  if (stored === null) throw new Error("not a pack (no PSP2 magic)");
  if (stored !== count) throw new Error(`the pack holds ${stored} entries, expected ${count}`);
  if (!Number.isInteger(index) || index < 0 || index >= count) throw new Error(`no entry ${index} in a pack of ${count}`);
  const view = new DataView(directory.buffer, directory.byteOffset, directory.byteLength);
  const start = view.getUint32(offsetAt(index), true);
  const end = view.getUint32(offsetAt(index + 1), true);
  if (start < directoryLength(count) || end < start) throw new Error(`the pack's directory is damaged at entry ${index}`);
  const at = checksumAt(count, index);
  return { start, end, checksum: directory.subarray(at, at + ENTRY_CHECKSUM_BYTES) };
}

/** The length a pack's directory gives its file (its last offset). */
export function packLengthOf(directory: Uint8Array, count: number): number {
  if (directory.byteLength < directoryLength(count)) throw new Error(`a pack directory of ${count} entries needs ${directoryLength(count)} bytes, got ${directory.byteLength}`);
  return new DataView(directory.buffer, directory.byteOffset, directory.byteLength).getUint32(offsetAt(count), true);
}

/** Entry `index` of a whole pack (a view into it, not a copy), unchecked: tools that compare builds. */
export function entryOf(pack: Uint8Array, count: number, index: number): Uint8Array {
  const { start, end } = entryRange(pack, count, index);
  if (end > pack.byteLength) throw new Error(`the pack is cut short: entry ${index} ends at ${end}, the file at ${pack.byteLength}`);
  return pack.subarray(start, end);
}

/** Every entry of a whole pack, in order (for tools that compare builds). */
export function entriesOf(pack: Uint8Array): Uint8Array[] {
  const count = countOf(pack);
  if (count === null) throw new Error("not a pack (no PSP2 magic)");
  if (directoryLength(count) > pack.byteLength) throw new Error(`a pack of ${pack.byteLength} bytes cannot hold ${count} entries`);
  return Array.from({ length: count }, (_, index) => entryOf(pack, count, index));
}

/** Writes a pack's directory for entries of these lengths and checksums (encode-pack.ts fills in the rest). */
export function writeDirectory(pack: Uint8Array, lengths: readonly number[], checksums: readonly Uint8Array[]): void {
  const count = lengths.length;
  const view = new DataView(pack.buffer, pack.byteOffset, pack.byteLength);
  pack.set(PACK_MAGIC, 0);
  view.setUint32(4, count, true);
  let offset = directoryLength(count);
  lengths.forEach((length, index) => {
    view.setUint32(offsetAt(index), offset, true);
    pack.set(checksums[index]!.subarray(0, ENTRY_CHECKSUM_BYTES), checksumAt(count, index));
    offset += length;
  });
  view.setUint32(offsetAt(count), offset, true);
}
