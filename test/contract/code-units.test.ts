import { describe, expect, it } from "vitest";
import { byCodeUnits } from "../../contract/code-units.ts";

describe("code-unit order", () => {
  it("puts capitals before small letters and accented letters after both, whatever the locale", () => {
    expect(["b", "é", "a", "B", "a"].sort(byCodeUnits)).toEqual(["B", "a", "a", "b", "é"]);
    expect(["10", "9", "100"].sort(byCodeUnits)).toEqual(["10", "100", "9"]);
  });

  it("says below zero for the earlier string, above zero for the later, zero for equal ones", () => {
    expect(byCodeUnits("a", "b")).toBeLessThan(0);
    expect(byCodeUnits("b", "a")).toBeGreaterThan(0);
    expect(byCodeUnits("a", "a")).toBe(0);
  });
});
