// What the workbench shows before an edit that changes many places (tools/workbench/preview.ts), on small
// invented pages: a table's columns, levels and skipped rows; the places a reading fits and what each takes.

import { describe, expect, it } from "vitest";
import { previewOf, previewRequestSchema } from "../../../tools/workbench/preview.ts";
import { examplePage, grading, guideOf, level, readablePage, section, spanIn, system } from "../../support/workbench-pages.ts";

const PAGE = readablePage(
  examplePage(
    [
      section("Read me", "EXAMPLE CONTENT. Look your seed up below."),
      section(
        "Every seed",
        `<div class="bb_table"><div class="bb_table_tr"><div class="bb_table_th">Seed</div><div class="bb_table_th">Tier</div></div>
<div class="bb_table_tr"><div class="bb_table_td">12</div><div class="bb_table_td">Tier 2</div></div>
<div class="bb_table_tr"><div class="bb_table_td">40</div><div class="bb_table_td">Not ranked</div></div>
<div class="bb_table_tr"><div class="bb_table_td">55</div><div class="bb_table_td">Tier 1</div></div>
<div class="bb_table_tr"><div class="bb_table_td">61</div><div class="bb_table_td">Tier 2</div></div></div>`,
      ),
      section("Traded away (Tier 1)", "Gone: 55"),
      section("Traded away (Tier 2)", "Gone too: 61"),
    ].join("\n"),
  ),
);

const DRAFT = guideOf([
  system("every_seed", "Every seed", [level("tier_2", "Tier 2"), level("tier_1", "Tier 1")], [grading(12, "tier_2", "12"), grading(55, "tier_1", "55")]),
  system("every_seed_2", "Every seed", [level("tier_2", "Tier 2")], [grading(61, "tier_2", "61")]),
  system("gone", "Gone", [level("in", "Gone")], [grading(55, "in", "Gone: 55")], "group"),
]);

