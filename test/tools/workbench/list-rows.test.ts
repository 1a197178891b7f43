// A list read as a table (tools/workbench/list-rows.ts), on small invented pages: each item a row, cut into
// cells at the separator most of the list's items write.

import { describe, expect, it } from "vitest";
import { LIST } from "../../../generator/capture/shapes.ts";
import { shapeAt } from "../../../tools/workbench/elements.ts";
import { listTable } from "../../../tools/workbench/list-rows.ts";
import { examplePage, readablePage, section, spanIn } from "../../support/workbench-pages.ts";

function cellsOf(items: readonly string[], tag = "ul"): string[][] {
  const page = readablePage(examplePage(section("Ratings", `<${tag}>${items.map((item) => `<li>${item}</li>`).join("\n")}</${tag}>`)));
  const list = shapeAt(page.elements, LIST, spanIn(page.text, items[0]!.split(" ")[0]!))!;
  return listTable(page.elements, list, page.text)!.rows.map((row) => row.cells.map((cell) => page.text.slice(cell.start, cell.end)));
}

describe("a list read as a table", () => {
  it("cuts each item at the separator most items write, an item without it being one cell", () => {
    expect(cellsOf(["661 – Tier 1 – full blue", "151 – Tier 2", "321"])).toEqual([["661", "Tier 1", "full blue"], ["151", "Tier 2"], ["321"]]);
    expect(cellsOf(["Seed 12 | S", "Seed 13 | A | a note: blue"], "ol")).toEqual([["Seed 12", "S"], ["Seed 13", "A", "a note: blue"]]);
  });

  it("never cuts at a comma or a dash inside a word, which a list of seeds writes", () => {
    expect(cellsOf(["Tier 1: 661, 151", "Tier 2: 32, 92"])).toEqual([["Tier 1", "661, 151"], ["Tier 2", "32, 92"]]);
    expect(cellsOf(["Blue-ish 661", "Gold-ish 32"])).toEqual([["Blue-ish 661"], ["Gold-ish 32"]]);
    expect(cellsOf(["661 null", "151 none"])).toEqual([["661 null"], ["151 none"]]);
  });

  it("keeps an empty part as a column, and leaves the items of a list inside an item to that list", () => {
    expect(cellsOf(["661 |  | blue", "151 | Tier 2 | gold"])).toEqual([["661", "", "blue"], ["151", "Tier 2", "gold"]]);
    expect(cellsOf(["Tips — <ul><li>301 — A</li></ul>", "Gold — B"])).toEqual([["Tips", ""], ["Gold", "B"]]);
  });
});

