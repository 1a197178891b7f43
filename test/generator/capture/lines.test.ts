import { describe, expect, it } from "vitest";
import { prepareCapture, type ReadableCapture } from "../../../generator/capture/capture.ts";
import { bodyLines, type BodyLine } from "../../../generator/capture/lines.ts";
import { PLAIN_HEADING_RANK } from "../../../generator/capture/shapes.ts";

// EXAMPLE CONTENT: invented fragments of guide pages, read line by line as the drafter reads them.

function readable(html: string, name = "test/page.html"): ReadableCapture {
  const { readable } = prepareCapture(name, new TextEncoder().encode(html));
  if ("problem" in readable) throw new Error(readable.problem);
  return readable;
}

const linesOf = (html: string) => bodyLines(readable(html), []);

/** A line as the drafter sees it when nothing marks it. */
const plain = (number: number, text: string, start: number): BodyLine => ({
  number,
  start,
  end: start + text.length,
  text,
  heading: false,
  rank: PLAIN_HEADING_RANK,
  cell: false,
  row: null,
  headerCell: false,
  column: null,
  caption: false,
  ordinal: null,
});

describe("the lines of a page's guide text", () => {
  it("numbers every line of the readable text, trims each and leaves out the blank ones", () => {
    const text = "EXAMPLE CONTENT\n\n  Tier 1: 661  \n\t\nTier 2: 32";
    expect(bodyLines(readable(text, "test/page.txt"), [])).toEqual([plain(1, "EXAMPLE CONTENT", 0), plain(3, "Tier 1: 661", 19), plain(5, "Tier 2: 32", text.indexOf("Tier 2"))]);
  });

  it("reads a text ending in a newline without an extra line, and an empty text as none", () => {
    expect(bodyLines(readable("Tier 1: 661\n", "test/page.txt"), [])).toEqual([plain(1, "Tier 1: 661", 0)]);
    expect(bodyLines(readable("", "test/page.txt"), [])).toEqual([]);
  });

  it("leaves out the lines of a comment thread and of the elements it is told to skip, keeping a line only partly inside one", () => {
    const capture = readable('<h1 class="title">EXAMPLE CONTENT</h1><p>Tier 1: 661</p><div class="commentthread_area">955 is better</div><p>Tier 2: 32</p>');
    const title = capture.elements.find((element) => element.tag === "h1")!;
    expect(bodyLines(capture, [title]).map((line) => line.text)).toEqual(["Tier 1: 661", "Tier 2: 32"]);
    const partly = { ...title, end: title.end - 1 };
    expect(bodyLines(capture, [partly]).map((line) => line.text)).toEqual(["EXAMPLE CONTENT", "Tier 1: 661", "Tier 2: 32"]);
    const tier1 = capture.elements.find((element) => element.tag === "p")!;
    expect(bodyLines(capture, [title, tier1]).map((line) => line.text)).toEqual(["Tier 2: 32"]);
    const fromLater = { ...title, start: title.start + 1 };
    expect(bodyLines(capture, [fromLater]).map((line) => line.text)).toEqual(["EXAMPLE CONTENT", "Tier 1: 661", "Tier 2: 32"]);
  });

  it("marks a line written as a picture's caption, in a figcaption or in its own words", () => {
    const lines = linesOf("<figure><figcaption>661 at 0.12</figcaption></figure><p>Screenshot: 555</p><p>Tier 1: 151</p>");
    expect(lines.map((line) => [line.text, line.caption])).toEqual([
      ["661 at 0.12", true],
      ["Screenshot: 555", true],
      ["Tier 1: 151", false],
    ]);
  });
});