describe("the workbench's previews", () => {
  it("shows a table's columns by its header, the levels its rows make best first, and the rows it skips", () => {
    const preview = previewOf(PAGE, DRAFT, { of: "table", span: spanIn(PAGE.text, "Not ranked"), columns: null });
    expect(preview).toMatchObject({
      of: "table",
      columns: ["Seed", "Tier"],
      chosen: { level: 1, seeds: 0 },
      levels: [
        { label: "Tier 1", seeds: [55] },
        { label: "Tier 2", seeds: [12, 61] },
      ],
      rows: 3,
      skipped: [{ level: "Not ranked", seeds: "40", why: "its level cell says it is not graded (“Not ranked”)" }],
      takenOver: { gradings: 3, levelsLeftEmpty: ["Every seed › Tier 2", "Every seed › Tier 1", "Every seed › Tier 2"] },
    });
  });

  it("reads the table by the columns asked for", () => {
    const preview = previewOf(PAGE, DRAFT, { of: "table", span: spanIn(PAGE.text, "12"), columns: { level: 0, seeds: 1 } });
    expect(preview).toMatchObject({ chosen: { level: 0, seeds: 1 }, levels: [], rows: 0 });
  });

  it("says when the selection is in no table or list", () => {
    expect(previewOf(PAGE, DRAFT, { of: "table", span: spanIn(PAGE.text, "Look your seed"), columns: null })).toEqual({ of: "table", problem: expect.stringMatching(/is in no table or list/) });
  });

  it("lists each heading of a not-graded reading with the gradings its section would lose", () => {
    const preview = previewOf(PAGE, DRAFT, { of: "not-graded", example: spanIn(PAGE.text, "Traded away (Tier 2)") });
    if (!("places" in preview) || preview.of !== "not-graded") throw new Error(JSON.stringify(preview));
    expect(preview.places.map((place) => [place.text, place.gradings])).toEqual([
      ["Traded away (Tier 1)", [{ system: "Gone", level: "Gone", seed: 55 }]],
      ["Traded away (Tier 2)", []],
    ]);
    expect(preview.takenOver).toEqual({ gradings: 1, levelsLeftEmpty: ["Gone › Gone"] });
  });

  it("shows a grading naming a level its system does not have by that level's key", () => {
    const draft = guideOf([system("gone", "Gone", [level("in", "Gone")], [grading(61, "nowhere", "Gone too: 61")], "group")]);
    const preview = previewOf(PAGE, draft, { of: "not-graded", example: spanIn(PAGE.text, "Traded away (Tier 2)") });
    if (!("places" in preview) || preview.of !== "not-graded") throw new Error(JSON.stringify(preview));
    expect(preview.places.map((place) => place.gradings)).toEqual([[], [{ system: "Gone", level: "nowhere", seed: 61 }]]);
    expect(preview.takenOver).toEqual({ gradings: 1, levelsLeftEmpty: ["Gone › nowhere"] });
  });

  it("says on which line the table begins", () => {
    const preview = previewOf(PAGE, DRAFT, { of: "table", span: spanIn(PAGE.text, "Not ranked"), columns: null });
    const firstLine = PAGE.text.slice(0, PAGE.text.indexOf("Seed\n")).split("\n").length;
    expect(preview).toMatchObject({ of: "table", line: firstLine });
  });

  it("reads no rows when the level and the seeds are asked of one column", () => {
    const preview = previewOf(PAGE, DRAFT, { of: "table", span: spanIn(PAGE.text, "Not ranked"), columns: { level: 0, seeds: 0 } });
    expect(preview).toMatchObject({ of: "table", chosen: { level: 0, seeds: 0 }, levels: [], rows: 0, skipped: [] });
  });

  it("chooses no columns for a table none of whose columns holds seeds", () => {
    const words = readablePage(examplePage(section("Words", `EXAMPLE CONTENT.<table><tr><th>Name</th><th>Tier</th></tr><tr><td>Blue top</td><td>Best</td></tr></table>`)));
    expect(previewOf(words, guideOf([]), { of: "table", span: spanIn(words.text, "Blue top"), columns: null })).toMatchObject({ of: "table", columns: ["Name", "Tier"], chosen: null, levels: [], rows: 0, takenOver: { gradings: 0, levelsLeftEmpty: [] } });
  });

  it("names the selection's line when it is in no table or list", () => {
    const line = PAGE.text.slice(0, PAGE.text.indexOf("Look your seed")).split("\n").length;
    expect(previewOf(PAGE, DRAFT, { of: "table", span: spanIn(PAGE.text, "Look your seed"), columns: null })).toEqual({ of: "table", problem: `the selection (line ${line}) is in no table or list: select a part of one` });
  });

  it("lists each place a listing reading fits, with the gradings it would take and the levels it would leave empty", () => {
    const lines = readablePage(examplePage(section("Tiers", ["EXAMPLE CONTENT.", "Tier 1: 661, 151", "Tier 2: 32, 92", "Also: 5"].join("<br>\n"))));
    const draft = guideOf([
      system("tiers", "Tiers", [level("t1", "Tier 1"), level("t2", "Tier 2")], [grading(661, "t1", "Tier 1: 661, 151"), grading(151, "t1", "Tier 1: 661, 151"), grading(32, "t2", "Tier 2: 32, 92"), grading(5, "t2", "Also: 5")]),
      system("loose", "Loose", [level("in", "Loose")], [grading(92, "gone", "92")], "group"),
    ]);
    const preview = previewOf(lines, draft, { of: "listing", example: spanIn(lines.text, "Tier 2: 32") });
    if (!("places" in preview) || preview.of !== "listing") throw new Error(JSON.stringify(preview));
    expect(preview.places.map((place) => [place.text, place.seeds])).toEqual([
      ["Tier 1: 661, 151", [661, 151]],
      ["Tier 2: 32, 92", [32, 92]],
    ]);
    expect(preview.takenOver).toEqual({ gradings: 4, levelsLeftEmpty: ["Tiers › Tier 1", "Loose › gone"] });
  });

  it("says why a reading fits nowhere", () => {
    expect(previewOf(PAGE, DRAFT, { of: "listing", example: { start: PAGE.text.length, end: PAGE.text.length } })).toEqual({ of: "listing", problem: "the selection holds no line of the guide's text" });
    expect(previewOf(PAGE, DRAFT, { of: "not-graded", example: { start: PAGE.text.length, end: PAGE.text.length } })).toEqual({ of: "not-graded", problem: expect.any(String) });
  });

  it("says when the guide cannot be edited", () => {
    expect(previewOf(PAGE, { systems: {} }, { of: "listing", example: spanIn(PAGE.text, "Gone: 55") })).toEqual({ of: "listing", problem: "the guide cannot be edited here: $.systems is not a list" });
  });

  it("takes a request of the edits made so far and one preview, and nothing else", () => {
    const request = { base: "a".repeat(64), edits: [], preview: { of: "listing", example: { start: 1, end: 4 } } };
    expect(previewRequestSchema.safeParse(request).success).toBe(true);
    expect(previewRequestSchema.safeParse({ ...request, extra: 1 }).success).toBe(false);
    expect(previewRequestSchema.safeParse({ ...request, preview: { of: "listing" } }).success).toBe(false);
  });
});
