// A pack laid out in chunks: the entries of one pack (a pair's 1,001 seed responses) stored as
// several files of consecutive entries, each a pack of its own (pack.ts) named by its first entry,
// so that a runtime that reads whole files reads about CHUNK_STEP bytes to answer one entry, not the
// whole pack (up to 2.9 MB at the API's stated scale). The generation's serving index names every
// chunk with its fingerprint, so the chunks of a pack, and where each starts, are read from the
// index's names: no other directory to fetch, and each chunk is vouched for on its own.
//
//   v1/items/7/44/seeds.pack        the pack's name: what a route's `fileFor` gives, no file of its own
//   v1/items/7/44/seeds/0.pack      entries 0..86 (a pack of 87 entries)
//   v1/items/7/44/seeds/87.pack     entries 87..170, and so on to entry 1000
//
// Where chunks start: with the pack's entries laid end to end, entry i goes in the chunk of
// floor(offset_i / CHUNK_STEP), offset_i being the bytes of the entries before it. A chunk then
// holds less than CHUNK_STEP bytes of entries plus its last one, and an entry that grows or shrinks
// by a few bytes moves no boundary unless a multiple of the step lies within those bytes: a rebuild
// after one grading changes one chunk, not every chunk after it (docs/serving.md, "Reading files").

/**
 * The byte step of the chunk grid: at the API's stated scale a chunk is 48 KB on average and 53 KB at
 * most (entries reach 4 KB), about 4,100 chunks in all (docs/serving.md, "Budgets").
 */
export const CHUNK_STEP = 48 * 1024;

const PACK_NAME = /^(.+)\.pack$/;
const CHUNK_NAME = /^(.+)\/(0|[1-9][0-9]{0,8})\.pack$/;

/** The first entry of each chunk of a pack whose entries have these lengths (always 0 first; none for no entries). */
export function chunkStarts(lengths: readonly number[], step: number = CHUNK_STEP): number[] {
  const starts: number[] = [];
  let offset = 0;
  /** The cell of the grid the last entry began in (none before the first entry). */
  let cell: number | null = null;
  lengths.forEach((length, index) => {
    const at = Math.floor(offset / step);
    if (at !== cell) starts.push(index);
    cell = at;
    offset += length;
  });
  return starts;
}

/** The file of the chunk of `pack` (a name ending `.pack`) that starts at entry `first`. */
export function chunkFileOf(pack: string, first: number): string {
  const stem = PACK_NAME.exec(pack)?.[1];
  if (stem === undefined) throw new Error(`${pack} is not a pack's name`);
  return `${stem}/${first}.pack`;
}

/** The pack a chunk's file belongs to and the entry it starts at, or null for a file that is no chunk. */
export function chunkOfFile(file: string): { pack: string; first: number } | null {
  const match = CHUNK_NAME.exec(file);
  return match === null ? null : { pack: `${match[1]}.pack`, first: Number(match[2]) };
}

/** Every pack that files of a folder (the keys of its serving index) lay out in chunks: pack -> first entries, ascending. */
export function packChunksOf(files: Iterable<string>): Map<string, number[]> {
  const packs = new Map<string, number[]>();
  for (const file of files) {
    const chunk = chunkOfFile(file);
    if (chunk === null) continue;
    const starts = packs.get(chunk.pack);
    if (starts === undefined) packs.set(chunk.pack, [chunk.first]);
    else starts.push(chunk.first);
  }
  for (const starts of packs.values()) starts.sort((a, b) => a - b);
  return packs;
}

/**
 * The chunk holding entry `index` of a pack of `count` entries, from its chunks' first entries: the
 * chunk's first entry and how many it holds. Null when those starts cannot be a pack's layout (none
 * at 0, one at or past `count`) or the index is outside it.
 */
export function chunkHolding(starts: readonly number[], count: number, index: number): { first: number; count: number } | null {
  if (starts[0] !== 0 || starts.at(-1)! >= count || !Number.isInteger(index) || index < 0 || index >= count) return null;
  let low = 0;
  let high = starts.length - 1;
  // The last start at or before `index`.
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (starts[middle]! <= index) low = middle;
    else high = middle - 1;
  }
  const first = starts[low]!;
  return { first, count: (starts[low + 1] ?? count) - first };
}
