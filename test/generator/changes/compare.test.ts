import { describe, expect, it } from "vitest";
import { changesBetween, initialChanges, type BuildSnapshot } from "../../../generator/changes/compare.ts";
import type { Dataset } from "../../../generator/dataset.ts";
import { resolveResponses } from "../../../generator/derive/resolve.ts";
import { guide, system } from "../../../generator/example-data.ts";
import { tinyDataset } from "../../fixtures/derive/tiny-dataset.ts";

/** A build as the comparison reads it, straight from a dataset in memory. */
function snapshot(dataset: Dataset, version: string): BuildSnapshot {
  return {
    datasetVersion: version,
    guides: new Map(dataset.guides.map((guide) => [guide.platform_id, { print: JSON.stringify(guide), read: () => guide }])),
    slugs: new Map([...resolveResponses(dataset.items)].map(([slug, response]) => [slug, { print: JSON.stringify(response), read: () => response.items }])),
  };
}
/** The same build, writing down each part it reads as "<build> guide <platform_id>" or "<build> slug <slug>". */
function watched(build: BuildSnapshot, name: string, reads: string[]): BuildSnapshot {
  const watch = <T>(kind: string, parts: ReadonlyMap<string, { print: string; read(): T }>) =>
    new Map([...parts].map(([key, part]) => [key, { print: part.print, read: () => (reads.push(`${name} ${kind} ${key}`), part.read()) }]));
  return { datasetVersion: build.datasetVersion, guides: watch("guide", build.guides), slugs: watch("slug", build.slugs) };
}
const noResponses = { changed: 0, added: 0, removed: 0 };
const edited = (edit: (dataset: Dataset) => void, base: Dataset = tinyDataset) => {
  const dataset = structuredClone(base);
  edit(dataset);
  return dataset;
};
const compare = (edit: (dataset: Dataset) => void, base: Dataset = tinyDataset) => changesBetween(snapshot(base, "vA"), snapshot(edited(edit, base), "vB"), noResponses);
/** The parts read to compare the tiny dataset with its edit, guides first, each list in reading order. */
function partsRead(edit: (dataset: Dataset) => void, base: Dataset = tinyDataset): { guides: string[]; slugs: string[] } {
  const reads: string[] = [];
  changesBetween(watched(snapshot(base, "vA"), "A", reads), watched(snapshot(edited(edit, base), "vB"), "B", reads), noResponses);
  return { guides: reads.filter((read) => read.includes(" guide ")), slugs: reads.filter((read) => read.includes(" slug ")) };
}
const tierGuideOf = (d: Dataset) => d.guides.find((g) => g.platform_id === "200")!;
const phaseSystemOf = (d: Dataset) => d.guides.find((g) => g.platform_id === "4000")!.systems[0]!;
/** Moves Phase 1 (507/418) of the Karambit Doppler to a slug of its own. */
const movePhaseOne = (d: Dataset) => {
  const karambit = d.items[1]!;
  d.items.push({ ...structuredClone(karambit), slug: "karambit-doppler-phase-1", finish: "Doppler Phase 1", market_name: "Karambit | Doppler Phase 1", paints: karambit.paints.filter((paint) => paint.paint_index === 418) });
  karambit.paints = karambit.paints.filter((paint) => paint.paint_index !== 418);
};

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
    // The verdict moved is neither removed nor added as well.
    expect(changes.verdicts.removed).toEqual([]);
    expect(changes.verdicts.added).toEqual([]);
  });

  it("of a seed listed twice in one level, placing one listing in another level is one move", () => {
    const base = edited((d) => tierGuideOf(d).systems[0]!.gradings.push({ seed: 955, level: "t1", quote: "955 again", evidence: "text", position: 3 }));
    const changes = compare((d) => (tierGuideOf(d).systems[0]!.gradings[4]!.level = "t2"), base);
    expect(changes.verdicts.moved.map((v) => [v.seed, v.from.key, v.to.key])).toEqual([[955, "t1", "t2"]]);
    expect(changes.totals).toMatchObject({ verdicts_moved: 1, verdicts_added: 0, verdicts_removed: 0 });
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

  it("a seed a system no longer lists loses its verdict on every pair the system covers", () => {
    const changes = compare((d) => (phaseSystemOf(d).gradings = []));
    expect(changes.verdicts.removed).toEqual([
      { item: { def_index: 507, paint_index: 415, slug: "karambit-doppler" }, seed: 12, platform_id: "4000", system: "pattern", level: { key: "p1", label: "P1" } },
      { item: { def_index: 507, paint_index: 418, slug: "karambit-doppler" }, seed: 12, platform_id: "4000", system: "pattern", level: { key: "p1", label: "P1" } },
    ]);
    expect(changes.verdicts.moved).toEqual([]);
  });

  it("a phase newly covered and a seed newly listed add verdicts, listed by pair and then by seed whatever order the guide gives", () => {
    const base = edited((d) => (phaseSystemOf(d).paint_indexes = [418]));
    const changes = compare((d) => {
      phaseSystemOf(d).paint_indexes = [418, 415];
      phaseSystemOf(d).gradings.push({ seed: 7, level: "p2", quote: "7", evidence: "image", position: 0 });
    }, base);
    const place = { platform_id: "4000", system: "pattern" };
    const ruby = { def_index: 507, paint_index: 415, slug: "karambit-doppler" };
    expect(changes.verdicts.added).toEqual([
      { item: ruby, seed: 7, ...place, level: { key: "p2", label: "P2" } },
      { item: ruby, seed: 12, ...place, level: { key: "p1", label: "P1" } },
      { item: { ...ruby, paint_index: 418 }, seed: 7, ...place, level: { key: "p2", label: "P2" } },
    ]);
    expect(changes.verdicts.removed).toEqual([]);
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
    const changes = compare(movePhaseOne);
    // Guide 4000's file is the same in both builds; its system covers karambit-doppler, which no longer holds 507/418.
    expect(changes.verdicts.removed).toEqual([
      { item: { def_index: 507, paint_index: 418, slug: "karambit-doppler-phase-1" }, seed: 12, platform_id: "4000", system: "pattern", level: { key: "p1", label: "P1" } },
    ]);
    expect(changes.items).toEqual({ added: [], removed: [] });
  });

  it("a guide with one system on a slug that gained or lost a paint is compared, though its other systems' slugs kept theirs", () => {
    const base = edited((d) => d.guides.find((g) => g.platform_id === "4000")!.systems.unshift(system({ id: "blue", gradings: [{ seed: 5, level: "t1", quote: "5", evidence: "text", position: 0 }] })));
    const changes = compare(movePhaseOne, base);
    expect(changes.verdicts.removed.map((v) => [v.platform_id, v.system, v.item.slug, v.item.paint_index, v.seed])).toEqual([["4000", "pattern", "karambit-doppler-phase-1", 418, 12]]);
  });

  it("added guides are listed with their titles by platform_id, their systems and verdicts implied rather than listed", () => {
    const changes = compare((d) => {
      d.guides.push(guide({ platform_id: "5000", systems: [system({ id: "red", gradings: [{ seed: 3, level: "t1", quote: "3", evidence: "text", position: 0 }] })] }));
      d.guides.push(guide({ platform_id: "7", systems: [system({ id: "red" })] }));
    });
    expect(changes.guides.added).toEqual([
      { platform_id: "7", title: "Example guide 7" },
      { platform_id: "5000", title: "Example guide 5000" },
    ]);
    expect(changes.totals).toMatchObject({ guides_added: 2, systems_added: 0, verdicts_added: 0 });
  });

  it("a one-grading change reads that guide alone of each build, and each slug's items once", () => {
    const reads = partsRead((d) => (tierGuideOf(d).systems[0]!.gradings[2]!.level = "t2"));
    expect(reads.guides).toEqual(["A guide 200", "B guide 200"]);
    expect([...reads.slugs].sort()).toEqual(["A slug ak-47-case-hardened", "A slug karambit-doppler", "B slug ak-47-case-hardened", "B slug karambit-doppler"]);
  });

  it("a slug that gained or lost a paint has the unchanged guides naming it compared, and no guide of the build before on other slugs read", () => {
    const reads = partsRead(movePhaseOne);
    // Guide 4000 names karambit-doppler, which lost Phase 1; guides 30 and 200 name the AK, which kept its paint.
    expect(reads.guides.filter((read) => read.startsWith("A "))).toEqual(["A guide 4000"]);
  });

  it("the first build has a changelog from nothing, with every list empty", () => {
    const changes = initialChanges("vA");
    expect(changes.from).toBeNull();
    expect(changes.guides.added).toEqual([]);
    expect(changes.totals.responses_changed).toBe(0);
  });
});
