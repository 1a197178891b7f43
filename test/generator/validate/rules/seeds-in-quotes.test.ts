import { describe, expect, it } from "vitest";
import type { Guide } from "../../../../contract/schema/guide.ts";
import { seedsOccurInTheirQuotes, sharedQuotesKeepTheirOrder } from "../../../../generator/validate/rules/seeds-in-quotes.ts";

const QUOTE = "Tier 1: 661, 151, 868, 955";

function guideWith(seeds: number[], quote = QUOTE): Guide {
  const gradings = seeds.map((seed, position) => ({ seed, level: "t1", quote, evidence: "text" as const, position }));
  return { systems: [{ gradings }] } as unknown as Guide;
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
