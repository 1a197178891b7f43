// A pack laid out in chunks (contract/pack-chunks.ts): where chunks start, what they are named, and
// how the chunk holding an entry is found from the names a serving index holds.

import { describe, expect, it } from "vitest";
import { CHUNK_STEP, chunkFileOf, chunkHolding, chunkOfFile, chunkStarts, packChunksOf } from "../../contract/pack-chunks.ts";

describe("where a pack's chunks start", () => {
  it("a chunk starts at each entry that begins past another multiple of the step", () => {
    // Entries start at 0, 40, 80, 120, 160, 200: past 100 at 120, past 200 at 200.
    expect(chunkStarts([40, 40, 40, 40, 40, 40], 100)).toEqual([0, 3, 5]);
  });

  it("an entry longer than the step ends its chunk, and the cells of the grid it covers start none", () => {
    // Entries start at 0, 10, 360, 370: the long one is the last of the first chunk.
    expect(chunkStarts([10, 350, 10, 10], 100)).toEqual([0, 2]);
  });

  it("holds less than the step plus its last entry, so a chunk's bytes are bounded by the step and the largest entry", () => {
    const lengths = Array.from({ length: 1001 }, (_, at) => 300 + ((at * 7919) % 3700));
    const starts = chunkStarts(lengths, CHUNK_STEP);
    starts.forEach((first, at) => {
      const entries = lengths.slice(first, starts[at + 1] ?? lengths.length);
      const bytes = entries.reduce((sum, length) => sum + length, 0);
      expect(bytes - entries.at(-1)!).toBeLessThan(CHUNK_STEP);
    });
    expect(starts.length).toBeGreaterThan(1);
  });

  it("an entry that grows by a few bytes moves no boundary unless a multiple of the step lies within them", () => {
    const lengths = Array.from({ length: 1001 }, (_, at) => 500 + ((at * 31) % 400));
    const grown = lengths.map((length, at) => (at === 10 ? length + 3 : length));
    const before = chunkStarts(lengths, 10_000);
    const after = chunkStarts(grown, 10_000);
    // Each boundary that moved lies where a multiple of the step falls within 3 bytes of an entry's start.
    const moved = after.filter((first, at) => first !== before[at]);
    expect(moved.length).toBeLessThanOrEqual(1);
    expect(after.length).toBe(before.length);
  });

  it("a pack of no entries has no chunk", () => {
    expect(chunkStarts([], 100)).toEqual([]);
    expect(chunkStarts([0, 0, 0], 100)).toEqual([0]);
  });
});

describe("a chunk's file", () => {
  it("is named by its pack and its first entry, and the name reads back to both", () => {
    expect(chunkFileOf("v1/items/7/44/seeds.pack", 0)).toBe("v1/items/7/44/seeds/0.pack");
    expect(chunkFileOf("v1/items/7/44/seeds.pack", 87)).toBe("v1/items/7/44/seeds/87.pack");
    expect(chunkOfFile("v1/items/7/44/seeds/87.pack")).toEqual({ pack: "v1/items/7/44/seeds.pack", first: 87 });
  });

  it("is no other file: a pack's name, a JSON file, a number with a leading zero or a sign", () => {
    for (const file of ["v1/items/7/44/seeds.pack", "v1/items/7/44.json", "v1/items/7/44/seeds/087.pack", "v1/items/7/44/seeds/-1.pack", "v1/items/7/44/seeds/1.json", "7.pack"]) {
      expect(chunkOfFile(file), file).toBeNull();
    }
    expect(() => chunkFileOf("v1/items/7/44.json", 0)).toThrow("not a pack's name");
  });

  it("names of a serving index give each pack's chunks in order of their first entry, whatever order they come in", () => {
    const packs = packChunksOf(["v1/meta.json", "v1/items/7/44/seeds/500.pack", "v1/items/7/44/seeds/0.pack", "v1/items/7/44/seeds/87.pack", "v1/items/4/694/seeds/0.pack"]);
    expect([...packs]).toEqual([
      ["v1/items/7/44/seeds.pack", [0, 87, 500]],
      ["v1/items/4/694/seeds.pack", [0]],
    ]);
  });
});

describe("the chunk holding an entry", () => {
  const starts = [0, 87, 500];

  it("is the last chunk starting at or before it, holding the entries up to the next one's first", () => {
    expect(chunkHolding(starts, 1001, 0)).toEqual({ first: 0, count: 87 });
    expect(chunkHolding(starts, 1001, 86)).toEqual({ first: 0, count: 87 });
    expect(chunkHolding(starts, 1001, 87)).toEqual({ first: 87, count: 413 });
    expect(chunkHolding(starts, 1001, 499)).toEqual({ first: 87, count: 413 });
    expect(chunkHolding(starts, 1001, 1000)).toEqual({ first: 500, count: 501 });
    expect(chunkHolding([0], 1001, 661)).toEqual({ first: 0, count: 1001 });
  });

  it("is none for an entry outside the pack, or chunks that cannot be the pack's layout", () => {
    expect(chunkHolding(starts, 1001, 1001)).toBeNull();
    expect(chunkHolding(starts, 1001, -1)).toBeNull();
    expect(chunkHolding(starts, 1001, 1.5)).toBeNull();
    // No chunk at the first entry: the entries before the first chunk are nowhere.
    expect(chunkHolding([87, 500], 1001, 600)).toBeNull();
    // A chunk starting past the last entry.
    expect(chunkHolding([0, 1001], 1001, 3)).toBeNull();
    expect(chunkHolding([], 1001, 3)).toBeNull();
  });
});
