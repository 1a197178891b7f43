// A reading shown once and applied everywhere it fits (tools/workbench/reading.ts), on small invented pages:
// the places the page offers for an example, and what the one edit applying them does.

import { describe, expect, it } from "vitest";
import { applyEdit } from "../../../tools/workbench/apply.ts";
import type { GuideDocument } from "../../../tools/workbench/document.ts";
import type { Edit } from "../../../tools/workbench/edit.ts";
import { listingPlaces, notGradedPlaces, pageLines, type ListingPlace, type SectionPlace } from "../../../tools/workbench/reading.ts";
import { contextOfPage, examplePage, EXAMPLE_ITEM, grading, guideOf, legendOf, level, readablePage, section, spanIn, system } from "../../support/workbench-pages.ts";

function applied(document: unknown, edit: Edit, context: ReturnType<typeof contextOfPage>): GuideDocument {
  const result = applyEdit(document, edit, context);
  if (!result.ok) throw new Error(result.message);
  return result.guide;
}

function placesOf<T>(found: { places: T[] } | { problem: string }): T[] {
  if ("problem" in found) throw new Error(found.problem);
  return found.places;
}

const NEW_SYSTEM = { new: { label: "Backside", kind: "tier" as const, item: EXAMPLE_ITEM.slug } };

describe("a level's line applied everywhere it fits", () => {
  const page = readablePage(
    examplePage(
      section(
        "Backside",
        [
          "EXAMPLE CONTENT. My tiers, best first.",
          "Tier 3 ~ 802 / 811 / 856",
          "Tier 2 is where most of my trades ended: 701 of them in a year.",
          "Tier 2 ~ 703 / 745",
          "Tier 1 ~ 612 / 634 / 688",
          "Tier 4: 901, 902",
          "Honourable mentions ~ 950",
          "In 2023 I sold 3 ~ 41 / 42",
        ].join("<br>\n"),
      ),
    ),
  );
  const context = contextOfPage(page);

  it("finds each `Tier N ~ …` line of the example's shape and no prose line, nor one written with another separator", () => {
    const places = placesOf(listingPlaces(page, spanIn(page.text, "Tier 2 ~ 703")));
    expect(places.map((place: ListingPlace) => [place.text, place.label, place.seeds])).toEqual([
      ["Tier 3 ~ 802 / 811 / 856", "Tier 3", [802, 811, 856]],
      ["Tier 2 ~ 703 / 745", "Tier 2", [703, 745]],
      ["Tier 1 ~ 612 / 634 / 688", "Tier 1", [612, 634, 688]],
    ]);
    for (const place of places) expect(page.text.slice(place.spans.label.start, place.spans.label.end)).toBe(place.label);
  });

  it("finds each `Tier N: …` line for a reading of `Tier 2: …`, and no prose line written with a colon", () => {
    const colons = readablePage(
      examplePage(
        section(
          "Tiers",
          ["EXAMPLE CONTENT.", "Tier 1: 661, 151", "Tier 2: 32, 92", "Tier 3 is rarer than it looks: 12 of them.", "Tier 2: my favourite, see 32 below", "Tier 3: 5", "Updated: 14 May"].join("<br>\n"),
        ),
      ),
    );
    const places = placesOf(listingPlaces(colons, spanIn(colons.text, "Tier 2: 32, 92")));
    expect(places.map((place) => [place.text, place.label, place.seeds])).toEqual([
      ["Tier 1: 661, 151", "Tier 1", [661, 151]],
      ["Tier 2: 32, 92", "Tier 2", [32, 92]],
      ["Tier 3: 5", "Tier 3", [5]],
    ]);
  });

  it("makes each place a listing of the level its own label names, levels best first, in one edit", () => {
    const places = placesOf(listingPlaces(page, spanIn(page.text, "Tier 2 ~ 703")));
    const draft = guideOf([system("backside", "Backside", [level("in", "Tier 2 ~ 703 / 745")], [grading(703, "in", "Tier 2 ~ 703 / 745"), grading(745, "in", "Tier 2 ~ 703 / 745")], "group")]);
    const guide = applied(draft, { kind: "apply-reading", reading: { as: "listing", system: NEW_SYSTEM, places: places.map((place) => place.spans) } }, context);
    // The draft's group of one line is taken over, and goes with its emptied level.
    expect(legendOf(guide)).toEqual(["backside_2: Tier 1 [612, 634, 688] Tier 2 [703, 745] Tier 3 [802, 811, 856]"]);
    expect(guide.systems[0]!.gradings.find((graded) => graded.seed === 745)?.quote).toBe("Tier 2 ~ 703 / 745");
    expect(guide.systems[0]!.scale).toMatchObject({ best: 1, worst: 3 });
  });

  it("reads a bold heading over a list the same way: each heading of its shape, with the list lines under it", () => {
    const headed = readablePage(
      examplePage(section("Tiers", "<b>Tier 2</b><br>\n31, 32<br>\n33<br>\n<b>Tier 1</b><br>\n11, 12<br>\nThose are all I know of, 4 years on.<br>\n<b>Honourable mentions</b><br>\n90<br>\n<i>Tier 3</i><br>\n41")),
    );
    const places = placesOf(listingPlaces(headed, spanIn(headed.text, "Tier 1")));
    expect(places.map((place) => [place.text, place.seeds, headed.text.slice(place.spans.listing.start, place.spans.listing.end)])).toEqual([
      ["Tier 2", [31, 32, 33], "31, 32\n\n33"],
      ["Tier 1", [11, 12], "11, 12"],
    ]);
    const guide = applied(guideOf([]), { kind: "apply-reading", reading: { as: "listing", system: NEW_SYSTEM, places: places.map((place) => place.spans) } }, contextOfPage(headed));
    expect(legendOf(guide)).toEqual(["backside: Tier 1 [11, 12] Tier 2 [31, 32, 33]"]);
    expect(guide.systems[0]!.gradings.map((graded) => graded.quote)).toEqual(["31, 32", "31, 32", "33", "11, 12", "11, 12"]);
  });

  it("says so when the example is a list without a label", () => {
    const headed = readablePage(examplePage(section("Tiers", "<b>Tier 2</b><br>\n31, 32")));
    expect(listingPlaces(headed, spanIn(headed.text, "31, 32"))).toEqual({ problem: expect.stringMatching(/^line \d+ is a list without a label: select the line of its label/) });
  });
});

