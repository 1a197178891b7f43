import { describe, expect, it } from "vitest";
import { guideSummary } from "../../../generator/changes/guide-summary.ts";
import { resolveResponses } from "../../../generator/derive/resolve.ts";
import { guide, system } from "../../../generator/example-data.ts";
import { tinyDataset } from "../../fixtures/derive/tiny-dataset.ts";

const resolve = resolveResponses(tinyDataset.items);
const itemsOf = (slug: string) => resolve.get(slug)?.items ?? [];

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
});
