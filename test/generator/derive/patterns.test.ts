import { describe, expect, it } from "vitest";
import { coverageOf } from "../../../generator/derive/coverage.ts";
import { pairsOf, sortGuides } from "../../../generator/derive/order.ts";
import { patternsResponse } from "../../../generator/derive/patterns.ts";
import { patternsResponseSchema } from "../../../contract/schema/responses.ts";
import { tinyDataset } from "../../fixtures/derive/tiny-dataset.ts";

const pairs = pairsOf(tinyDataset.items);
const coverage = coverageOf(sortGuides(tinyDataset.guides));
const patternsOf = (def: number, paint: number) => {
  const pair = pairs.find((p) => p.item.def_index === def && p.paint.paint_index === paint)!;
  return patternsResponse(pair, coverage(pair));
};

describe("patterns", () => {
  it("keys seeds by decimal string, ascending, each with every guide's entry and no quotes", () => {
    const patterns = patternsResponseSchema.parse(patternsOf(7, 44));
    expect(Object.keys(patterns.seeds)).toEqual(["151", "661", "955"]);
    expect(patterns.seeds["661"]).toEqual([
      { guide: "30", system: "gold", level: "member", place: 1, rank: null, equivalent_to: null, value: null },
      { guide: "200", system: "blue", level: "t1", place: 1, rank: 1, equivalent_to: null, value: null },
      { guide: "200", system: "blue", level: "t2", place: 2, rank: null, equivalent_to: null, value: null },
    ]);
    expect(JSON.stringify(patterns)).not.toContain("quote");
  });

  it("gives each guide and system once, with levels best first", () => {
    const patterns = patternsOf(7, 44);
    expect(Object.keys(patterns.guides)).toEqual(["30", "200"]);
    expect(patterns.guides["200"]!.systems["blue"]).toEqual({
      label: "Example system blue",
      topic: null,
      kind: "tier",
      levels: [
        { key: "t1", label: "Tier 1" },
        { key: "t2", label: "Tier 2" },
      ],
    });
    expect(patterns.guides["30"]).not.toHaveProperty("platform_id");
  });

  it("a known item with no guide has empty guides and seeds", () => {
    expect(patternsOf(507, 420)).toEqual({ item: { def_index: 507, paint_index: 420, slug: "karambit-doppler" }, guides: {}, seeds: {} });
  });
});