describe("a section that is not graded, applied everywhere it fits", () => {
  const page = readablePage(
    examplePage(
      [
        section("Tier 1", "EXAMPLE CONTENT.<br>\n661, 151\n<h3>Not quite</h3>\n321, 322"),
        section("Tier 2", "32, 92\n<h3>Not quite</h3>\n401<br>\nclose to the tier above"),
        section("Traded away (Tier 1)", "Gone from my inventory: 661"),
        section("Traded away (Tier 2)", "Also gone: 92"),
        section("Tier 3", "5, 6"),
      ].join("\n"),
    ),
  );
  const context = contextOfPage(page);
  const draft = (): GuideDocument =>
    guideOf([
      system("tiers", "Tiers", [level("tier_1", "Tier 1"), level("tier_2", "Tier 2"), level("tier_3", "Tier 3")], [
        grading(661, "tier_1", "661, 151"),
        grading(151, "tier_1", "661, 151"),
        grading(321, "tier_1", "321, 322"),
        grading(322, "tier_1", "321, 322"),
        grading(32, "tier_2", "32, 92"),
        grading(92, "tier_2", "32, 92"),
        grading(401, "tier_2", "401"),
        grading(5, "tier_3", "5, 6"),
        grading(6, "tier_3", "5, 6"),
      ]),
      system("traded", "Gone from my inventory", [level("in", "Gone from my inventory")], [grading(661, "in", "Gone from my inventory: 661")], "group"),
      system("also_gone", "Also gone", [level("in", "Also gone")], [grading(92, "in", "Also gone: 92")], "group"),
    ]);

  it("finds each heading of the example's shape with its section, and removes its siblings' gradings", () => {
    const places = placesOf(notGradedPlaces(page, spanIn(page.text, "Not quite")));
    expect(places.map((place: SectionPlace) => [place.text, page.text.slice(place.spans.section.start, place.spans.section.end).split("\n").filter((line) => line.trim() !== "")])).toEqual([
      ["Not quite", ["Not quite", "321, 322"]],
      ["Not quite", ["Not quite", "401", "close to the tier above"]],
    ]);
    const guide = applied(draft(), { kind: "apply-reading", reading: { as: "not-graded", places: places.map((place) => place.spans) } }, context);
    expect(legendOf(guide)).toEqual(["tiers: Tier 1 [661, 151] Tier 2 [32, 92] Tier 3 [5, 6]", "traded: Gone from my inventory [661]", "also_gone: Also gone [92]"]);
  });

  it("finds headings of the same elements and the same words with another number, and drops the systems they leave empty", () => {
    const places = placesOf(notGradedPlaces(page, spanIn(page.text, "Traded away (Tier 1)")));
    expect(places.map((place) => place.text)).toEqual(["Traded away (Tier 1)", "Traded away (Tier 2)"]);
    const guide = applied(draft(), { kind: "apply-reading", reading: { as: "not-graded", places: places.map((place) => place.spans) } }, context);
    expect(legendOf(guide)).toEqual(["tiers: Tier 1 [661, 151, 321, 322] Tier 2 [32, 92, 401] Tier 3 [5, 6]"]);
    expect(guide.discrepancies).toEqual([]);
  });

  it("refuses to apply it where no grading quotes the sections' text", () => {
    const places = placesOf(notGradedPlaces(page, spanIn(page.text, "Traded away (Tier 1)")));
    const result = applyEdit(guideOf([]), { kind: "apply-reading", reading: { as: "not-graded", places: places.map((place) => place.spans) } }, context);
    expect(result).toEqual({ ok: false, message: "no grading quotes text in those 2 sections: there is nothing to remove" });
  });
});

