// The order the workbench creates many levels in at once (a table read by its columns, a reading applied
// everywhere): best first by their labels' natural order, else as the page first writes them.

import { describe, expect, it } from "vitest";
import { hasKey, labelPattern, levelLabelOf, naturalOrder, sameLabel } from "../../../tools/workbench/level-labels.ts";

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

  it("reads a decimal comma as a decimal point, in percentages and numbers alike", () => {
    expect(naturalOrder(["99,25%", "100%", "99,75%"])).toEqual(["100%", "99,75%", "99,25%"]);
    expect(naturalOrder(["Rank 2", "Rank 1,25", "Rank 1"])).toEqual(["Rank 1", "Rank 1,25", "Rank 2"]);
  });

  it("ranks a letter's minus above the next letter's plus, and E, F and Z last", () => {
    expect(naturalOrder(["B+", "Z", "A-", "F", "E"])).toEqual(["A-", "B+", "E", "F", "Z"]);
    expect(naturalOrder(["C Tier", "B- Tier", "C+ Tier"])).toEqual(["B- Tier", "C+ Tier", "C Tier"]);
  });

  it("reads a Roman numeral written with a smaller numeral before a larger one, IV before V and IX after VIII", () => {
    expect(naturalOrder(["Tier V", "Tier IX", "Tier IV", "Tier VIII", "Tier X"])).toEqual(["Tier IV", "Tier V", "Tier VIII", "Tier IX", "Tier X"]);
  });

  it("keeps the page's order between labels of the same rank", () => {
    expect(naturalOrder(["Tier 2", "Tier 1.0", "Tier 1"])).toEqual(["Tier 1.0", "Tier 1", "Tier 2"]);
    expect(naturalOrder(["Tier 1", "Tier 1.0", "Tier 0"])).toEqual(["Tier 0", "Tier 1", "Tier 1.0"]);
  });

  it("keeps the page's order for labels with no key, or with different words around their keys", () => {
    expect(naturalOrder(["Gold top", "Blue tip", "gold top", "Fire and ice"])).toEqual(["Gold top", "Blue tip", "Fire and ice"]);
    expect(naturalOrder(["Top 10", "Tier 1"])).toEqual(["Top 10", "Tier 1"]);
    expect(naturalOrder(["Tier 2 gold", "Tier gold 1"])).toEqual(["Tier 2 gold", "Tier gold 1"]);
    expect(naturalOrder(["Tier 2", "Blue tip", "Tier 1"])).toEqual(["Tier 2", "Blue tip", "Tier 1"]);
  });
});

describe("a level's label read off the page", () => {
  it("drops decorations, a closing colon and the description after a level's label", () => {
    expect(levelLabelOf("  💎 Tier 1 💎 ")).toBe("Tier 1");
    expect(levelLabelOf("Tier 2 (12 seeds):")).toBe("Tier 2");
    expect(levelLabelOf("Blue\n tip:")).toBe("Blue tip");
    expect(levelLabelOf("Tier 3 ：")).toBe("Tier 3");
    expect(levelLabelOf("Gold: top")).toBe("Gold: top");
  });

  it("keeps a label written in decorations alone as it is written", () => {
    expect(levelLabelOf(" ★★★★☆ ")).toBe("★★★★☆");
    expect(levelLabelOf("★★★★☆ : ")).toBe("★★★★☆");
  });

  it("is the same level's label whatever its letter case and spacing", () => {
    expect(sameLabel(" Tier  1", "tier 1")).toBe(true);
    expect(sameLabel("Tier 1", "Tier 11")).toBe(false);
    expect(sameLabel("Straße", "STRASSE")).toBe(false);
  });

  it("holds a key when it writes a number, a letter grade or a Roman numeral apart from its words", () => {
    expect(["Tier 1", "S Tier", "Tier IV", "A+", "95.5%"].map(hasKey)).toEqual([true, true, true, true, true]);
    expect(["Gold top", "Sapphire", "Best blue", "Ivory", "Best of CS"].map(hasKey)).toEqual([false, false, false, false, false]);
  });

  it("has one shape for labels that differ only in their number or letter", () => {
    expect(labelPattern("Tier 1")).toBe(labelPattern("tier 12"));
    expect(labelPattern("S Tier")).toBe(labelPattern("A+ Tier"));
    expect(labelPattern("Tier 1")).not.toBe(labelPattern("Top 10"));
    expect(labelPattern("Traded away (Tier 1)")).toBe(labelPattern("Traded away (Tier 2)"));
    expect(labelPattern("Tier 1.25")).toBe("tier #");
    expect(labelPattern("  Tier   IV  ")).toBe("tier #");
    expect(labelPattern("A- tier, Best")).toBe("# tier, best");
  });
});
