// A table read by its columns (tools/workbench/table.ts), on small invented pages: one edit makes a table of
// one row per seed one system of its levels, whatever the draft made of it.

import { describe, expect, it } from "vitest";
import { applyEdit } from "../../../tools/workbench/apply.ts";
import type { GuideDocument } from "../../../tools/workbench/document.ts";
import type { Edit } from "../../../tools/workbench/edit.ts";
import { columnNames, guessColumns, readRows, rowsAt, tableAt } from "../../../tools/workbench/table.ts";
import { contextOfPage, examplePage, EXAMPLE_ITEM, grading, guideOf, legendOf, level, readablePage, section, spanIn, system } from "../../support/workbench-pages.ts";

/** 26 invented seeds, sorted, with the tier each row names: Tier 3 comes first, as a table sorted by seed has it. */
const ROWS: readonly [number, string][] = [
  [14, "Tier 3"], [27, "Tier 1"], [33, "Tier 2"], [48, "Tier 3"], [52, "Tier 2"], [69, "Tier 1"], [71, "Tier 3"], [86, "Tier 3"], [104, "Tier 2"],
  [118, "Tier 1"], [163, "Tier 2"], [207, "Tier 3"], [231, "Tier 1"], [266, "Tier 2"], [309, "Tier 3"], [342, "Tier 2"], [388, "Tier 1"], [415, "Tier 3"],
  [457, "Tier 2"], [503, "Tier 3"], [560, "Tier 1"], [612, "Tier 2"], [688, "Tier 3"], [745, "Tier 2"], [803, "Tier 1"], [921, "Tier 3"],
];

function steamTable(rows: readonly (readonly [number | string, string])[]): string {
  const cells = rows.map(([seed, tier]) => `<div class="bb_table_tr"><div class="bb_table_td">${seed}</div><div class="bb_table_td">${tier}</div></div>`).join("\n");
  return `<div class="bb_table">\n<div class="bb_table_tr"><div class="bb_table_th">Seed</div><div class="bb_table_th">Tier</div></div>\n${cells}\n</div>`;
}

const PAGE = readablePage(
  examplePage(
    [
      section("Read me", "EXAMPLE CONTENT. Find your seed in the table; Tier 1 is the best."),
      section("Every seed", steamTable(ROWS)),
      section("Backside", "Tier 1: 5, 6"),
    ].join("\n"),
  ),
);
const CONTEXT = contextOfPage(PAGE);

/** The draft as a drafter may read such a table: each row a system of its own. */
function perRowDraft(): GuideDocument {
  return guideOf([
    ...ROWS.map(([seed, tier], index) => system(`every_seed_${index + 1}`, "Every seed", [level("in", tier)], [grading(seed, "in", String(seed), index === 1 ? { note: "the best one" } : {})])),
    system("backside", "Backside", [level("tier_1", "Tier 1")], [grading(5, "tier_1", "Tier 1: 5, 6"), grading(6, "tier_1", "Tier 1: 5, 6")]),
  ]);
}

const READ: Edit = { kind: "read-table", span: spanIn(PAGE.text, "104"), columns: { level: 1, seeds: 0 }, system: { new: { label: "Seed tiers", kind: "tier", item: EXAMPLE_ITEM.slug } } };

function applied(document: unknown, edit: Edit, context = CONTEXT): GuideDocument {
  const result = applyEdit(document, edit, context);
  if (!result.ok) throw new Error(result.message);
  return result.guide;
}

const seedsOf = (tier: string) => ROWS.filter(([, named]) => named === tier).map(([seed]) => seed);