describe("the lines of a page and their shapes", () => {
  it("names the elements holding exactly a line, outermost first, their classes sorted, and none for a line no element holds whole", () => {
    const page = readablePage(examplePage(section("Blues", `EXAMPLE CONTENT<ul class="bb_ul"><li><b>Blue tip: 12, 13</b></li><li>Gold: 14</li></ul><div class="x b a">Green: 17</div>Red: 18`)));
    const shapes = pageLines(page).map((line) => [line.text, line.shape]).slice(2);
    expect(shapes).toEqual([
      ["Blues", "div.subSectionTitle"],
      ["EXAMPLE CONTENT", ""],
      ["Blue tip: 12, 13", "li>b"],
      ["Gold: 14", "li"],
      ["Green: 17", "div.a.b.x"],
      ["Red: 18", ""],
    ]);
  });
});

describe("places of a label without a level's key", () => {
  it("finds the lines held by the same elements, with the same separator, that name a level", () => {
    const page = readablePage(
      examplePage(section("Blues", `EXAMPLE CONTENT<ul class="bb_ul"><li><b>Blue tip: 12, 13</b></li><li>Gold: 14</li><li>Purple - 15</li><li>Sold: 16</li><li>Changelog: 2</li><li>Green: 19</li></ul><div>Teal: 17</div><ul><li>Red: 18</li></ul>`)),
    );
    expect(placesOf(listingPlaces(page, spanIn(page.text, "Gold"))).map((place) => [place.text, place.label, place.seeds])).toEqual([
      ["Gold: 14", "Gold", [14]],
      ["Green: 19", "Green", [19]],
    ]);
  });

  it("finds bold headings over a list, each with the list under it up to a line that is no list, and no heading held otherwise", () => {
    const page = readablePage(examplePage(section("Tiers", "EXAMPLE CONTENT<br>\n<b>Blue</b><br>\n11, 12<br>\nTier 9: 13<br>\n<b>Gold</b><br>\n21<br>\n<i>Purple</i><br>\n31<br>\n<b>Green</b><br>\nnothing here<br>\n<b>Red</b>")));
    const expected = [
      ["Blue", [11, 12], "11, 12"],
      ["Gold", [21], "21"],
    ];
    for (const example of ["Blue", "Green"]) {
      expect(placesOf(listingPlaces(page, spanIn(page.text, example))).map((place) => [place.text, place.seeds, page.text.slice(place.spans.listing.start, place.spans.listing.end)])).toEqual(expected);
    }
    const plain = readablePage(examplePage(section("Tiers", "EXAMPLE CONTENT<br>\nBlue<br>\n11, 12<br>\nGold<br>\n21")));
    expect(placesOf(listingPlaces(plain, spanIn(plain.text, "Blue"))).map((place) => place.text)).toEqual(["Blue"]);
  });

  it("says so when the selection holds no line of the guide's text, or no list follows the line", () => {
    const page = readablePage(examplePage(section("Tiers", "EXAMPLE CONTENT<br>\n<b>Blue</b><br>\nnothing here")));
    const thread = spanIn(page.text, "Tier 1: 777");
    expect(listingPlaces(page, thread)).toEqual({ problem: "the selection holds no line of the guide's text" });
    expect(notGradedPlaces(page, thread)).toEqual({ problem: "the selection holds no line of the guide's text" });
    expect(listingPlaces(page, spanIn(page.text, "Blue"))).toEqual({
      problem: expect.stringMatching(/^no list follows line \d+: select a line holding a level's label and its seeds, or a heading with a list under it$/),
    });
  });
});

describe("the sections a not-graded heading reads", () => {
  const page = readablePage(examplePage(section("S", "EXAMPLE CONTENT<h2>Sold</h2>11, 12<h3>Part</h3>13<h2>Not ranked</h2>14<h2>Sold</h2>15<h3>Not ranked</h3>16<h2>Rest</h2>17")));
  const sections = (example: string) => placesOf(notGradedPlaces(page, spanIn(page.text, example))).map((place) => [place.text, place.lines.to - place.lines.from, page.text.slice(place.spans.section.start, place.spans.section.end).split("\n").filter((line) => line.trim() !== "")]);

  it("runs each section past lower headings to the next heading of its rank or higher", () => {
    expect(sections("Sold")).toEqual([
      ["Sold", 3, ["Sold", "11, 12", "Part", "13"]],
      ["Sold", 3, ["Sold", "15", "Not ranked", "16"]],
    ]);
  });

  it("finds the headings saying the same not-graded phrase whatever elements hold them", () => {
    expect(sections("Not ranked")).toEqual([
      ["Not ranked", 1, ["Not ranked", "14"]],
      ["Not ranked", 1, ["Not ranked", "16"]],
    ]);
  });
});

describe("a reading applied to a system the guide has", () => {
  const page = readablePage(examplePage(section("Tiers", "EXAMPLE CONTENT<br>\nTier 3 ~ 802<br>\nTier 1 ~ 612<br>\n: ~ 5<br>\nTier 2 ~ 703, 704")));
  const context = contextOfPage(page);
  const draft = () => guideOf([system("tiers", "Tiers", [level("t2", "tier 2"), level("t0", "Tier 0")], [grading(1, "t0", "EXAMPLE CONTENT")])]);

  it("lists each place in the level of its label, the new levels after the others in their labels' order", () => {
    const places = placesOf(listingPlaces(page, spanIn(page.text, "Tier 3")));
    const guide = applied(draft(), { kind: "apply-reading", reading: { as: "listing", system: { id: "tiers" }, places: places.map((place) => place.spans) } }, context);
    expect(legendOf(guide)).toEqual(["tiers: tier 2 [703, 704] Tier 0 [1] Tier 1 [612] Tier 3 [802]"]);
    expect(guide.systems[0]!.levels.map((shown) => shown.key)).toEqual(["t2", "t0", "tier_1", "tier_3"]);
  });

  it("refuses a place whose label holds no words", () => {
    const result = applyEdit(draft(), { kind: "apply-reading", reading: { as: "listing", system: { id: "tiers" }, places: [{ label: spanIn(page.text, ":"), listing: spanIn(page.text, ": ~ 5") }] } }, context);
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/^the label on line \d+ holds no words$/) });
  });

  it("refuses to remove one section where no grading quotes its text", () => {
    const result = applyEdit(draft(), { kind: "apply-reading", reading: { as: "not-graded", places: [{ heading: spanIn(page.text, "Tier 3 ~ 802"), section: spanIn(page.text, "Tier 3 ~ 802") }] } }, context);
    expect(result).toEqual({ ok: false, message: "no grading quotes text in that section: there is nothing to remove" });
  });
});

