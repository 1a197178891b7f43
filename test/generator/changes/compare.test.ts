import { describe, expect, it } from "vitest";
import { changesBetween, initialChanges, type BuildSnapshot } from "../../../generator/changes/compare.ts";
import type { Dataset } from "../../../generator/dataset.ts";
import { resolveResponses } from "../../../generator/derive/resolve.ts";
import { tinyDataset } from "../../fixtures/derive/tiny-dataset.ts";

/** A build as the comparison reads it, straight from a dataset in memory. */
function snapshot(dataset: Dataset, version: string): BuildSnapshot {
  return {
    datasetVersion: version,
    guides: new Map(dataset.guides.map((guide) => [guide.platform_id, { print: JSON.stringify(guide), read: () => guide }])),
    slugs: new Map([...resolveResponses(dataset.items)].map(([slug, response]) => [slug, { print: JSON.stringify(response), read: () => response.items }])),
  };
}
const noResponses = { changed: 0, added: 0, removed: 0 };
const edited = (edit: (dataset: Dataset) => void) => {
  const dataset = structuredClone(tinyDataset);
  edit(dataset);
  return dataset;
};
const compare = (edit: (dataset: Dataset) => void) => changesBetween(snapshot(tinyDataset, "vA"), snapshot(edited(edit), "vB"), noResponses);

