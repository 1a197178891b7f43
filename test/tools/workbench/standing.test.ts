// Where a grading stands on the page (tools/workbench/standing.ts): the edits that take the gradings of a
// whole part of the page take those standing there, not those whose quote is also written there.

import { describe, expect, it } from "vitest";
import { takeOverStanding } from "../../../tools/workbench/standing.ts";
import { contextOfPage, examplePage, grading, guideOf, level, readablePage, section, spanIn, system } from "../../support/workbench-pages.ts";

const PAGE = readablePage(examplePage([section("Seeds", "EXAMPLE CONTENT.<br>\n55<br>\n61, 62"), section("Gone", "Traded: 55, 61, 62<br>\n70 and 71")].join("\n")));
const CONTEXT = contextOfPage(PAGE);

describe("the gradings standing in a part of the page", () => {
  it("are those whose quote is a whole line there, or written only there, and not a whole line elsewhere", () => {
    const guide = guideOf([
      system("tiers", "Tiers", [level("t1", "Tier 1"), level("t2", "Tier 2")], [grading(55, "t1", "55"), grading(61, "t1", "61"), grading(62, "t2", "61, 62"), grading(70, "t2", "70 and 71"), grading(71, "t2", "71")]),
    ]);
    const gone = spanIn(PAGE.text, "Traded: 55, 61, 62\n\n70 and 71");
    const { moved, from } = takeOverStanding(guide, gone, CONTEXT);
    // `55` and `61, 62` stand as the lines above; `61` and `71` are no line of their own, so they stand wherever written.
    expect(moved.map((taken) => taken.quote)).toEqual(["61", "70 and 71", "71"]);
    expect([...from]).toEqual(["tiers:t1", "tiers:t2"]);
    expect(guide.systems[0]!.gradings.map((kept) => kept.quote)).toEqual(["55", "61, 62"]);
  });

  it("are never those written in the comment thread only", () => {
    const guide = guideOf([system("tiers", "Tiers", [level("t1", "Tier 1")], [grading(777, "t1", "777, 778")])]);
    expect(takeOverStanding(guide, { start: 0, end: PAGE.text.length }, CONTEXT).moved).toEqual([]);
  });
});
