import { describe, expect, it } from "vitest";
import type { Guide } from "../../../../contract/schema/guide.ts";
import { seedsOccurInTheirQuotes, sharedQuotesKeepTheirOrder } from "../../../../generator/validate/rules/seeds-in-quotes.ts";

const QUOTE = "Tier 1: 661, 151, 868, 955";

function guideWith(seeds: number[], quote = QUOTE, notes: Record<number, string> = {}): Guide {
  const gradings = seeds.map((seed, position) => ({ seed, level: "t1", quote, evidence: "text" as const, position, ...(notes[seed] === undefined ? {} : { note: { quote: notes[seed] } }) }));
  const levels = [
    { key: "t1", label: "Tier 1" },
    { key: "t2", label: "Tier 2" },
  ];
  return { systems: [{ label: "Blue gems", levels, gradings }] } as unknown as Guide;
}

describe("seeds occur in their quotes", () => {
  it("accepts gradings whose seeds their quote writes", () => {
    expect(seedsOccurInTheirQuotes(guideWith([661, 151, 868, 955]))).toEqual([]);
  });

  it("reports a seed mistyped into another seed in range (868 -> 886)", () => {
    expect(seedsOccurInTheirQuotes(guideWith([661, 151, 886, 955])).map((found) => found.path)).toEqual(["$.systems[0].gradings[2].seed"]);
  });

  it("does not read the 47 of AK-47 as a seed", () => {
    expect(seedsOccurInTheirQuotes(guideWith([47], "AK-47 Tier 1: 661")).map((found) => found.path)).toEqual(["$.systems[0].gradings[0].seed"]);
  });

  it("refuses a count of the seed's comment taken for a seed: 661 - 1 gold stripe is seed 661, not seed 1", () => {
    expect(seedsOccurInTheirQuotes(guideWith([661, 1], "661 - 1 gold stripe")).map((found) => found.path)).toEqual(["$.systems[0].gradings[1].seed"]);
    expect(seedsOccurInTheirQuotes(guideWith([151, 2], "• 151 – 2 yellow spots")).map((found) => found.path)).toEqual(["$.systems[0].gradings[1].seed"]);
    expect(seedsOccurInTheirQuotes(guideWith([661], "661 - 1 gold stripe"))).toEqual([]);
  });
});

describe("gradings sharing a quote keep its order", () => {
  it("accepts the quote's seeds in its order", () => {
    expect(sharedQuotesKeepTheirOrder(guideWith([661, 151, 868, 955]))).toEqual([]);
  });

  it("reports two swapped seeds", () => {
    expect(sharedQuotesKeepTheirOrder(guideWith([661, 868, 151, 955])).map((found) => found.path)).toEqual(["$.systems[0].gradings[2].seed"]);
  });

  it("reports a skipped seed (positions renumbered after a deletion)", () => {
    const found = sharedQuotesKeepTheirOrder(guideWith([661, 868, 955]));
    expect(found.map((entry) => [entry.path, entry.message])).toEqual([["$.systems[0].gradings[1].seed", "is 868, but its quote lists 151 before it, which no grading of this level takes from this quote"]]);
  });
});

describe("a quote's own words never make it wrong", () => {
  const QUOTED = "661 (almost Tier 1) • 151 • 321";

  it("accepts a list whose first seed's note names a level, with that note transcribed", () => {
    expect(sharedQuotesKeepTheirOrder(guideWith([661, 151, 321], QUOTED, { 661: "almost Tier 1" }))).toEqual([]);
  });

  it("accepts it without the note too: the level it names is no seed of the list", () => {
    const guide = guideWith([661, 151, 321], QUOTED);
    expect(sharedQuotesKeepTheirOrder(guide)).toEqual([]);
    expect(seedsOccurInTheirQuotes(guide)).toEqual([]);
  });

  it("accepts a note holding a number where the quote writes it", () => {
    expect(sharedQuotesKeepTheirOrder(guideWith([661, 321], "661 (better than 151) • 321", { 661: "better than 151" }))).toEqual([]);
  });

  it("still reports a seed the list skips beside such a note", () => {
    const found = sharedQuotesKeepTheirOrder(guideWith([661, 321], QUOTED, { 661: "almost Tier 1" }));
    expect(found.map((entry) => [entry.path, entry.message])).toEqual([["$.systems[0].gradings[1].seed", "is 321, but its quote lists 151 before it, which no grading of this level takes from this quote"]]);
  });
});