describe("the places a reading finds, at their edges", () => {
  const places = <T extends { text: string }>(found: { places: T[] } | { problem: string }) => placesOf(found).map((place) => place.text);

  it("gives a line the elements holding it whole, whatever spaces they hold around it, and none to an element of spaces", () => {
    const page = readablePage(examplePage(section("S", `EXAMPLE CONTENT<ul><li>Blue: 11</li><li>\nTeal: 15</li></ul><p>A<b> </b></p><div class=" b  a ">Red: 9</div>`)));
    expect(pageLines(page).slice(4).map((line) => [line.text, line.shape])).toEqual([
      ["Blue: 11", "li"],
      ["Teal: 15", "li"],
      ["A", "p"],
      ["Red: 9", "div.a.b"],
    ]);
  });

  it("leaves out the labels of a callout or of a section no guide grades", () => {
    const page = readablePage(examplePage(section("S", "EXAMPLE CONTENT<ul><li>Blue: 11</li><li>Notable: 12</li><li>Credits: 13</li><li>Gold: 14</li></ul>")));
    expect(places(listingPlaces(page, spanIn(page.text, "Blue")))).toEqual(["Blue: 11", "Gold: 14"]);
  });

  it("keeps the line selected as a place even when its label names no level", () => {
    const page = readablePage(examplePage(section("S", "EXAMPLE CONTENT<ul class=\"bb_ul\"><li>Blue: 11</li><li>Notable: 12</li><li>Gold: 14</li></ul>")));
    expect(places(listingPlaces(page, spanIn(page.text, "Notable")))).toEqual(["Blue: 11", "Notable: 12", "Gold: 14"]);
  });

  it("takes no line of a heading's shape for a heading when it holds a label and its seeds", () => {
    const page = readablePage(examplePage(section("S", "EXAMPLE CONTENT<br>\n<b>Blue</b><br>\n11<br>\n<b>Gold: 41</b><br>\n42")));
    expect(places(listingPlaces(page, spanIn(page.text, "Blue")))).toEqual(["Blue"]);
  });

  it("takes a line of the heading's words held by other elements, and no heading, into the section", () => {
    const page = readablePage(examplePage(section("S", "EXAMPLE CONTENT<h2>Sold</h2>\n11<ul><li>Sold</li></ul>12<h2>Rest</h2>\n13")));
    expect(placesOf(notGradedPlaces(page, spanIn(page.text, "Sold"))).map((place) => page.text.slice(place.spans.section.start, place.spans.section.end).split("\n").filter((line) => line.trim() !== ""))).toEqual([["Sold", "11", "Sold", "12"]]);
  });

  it("finds keyed lines whatever spaces stand around their separator, each label after its bullet", () => {
    const page = readablePage(examplePage(section("S", "EXAMPLE CONTENT<br>\n• Tier 1 ~ 612<br>\n• Tier 2~ 703<br>\nBlue: 11<br>\nGold: 12")));
    const found = placesOf(listingPlaces(page, spanIn(page.text, "Tier 1")));
    expect(found.map((place) => [place.text, page.text.slice(place.spans.label.start, place.spans.label.end)])).toEqual([
      ["• Tier 1 ~ 612", "Tier 1"],
      ["• Tier 2~ 703", "Tier 2"],
    ]);
    // Lines of no element and no key are not of one shape.
    expect(places(listingPlaces(page, spanIn(page.text, "Blue")))).toEqual(["Blue: 11"]);
  });

  it("reads a selection from the first line it holds a character of, and none of a line break alone", () => {
    const page = readablePage(examplePage(section("S", "EXAMPLE CONTENT<br>\n• Tier 1 ~ 612<br>\n• Tier 2~ 703")));
    const end = spanIn(page.text, "Tier 1 ~ 612").end;
    const next = page.text.indexOf("•", end);
    expect(listingPlaces(page, { start: end, end: next })).toEqual({ problem: "the selection holds no line of the guide's text" });
    expect(notGradedPlaces(page, { start: end, end: next })).toEqual({ problem: "the selection holds no line of the guide's text" });
    expect(places(listingPlaces(page, { start: end, end: next + 3 }))).toEqual(["• Tier 1 ~ 612", "• Tier 2~ 703"]);
  });

  it("ends a heading's list at a heading of another shape, takes ranked lines, and finds only keyed headings of the example's words", () => {
    const page = readablePage(examplePage(section("S", "EXAMPLE CONTENT<br>\n<b>Tier 1</b><br>\n11<br>\n<h3>Other</h3>12<br>\n<b>Tier 2</b><br>\n1. 21<br>\n2. 22<br>\n<b>Gold</b><br>\n31<br>\n<b>Runners up</b><br>\n41")));
    const found = placesOf(listingPlaces(page, spanIn(page.text, "Tier 1")));
    expect(found.map((place) => [place.text, page.text.slice(place.spans.listing.start, place.spans.listing.end).split("\n").filter((line) => line !== "")])).toEqual([
      ["Tier 1", ["11"]],
      ["Tier 2", ["1. 21", "2. 22"]],
    ]);
    // The heading selected is a place even when its words name no level elsewhere.
    expect(places(listingPlaces(page, spanIn(page.text, "Runners up")))).toEqual(["Tier 1", "Tier 2", "Gold", "Runners up"]);
  });

  it("ends a list and a section where a comment thread stands between the guide's lines", () => {
    const thread = `<div class="commentthread_area"><div class="commentthread_comment_text">A comment</div></div>`;
    const page = readablePage(`<html><body><div class="guide">EXAMPLE CONTENT, Example Author X<br>\n<b>Blue</b><br>\n11<br>\n${thread}12<br>\n<h2>Sold</h2>\n21\n${thread}22\n</div></body></html>`);
    expect(placesOf(listingPlaces(page, spanIn(page.text, "Blue"))).map((place) => place.seeds)).toEqual([[11]]);
    const [sold] = placesOf(notGradedPlaces(page, spanIn(page.text, "Sold")));
    expect(page.text.slice(sold!.spans.section.start, sold!.spans.section.end).split("\n").filter((line) => line.trim() !== "")).toEqual(["Sold", "21"]);
  });

  it("reads a not-graded line held by no element as its own section, running over the lines like it", () => {
    const page = readablePage(examplePage(section("S", "EXAMPLE CONTENT<br>\nSold<br>\n11<br>\nSold<br>\n12")));
    expect(placesOf(notGradedPlaces(page, spanIn(page.text, "Sold"))).map((place) => [place.text, place.lines.to - place.lines.from])).toEqual([["Sold", 6]]);
  });
});

