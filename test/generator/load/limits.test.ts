import { describe, expect, it } from "vitest";
import { formatByteSize, parseByteSize } from "../../../generator/load/limits.ts";

describe("parseByteSize", () => {
  it("reads plain bytes and binary units, in any case", () => {
    expect(parseByteSize("100000")).toBe(100000);
    expect(parseByteSize("512k")).toBe(512 * 1024);
    expect(parseByteSize("2MiB")).toBe(2 * 1024 * 1024);
    expect(parseByteSize("1.5 mb")).toBe(1.5 * 1024 * 1024);
    expect(parseByteSize("1G")).toBe(1024 * 1024 * 1024);
  });

  it("refuses what is not a positive size", () => {
    for (const text of ["", "lots", "-1", "0", "2 parsecs", "1e9", "0.1"]) expect(parseByteSize(text)).toBeNull();
  });
});

describe("formatByteSize", () => {
  it("names whole MiB and KiB, and any other size in bytes, never rounded", () => {
    expect(formatByteSize(16 * 1024 * 1024)).toBe("16 MiB");
    expect(formatByteSize(2048)).toBe("2 KiB");
    expect(formatByteSize(2097164)).toBe("2097164 bytes");
    expect(formatByteSize(12)).toBe("12 bytes");
  });
});
