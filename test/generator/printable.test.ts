import { describe, expect, it } from "vitest";
import { printable } from "../../generator/printable.ts";

describe("printable", () => {
  it("writes control characters as escapes and leaves every other character as it is", () => {
    expect(printable("a\u001b[31mb\nc\td\r\u0000\u007f\u009b")).toBe("a\\x1b[31mb\\nc\\td\\r\\x00\\x7f\\x9b");
    expect(printable("x\u202eyz\u2028")).toBe("x\\u202eyz\\u2028");
    expect(printable('Tier 1: 661 — "Doppler" ⍽ é \\ ok')).toBe('Tier 1: 661 — "Doppler" ⍽ é \\ ok');
  });
});
