import { describe, expect, it } from "vitest";
import { coverageOf } from "../../../generator/derive/coverage.ts";
import { itemMenu } from "../../../generator/derive/item-menu.ts";
import { pairsOf, sortGuides } from "../../../generator/derive/order.ts";
import { patternsResponse } from "../../../generator/derive/patterns.ts";
import { seedResponses } from "../../../generator/derive/verdicts.ts";
import { itemMenuSchema } from "../../../contract/schema/responses.ts";
import { tinyDataset } from "../../fixtures/derive/tiny-dataset.ts";

const pairs = pairsOf(tinyDataset.items);
const coverage = coverageOf(sortGuides(tinyDataset.guides));
const menuOf = (def: number, paint: number, topic: string | null = null) => {
  const pair = pairs.find((p) => p.item.def_index === def && p.paint.paint_index === paint)!;
  return itemMenu(pair, coverage(pair), topic);
};

describe("item menu", () => {
  it("lists every guide covering the item, ordered by platform_id, with its level and grading counts", () => {
    const menu = menuOf(7, 44);
    expect(itemMenuSchema.parse(menu)).toEqual(menu);
    expect(menu.item).toEqual({ def_index: 7, paint_index: 44, slug: "ak-47-case-hardened", weapon: "AK-47", finish: "Case Hardened", paint_label: "" });
    expect(menu.guides.map((g) => [g.platform_id, g.systems.map((s) => [s.id, s.kind, s.levels, s.seeds, s.alias])])).toEqual([
      ["30", [["gold", "group", 1, 1, null], ["purple", "group", 1, 0, null]]],
      // 661 is listed twice: two gradings, so it counts twice (guides are served as written).
      ["200", [["blue", "tier", 2, 4, "blue gem"]]],
    ]);
  });

  it("a system's seed count agrees with its gradings, its patterns entries and its verdicts over every seed", () => {
    const pair = pairs.find((p) => p.item.def_index === 7 && p.paint.paint_index === 44)!;
    const patterns = patternsResponse(pair, coverage(pair));
    const seedOf = seedResponses(pair, coverage(pair));
    const verdicts = Array.from({ length: 1001 }, (_, seed) => seedOf(seed).verdicts).flat();
    for (const guide of itemMenu(pair, coverage(pair)).guides) {
      for (const system of guide.systems) {
        const ofSystem = (entry: { system: string | { id: string } }, platformId: string) =>
          platformId === guide.platform_id && (typeof entry.system === "string" ? entry.system : entry.system.id) === system.id;
        const fromPatterns = Object.values(patterns.seeds).flat().filter((entry) => ofSystem(entry, entry.guide));
        const fromVerdicts = verdicts.filter((verdict) => ofSystem(verdict, verdict.guide.platform_id));
        const gradings = tinyDataset.guides.find((g) => g.platform_id === guide.platform_id)!.systems.find((s) => s.id === system.id)!.gradings;
        expect([fromPatterns.length, fromVerdicts.length]).toEqual([system.seeds, system.seeds]);
        expect(gradings.length).toBe(system.seeds);
      }
    }
  });

  it("a known item that no guide covers has an empty menu", () => {
    expect(menuOf(507, 420).guides).toEqual([]);
  });

  it("each paint of a Doppler slug is its own item with its own paint_label", () => {
    expect(menuOf(507, 415).item.paint_label).toBe("Ruby");
    expect(menuOf(507, 418).guides.map((g) => g.platform_id)).toEqual(["4000"]);
  });

  it("a topic no system carries drops every guide", () => {
    expect(menuOf(7, 44, "blue").guides).toEqual([]);
  });

  it("a topic keeps only the systems that carry it and the guides left with any", () => {
    const withTopic = {
      ...tinyDataset,
      guides: tinyDataset.guides.map((g) =>
        g.platform_id === "30" ? { ...g, systems: g.systems.map((s) => (s.id === "gold" ? { ...s, topic: "colour" } : s)) } : g,
      ),
    };
    const pair = pairs.find((p) => p.item.def_index === 7)!;
    const menu = itemMenu(pair, coverageOf(sortGuides(withTopic.guides))(pair), "colour");
    expect(menu.guides.map((g) => [g.platform_id, g.systems.map((s) => s.id)])).toEqual([["30", ["gold"]]]);
  });

  it("without a topic, lists the systems that carry one too", () => {
    const withTopic = { ...tinyDataset, guides: tinyDataset.guides.map((g) => ({ ...g, systems: g.systems.map((s) => ({ ...s, topic: "colour" })) })) };
    const pair = pairs.find((p) => p.item.def_index === 7)!;
    expect(itemMenu(pair, coverageOf(sortGuides(withTopic.guides))(pair), null).guides.map((g) => g.platform_id)).toEqual(["30", "200"]);
  });
});
