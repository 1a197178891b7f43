import { describe, expect, it } from "vitest";
import { marketNameKey, nameKey } from "../../../contract/market-name.ts";
import { resolveResponses } from "../../../generator/derive/resolve.ts";
import { tinyDataset } from "../../fixtures/derive/tiny-dataset.ts";

describe("resolve", () => {
  it("a slug resolves to one item per paint index, every phase a candidate", () => {
    const karambit = resolveResponses(tinyDataset.items).get("karambit-doppler")!;
    expect(karambit.items.map((i) => [i.def_index, i.paint_index, i.paint_label])).toEqual([
      [507, 415, "Ruby"],
      [507, 418, "Phase 1"],
      [507, 420, "Phase 3"],
    ]);
    expect(karambit.items[0]).toEqual({ def_index: 507, paint_index: 415, slug: "karambit-doppler", weapon: "Karambit", finish: "Doppler", paint_label: "Ruby" });
  });

  it("keys each answer by its slug, whose letters and digits are the key the edge computes from a request's market hash name", () => {
    const keys = [...resolveResponses(tinyDataset.items).keys()];
    expect(keys).toEqual(tinyDataset.items.map((item) => item.slug).sort());
    for (const key of keys) {
      const item = tinyDataset.items.find((candidate) => candidate.slug === key)!;
      expect(marketNameKey(`★\uFE0F StatTrak™ ${item.market_name.replace(" | ", "\u200B | ")} (Factory New)`)).toBe(nameKey(key));
    }
  });

  it("lists its answers in slug order, whatever the order of the item files", () => {
    expect([...resolveResponses([...tinyDataset.items].reverse()).keys()]).toEqual(["ak-47-case-hardened", "karambit-doppler"]);
  });
});