describe("headings", () => {
  it("marks a line that one heading element holds whole, ranked by its tag or class, and not as a cell", () => {
    const lines = linesOf(
      '<div class="subSectionTitle">Blue gems</div><h1>EXAMPLE CONTENT</h1><h2>Tier 1</h2><h3>Top</h3><h5>Minor</h5><p><b>Tier 2</b></p><div class="bb_h2">Tier 3</div><div class="tierName">Tier 4</div><p>661, 151</p>',
    );
    expect(lines.map((line) => [line.text, line.heading, line.rank])).toEqual([
      ["Blue gems", true, 0],
      ["EXAMPLE CONTENT", true, 1],
      ["Tier 1", true, 2],
      ["Top", true, 3],
      ["Minor", true, 4],
      ["Tier 2", true, 5],
      ["Tier 3", true, 2],
      ["Tier 4", true, PLAIN_HEADING_RANK],
      ["661, 151", false, PLAIN_HEADING_RANK],
    ]);
    expect(lines.every((line) => !line.cell)).toBe(true);
  });

  it("reads a heading by its id as by its class", () => {
    expect(linesOf('<div id="tier-a">Tier A</div><div id="body">661</div>').map((line) => [line.text, line.heading])).toEqual([
      ["Tier A", true],
      ["661", false],
    ]);
  });

  it("ranks a heading by a section title's name in its id as in its class", () => {
    expect(linesOf('<div id="subSectionTitle">Blue gems</div><div id="bb_h3">Tier 1</div>').map((line) => [line.text, line.heading, line.rank])).toEqual([
      ["Blue gems", true, 0],
      ["Tier 1", true, 3],
    ]);
  });

  it("ranks a bold line inside an h2 as the h2, whichever element comes first", () => {
    expect(linesOf("<h2><b>Tier 1</b></h2>").map((line) => [line.text, line.heading, line.rank])).toEqual([["Tier 1", true, 2]]);
    expect(linesOf("<b><h2>Tier 1</h2></b>").map((line) => [line.text, line.heading, line.rank])).toEqual([["Tier 1", true, 2]]);
  });

  it("does not mark a line that a heading element holds only part of, or that runs past it", () => {
    const lines = linesOf("<p><b>Tier 1:</b> 661, 151</p><p>Seeds <b>321</b></p><p><b>Tier 2\n32</b></p>");
    expect(lines.map((line) => [line.text, line.heading])).toEqual([
      ["Tier 1: 661, 151", false],
      ["Seeds 321", false],
      ["Tier 2", false],
      ["32", false],
    ]);
  });

  it("marks a line whose heading element holds it with spaces around", () => {
    expect(linesOf("<p><b> Tier 1 </b></p>").map((line) => [line.text, line.heading])).toEqual([["Tier 1", true]]);
  });

  it("reads an element before the first line, or one holding no line, as no heading", () => {
    expect(linesOf("<b></b>\n<p>661</p><b></b>").map((line) => [line.text, line.heading])).toEqual([["661", false]]);
  });
});

describe("tables", () => {
  const TABLE =
    "<table><tr><th>Seed</th><th>Tier</th></tr><tr><td>661</td><td></td><td>Tier 1</td></tr><tr><td>151<table><tr><td>note</td></tr></table></td></tr></table><p>After</p>";

  it("marks each cell's line with its row, its column (empty cells counted) and whether it is a header cell", () => {
    const lines = linesOf(TABLE);
    const rowStart = (index: number) => readable(TABLE).elements.filter((element) => element.tag === "tr")[index]!.start;
    expect(lines.map((line) => [line.text, line.cell, line.row, line.column, line.headerCell])).toEqual([
      ["Seed", true, rowStart(0), 0, true],
      ["Tier", true, rowStart(0), 1, true],
      ["661", true, rowStart(1), 0, false],
      ["Tier 1", true, rowStart(1), 2, false],
      ["151", false, rowStart(2), 0, false],
      ["note", true, rowStart(3), 0, false],
      ["After", false, null, null, false],
    ]);
  });

  it("reads Steam's div-based table as a table", () => {
    const html =
      '<div class="bb_table"><div class="bb_table_tr"><div class="bb_table_th">Seed</div><div class="bb_table_th">Tier</div></div><div class="bb_table_tr"><div class="bb_table_td">661</div><div class="bb_table_td">Tier 1</div></div></div>';
    const rows = readable(html).elements.filter((element) => element.attributes.class === "bb_table_tr");
    expect(linesOf(html).map((line) => [line.text, line.cell, line.row, line.column, line.headerCell])).toEqual([
      ["Seed", true, rows[0]!.start, 0, true],
      ["Tier", true, rows[0]!.start, 1, true],
      ["661", true, rows[1]!.start, 0, false],
      ["Tier 1", true, rows[1]!.start, 1, false],
    ]);
  });

  it("reads a row and a cell written inline with Steam's names, holding the same line, as a table", () => {
    const html = '<p><span class="bb_table_tr"><span class="bb_table_td">661</span></span></p>';
    const row = readable(html).elements.find((element) => element.attributes.class === "bb_table_tr")!;
    expect(linesOf(html).map((line) => [line.text, line.cell, line.row, line.column])).toEqual([["661", true, row.start, 0]]);
  });

  it("numbers a cell after a nested table in its own row, and gives a cell after a table's end no column", () => {
    const lines = linesOf("<table><tr><td>Tier 1</td><td><table><tr><td>661</td><td>151</td></tr></table></td><td>Tier 2</td></tr></table><td>Lone</td>");
    expect(lines.map((line) => [line.text, line.column])).toEqual([
      ["Tier 1", 0],
      ["661", 0],
      ["151", 1],
      ["Tier 2", 2],
      ["Lone", null],
    ]);
  });

  it("gives a cell outside any row no column, and a cell of several lines its column on each", () => {
    const lines = linesOf("<td>Lone</td><table><tr><td>Tier 1</td><td>661<br>151</td></tr></table>");
    expect(lines.map((line) => [line.text, line.column])).toEqual([
      ["Lone", null],
      ["Tier 1", 0],
      ["661", 1],
      ["151", 1],
    ]);
  });
});

