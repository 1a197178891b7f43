import { describe, expect, it } from "vitest";
import { SHADES, shadeOf } from "../../../explorer/src/shades.ts";

describe("the seed map's shade of a level", () => {
  it("the best level is the darkest and the worst the lightest, whatever the count", () => {
    for (const of of [2, 4, 5, 30]) {
      expect(shadeOf(1, of)).toBe(0);
      expect(shadeOf(of, of)).toBe(SHADES - 1);
    }
  });

  it("a worse place is never darker", () => {
    const shades = Array.from({ length: 30 }, (_, index) => shadeOf(index + 1, 30));
    expect(shades).toEqual([...shades].sort((a, b) => a - b));
  });

  it("a one-level system (a group) is drawn at the darkest shade", () => {
    expect(shadeOf(1, 1)).toBe(0);
  });
});
