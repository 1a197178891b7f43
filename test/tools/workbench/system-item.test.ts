// A system's item and paints set on the workbench (tools/workbench/system-item.ts), on literal guides
// (example data): only items of the dataset, only paints of the item.

import { describe, expect, it } from "vitest";
import { applied, contextOf, grading, guideOf, level, refusal, system } from "../../support/workbench-guides.ts";

const CONTEXT = contextOf(["Example tiers, EXAMPLE CONTENT", "Tier 1: 661, 151"]);

const guide = (paints: number[] | null) => guideOf([system("tiers", "Tiers", [level("t1", "Tier 1")], [grading(661, "t1", "Tier 1: 661, 151"), grading(151, "t1", "Tier 1: 661, 151")], { paint_indexes: paints })]);

describe("a system's item", () => {
  it("is set to another item of the dataset, the paints kept while they are paints of it", () => {
    const onAk = applied(guide(null), { kind: "set-item", system: "tiers", item: "ak-47-case-hardened" }, CONTEXT);
    expect(onAk.systems[0]).toMatchObject({ item: "ak-47-case-hardened", paint_indexes: null });
    const back = applied(guide([419, 420]), { kind: "set-item", system: "tiers", item: "karambit-doppler" }, CONTEXT);
    expect(back.systems[0]).toMatchObject({ item: "karambit-doppler", paint_indexes: [419, 420] });
  });

  it("covers every paint of the new item when its paints are not the new item's", () => {
    expect(applied(guide([419]), { kind: "set-item", system: "tiers", item: "ak-47-case-hardened" }, CONTEXT).systems[0]).toMatchObject({ item: "ak-47-case-hardened", paint_indexes: null });
  });

  it("covers every paint of the new item when only some of its paints are the new item's", () => {
    expect(applied(guide([418, 44]), { kind: "set-item", system: "tiers", item: "karambit-doppler" }, CONTEXT).systems[0]).toMatchObject({ item: "karambit-doppler", paint_indexes: null });
  });

  it("is refused for a slug the dataset has no item file of", () => {
    expect(refusal(guide(null), { kind: "set-item", system: "tiers", item: "m9-bayonet-lore" }, CONTEXT)).toBe('no item "m9-bayonet-lore": items/m9-bayonet-lore.json does not exist');
  });
});

describe("a system's paints", () => {
  it("are some paints of its item, sorted and each once, or all of them", () => {
    expect(applied(guide(null), { kind: "set-paints", system: "tiers", paints: [420, 418, 420] }, CONTEXT).systems[0]!.paint_indexes).toEqual([418, 420]);
    expect(applied(guide([418]), { kind: "set-paints", system: "tiers", paints: null }, CONTEXT).systems[0]!.paint_indexes).toBeNull();
  });

  it("are refused when one is not a paint of the item", () => {
    expect(refusal(guide(null), { kind: "set-paints", system: "tiers", paints: [418, 44] }, CONTEXT)).toBe("44 is not a paint index of karambit-doppler (418, 419, 420)");
    expect(refusal(guide(null), { kind: "set-paints", system: "tiers", paints: [44, 418, 45] }, CONTEXT)).toBe("44, 45 are not paint indexes of karambit-doppler (418, 419, 420)");
  });

  it("are refused when the system's item has no item file, its paints not being known", () => {
    const unknownItem = guideOf([system("tiers", "Tiers", [level("t1", "Tier 1")], [], { item: "m9-bayonet-lore", paint_indexes: null })]);
    expect(refusal(unknownItem, { kind: "set-paints", system: "tiers", paints: [418] }, CONTEXT)).toBe("no item file items/m9-bayonet-lore.json: its paints are not known");
    expect(applied(unknownItem, { kind: "set-paints", system: "tiers", paints: null }, CONTEXT).systems[0]!.paint_indexes).toBeNull();
  });

  it("are refused for a system the guide does not have", () => {
    expect(refusal(guide(null), { kind: "set-paints", system: "other", paints: null }, CONTEXT)).toBe('the guide has no system "other"');
  });
});
