// The pack format (contract/pack.ts): what the generator writes, the edge reads back, entry by entry,
// and anything that is not a whole pack is refused with a clear error rather than read.

import { describe, expect, it } from "vitest";
import { countOf, directoryLength, entriesOf, entryOf, entryRange, isPackFile, packLengthOf } from "../../contract/pack.ts";
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

  it("tells its entry count from its first 8 bytes, and anything without the PSP2 magic is no pack", () => {
    const pack = encodePack(entries);
    expect(countOf(pack)).toBe(4);
    expect(countOf(pack.subarray(0, 8))).toBe(4);
    expect(countOf(pack.subarray(0, 7))).toBeNull();
    for (let at = 0; at < 4; at++) {
      const other = pack.slice();
      other[at] = other[at]! ^ 0x20;
      expect(countOf(other), `magic byte ${at}`).toBeNull();
    }
  });

  it("says a directory of the right size without the magic is not a pack", () => {
    const other = encodePack(entries).slice();
    other[0] = 0x51;
    expect(() => entryRange(other, 4, 0)).toThrow("not a pack (no PSP2 magic)");
  });

  it("has no entry at a negative or fractional index", () => {
    const pack = encodePack(entries);
    expect(() => entryRange(pack, 4, -1)).toThrow("no entry -1 in a pack of 4");
    expect(() => entryRange(pack, 4, 1.5)).toThrow("no entry 1.5 in a pack of 4");
  });

  it("refuses a directory whose offsets point into the directory or run backwards", () => {
    const pack = encodePack(entries);
    const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const intoDirectory = pack.slice();
    view(intoDirectory).setUint32(8, directoryLength(4) - 1, true);
    expect(() => entryRange(intoDirectory, 4, 0)).toThrow("the pack's directory is damaged at entry 0");
    const backwards = pack.slice();
    view(backwards).setUint32(8 + 4 * 3, directoryLength(4) + 1, true);
    expect(() => entryRange(backwards, 4, 2)).toThrow("the pack's directory is damaged at entry 2");
    // An entry may be empty: its end is its start.
    expect(entryRange(pack, 4, 1)).toMatchObject({ start: directoryLength(4) + 2, end: directoryLength(4) + 2 });
  });

  it("gives its length from the directory's last offset, and needs the whole directory to tell it", () => {
    const pack = encodePack(entries);
    expect(packLengthOf(pack.subarray(0, directoryLength(4)), 4)).toBe(pack.byteLength);
    expect(() => packLengthOf(pack.subarray(0, directoryLength(4) - 1), 4)).toThrow(`a pack directory of 4 entries needs ${directoryLength(4)} bytes, got ${directoryLength(4) - 1}`);
  });

  it("of no entries, or only empty ones, is its directory alone", () => {
    expect(entriesOf(encodePack([]))).toEqual([]);
    expect(entriesOf(encodePack([new Uint8Array(), new Uint8Array()]))).toEqual([new Uint8Array(), new Uint8Array()]);
    const announcesMore = encodePack([]).slice();
    new DataView(announcesMore.buffer).setUint32(4, 2, true);
    expect(() => entriesOf(announcesMore)).toThrow(`a pack of ${directoryLength(0)} bytes cannot hold 2 entries`);
  });

  it("is named by its .pack suffix", () => {
    expect(isPackFile("v1/items/7/44/seeds.pack")).toBe(true);
    expect(isPackFile("v1/items/7/44.json")).toBe(false);
    expect(isPackFile(".pack.json")).toBe(false);
    expect(isPackFile("v1/items/7/44/seeds")).toBe(false);
  });
});