describe("the changes between two builds", () => {
  it("nothing changed gives empty lists and zero totals", () => {
    const changes = compare(() => {});
    expect(changes.from).toBe("vA");
    expect(changes.to).toBe("vB");
    expect(Object.values(changes.totals).every((count) => count === 0)).toBe(true);
  });

  it("a removed guide is listed with its title, its verdicts implied rather than listed", () => {
    const changes = compare((d) => (d.guides = d.guides.filter((g) => g.platform_id !== "30")));
    expect(changes.guides.removed).toEqual([{ platform_id: "30", title: "Example guide 30" }]);
    expect(changes.totals).toMatchObject({ guides_removed: 1, verdicts_removed: 0, systems_removed: 0 });
  });

  it("a renamed level gives its key with the old and the new label", () => {
    const changes = compare((d) => (d.guides.find((g) => g.platform_id === "200")!.systems[0]!.levels[0]!.label = "Tier One"));
    expect(changes.levels.renamed).toEqual([{ platform_id: "200", system: "blue", key: "t1", from: "Tier 1", to: "Tier One" }]);
    expect(changes.verdicts).toEqual({ added: [], removed: [], moved: [] });
  });

  it("a seed placed in another level is a move, per pair the system covers", () => {
    const changes = compare((d) => (d.guides.find((g) => g.platform_id === "200")!.systems[0]!.gradings[2]!.level = "t2"));
    expect(changes.verdicts.moved).toEqual([
      {
        item: { def_index: 7, paint_index: 44, slug: "ak-47-case-hardened" },
        seed: 955,
        platform_id: "200",
        system: "blue",
        from: { key: "t1", label: "Tier 1" },
        to: { key: "t2", label: "Tier 2" },
      },
    ]);
  });

  it("of a seed listed twice, removing one listing removes one verdict", () => {
    const changes = compare((d) => {
      const blue = d.guides.find((g) => g.platform_id === "200")!.systems[0]!;
      blue.gradings = blue.gradings.filter((grading) => grading.quote !== "661 again");
    });
    expect(changes.verdicts.removed).toEqual([
      { item: { def_index: 7, paint_index: 44, slug: "ak-47-case-hardened" }, seed: 661, platform_id: "200", system: "blue", level: { key: "t2", label: "Tier 2" } },
    ]);
    expect(changes.verdicts.moved).toEqual([]);
  });

  it("a system that stops covering a phase removes its verdicts on that pair only", () => {
    const changes = compare((d) => (d.guides.find((g) => g.platform_id === "4000")!.systems[0]!.paint_indexes = [418]));
    expect(changes.verdicts.removed.map((v) => [v.item.paint_index, v.seed])).toEqual([[415, 12]]);
  });

  it("a retitled guide, an added system and level, an added item", () => {
    const changes = compare((d) => {
      const guide = d.guides.find((g) => g.platform_id === "30")!;
      guide.title = "Example guide 30, second edition";
      guide.systems.push({ ...structuredClone(guide.systems[1]!), id: "green", label: "Green" });
      guide.systems[0]!.levels.push({ key: "extra", label: "Extra", images: [], ordered: false, ordered_quote: null });
      d.items[1]!.paints.push({ paint_index: 421, paint_label: "Phase 4" });
    });
    expect(changes.guides.retitled).toEqual([{ platform_id: "30", from: "Example guide 30", to: "Example guide 30, second edition" }]);
    expect(changes.systems.added).toEqual([{ platform_id: "30", system: "green", label: "Green" }]);
    expect(changes.levels.added).toEqual([{ platform_id: "30", system: "gold", key: "extra", label: "Extra" }]);
    expect(changes.items.added.map((item) => item.paint_index)).toEqual([421]);
  });

  it("a removed system, a removed level and a removed item are each listed with what named them, their verdicts implied", () => {
    const changes = compare((d) => {
      d.guides.find((g) => g.platform_id === "30")!.systems.splice(1, 1);
      const blue = d.guides.find((g) => g.platform_id === "200")!.systems[0]!;
      blue.levels.splice(1, 1);
      blue.gradings = blue.gradings.filter((grading) => grading.level !== "t2");
      d.items[1]!.paints = d.items[1]!.paints.filter((paint) => paint.paint_index !== 415);
    });
    expect(changes.systems.removed).toEqual([{ platform_id: "30", system: "purple", label: "Example system purple" }]);
    expect(changes.levels.removed).toEqual([{ platform_id: "200", system: "blue", key: "t2", label: "Tier 2" }]);
    expect(changes.items.removed).toEqual([{ def_index: 507, paint_index: 415, slug: "karambit-doppler", weapon: "Karambit", finish: "Doppler", paint_label: "Ruby" }]);
    // The seed listed in the removed level loses that verdict; the removed item's verdicts are implied.
    expect(changes.verdicts.removed).toEqual([
      { item: { def_index: 7, paint_index: 44, slug: "ak-47-case-hardened" }, seed: 661, platform_id: "200", system: "blue", level: { key: "t2", label: "Tier 2" } },
    ]);
    expect(changes.totals).toMatchObject({ systems_removed: 1, levels_removed: 1, items_removed: 1, verdicts_removed: 1 });
  });

  it("a pair moved to another slug loses the verdicts of an unchanged guide on its old slug", () => {
    const changes = compare((d) => {
      const karambit = d.items[1]!;
      d.items.push({ ...structuredClone(karambit), slug: "karambit-doppler-phase-1", finish: "Doppler Phase 1", market_name: "Karambit | Doppler Phase 1", paints: karambit.paints.filter((paint) => paint.paint_index === 418) });
      karambit.paints = karambit.paints.filter((paint) => paint.paint_index !== 418);
    });
    // Guide 4000's file is the same in both builds; its system covers karambit-doppler, which no longer holds 507/418.
    expect(changes.verdicts.removed).toEqual([
      { item: { def_index: 507, paint_index: 418, slug: "karambit-doppler-phase-1" }, seed: 12, platform_id: "4000", system: "pattern", level: { key: "p1", label: "P1" } },
    ]);
    expect(changes.items).toEqual({ added: [], removed: [] });
  });

  it("the first build has a changelog from nothing, with every list empty", () => {
    const changes = initialChanges("vA");
    expect(changes.from).toBeNull();
    expect(changes.guides.added).toEqual([]);
    expect(changes.totals.responses_changed).toBe(0);
  });
});
