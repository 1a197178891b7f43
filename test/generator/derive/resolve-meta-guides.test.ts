import { describe, expect, it } from "vitest";
import { guideWithSystem } from "../../../generator/derive/guides.ts";
import { loadedAt, metaResponse } from "../../../generator/derive/meta.ts";
import { pairsOf } from "../../../generator/derive/order.ts";
import { resolveResponses } from "../../../generator/derive/resolve.ts";
import { groupGuide, tinyDataset } from "../../fixtures/derive/tiny-dataset.ts";

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
});

describe("meta", () => {
  it("counts pairs, not item files, and every guide, system and grading", () => {
    const meta = metaResponse(tinyDataset, pairsOf(tinyDataset.items), 2, "v1test");
    expect(meta.counts).toEqual({ items: 4, guides: 3, aliases: 2, systems: 4, gradings: 6 });
    expect(meta.dataset_version).toBe("v1test");
  });

  it("loaded_at is the newest capture time, with its offset, so rebuilding the same data gives the same body", () => {
    expect(loadedAt(tinyDataset)).toBe("2025-01-03T12:00:00+02:00");
  });
});

describe("guides", () => {
  it("narrowing to one system keeps every other top-level field whole", () => {
    const narrowed = guideWithSystem(groupGuide, "purple");
    expect(narrowed.systems.map((s) => s.id)).toEqual(["purple"]);
    expect({ ...narrowed, systems: undefined }).toEqual({ ...groupGuide, systems: undefined });
  });
});