describe("a reading applied, at its edges", () => {
  const page = readablePage(examplePage(section("Tiers", "EXAMPLE CONTENT<br>\nTier 1 ~ 612<br>\nTier 2 ~ 703<h2>Sold</h2>\n612<br>\n703")));
  const context = contextOfPage(page);
  const listing = (system: { id: string }) => ({ kind: "apply-reading" as const, reading: { as: "listing" as const, system, places: placesOf(listingPlaces(page, spanIn(page.text, "Tier 1"))).map((place) => place.spans) } });

  it("lists the places in the system named, not the guide's first", () => {
    const draft = guideOf([system("first", "First", [level("a", "A")], [grading(612, "a", "Sold\n612")]), system("second", "Second", [level("tier_2", "Tier 2")], [])]);
    expect(legendOf(applied(draft, listing({ id: "second" }), context))).toEqual(["first: A [612]", "second: Tier 2 [703] Tier 1 [612]"]);
  });

  it("removes the sections' gradings, keeps the bounds of systems untouched, and names no more the systems it empties", () => {
    const draft = guideOf([
      system("tiers", "Tiers", [level("t1", "Tier 1"), level("t2", "Tier 2")], [grading(612, "t1", "Tier 1 ~ 612"), grading(703, "t2", "Tier 2 ~ 703")]),
      system("sold", "Sold", [level("s1", "Sold 1"), level("s2", "Sold 2"), level("s3", "Sold 3")], [grading(612, "s1", "612"), grading(703, "s3", "703"), grading(5, "s2", "EXAMPLE CONTENT")]),
      system("gone", "Gone", [level("in", "Gone")], [grading(703, "in", "703")]),
      system("empty", "Empty", [], []),
    ]);
    draft.systems[0]!.scale = { kind: "tier", best: 9, worst: 9 };
    draft.callouts.push({ kind: "mention", label: "", quote: "Sold", system: "gone" } as never);
    const heading = spanIn(page.text, "Sold");
    const guide = applied(draft, { kind: "apply-reading", reading: { as: "not-graded", places: [{ heading, section: { start: heading.start, end: page.text.indexOf("703", heading.end) + 3 } }] } }, context);
    expect(legendOf(guide)).toEqual(["tiers: Tier 1 [612] Tier 2 [703]", "sold: Sold 2 [5]", "empty: "]);
    expect(guide.systems[0]!.scale).toEqual({ kind: "tier", best: 9, worst: 9 });
    expect(guide.systems[1]!.scale).toMatchObject({ best: 2, worst: 2 });
    expect(guide.callouts.map((entry) => entry.system)).toEqual([null]);
  });

  it("refuses a section whose heading is not the guide's text", () => {
    const thread = spanIn(page.text, "Tier 1: 777");
    const section = spanIn(page.text, "612", spanIn(page.text, "Sold").end);
    const result = applyEdit(guideOf([system("sold", "Sold", [level("in", "Sold")], [grading(612, "in", "612")])]), { kind: "apply-reading", reading: { as: "not-graded", places: [{ heading: thread, section }] } }, context);
    expect(result).toEqual({ ok: false, message: "the span reaches into the page's comment thread, which is not the guide's text" });
  });
});

