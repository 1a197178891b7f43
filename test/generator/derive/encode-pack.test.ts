import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { directoryLength, entriesOf, entryRange } from "../../../contract/pack.ts";
import { encodePack, packLength } from "../../../generator/derive/encode-pack.ts";

const encoder = new TextEncoder();

describe("a pack as the build writes it", () => {
  it("is its directory, then the entries back to back, each vouched for by its checksum", () => {
    const entries = ['{"seed":0}', "", '{"seed":2}'].map((text) => encoder.encode(text));
    const pack = encodePack(entries);
    expect(pack.byteLength).toBe(directoryLength(3) + 20);
    expect(entriesOf(pack)).toEqual(entries);
    expect(Buffer.from(pack.subarray(directoryLength(3))).toString("utf8")).toBe('{"seed":0}{"seed":2}');
    expect(Buffer.from(entryRange(pack, 3, 2).checksum)).toEqual(createHash("sha256").update(entries[2]!).digest().subarray(0, 8));
  });

  it("refuses to hold more than its 32-bit offsets can address", () => {
    const huge = { byteLength: 2 ** 32 } as Uint8Array;
    expect(() => encodePack([huge])).toThrow(`a pack cannot hold ${2 ** 32 + directoryLength(1)} bytes (offsets are 32-bit)`);
    // Its last offset, the file's length, may be the largest 32-bit number and no more.
    expect(packLength([10, 0xffffffff - directoryLength(2) - 10])).toBe(0xffffffff);
    expect(() => packLength([10, 0xffffffff - directoryLength(2) - 9])).toThrow("a pack cannot hold 4294967296 bytes (offsets are 32-bit)");
  });
});
