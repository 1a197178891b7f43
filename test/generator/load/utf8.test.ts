import { describe, expect, it } from "vitest";
import { byteLineColumn, decodeUtf8, firstInvalidUtf8Byte } from "../../../generator/load/utf8.ts";

const bytes = (...values: number[]) => Uint8Array.from(values);

describe("decodeUtf8", () => {
  it("decodes UTF-8 and drops a leading byte-order mark", () => {
    expect(decodeUtf8(bytes(0xef, 0xbb, 0xbf, 0x41, 0xe2, 0x80, 0x94))).toEqual({ ok: true, text: "A—" });
  });

  it("gives the offset of the first byte that is not UTF-8", () => {
    expect(decodeUtf8(bytes(0x41, 0x42, 0xe9, 0x43))).toEqual({ ok: false, offset: 2 });
  });
});

describe("firstInvalidUtf8Byte", () => {
  it("rejects overlong forms, surrogates, code points above U+10FFFF and cut-off sequences", () => {
    expect(firstInvalidUtf8Byte(bytes(0x41, 0xc0, 0xaf))).toBe(1);
    expect(firstInvalidUtf8Byte(bytes(0xed, 0xa0, 0x80))).toBe(0);
    expect(firstInvalidUtf8Byte(bytes(0xf4, 0x90, 0x80, 0x80))).toBe(0);
    expect(firstInvalidUtf8Byte(bytes(0x41, 0xe2, 0x80))).toBe(1);
    expect(firstInvalidUtf8Byte(bytes(0xf0, 0x9f, 0x98, 0x80))).toBe(-1);
  });
});

describe("byteLineColumn", () => {
  it("counts lines and bytes from 1", () => {
    expect(byteLineColumn(bytes(0x61, 0x0a, 0x62, 0x63), 3)).toEqual({ line: 2, column: 2 });
  });
});
