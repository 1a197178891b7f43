import { describe, expect, it } from "vitest";
import { changesBetween, type BuildSnapshot } from "../../../generator/changes/compare.ts";
import { changesForReview, guideSummary } from "../../../generator/changes/guide-summary.ts";
import type { Dataset } from "../../../generator/dataset.ts";
import { resolveResponses } from "../../../generator/derive/resolve.ts";
import { guide, system } from "../../../generator/example-data.ts";
import { tinyDataset } from "../../fixtures/derive/tiny-dataset.ts";

const resolve = resolveResponses(tinyDataset.items);
const itemsOf = (slug: string) => resolve.get(slug)?.items ?? [];

/** A build as the comparison reads it, straight from a dataset in memory; `reads` gets the platform_id of each guide read. */
function snapshot(dataset: Dataset, version: string, reads: string[] = []): BuildSnapshot {
  return {
    datasetVersion: version,
    guides: new Map(dataset.guides.map((g) => [g.platform_id, { print: JSON.stringify(g), read: () => (reads.push(g.platform_id), g) }])),
    slugs: new Map([...resolveResponses(dataset.items)].map(([slug, response]) => [slug, { print: JSON.stringify(response), read: () => response.items }])),
  };
}
/** The review of the tiny dataset against its edit; `reads` gets the guides the review reads of each build. */
function review(edit: (dataset: Dataset) => void, reads: { before: string[]; after: string[] } = { before: [], after: [] }) {
  const edited = structuredClone(tinyDataset);
  edit(edited);
  const changes = changesBetween(snapshot(tinyDataset, "vA"), snapshot(edited, "vB"), { changed: 0, added: 0, removed: 0 });
  return changesForReview(snapshot(tinyDataset, "vA", reads.before), snapshot(edited, "vB", reads.after), changes);
}
const byId = (d: Dataset, id: string) => d.guides.find((g) => g.platform_id === id)!;

describe("what a reviewer sees of an added or removed guide", () => {
  it("a system restricted to some paints names them by label, in paint index order", () => {
    const summary = guideSummary(tinyDataset.guides.find((g) => g.platform_id === "4000")!, itemsOf);
    expect(summary.items).toEqual([{ slug: "karambit-doppler", paints: ["Ruby", "Phase 1"] }]);
    expect(summary.systems).toEqual([
      {
        id: "pattern",
        label: "Example system pattern",
        item: "karambit-doppler",
        paints: ["Ruby", "Phase 1"],
        levels: [
          { key: "p1", label: "P1", seeds: 1 },
          { key: "p2", label: "P2", seeds: 0 },
        ],
        seeds: 1,
      },
    ]);
  });

  it("a system over every paint of its slug says all paints, and a seed listed twice is one seed of the system", () => {
    const summary = guideSummary(tinyDataset.guides.find((g) => g.platform_id === "200")!, itemsOf);
    expect(summary).toMatchObject({ platform_id: "200", title: "Example guide 200", url: "https://example.com/guides/200" });
    expect(summary.items).toEqual([{ slug: "ak-47-case-hardened", paints: "all paints" }]);
    expect(summary.systems[0]).toMatchObject({ paints: "all paints", seeds: 3, levels: [{ key: "t1", seeds: 3 }, { key: "t2", seeds: 1 }] });
  });

  it("an item covered by two systems lists the paints they cover together; one over all paints makes it all", () => {
    const phases = (indexes: number[] | null, id: string) => system({ id, item: "karambit-doppler", paint_indexes: indexes });
    const narrow = guideSummary(guide({ platform_id: "5", systems: [phases([420], "a"), phases([415], "b")] }), itemsOf);
    expect(narrow.items).toEqual([{ slug: "karambit-doppler", paints: ["Ruby", "Phase 3"] }]);
    const wide = guideSummary(guide({ platform_id: "5", systems: [phases([420], "a"), phases(null, "b")] }), itemsOf);
    expect(wide.items).toEqual([{ slug: "karambit-doppler", paints: "all paints" }]);
  });

  it("each slug of a guide lists the paints of the systems on it alone, and a paint without a label or unknown to the build by its index", () => {
    const summary = guideSummary(
      guide({ platform_id: "5", systems: [system({ id: "a" }), system({ id: "b", item: "karambit-doppler", paint_indexes: [416, 418] }), system({ id: "c", paint_indexes: [44] })] }),
      itemsOf,
    );
    expect(summary.items).toEqual([
      { slug: "ak-47-case-hardened", paints: "all paints" },
      { slug: "karambit-doppler", paints: ["paint 416", "Phase 1"] },
    ]);
    expect(summary.systems.map((s) => s.paints)).toEqual(["all paints", ["paint 416", "Phase 1"], ["paint 44"]]);
  });
});

describe("what a reviewer sees of a change between two builds", () => {
  it("an added guide is summarized from the later build, a removed one from the earlier, each with the paints its own build holds", () => {
    const { guides } = review((d) => {
      d.guides = d.guides.filter((g) => g.platform_id !== "4000");
      d.items[1]!.paints = d.items[1]!.paints.filter((paint) => paint.paint_index !== 415);
      d.items[1]!.paints.push({ paint_index: 421, paint_label: "Phase 4" });
      d.guides.push(guide({ platform_id: "5", systems: [system({ id: "pattern", item: "karambit-doppler", paint_indexes: [421] })] }));
    });
    expect(guides.added.map((g) => [g.platform_id, g.items])).toEqual([["5", [{ slug: "karambit-doppler", paints: ["Phase 4"] }]]]);
    expect(guides.removed.map((g) => [g.platform_id, g.items])).toEqual([["4000", [{ slug: "karambit-doppler", paints: ["Ruby", "Phase 1"] }]]]);
    expect(guides.edited).toEqual([]);
  });

  it("an added guide on a slug its build does not hold still has its summary, its paints by index", () => {
    const { guides } = review((d) => d.guides.push(guide({ platform_id: "5", systems: [system({ id: "glow", item: "glock-18-moonrise", paint_indexes: [694] })] })));
    expect(guides.added.map((g) => [g.platform_id, g.items])).toEqual([["5", [{ slug: "glock-18-moonrise", paints: ["paint 694"] }]]]);
  });

  it("the guides both builds hold with edits beyond the changelog's are listed by platform_id, each with its title and edits", () => {
    const { guides } = review((d) => {
      byId(d, "4000").notes = "EXAMPLE CONTENT: phases checked again";
      byId(d, "200").systems[0]!.levels[0]!.label = "Tier One";
      byId(d, "30").updated = "2025-01-01T10:00:00";
      d.guides.push(guide({ platform_id: "5", systems: [] }));
      d.guides.reverse();
    });
    // Guide 200's renamed level is the changelog's alone.
    expect(guides.edited).toEqual([
      { platform_id: "30", title: "Example guide 30", edits: [{ field: "updated", before: '"2024-05-01T10:00:00"', after: '"2025-01-01T10:00:00"' }] },
      { platform_id: "4000", title: "Example guide 4000", edits: [{ field: "notes", before: JSON.stringify(tinyDataset.guides[2]!.notes), after: '"EXAMPLE CONTENT: phases checked again"' }] },
    ]);
  });

  it("reads of the guides both builds hold only those whose files differ", () => {
    const reads = { before: [] as string[], after: [] as string[] };
    review((d) => (byId(d, "30").updated = "2025-01-01T10:00:00"), reads);
    expect(reads).toEqual({ before: ["30"], after: ["30"] });
  });
});
