// The pack format (contract/pack.ts): what the generator writes, the edge reads back, entry by entry,
// and anything that is not a whole pack is refused with a clear error rather than read.

import { describe, expect, it } from "vitest";
import { directoryLength, encodePack, entriesOf, entryOf, entryRange } from "../../contract/pack.ts";

const encoder = new TextEncoder();
const entries = ["{}", "", '{"seed":2}', "é"].map((text) => encoder.encode(text));

describe("a pack", () => {
  it("gives back every entry, empty ones included, in order", () => {
    const pack = encodePack(entries);
    expect(entriesOf(pack)).toEqual(entries);
    expect(entryOf(pack, 4, 2)).toEqual(encoder.encode('{"seed":2}'));
  });

  it("tells an entry's byte range from its directory alone", () => {
    const pack = encodePack(entries);
    const directory = pack.subarray(0, directoryLength(4));
    expect(entryRange(directory, 4, 3)).toEqual({ start: directoryLength(4) + 12, end: directoryLength(4) + 14 });
  });

  it("refuses what is not a pack of the expected size: other bytes, another count, a directory cut short, an entry past the end", () => {
    const pack = encodePack(entries);
    expect(() => entriesOf(encoder.encode('{"not":"a pack"}'))).toThrow("not a pack");
    expect(() => entriesOf(new Uint8Array(3))).toThrow("not a pack");
    expect(() => entryRange(pack, 5, 0)).toThrow("holds 4 entries, expected 5");
    expect(() => entryRange(pack.subarray(0, 10), 4, 0)).toThrow("needs");
    expect(() => entryOf(pack.subarray(0, pack.length - 1), 4, 3)).toThrow("cut short");
    expect(() => entryRange(pack, 4, 4)).toThrow("no entry 4");
  });
});
