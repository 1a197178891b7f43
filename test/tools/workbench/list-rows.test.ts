// A list read as a table (tools/workbench/list-rows.ts), on small invented pages: each item a row, cut into
// cells at the separator most of the list's items write.

import { describe, expect, it } from "vitest";
import { listElementAt, listTable } from "../../../tools/workbench/list-rows.ts";
import { examplePage, readablePage, section, spanIn } from "../../support/workbench-pages.ts";

function cellsOf(items: readonly string[], tag = "ul"): string[][] {
  const page = readablePage(examplePage(section("Ratings", `<${tag}>${items.map((item) => `<li>${item}</li>`).join("\n")}</${tag}>`)));
  const list = listElementAt(page.elements, spanIn(page.text, items[0]!.split(" ")[0]!))!;
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
  });

  it("keeps an empty part as a column, and leaves the items of a list inside an item to that list", () => {
    expect(cellsOf(["661 |  | blue", "151 | Tier 2 | gold"])).toEqual([["661", "", "blue"], ["151", "Tier 2", "gold"]]);
    expect(cellsOf(["Tips — <ul><li>301 — A</li></ul>", "Gold — B"])).toEqual([["Tips", ""], ["Gold", "B"]]);
  });
});
