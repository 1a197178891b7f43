// The pack format (contract/pack.ts): what the generator writes, the edge reads back, entry by entry,
// and anything that is not a whole pack is refused with a clear error rather than read.

import { describe, expect, it } from "vitest";
import { directoryLength, entriesOf, entryOf, entryRange } from "../../contract/pack.ts";
import { encodePack } from "../../generator/derive/encode-pack.ts";
import { entryMatches } from "../../contract/fingerprint.ts";
import { createHash } from "node:crypto";

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
    expect(entryRange(directory, 4, 3)).toMatchObject({ start: directoryLength(4) + 12, end: directoryLength(4) + 14 });
  });

  it("vouches for each entry with the first 8 bytes of its SHA-256, so an entry read alone is checked alone", async () => {
    const pack = encodePack(entries);
    for (const [index, entry] of entries.entries()) {
      const { checksum } = entryRange(pack, 4, index);
      expect(Buffer.from(checksum)).toEqual(createHash("sha256").update(entry).digest().subarray(0, 8));
      expect(await entryMatches(entry, checksum)).toBe(true);
      expect(await entryMatches(encoder.encode("{ }"), checksum)).toBe(false);
    }
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