describe("reading a table by its columns", () => {
  it("puts the table's gradings where the page writes the table, before the system's gradings written after it", () => {
    // The Backside's Tier 1 line comes after the table: read into that system, the table's rows go before it.
    const guide = applied(perRowDraft(), { ...READ, system: { id: "backside" } });
    const backside = guide.systems.find((entry) => entry.id === "backside")!;
    expect(backside.gradings.map((entry) => entry.seed)).toEqual([...ROWS.map(([seed]) => seed), 5, 6]);
  });

  it("makes a 26-row per-seed table sorted by seed one system of its levels, best first, in one edit", () => {
    const guide = applied(perRowDraft(), READ);
    expect(legendOf(guide)).toEqual([
      "backside: Tier 1 [5, 6]",
      `seed_tiers: Tier 1 [${seedsOf("Tier 1").join(", ")}] Tier 2 [${seedsOf("Tier 2").join(", ")}] Tier 3 [${seedsOf("Tier 3").join(", ")}]`,
    ]);
    const tiers = guide.systems[1]!;
    expect(tiers).toMatchObject({ label: "Seed tiers", item: EXAMPLE_ITEM.slug, scale: { kind: "tier", best: 1, worst: 3 } });
    // Each grading quotes its row's seed cell, cut out of the text; the one the draft noted keeps its note.
    expect(tiers.gradings.map((graded) => [graded.seed, graded.quote])).toEqual(ROWS.map(([seed]) => [seed, String(seed)]));
    for (const graded of tiers.gradings) expect(PAGE.text).toContain(`\n${graded.quote}\n`);
    expect(tiers.gradings.find((graded) => graded.seed === 27)).toMatchObject({ level: "tier_1", note: "the best one" });
    expect(tiers.levels.map((shown) => shown.ordered)).toEqual([false, false, false]);
  });

  it("reads the rows into a system the guide has, into its levels of the same labels", () => {
    const draft = guideOf([system("tiers", "Tiers", [level("t2", "tier 2"), level("t1", "Tier 1")], [grading(33, "t2", "33"), grading(27, "t1", "27")])]);
    const guide = applied(draft, { ...READ, system: { id: "tiers" } } as Edit);
    expect(legendOf(guide)).toEqual([`tiers: tier 2 [${seedsOf("Tier 2").join(", ")}] Tier 1 [${seedsOf("Tier 1").join(", ")}] Tier 3 [${seedsOf("Tier 3").join(", ")}]`]);
  });

  it("skips and reports the rows whose level cell is empty or says the seed is not graded, and drops the draft's gradings of them", () => {
    const rows = [[12, "Tier 2"], [40, "Not ranked"], [41, ""], [55, "Tier 1"], ["—", "Tier 3"]] as const;
    const page = readablePage(examplePage(section("Every seed", steamTable(rows))));
    const context = contextOfPage(page);
    const table = tableAt(page.elements, spanIn(page.text, "55"))!;
    expect(readRows(table, { level: 1, seeds: 0 }, page.text).skipped.map(({ level: named, seeds, why }) => [named, seeds, why])).toEqual([
      ["Not ranked", "40", "its level cell says it is not graded (“Not ranked”)"],
      ["", "41", "no level in its level cell"],
      ["Tier 3", "—", "no seed in its seeds cell"],
    ]);
    const draft = guideOf([system("every_seed", "Every seed", [level("t2", "Tier 2"), level("not_ranked", "Not ranked")], [grading(12, "t2", "12"), grading(40, "not_ranked", "40")])]);
    const guide = applied(draft, { ...READ, span: spanIn(page.text, "Not ranked") }, context);
    expect(legendOf(guide)).toEqual(["seed_tiers: Tier 1 [55] Tier 2 [12]"]);
  });

  it("reads an HTML table with a header row as it reads Steam's", () => {
    const page = readablePage(
      examplePage(section("Seeds", `<table><tr><th>Tier</th><th>Pattern</th><th>Why</th></tr><tr><td>B</td><td>301</td><td>gold tip</td></tr><tr><td>S</td><td>302<br>303</td><td></td></tr><tr><td>A</td><td>304</td><td>blue</td></tr></table>`)),
    );
    const table = tableAt(page.elements, spanIn(page.text, "gold tip"))!;
    expect(columnNames(table, page.text)).toEqual(["Tier", "Pattern", "Why"]);
    expect(guessColumns(table, page.text)).toEqual({ level: 0, seeds: 1 });
    const guide = applied(guideOf([]), { ...READ, span: spanIn(page.text, "302"), columns: { level: 0, seeds: 1 } }, contextOfPage(page));
    expect(legendOf(guide)).toEqual(["seed_tiers: S [302, 303] A [304] B [301]"]);
    expect(guide.systems[0]!.gradings.map((graded) => graded.quote)).toEqual(["301", "302", "303", "304"]);
  });

  it("guesses the columns of a table without a header: the seeds' column, and the first other column of words", () => {
    const page = readablePage(examplePage(section("Seeds", `<table><tr><td>Blue tip</td><td>11</td></tr><tr><td>Gold</td><td>12, 13</td></tr></table>`)));
    const table = tableAt(page.elements, spanIn(page.text, "Gold"))!;
    expect(columnNames(table, page.text)).toEqual(["Blue tip", "11"]);
    expect(guessColumns(table, page.text)).toEqual({ level: 0, seeds: 1 });
  });

  it("refuses a span in no table, one column for both, and a table of the comment thread", () => {
    const outside = applyEdit(perRowDraft(), { ...READ, span: spanIn(PAGE.text, "Tier 1: 5, 6") }, CONTEXT);
    expect(outside).toEqual({ ok: false, message: expect.stringMatching(/^the span \(line \d+\) is in no table or list: select a part of one/) });
    expect(applyEdit(perRowDraft(), { ...READ, columns: { level: 0, seeds: 0 } }, CONTEXT)).toEqual({ ok: false, message: "the levels and the seeds are in two different columns" });
    const noElements = applyEdit(perRowDraft(), READ, { ...CONTEXT, elements: undefined });
    expect(noElements).toEqual({ ok: false, message: expect.stringMatching(/^the span \(line \d+\) is in no table or list/) });
    const page = readablePage(examplePage(section("Seeds", "EXAMPLE CONTENT")).replace("Tier 1: 777, 778 is what I would say", "<table><tr><td>Tier 1</td><td>777</td></tr></table>"));
    const comment = applyEdit(guideOf([]), { ...READ, span: spanIn(page.text, "777") }, contextOfPage(page));
    expect(comment).toEqual({ ok: false, message: expect.stringContaining("comment thread") });
  });
});

