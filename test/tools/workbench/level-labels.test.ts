// The order the workbench creates many levels in at once (a table read by its columns, a reading applied
// everywhere): best first by their labels' natural order, else as the page first writes them.

import { describe, expect, it } from "vitest";
import { labelPattern, levelLabelOf, naturalOrder } from "../../../tools/workbench/level-labels.ts";

describe("the natural order of level labels", () => {
  it("puts numbered tiers best first, Tier 1 before Tier 2 before Tier 10", () => {
    expect(naturalOrder(["Tier 3", "Tier 10", "Tier 1", "Tier 2", "Tier 3"])).toEqual(["Tier 1", "Tier 2", "Tier 3", "Tier 10"]);
  });

  it("puts letter grades S, then A+ > A > A-, then B and C", () => {
    expect(naturalOrder(["B", "A-", "S", "A", "C", "A+"])).toEqual(["S", "A+", "A", "A-", "B", "C"]);
    expect(naturalOrder(["B Tier", "S Tier", "A Tier"])).toEqual(["S Tier", "A Tier", "B Tier"]);
    expect(naturalOrder(["Tier B", "S-Tier"])).toEqual(["Tier B", "S-Tier"]);
  });

  it("puts the higher percentage first, 100% before 99% before 95.5%", () => {
    expect(naturalOrder(["95.5%", "100%", "99%"])).toEqual(["100%", "99%", "95.5%"]);
  });

  it("reads Roman numerals, Tier I before Tier II before Tier IV", () => {
    expect(naturalOrder(["Tier IV", "Tier I", "Tier II"])).toEqual(["Tier I", "Tier II", "Tier IV"]);
  });

  it("puts more filled stars first, ★★★★★ before ★★★★☆ before ★★★☆☆", () => {
    expect(naturalOrder(["★★★★☆", "★★★★★", "★★★☆☆", "★★★★☆"])).toEqual(["★★★★★", "★★★★☆", "★★★☆☆"]);
    expect(naturalOrder(["3 ★★★☆☆", "★★★★★"])).toEqual(["3 ★★★☆☆", "★★★★★"]);
  });

  it("keeps the page's order for labels with no key, or with different words around their keys", () => {
    expect(naturalOrder(["Gold top", "Blue tip", "gold top", "Fire and ice"])).toEqual(["Gold top", "Blue tip", "Fire and ice"]);
    expect(naturalOrder(["Top 10", "Tier 1"])).toEqual(["Top 10", "Tier 1"]);
    expect(naturalOrder(["Tier 2", "Blue tip", "Tier 1"])).toEqual(["Tier 2", "Blue tip", "Tier 1"]);
  });
});

describe("a level's label read off the page", () => {
  it("drops decorations, a closing colon and the description after a level's label", () => {
    expect(levelLabelOf("  💎 Tier 1 💎 ")).toBe("Tier 1");
    expect(levelLabelOf("Tier 2 (12 seeds):")).toBe("Tier 2");
    expect(levelLabelOf("Blue\n tip:")).toBe("Blue tip");
  });

  it("has one shape for labels that differ only in their number or letter", () => {
    expect(labelPattern("Tier 1")).toBe(labelPattern("tier 12"));
    expect(labelPattern("S Tier")).toBe(labelPattern("A+ Tier"));
    expect(labelPattern("Tier 1")).not.toBe(labelPattern("Top 10"));
    expect(labelPattern("Traded away (Tier 1)")).toBe(labelPattern("Traded away (Tier 2)"));
  });
});
