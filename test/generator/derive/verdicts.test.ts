import { describe, expect, it } from "vitest";
import { coverageOf } from "../../../generator/derive/coverage.ts";
import { pairsOf, sortGuides } from "../../../generator/derive/order.ts";
import { seedResponses } from "../../../generator/derive/verdicts.ts";
import { seedResponseSchema } from "../../../contract/schema/responses.ts";
import { tinyDataset } from "../../fixtures/derive/tiny-dataset.ts";

const pairs = pairsOf(tinyDataset.items);
const coverage = coverageOf(sortGuides(tinyDataset.guides));
const pair = (def: number, paint: number) => pairs.find((p) => p.item.def_index === def && p.paint.paint_index === paint)!;
const seedOf = (def: number, paint: number, seed: number) => {
  const p = pair(def, paint);
  return seedResponses(p, coverage(p))(seed);
};

describe("seed responses", () => {
  it("a seed listed twice in one guide yields two verdicts, one per level it was placed in", () => {
    const response = seedOf(7, 44, 661);
    const fromTier = response.verdicts.filter((v) => v.guide.platform_id === "200");
    expect(fromTier.map((v) => [v.level.key, v.level.place, v.level.of, v.quote])).toEqual([
      ["t1", 1, 2, "661 best blue"],
      ["t2", 2, 2, "661 again"],
    ]);
  });

  it("guides are never merged: each verdict keeps its own guide, system and scale", () => {
    const response = seedOf(7, 44, 661);
    expect(response.verdicts.map((v) => [v.guide.platform_id, v.system.id, v.system.kind])).toEqual([
      ["30", "gold", "group"],
      ["200", "blue", "tier"],
      ["200", "blue", "tier"],
    ]);
    expect(response.verdicts[0]!.guide).toEqual({
      platform_id: "30",
      title: "Example guide 30",
      authors: ["Example Author"],
      url: "https://example.com/guides/30",
      permission: "unknown",
      updated: "2024-05-01T10:00:00",
    });
  });

  it("rank, equivalent_to and value are present on every verdict, null when the guide has none", () => {
    const [best] = seedOf(7, 44, 151).verdicts;
    expect(best).toMatchObject({ rank: 2, equivalent_to: [955], value: { name: "blue_pct", value: 80 } });
    const gold = seedOf(7, 44, 661).verdicts[0]!;
    expect(gold.rank).toBeNull();
    expect(gold.equivalent_to).toBeNull();
    expect(gold.value).toBeNull();
  });

  it("not_listed names every covering system that has no verdict for the seed", () => {
    expect(seedOf(7, 44, 151).not_listed).toEqual([
      { platform_id: "30", system: "gold" },
      { platform_id: "30", system: "purple" },
    ]);
  });

  it("a seed no guide grades gives no verdicts and every covering system in not_listed", () => {
    const response = seedOf(7, 44, 0);
    expect(response.verdicts).toEqual([]);
    expect(response.not_listed).toEqual([
      { platform_id: "30", system: "gold" },
      { platform_id: "30", system: "purple" },
      { platform_id: "200", system: "blue" },
    ]);
  });

  it("a system restricted to some Doppler phases is in neither list for another phase", () => {
    expect(seedOf(507, 420, 12)).toEqual({
      item: { def_index: 507, paint_index: 420, slug: "karambit-doppler" },
      seed: 12,
      verdicts: [],
      not_listed: [],
    });
    expect(seedOf(507, 418, 12).verdicts.map((v) => v.system.id)).toEqual(["pattern"]);
    expect(seedOf(507, 415, 13).not_listed).toEqual([{ platform_id: "4000", system: "pattern" }]);
  });

  it("every seed response matches its response schema", () => {
    for (const seed of [0, 12, 151, 661, 955, 1000]) {
      expect(() => seedResponseSchema.parse(seedOf(7, 44, seed))).not.toThrow();
    }
  });
});
