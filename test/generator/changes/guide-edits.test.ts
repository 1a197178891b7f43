// What else changes in a guide both builds hold, beyond the changelog's lists: the guide's own
// fields, each system's, its levels' and the wording of gradings whose verdict stays. Example guides.

import { describe, expect, it } from "vitest";
import { guideEdits } from "../../../generator/changes/guide-edits.ts";
import { guide, level, system } from "../../../generator/example-data.ts";
import type { Guide } from "../../../contract/schema/guide.ts";

const grading = (seed: number, levelKey: string, quote: string) => ({ seed, level: levelKey, quote, evidence: "text" as const, position: seed });

function example(): Guide {
  return guide({
    platform_id: "900",
    systems: [system({ id: "blue", gradings: [grading(661, "t1", "EXAMPLE CONTENT 661"), grading(955, "t2", "EXAMPLE CONTENT 955")] })],
  });
}

describe("the edits of a guide both builds hold", () => {
  it("names none when only the changelog's lists change: a renamed level, a moved verdict", () => {
    const after = example();
    after.systems[0]!.levels[1]!.label = "Second tier";
    after.systems[0]!.gradings[1]!.level = "t1";
    expect(guideEdits(example(), after)).toEqual([]);
  });

  it("shows the review of unassigned numbers before and after", () => {
    const before = example();
    before.unassigned_review = { count: 12, reviewed_at: "2026-01-02", reviewed_by: "Example Author A" };
    const after = example();
    after.unassigned_review = { count: 0, reviewed_at: "2026-02-03", reviewed_by: "Example Author A" };
    expect(guideEdits(before, after)).toEqual([
      { field: "unassigned_review", before: '12 unassigned, reviewed 2026-01-02 by "Example Author A"', after: '0 unassigned, reviewed 2026-02-03 by "Example Author A"' },
    ]);
    expect(guideEdits(before, example())[0]!.after).toBe("none");
  });

  it("lists the callouts added and removed, and the metadata changed, in the document's order", () => {
    const before = example();
    before.callouts = [{ kind: "example", label: "Old example", quote: "EXAMPLE CONTENT old", system: null }];
    const after = example();
    after.updated = "2026-03-01T10:00";
    after.callouts = [{ kind: "exclusion", label: "", quote: "EXAMPLE CONTENT: never the back", system: "blue" }];
    expect(guideEdits(before, after)).toEqual([
      { field: "updated", before: JSON.stringify(before.updated), after: '"2026-03-01T10:00"' },
      { field: "callouts", before: "1 callout", after: '1 callout: − example "Old example"; + exclusion "EXAMPLE CONTENT: never the back"' },
    ]);
  });

  it("says a list was reordered when its elements stay the same", () => {
    const before = example();
    before.authors = ["Example Author A", "Example Author B"];
    before.related_guides = [
      { platform_id: "901", quote: "EXAMPLE CONTENT 901" },
      { platform_id: "902", quote: "EXAMPLE CONTENT 902" },
    ];
    const after = structuredClone(before);
    after.related_guides.reverse();
    expect(guideEdits(before, after)).toEqual([{ field: "related_guides", before: "2 related guides", after: "2 related guides: reordered" }]);
  });

  it("names a system's field, a level's images and the gradings reworded, by system id and level key", () => {
    const after = example();
    after.systems[0]!.label = "Blue gems";
    after.systems[0]!.levels[0] = { ...level("t1", "Tier 1"), images: ["t1.png"] };
    after.systems[0]!.gradings[0]!.quote = "EXAMPLE CONTENT 661, corrected";
    expect(guideEdits(example(), after)).toEqual([
      { field: "systems.blue.label", before: '"Example system blue"', after: '"Blue gems"' },
      { field: "systems.blue.levels.t1.images", before: "0 images", after: '1 image: + "t1.png"' },
      { field: "systems.blue.gradings", before: "1 grading", after: "reworded (seeds 661)" },
    ]);
  });

  it("cuts a long text to its start", () => {
    const after = example();
    after.notes = `EXAMPLE CONTENT ${"x".repeat(200)}`;
    const [edit] = guideEdits(example(), after);
    expect(edit!.after.length).toBeLessThanOrEqual(82);
    expect(edit!.after.endsWith('…"')).toBe(true);
  });

  it("shows a text of 80 characters whole and one of 81 cut to 79 and an ellipsis", () => {
    const notes = (length: number) => {
      const after = example();
      after.notes = `EXAMPLE CONTENT ${"x".repeat(length - 16)}`;
      return JSON.parse(guideEdits(example(), after)[0]!.after) as string;
    };
    expect(notes(80)).toBe(`EXAMPLE CONTENT ${"x".repeat(64)}`);
    expect(notes(81)).toBe(`EXAMPLE CONTENT ${"x".repeat(63)}…`);
  });

  it("shows each field of the guide, of a system and of a level by its value before and after, in the document's order", () => {
    const before = example();
    before.notes = "";
    const after = example();
    after.authors = ["Example Author", "Example Author B"];
    after.snapshot = { path: "900-v2.html", retrieved_at: "2024-06-01T08:00:00+00:00", sha256: "1".repeat(64) };
    after.incomplete = { quote: "EXAMPLE CONTENT: the list goes on" };
    after.notes = "EXAMPLE CONTENT: checked again";
    after.discrepancies = [{ kind: "count_mismatch" }, { kind: "duplicate_seed", seed: 661 }];
    const blue = after.systems[0]!;
    blue.item = "karambit-doppler";
    blue.paint_indexes = [415, 418];
    blue.scale = { kind: "tier", best: 1, worst: 3, definition: { quote: "EXAMPLE CONTENT: three tiers" } };
    blue.levels[1]!.gradings = null;
    expect(guideEdits(before, after)).toEqual([
      { field: "authors", before: '"Example Author"', after: '"Example Author", "Example Author B"' },
      { field: "snapshot", before: '"900.html", retrieved 2024-05-02T08:00:00+00:00, sha256 000000000000…', after: '"900-v2.html", retrieved 2024-06-01T08:00:00+00:00, sha256 111111111111…' },
      { field: "incomplete", before: "none", after: '"EXAMPLE CONTENT: the list goes on"' },
      { field: "notes", before: "none", after: '"EXAMPLE CONTENT: checked again"' },
      { field: "discrepancies", before: "0 discrepancies", after: "2 discrepancies: + count_mismatch; + duplicate_seed seed 661" },
      { field: "systems.blue.item", before: '"ak-47-case-hardened"', after: '"karambit-doppler"' },
      { field: "systems.blue.paint_indexes", before: "none", after: "415, 418" },
      { field: "systems.blue.scale", before: "tier, best 1, worst 2", after: 'tier, best 1, worst 3, "EXAMPLE CONTENT: three tiers"' },
      { field: "systems.blue.levels.t2.gradings", before: "graded", after: "shown as images only" },
    ]);
  });

  it("names nothing of a system or a level the other build lacks: those are the changelog's", () => {
    const after = example();
    after.systems[0]!.levels.push({ ...level("t3", "Tier 3"), images: ["t3.png"] });
    after.systems.push(system({ id: "green", label: "Green" }));
    expect(guideEdits(example(), after)).toEqual([]);
  });

  it("counts an element listed twice where it was once as one added", () => {
    const before = example();
    before.systems[0]!.levels[0]!.images = ["t1.png"];
    const after = structuredClone(before);
    after.systems[0]!.levels[0]!.images = ["t1.png", "t1.png"];
    expect(guideEdits(before, after)).toEqual([{ field: "systems.blue.levels.t1.images", before: "1 image", after: '2 images: + "t1.png"' }]);
  });

  it("takes the gradings of one verdict in another order for no rewording", () => {
    const listed = (quotes: string[]) => {
      const g = example();
      g.systems[0]!.gradings = quotes.map((quote) => grading(661, "t1", `EXAMPLE CONTENT 661 ${quote}`));
      return g;
    };
    expect(guideEdits(listed(["b", "c", "a"]), listed(["c", "a", "b"]))).toEqual([]);
    expect(guideEdits(listed(["b", "c", "a"]), listed(["c", "a", "b, corrected"]))).toEqual([{ field: "systems.blue.gradings", before: "1 grading", after: "reworded (seeds 661)" }]);
  });

  it("names the reworded seeds in ascending order, the first ten of them", () => {
    const seeds = (count: number) => Array.from({ length: count }, (_, n) => 100 - n);
    const reworded = (count: number) => {
      const before = example();
      before.systems[0]!.gradings = seeds(count).map((seed) => grading(seed, "t1", `EXAMPLE CONTENT ${seed}`));
      const after = structuredClone(before);
      for (const g of after.systems[0]!.gradings) g.quote += ", corrected";
      return guideEdits(before, after);
    };
    expect(reworded(10)).toEqual([{ field: "systems.blue.gradings", before: "10 gradings", after: "reworded (seeds 91, 92, 93, 94, 95, 96, 97, 98, 99, 100)" }]);
    expect(reworded(11)[0]!.after).toBe("reworded (seeds 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, …)");
  });
});