describe("where a line's label ends and its seeds begin", () => {
  const labels = (html: string, example: string) => {
    const page = readablePage(examplePage(section("S", `EXAMPLE CONTENT<br>\n${html}`)));
    return placesOf(listingPlaces(page, spanIn(page.text, example))).map((place) => [place.label, place.seeds]);
  };

  it("keeps in the label a number that opens a label of its own, and takes no prose line with numbers for a place", () => {
    expect(labels("Blue 2 sides: 41, 42<br>\nI kept 3 and then sold 41 / 42", "Blue 2")).toEqual([["Blue 2 sides", [41, 42]]]);
  });

  it("keeps a level's number in its label when a level's word ends the 12 characters before it, as check reads the quote", () => {
    expect(labels("Unterkategorie - 2 / 41 / 42", "Unterkategorie")).toEqual([["Unterkategorie - 2", [41, 42]]]);
  });

  it("reads a list item's label with a comment after its seeds", () => {
    expect(labels("<ul><li>Blue: 11 my best</li><li>Gold: 12 mine too</li></ul>", "Blue")).toEqual([
      ["Blue", [11]],
      ["Gold", [12]],
    ]);
  });
});

describe("the list under a heading, at its edges", () => {
  it("says a list item with a comment after its seeds is a list without a label", () => {
    const page = readablePage(examplePage(section("S", "EXAMPLE CONTENT<ul><li>11, 12 my favourites</li><li>13</li></ul>")));
    expect(listingPlaces(page, spanIn(page.text, "11, 12"))).toEqual({ problem: expect.stringMatching(/^line \d+ is a list without a label/) });
  });

  it("takes into a heading's list the list items with a comment after their seeds", () => {
    const page = readablePage(examplePage(section("S", "EXAMPLE CONTENT<br>\n<b>Blue</b><ul><li>11 my best</li><li>12</li></ul>")));
    expect(placesOf(listingPlaces(page, spanIn(page.text, "Blue"))).map((place) => [place.text, place.seeds])).toEqual([["Blue", [11, 12]]]);
  });

  it("runs a section on over a line that holds a bit of a non-guide region at its start or its end", () => {
    for (const lines of ["21 <span class=\"comment-count\">(4)</span>\n22", "21\n<span class=\"comment-count\">(4)</span> 22"]) {
      const page = readablePage(examplePage(section("S", `EXAMPLE CONTENT<h2>Sold</h2>\n${lines}\n<h2>Rest</h2>\n23`)));
      const [sold] = placesOf(notGradedPlaces(page, spanIn(page.text, "Sold")));
      expect(page.text.slice(sold!.spans.section.start, sold!.spans.section.end).split("\n").filter((line) => line.trim() !== "")).toEqual(["Sold", ...lines.replace(/<[^>]*>/gu, "").split("\n")]);
    }
  });
});