describe("reading a list by its columns", () => {
  /** Lines writing a seed, then its stars, then perhaps a comment: a table without a table's markup. */
  const STARS: readonly [number, string, string][] = [
    [214, "★★★★★", " — all blue"], [688, "★★★★☆", ""], [37, "★★★★★", " — gold tip, I have 2"], [502, "★★★☆☆", ""], [915, "★★★★☆", " — back only"],
  ];
  const page = readablePage(examplePage(section("Ratings", `<ul class="bb_ul">${STARS.map(([seed, stars, comment]) => `<li>Pattern ${seed} — ${stars}${comment}</li>`).join("\n")}</ul>`)));

  it("reads each item as a row cut at the dash its items write, and guesses the seeds and the stars as the columns", () => {
    const list = rowsAt(page.elements, page.text, spanIn(page.text, "Pattern 502"))!;
    expect(columnNames(list, page.text)).toEqual(["Pattern 214", "★★★★★", "all blue"]);
    expect(guessColumns(list, page.text)).toEqual({ level: 1, seeds: 0 });
    expect(readRows(list, { level: 1, seeds: 0 }, page.text).rows.map((row) => [row.label, row.quotes])).toEqual(STARS.map(([seed, stars]) => [stars, [{ quote: `Pattern ${seed}`, seeds: [seed] }]]));
  });

  it("makes the list one system of its levels, best first by their stars, its gradings in page order, in one edit", () => {
    const draft = guideOf([system("near", "Near", [level("in", "Near")], [grading(37, "in", "Pattern 37")])]);
    const guide = applied(draft, { ...READ, span: spanIn(page.text, "Pattern 214"), system: { new: { label: "Ratings", kind: "tier", item: EXAMPLE_ITEM.slug } } }, contextOfPage(page));
    expect(legendOf(guide)).toEqual(["ratings: ★★★★★ [214, 37] ★★★★☆ [688, 915] ★★★☆☆ [502]"]);
    expect(guide.systems[0]!.gradings.map((graded) => [graded.seed, graded.quote])).toEqual(STARS.map(([seed]) => [seed, `Pattern ${seed}`]));
  });

  it("reads a table inside a list's item as the table, its header's words on one line", () => {
    const page = readablePage(examplePage(section("Seeds", "EXAMPLE CONTENT<ul><li>Tables<table><tr><th>Seed\n  number</th><th>Tier</th></tr><tr><td>301</td><td>S</td></tr></table></li><li>302 | A</li><li>303 | B</li></ul>")));
    expect(columnNames(rowsAt(page.elements, page.text, spanIn(page.text, "301"))!, page.text)).toEqual(["Seed number", "Tier"]);
  });

  it("reads a list inside a table's cell as the list, and a table around a selection outside the list as the table", () => {
    const nested = readablePage(examplePage(section("Seeds", `<table><tr><th>Group</th><th>Seeds</th></tr><tr><td>Tips</td><td><ul><li>301 | A</li><li>302 | B</li></ul></td></tr></table>`)));
    expect(columnNames(rowsAt(nested.elements, nested.text, spanIn(nested.text, "302"))!, nested.text)).toEqual(["301", "A"]);
    expect(columnNames(rowsAt(nested.elements, nested.text, spanIn(nested.text, "Tips"))!, nested.text)).toEqual(["Group", "Seeds"]);
  });

  it("reads a list in a table's cell as the list from its very start, and a span reaching into it from the cell before as the table", () => {
    const nested = readablePage(examplePage(section("Seeds", `<table><tr><th>Group</th><th>Seeds</th></tr><tr><td>Tips</td><td><ul><li>301 | A</li><li>302 | B</li></ul></td></tr></table>`)));
    const list = rowsAt(nested.elements, nested.text, spanIn(nested.text, "302"))!;
    expect(columnNames(rowsAt(nested.elements, nested.text, { start: list.start, end: list.start + 3 })!, nested.text)).toEqual(["301", "A"]);
    const reaching = { start: spanIn(nested.text, "Tips").start, end: spanIn(nested.text, "301").end };
    expect(columnNames(rowsAt(nested.elements, nested.text, reaching)!, nested.text)).toEqual(["Group", "Seeds"]);
  });
});