describe("ordered lists", () => {
  it("numbers the items of an ordered list by their place, from the list's start, and not those of a bulleted list", () => {
    const lines = linesOf('<ol><li>661</li><li>151<br>more</li></ol><ol start="5"><li>321</li><li>32</li></ol><ul><li>92</li></ul><ol start="x"><li>7</li></ol>');
    expect(lines.map((line) => [line.text, line.ordinal, line.cell])).toEqual([
      ["661", 1, true],
      ["151", 2, false],
      ["more", null, false],
      ["321", 5, true],
      ["32", 6, true],
      ["92", null, true],
      ["7", 1, true],
    ]);
  });

  it("numbers Steam's olist and goes back to the outer list after an inner one ends", () => {
    const lines = linesOf('<div class="bb_ol"><li>661</li><li>151<ul><li>inner</li></ul></li><li>321</li></div>');
    expect(lines.map((line) => [line.text, line.ordinal])).toEqual([
      ["661", 1],
      ["151", 2],
      ["inner", null],
      ["321", 3],
    ]);
  });

  it("numbers an item after a nested ordered list in its own list", () => {
    const lines = linesOf("<ol><li>661<ol><li>a</li><li>b</li></ol></li><li>151</li></ol><p>after</p><li>loose</li>");
    expect(lines.map((line) => [line.text, line.ordinal])).toEqual([
      ["661", 1],
      ["a", 1],
      ["b", 2],
      ["151", 2],
      ["after", null],
      ["loose", null],
    ]);
  });

  it("keeps the outer list's place on an item whose first line is a nested list's first item", () => {
    const lines = linesOf("<ol><li>661</li><li><ol><li>a</li><li>b</li></ol></li></ol>");
    expect(lines.map((line) => [line.text, line.ordinal])).toEqual([
      ["661", 1],
      ["a", 2],
      ["b", 2],
    ]);
  });

  it("gives an item holding no line of its own no number, and the next item the next place", () => {
    const lines = linesOf("<ol><li></li><li>151</li></ol>");
    expect(lines.map((line) => [line.text, line.ordinal])).toEqual([["151", 2]]);
  });
});

describe("a page opening with a table or a list", () => {
  it("marks the first cell and the first item even when their text opens with spaces", () => {
    expect(linesOf("<table><tr><td>  661</td></tr></table>").map((line) => [line.text, line.row, line.column, line.cell])).toEqual([["661", 2, 0, true]]);
    expect(linesOf("<ol><li>  661</li></ol>").map((line) => [line.text, line.ordinal])).toEqual([["661", 1]]);
    expect(linesOf("<figcaption>  661</figcaption>").map((line) => [line.text, line.caption])).toEqual([["661", true]]);
  });
});
