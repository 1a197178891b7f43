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
});