describe("a table's columns and rows", () => {
  const tableOf = (html: string, at: string) => {
    const page = readablePage(examplePage(section("Seeds", `EXAMPLE CONTENT${html}`)));
    return { page, table: tableAt(page.elements, spanIn(page.text, at))! };
  };
  const cells = (page: { text: string }, table: { rows: { cells: { start: number; end: number }[] }[] }) => table.rows.map((row) => row.cells.map((cell) => page.text.slice(cell.start, cell.end).trim()));

  it("guesses the level column by its header's name, a level's before a label's, and the seeds column by its own", () => {
    const both = tableOf("<table><tr><th>Note</th><th>Seed</th><th>Name</th><th>Tier</th></tr><tr><td>nice</td><td>301</td><td>Blue</td><td>S</td></tr></table>", "nice");
    expect(guessColumns(both.table, both.page.text)).toEqual({ level: 3, seeds: 1 });
    const named = tableOf("<table><tr><th>Seed</th><th>Name</th><th>Why</th></tr><tr><td>301</td><td>Blue</td><td>x</td></tr></table>", "Blue");
    expect(guessColumns(named.table, named.page.text)).toEqual({ level: 1, seeds: 0 });
  });

  it("guesses no columns for a table without a seed, nor for one whose seeds column holds none", () => {
    const words = tableOf("<table><tr><td>Blue</td><td>Gold</td></tr><tr><td>x</td><td>y</td></tr></table>", "Blue");
    expect(guessColumns(words.table, words.page.text)).toBeNull();
    const empty = tableOf("<table><tr><th>Seed</th><th>Tier</th></tr><tr><td>none</td><td>S</td></tr></table>", "none");
    expect(guessColumns(empty.table, empty.page.text)).toBeNull();
  });

  it("names as many columns as the widest row has, and takes the first other column holding words as the levels'", () => {
    const { page, table } = tableOf("<table><tr><td>301</td><td>12</td><td>S</td></tr><tr><td>302</td><td>a 5</td></tr><tr><td>303</td></tr></table>", "302");
    expect(columnNames(table, page.text)).toEqual(["301", "12", "S"]);
    expect(guessColumns(table, page.text)).toEqual({ level: 1, seeds: 0 });
    const narrow = tableOf("<table><tr><td>301</td></tr><tr><td>302</td><td>Blue</td></tr></table>", "302");
    expect(columnNames(narrow.table, narrow.page.text)).toEqual(["301", ""]);
  });

  it("reads a row from its first written line, each line of its seeds cell a quote, and skips a level cell of no words", () => {
    const { page, table } = tableOf("<table>\n<tr><th>Tier</th><th>Seed</th></tr>\n<tr>\n<td>S</td>\n<td>\n301\n</td>\n</tr>\n<tr><td>A</td><td>Tier 2 302<br>303</td></tr><tr><td>:</td><td>304</td></tr></table>", "301");
    const lineOf = (part: string) => page.text.slice(0, page.text.indexOf(part)).split("\n").length;
    expect(readRows(table, { level: 0, seeds: 1 }, page.text)).toEqual({
      rows: [
        { line: lineOf("S\n"), label: "S", quotes: [{ quote: "301", seeds: [301] }] },
        { line: lineOf("A\n"), label: "A", quotes: [{ quote: "Tier 2 302", seeds: [302] }, { quote: "303", seeds: [303] }] },
      ],
      skipped: [{ line: lineOf(":\n"), level: ":", seeds: "304", why: "no level in its level cell" }],
    });
  });

  it("gives a table inside another's cell its own rows, and the outer table its own", () => {
    const html = "<table><tr><td>outer</td><td><table><tr><td>inner 1</td><td>5</td></tr></table></td></tr><tr><td>B</td><td>6</td></tr></table>";
    const inner = tableOf(html, "inner");
    expect(cells(inner.page, inner.table)).toEqual([["inner 1", "5"]]);
    const outer = tableOf(html, "outer");
    expect(cells(outer.page, outer.table)).toEqual([["outer", "inner 1\n\n5"], ["B", "6"]]);
  });

  it("finds the table a span reaches into from before it, and none for a span outside every table", () => {
    const { page, table } = tableOf("<table><tr><td>outer</td><td>5</td></tr></table>", "outer");
    const reaching = { start: spanIn(page.text, "EXAMPLE CONTENT").start, end: spanIn(page.text, "outer").end };
    expect(tableAt(page.elements, reaching)).toEqual(table);
    expect(tableAt(page.elements, spanIn(page.text, "EXAMPLE CONTENT"))).toBeNull();
    expect(rowsAt(page.elements, page.text, spanIn(page.text, "EXAMPLE CONTENT"))).toBeNull();
  });

  it("finds no table for a span that ends where the table starts or starts where it ends", () => {
    const { page, table } = tableOf("<table><tr><td>outer</td><td>5</td></tr></table>", "outer");
    expect(tableAt(page.elements, { start: table.start - 3, end: table.start })).toBeNull();
    expect(tableAt(page.elements, { start: table.end, end: table.end + 3 })).toBeNull();
  });

  it("finds the inner table for a span starting where it starts, and the outer one for a span reaching into both from before", () => {
    const html = "<table><tr><td>outer</td><td><table><tr><td>inner 1</td><td>5</td></tr></table></td></tr></table>";
    const inner = tableOf(html, "inner");
    const outer = tableOf(html, "outer");
    expect(tableAt(inner.page.elements, { start: inner.table.start, end: inner.table.start + 2 })).toEqual(inner.table);
    const reaching = { start: spanIn(inner.page.text, "EXAMPLE CONTENT").start, end: spanIn(inner.page.text, "inner").end };
    expect(tableAt(inner.page.elements, reaching)).toEqual(outer.table);
  });

  it("reads a row whose level is a header cell (`<th>S</th><td>301</td>`) as a row, not as the header", () => {
    const { page, table } = tableOf("<table><tr><th>Tier</th><th>Seed</th></tr><tr><th>S</th><td>301</td></tr></table>", "301");
    expect(table.rows.map((row) => row.header)).toEqual([true, false]);
    expect(readRows(table, { level: 0, seeds: 1 }, page.text).rows.map((row) => [row.label, row.quotes])).toEqual([["S", [{ quote: "301", seeds: [301] }]]]);
  });

  it("names the columns by the header row even when a row of words comes before it", () => {
    const { page, table } = tableOf("<table><tr><td>EXAMPLE CONTENT list</td></tr><tr><th>Seed</th><th>Tier</th></tr><tr><td>301</td><td>S</td></tr></table>", "301");
    expect(columnNames(table, page.text)).toEqual(["Seed", "Tier"]);
  });

  it("takes the column of seeds written bare over a column of words with a number (`Tier 1`), which are no seeds", () => {
    const { page, table } = tableOf("<table><tr><td>Tier 1</td><td>301, 302</td></tr><tr><td>Tier 2</td><td>303, 304</td></tr></table>", "301");
    expect(guessColumns(table, page.text)).toEqual({ level: 0, seeds: 1 });
  });

  it("takes the column its header names for seeds over a column of numbered tiers", () => {
    const { page, table } = tableOf("<table><tr><th>Tier</th><th>Seed</th></tr><tr><td>1</td><td>301</td></tr><tr><td>2</td><td>302</td></tr></table>", "301");
    expect(guessColumns(table, page.text)).toEqual({ level: 0, seeds: 1 });
  });

  it("takes a column its header names as a label's for the levels before the first column of words", () => {
    const { page, table } = tableOf("<table><tr><th>Comment</th><th>Seed</th><th>Name</th></tr><tr><td>nice</td><td>301</td><td>Blue</td></tr></table>", "301");
    expect(guessColumns(table, page.text)).toEqual({ level: 2, seeds: 1 });
  });

  it("guesses no level column when no other column holds words, and never a column of numbers a short row leaves out", () => {
    const numbers = tableOf("<table><tr><td>301</td><td>12</td></tr><tr><td>302</td><td>14</td></tr></table>", "301");
    expect(guessColumns(numbers.table, numbers.page.text)).toBeNull();
    const short = tableOf("<table><tr><td>301</td><td>12</td><td>S</td></tr><tr><td>303</td></tr></table>", "301");
    expect(guessColumns(short.table, short.page.text)).toEqual({ level: 2, seeds: 0 });
  });

  it("skips a row missing its level cell or its seeds cell, and shows each skipped cell's words on one line", () => {
    const noSeeds = tableOf("<table><tr><td>Tier\n  2</td></tr></table>", "Tier");
    expect(readRows(noSeeds.table, { level: 0, seeds: 1 }, noSeeds.page.text).skipped.map(({ level: named, seeds, why }) => [named, seeds, why])).toEqual([["Tier 2", "", "no seed in its seeds cell"]]);
    const noLevel = tableOf("<table><tr><td>none\n  here</td></tr></table>", "none");
    expect(readRows(noLevel.table, { level: 1, seeds: 0 }, noLevel.page.text).skipped.map(({ level: named, seeds, why }) => [named, seeds, why])).toEqual([["", "none here", "no level in its level cell"]]);
  });

  it("reads an empty row as no header, skipping it as naming no level", () => {
    const { page, table } = tableOf("<table><tr></tr><tr><td>S</td><td>301</td></tr></table>", "301");
    expect(table.rows.map((row) => row.header)).toEqual([false, false]);
    expect(readRows(table, { level: 0, seeds: 1 }, page.text).skipped.map(({ level: named, seeds, why }) => [named, seeds, why])).toEqual([["", "", "no level in its level cell"]]);
  });

  it("quotes each line of a seeds cell without the spaces around it", () => {
    const { page, table } = tableOf("<table><tr><td>S</td><td>301\n   302  </td></tr></table>", "301");
    expect(readRows(table, { level: 0, seeds: 1 }, page.text).rows.map((row) => row.quotes.map(({ quote }) => quote))).toEqual([["301", "302"]]);
  });

  it("keeps a draft grading's note on the seed it graded when its row's seeds cell quotes several seeds", () => {
    const { page } = tableOf("<table><tr><th>Tier</th><th>Seed</th></tr><tr><td>S</td><td>302, 303</td></tr></table>", "302");
    const draft = guideOf([system("seeds", "Seeds", [level("s", "S")], [grading(303, "s", "302, 303", { note: "the gold one" })])]);
    const guide = applied(draft, { ...READ, span: spanIn(page.text, "302"), columns: { level: 0, seeds: 1 } }, contextOfPage(page));
    expect(guide.systems.flatMap((shown) => shown.gradings.map((graded) => [graded.seed, graded.note ?? null]))).toEqual([[302, null], [303, "the gold one"]]);
  });

  it("keeps each draft grading's note on the row it quoted when two rows write the same seed", () => {
    const { page } = tableOf("<table><tr><th>Tier</th><th>Seed</th></tr><tr><td>S</td><td>301</td></tr><tr><td>A</td><td>301, 302</td></tr></table>", "302");
    const draft = guideOf([system("seeds", "Seeds", [level("s", "S"), level("a", "A")], [grading(301, "a", "301, 302", { note: "the gold one" }), grading(301, "s", "301")])]);
    const guide = applied(draft, { ...READ, span: spanIn(page.text, "302"), columns: { level: 0, seeds: 1 } }, contextOfPage(page));
    expect(guide.systems.flatMap((shown) => shown.gradings.map((graded) => [graded.seed, graded.quote, graded.note ?? null]))).toEqual([[301, "301", null], [301, "301, 302", "the gold one"], [302, "301, 302", null]]);
  });

  it("refuses to read a table where no row names a level and a seed in the columns chosen", () => {
    const { page } = tableOf("<table><tr><th>Seed</th><th>Tier</th></tr><tr><td>none</td><td>S</td></tr></table>", "none");
    const result = applyEdit(guideOf([]), { ...READ, span: spanIn(page.text, "none"), columns: { level: 1, seeds: 0 } }, contextOfPage(page));
    expect(result).toEqual({ ok: false, message: expect.stringMatching(/^no row of the table \(line \d+\) names a level in column 2 and a seed in column 1$/) });
  });
});

