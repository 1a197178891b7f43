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

describe("where a grading stands, on a literal text", () => {
  /** The quotes of the gradings taken from the part of `text` from `from` to `to` (both written there), in document order. */
  function takenIn(text: string, regions: { region: string; start: number; end: number }[], quotes: readonly string[], from: string, to = from): string[] {
    const guide = guideOf([system("tiers", "Tiers", [level("t1", "Tier 1")], quotes.map((quote, index) => grading(index + 1, "t1", quote)))]);
    const span = { start: text.indexOf(from), end: text.indexOf(to) + to.length };
    return takeOverStanding(guide, span, { text, regions }).moved.map((taken) => taken.quote);
  }

  it("is a line written alone, spaces around it aside, rather than a line where the quote is written with more", () => {
    const text = "Example tiers, EXAMPLE CONTENT\n  61 \nGone: 61\n61 later\n";
    expect(takenIn(text, [], ["61"], "  61 ")).toEqual(["61"]);
    expect(takenIn(text, [], ["61"], "Gone: 61")).toEqual([]);
    expect(takenIn(text, [], ["61"], "61 later")).toEqual([]);
    const short = "Example tiers, EXAMPLE CONTENT\n5\nGone: 5\n";
    expect(takenIn(short, [], ["5"], "Gone: 5")).toEqual([]);
  });

  it("is where the quote is written with more, when it is a line alone nowhere else", () => {
    const text = "Example tiers, EXAMPLE CONTENT\nGone: 61\n61 later\n";
    expect(takenIn(text, [], ["61"], "61 later")).toEqual(["61"]);
    expect(takenIn(text, [], ["61"], "Gone: 61")).toEqual(["61"]);
  });

  it("is on the last line of a text without a closing newline as on any other", () => {
    const text = "Example tiers, EXAMPLE CONTENT\n70\n70 x";
    expect(takenIn(text, [], ["70"], "70 x")).toEqual([]);
    expect(takenIn("70 x\nExample tiers, EXAMPLE CONTENT\n70", [], ["70"], "70 x")).toEqual([]);
  });

  it("is where the guide writes the quote when it stands alone only in the comment thread", () => {
    const text = "Example tiers, EXAMPLE CONTENT\nSeeds: 77\nComments:\n77\n";
    const thread = { region: "comment thread", start: text.indexOf("Comments"), end: text.length };
    expect(takenIn(text, [thread], ["77"], "Seeds: 77")).toEqual(["77"]);
    expect(takenIn(text, [thread], ["77"], "Comments:\n77")).toEqual([]);
  });

  it("is the guide's text right up to where a part that is not the guide's begins, and from where one ends", () => {
    const text = "Sidebar\nTier 1: 77\nComments: 78\n";
    const sidebar = { region: "sidebar", start: 0, end: text.indexOf("Tier 1") };
    const thread = { region: "comment thread", start: text.indexOf("\nComments"), end: text.length };
    expect(takenIn(text, [sidebar, thread], ["Tier 1: 77"], "Tier 1: 77")).toEqual(["Tier 1: 77"]);
    const reaching = { region: "comment thread", start: text.indexOf("77"), end: text.length };
    expect(takenIn(text, [reaching], ["Tier 1: 77"], "Tier 1: 77")).toEqual([]);
  });

  it("is a part of the page holding the quote as a line of its own, even where it also writes it with more", () => {
    const text = "Example tiers, EXAMPLE CONTENT\n61\nGone: 61\n";
    expect(takenIn(text, [], ["61"], "61", "Gone: 61")).toEqual(["61"]);
  });

  it("is nowhere for an empty quote", () => {
    expect(takenIn("Example tiers, EXAMPLE CONTENT\n61\n", [], ["", "61"], "Example", "61")).toEqual(["61"]);
  });

  it("is decided once per quote, every grading of that quote taken alike", () => {
    const text = "Example tiers, EXAMPLE CONTENT\nTier 1: 61, 62\n";
    expect(takenIn(text, [], ["Tier 1: 61, 62", "Tier 1: 61, 62", "Example tiers"], "Tier 1", "62")).toEqual(["Tier 1: 61, 62", "Tier 1: 61, 62"]);
  });
});
