// Merging by label (tools/workbench/merge-by-label.ts) on literal guides (example data): a table read as one
// system per row is one system again in one edit, its levels of one label one level.

import { describe, expect, it } from "vitest";
import { appliedWithEffects, applied, contextOf, grading, guideOf, level, refusal, shapeOf, system } from "../../support/workbench-guides.ts";

const CONTEXT = contextOf(["Example table, EXAMPLE CONTENT", "Row A | Tier 1: 661 | Tier 2: 32", "Row B | Tier 1: 151 | Tier 2: 92", "Row C | Tier 1: 321 | Tier 2: 44", "Other: 555", "AK row: 13"]);

/** A draft that made each row of the table a system labelled "Row", with the same two levels. */
function rows() {
  const row = (id: string, line: string, best: number, next: number) =>
    system(id, "Row", [level("t1", "Tier 1"), level("t2", "Tier 2")], [grading(best, "t1", line), grading(next, "t2", line)], { paint_indexes: id === "row_3" ? [419] : [418] });
  return guideOf(
    [
      row("row", "Row A | Tier 1: 661 | Tier 2: 32", 661, 32),
      system("other", "Other", [level("in", "Other")], [grading(555, "in", "Other: 555")]),
      row("row_2", "Row B | Tier 1: 151 | Tier 2: 92", 151, 92),
      row("row_3", "Row C | Tier 1: 321 | Tier 2: 44", 321, 44),
      system("row_ak", "row", [level("t1", "Tier 1")], [grading(13, "t1", "AK row: 13")], { item: "ak-47-case-hardened", paint_indexes: null }),
    ],
    {
      callouts: [{ kind: "mention", label: "", quote: "Other: 555", system: "row_2" }],
      discrepancies: [{ kind: "count_mismatch", where: ["row_3:t2"], note: "Example." }],
    },
  );
}

describe("merging every system of a label", () => {
  it("makes the systems of one label and item the first of them, each level of one label one level, in the page's order", () => {
    const guide = applied(rows(), { kind: "merge-systems-by-label", system: "row_2" }, CONTEXT);
    expect(shapeOf(guide)).toEqual([
      "row: t1=Tier 1 | t2=Tier 2 / 661@t1#0 151@t1#1 321@t1#2 32@t2#0 92@t2#1 44@t2#2",
      "other: in=Other / 555@in#0",
      "row_ak: t1=Tier 1 / 13@t1#0",
    ]);
    expect(guide.systems[0]!.paint_indexes).toEqual([418, 419]);
  });

  it("carries callouts and discrepancy places over to the system and level they merged into", () => {
    const guide = applied(rows(), { kind: "merge-systems-by-label", system: "row" }, CONTEXT);
    expect(guide.callouts[0]).toMatchObject({ system: "row" });
    expect(guide.discrepancies).toEqual([{ kind: "count_mismatch", where: ["row:t2"], note: "Example." }]);
  });

  it("changes nothing besides the systems it merges, and says so", () => {
    expect(appliedWithEffects(rows(), { kind: "merge-systems-by-label", system: "row" }, CONTEXT).sideEffects).toEqual({ gradings: [], levels: [], systems: [] });
  });

  it("merges two systems of one label, its label's case and spacing aside", () => {
    const two = guideOf([
      system("blue", "Blue tips", [level("t1", "Tier 1")], [grading(661, "t1", "Row A | Tier 1: 661 | Tier 2: 32")]),
      system("blue_2", " blue  TIPS", [level("t1", "tier 1")], [grading(151, "t1", "Row B | Tier 1: 151 | Tier 2: 92")]),
    ]);
    expect(shapeOf(applied(two, { kind: "merge-systems-by-label", system: "blue_2" }, CONTEXT))).toEqual(["blue: t1=Tier 1 / 661@t1#0 151@t1#1"]);
  });

  it("is refused for a system no other system of its item shares a label with", () => {
    expect(refusal(rows(), { kind: "merge-systems-by-label", system: "other" }, CONTEXT)).toBe('no other system of karambit-doppler is labelled "Other"');
  });
});

describe("merging every system of the item into one", () => {
  it("brings the item's other systems into the one chosen, in the guide's order, its levels of one label made one", () => {
    const guide = applied(rows(), { kind: "merge-item-systems", into: "other" }, CONTEXT);
    expect(shapeOf(guide)).toEqual(["other: in=Other | t1=Tier 1 | t2=Tier 2 / 555@in#0 661@t1#0 151@t1#1 321@t1#2 32@t2#0 92@t2#1 44@t2#2", "row_ak: t1=Tier 1 / 13@t1#0"]);
  });

  it("is refused for the only system of its item", () => {
    expect(refusal(rows(), { kind: "merge-item-systems", into: "row_ak" }, CONTEXT)).toBe('system "row_ak" is the only system of ak-47-case-hardened');
  });
});

describe("merging the levels of one label in a system", () => {
  const doubled = () =>
    guideOf([
      system(
        "tiers",
        "Tiers",
        [level("t1", "Tier 1"), level("t2", "Tier 2"), level("t1_b", " tier  1"), level("pictures", "Tier 1", { gradings: null }), level("t2_b", "Tier 2")],
        [grading(661, "t1", "Row A | Tier 1: 661 | Tier 2: 32"), grading(32, "t2", "Row A | Tier 1: 661 | Tier 2: 32"), grading(151, "t1_b", "Row B | Tier 1: 151 | Tier 2: 92"), grading(92, "t2_b", "Row B | Tier 1: 151 | Tier 2: 92")],
      ),
    ]);

  it("merges each level into the first of its label, case and spacing aside, and leaves a level of images alone", () => {
    const guide = applied(doubled(), { kind: "merge-levels-by-label", system: "tiers" }, CONTEXT);
    expect(shapeOf(guide)).toEqual(["tiers: t1=Tier 1 | t2=Tier 2 | pictures=Tier 1 / 661@t1#0 151@t1#1 32@t2#0 92@t2#1"]);
  });

  it("merges every later level of a label into the first of that label", () => {
    const thrice = guideOf([
      system("tiers", "Tiers", [level("a", "Gold"), level("b", "Blue"), level("c", "gold"), level("d", "GOLD")], [grading(661, "d", "Row A | Tier 1: 661 | Tier 2: 32"), grading(151, "c", "Row B | Tier 1: 151 | Tier 2: 92"), grading(32, "b", "Row A | Tier 1: 661 | Tier 2: 32")]),
    ]);
    expect(shapeOf(applied(thrice, { kind: "merge-levels-by-label", system: "tiers" }, CONTEXT))).toEqual(["tiers: a=Gold | b=Blue / 32@b#0 151@a#0 661@a#1"]);
  });

  it("is refused when no two levels share a label", () => {
    const merged = applied(doubled(), { kind: "merge-levels-by-label", system: "tiers" }, CONTEXT);
    expect(refusal(merged, { kind: "merge-levels-by-label", system: "tiers" }, CONTEXT)).toBe('no two levels of system "tiers" that take gradings share a label');
  });
});
