import { describe, expect, it } from "vitest";
import { gradingCount, guideBlock, itemOf, itemRefOf, standingsOf } from "../../../generator/derive/blocks.ts";
import { karambitDoppler, guide, level, system } from "../../../generator/example-data.ts";

const pair = { item: karambitDoppler([418]), paint: { paint_index: 418, paint_label: "Phase 1" } };

describe("the blocks responses are made of", () => {
  it("attribute a guide by its id, title, authors, address, permission and update, and nothing else", () => {
    const example = guide({ platform_id: "200", systems: [], title: "Example guide", authors: ["Example Author A"] });
    expect(guideBlock(example)).toEqual({ platform_id: "200", title: "Example guide", authors: ["Example Author A"], url: example.url, permission: example.permission, updated: example.updated });
  });

  it("name an item by its pair, slug, weapon, finish and paint, or by its pair and slug alone", () => {
    expect(itemOf(pair)).toEqual({ def_index: 507, paint_index: 418, slug: "karambit-doppler", weapon: "Karambit", finish: "Doppler", paint_label: "Phase 1" });
    expect(itemRefOf(pair)).toEqual({ def_index: 507, paint_index: 418, slug: "karambit-doppler" });
  });

  it("place each level of a system from 1, best first, out of its number of levels", () => {
    const tiers = system({ id: "blue", levels: [level("t1", "Tier 1"), level("t2", "Tier 2"), level("t3", "Tier 3")] });
    expect([...standingsOf(tiers).values()]).toEqual([
      { key: "t1", label: "Tier 1", place: 1, of: 3 },
      { key: "t2", label: "Tier 2", place: 2, of: 3 },
      { key: "t3", label: "Tier 3", place: 3, of: 3 },
    ]);
    expect(gradingCount({ ...tiers, gradings: [tiers.gradings[0]!, tiers.gradings[0]!] })).toBe(2);
  });
});