describe("a table's columns and rows, at their edges", () => {
  const tableOf = (html: string, at: string) => {
    const page = readablePage(examplePage(section("Seeds", `EXAMPLE CONTENT${html}`)));
    return { page, table: tableAt(page.elements, spanIn(page.text, at))! };
  };

  it("names each column by its header's words without the spaces around them", () => {
    const { page, table } = tableOf("<table><tr><th>\nSeed\n</th><th> Tier </th></tr><tr><td>301</td><td>S</td></tr></table>", "301");
    expect(columnNames(table, page.text)).toEqual(["Seed", "Tier"]);
  });

  it("counts no header's words when it guesses the levels' column by the words its cells hold", () => {
    const { page, table } = tableOf("<table><tr><th>Number</th><th>Extra</th><th>Colour</th></tr><tr><td>301</td><td></td><td>Blue</td></tr><tr><td>302</td><td></td><td>Gold</td></tr></table>", "301");
    expect(guessColumns(table, page.text)).toEqual({ level: 2, seeds: 0 });
  });

  it("never guesses the seeds' column for the levels' too, whatever its header names it", () => {
    for (const header of ["Tier", "Name"]) {
      const { page, table } = tableOf(`<table><tr><th>${header}</th><th>Remarks</th></tr><tr><td>301</td><td>blue tip</td></tr><tr><td>302</td><td>gold</td></tr></table>`, "301");
      expect([header, guessColumns(table, page.text)]).toEqual([header, { level: 1, seeds: 0 }]);
    }
  });

  it("shows a skipped row's level and seeds cells without the spaces around them", () => {
    const { page, table } = tableOf("<table><tr><td>\nNot ranked\n</td><td>\n40\n</td></tr></table>", "40");
    expect(readRows(table, { level: 0, seeds: 1 }, page.text).skipped.map(({ level: named, seeds, why }) => [named, seeds, why])).toEqual([["Not ranked", "40", "its level cell says it is not graded (“Not ranked”)"]]);
  });

  it("refuses to read a table that holds a part of the comment thread", () => {
    const { page } = tableOf(`<table><tr><th>Tier</th><th>Seed</th></tr><tr><td>S</td><td>301</td></tr><tr><td><div class="commentthread_area">A comment</div></td><td></td></tr></table>`, "301");
    const result = applyEdit(guideOf([]), { ...READ, span: spanIn(page.text, "301"), columns: { level: 0, seeds: 1 } }, contextOfPage(page));
    expect(result).toEqual({ ok: false, message: "the span reaches into the page's comment thread, which is not the guide's text" });
  });
});