describe("the list a selection reads as a table", () => {
  const PAGE = readablePage(
    examplePage(
      [
        section("Intro", "EXAMPLE CONTENT. The ratings follow."),
        section("Ratings", "<ul><li>661 | Tier 1</li><li>Blues <ul><li>151 | Tier 2</li><li>32 | Tier 3</li></ul></li></ul>"),
        section("More", "<ol><li>92 | Tier 1</li></ol>"),
      ].join("\n"),
    ),
  );
  const listOf = (span: { start: number; end: number }) => {
    const list = shapeAt(PAGE.elements, LIST, span);
    return list === null ? null : PAGE.text.slice(list.start, list.end).trim().split("\n")[0];
  };

  it("is the innermost list holding its start", () => {
    expect(listOf(spanIn(PAGE.text, "151"))).toBe("151 | Tier 2");
    expect(listOf(spanIn(PAGE.text, "661"))).toBe("661 | Tier 1");
    expect(listOf({ start: spanIn(PAGE.text, "151").start, end: spanIn(PAGE.text, "92").end })).toBe("151 | Tier 2");
  });

  it("is the inner list when the selection starts where it starts", () => {
    const inner = shapeAt(PAGE.elements, LIST, spanIn(PAGE.text, "151"))!;
    expect(shapeAt(PAGE.elements, LIST, { start: inner.start, end: inner.start + 1 })).toBe(inner);
  });

  it("is a list without items read as no table", () => {
    const page = readablePage(examplePage(section("Ratings", "<ul>EXAMPLE CONTENT, no items</ul>")));
    const list = shapeAt(page.elements, LIST, spanIn(page.text, "no items"))!;
    expect(list).not.toBeNull();
    expect(listTable(page.elements, list, page.text)).toBeNull();
  });

  it("is the first list the selection reaches into when it starts outside every list, and none when it reaches none", () => {
    expect(listOf({ start: spanIn(PAGE.text, "The ratings").start, end: spanIn(PAGE.text, "92").end })).toBe("661 | Tier 1");
    expect(listOf(spanIn(PAGE.text, "The ratings follow."))).toBeNull();
    expect(listOf(spanIn(PAGE.text, "More"))).toBeNull();
    const first = shapeAt(PAGE.elements, LIST, spanIn(PAGE.text, "661"))!;
    expect(shapeAt(PAGE.elements, LIST, { start: first.start - 5, end: first.start })).toBeNull();
    expect(shapeAt(PAGE.elements, LIST, { start: first.end, end: first.end + 1 })?.start).not.toBe(first.start);
  });

  it("has each of its own items as a row, each part a column from 0, no row or cell a header", () => {
    const list = shapeAt(PAGE.elements, LIST, spanIn(PAGE.text, "151"))!;
    const table = listTable(PAGE.elements, list, PAGE.text)!;
    expect(table).toMatchObject({ start: list.start, end: list.end });
    expect(table.rows.map((row) => [PAGE.text.slice(row.start, row.end).trim(), row.header, row.cells.map((cell) => `${cell.column}:${PAGE.text.slice(cell.start, cell.end)}:${cell.header}`)])).toEqual([
      ["151 | Tier 2", false, ["0:151:false", "1:Tier 2:false"]],
      ["32 | Tier 3", false, ["0:32:false", "1:Tier 3:false"]],
    ]);
  });
});

describe("a list's separator", () => {
  it("cuts its items only when more than half of them write it", () => {
    expect(cellsOf(["661 | Tier 1", "151 Tier 2"])).toEqual([["661 | Tier 1"], ["151 Tier 2"]]);
    expect(cellsOf(["661 | Tier 1", "151 | Tier 2", "321"])).toEqual([["661", "Tier 1"], ["151", "Tier 2"], ["321"]]);
  });

  it("is the first of the separators most items write, an arrow or a colon when there is no dash or bar", () => {
    expect(cellsOf(["661 → Tier 1: best", "151 -> Tier 2"])).toEqual([["661", "Tier 1: best"], ["151", "Tier 2"]]);
    expect(cellsOf(["Tier 1: 661", "Tier 2: 151 → 32"])).toEqual([["Tier 1", "661"], ["Tier 2", "151 → 32"]]);
  });
});

describe("a list item's cells", () => {
  function rowsOf(items: readonly string[], selected: string) {
    const page = readablePage(examplePage(section("Ratings", `<ul>${items.map((item) => `<li>${item}</li>`).join("\n")}</ul>`)));
    const table = listTable(page.elements, shapeAt(page.elements, LIST, spanIn(page.text, selected))!, page.text)!;
    return { page, rows: table.rows };
  }

  it("are cut out of the text without the spaces and line breaks around the item's parts", () => {
    const { page, rows } = rowsOf(["\n  661 | Tier 1  \n", " 151 | Tier 2 "], "151");
    expect(rows.map((row) => row.cells.map((cell) => page.text.slice(cell.start, cell.end)))).toEqual([["661", "Tier 1"], ["151", "Tier 2"]]);
  });

  it("are one empty cell for an item of spaces alone, placed where its spaces end", () => {
    const { rows } = rowsOf(["   ", "151 | Tier 2", "152 | Tier 3"], "151");
    expect(rows[0]!.cells).toEqual([{ column: 0, start: rows[0]!.end, end: rows[0]!.end, header: false }]);
  });
});
