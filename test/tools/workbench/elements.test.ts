// The capture's elements as the edits reading a table or a list see them (tools/workbench/elements.ts): an
// element's shape by its tag or by a class or id naming it, and which element holds which.

import { describe, expect, it } from "vitest";
import type { TextElement } from "../../../generator/capture/capture-text.ts";
import { LIST, LIST_ITEM, TABLE_ROW } from "../../../generator/capture/shapes.ts";
import { holds, matches } from "../../../tools/workbench/elements.ts";

function element(tag: string, attributes: Record<string, string> = {}, at: { start?: number; end?: number; depth?: number } = {}): TextElement {
  return { tag, attributes, start: at.start ?? 0, end: at.end ?? 10, depth: at.depth ?? 0 };
}

describe("an element's shape", () => {
  it("is its tag", () => {
    expect(matches(element("ul"), LIST)).toBe(true);
    expect(matches(element("li"), LIST_ITEM)).toBe(true);
    expect(matches(element("div"), LIST)).toBe(false);
  });

  it("is a class among the element's classes, or its id, as Steam's div-based lists and tables write them", () => {
    expect(matches(element("div", { class: "bb_ul" }), LIST)).toBe(true);
    expect(matches(element("div", { class: "guide  bb_table_tr\tstriped" }), TABLE_ROW)).toBe(true);
    expect(matches(element("div", { id: "bb_ol" }), LIST)).toBe(true);
    expect(matches(element("div", { class: "bb_table", id: "rows" }), TABLE_ROW)).toBe(false);
  });

  it("is never a name for a shape known by its tag alone", () => {
    expect(matches(element("div", { class: "li" }), LIST_ITEM)).toBe(false);
  });

  it("has no name when the element has no class and no id, whatever names a shape allows", () => {
    expect(matches(element("div"), { name: /.*/ })).toBe(false);
    expect(matches(element("div", { class: " " }), { name: /.*/ })).toBe(false);
    expect(matches(element("div", { class: "x" }), { name: /.*/ })).toBe(true);
  });
});

describe("an element holding another", () => {
  const outer = element("ul", {}, { start: 10, end: 50, depth: 2 });

  it("encloses it, its span reaching from the inner one's start to its end", () => {
    expect(holds(outer, element("li", {}, { start: 10, end: 50, depth: 3 }))).toBe(true);
    expect(holds(outer, element("li", {}, { start: 20, end: 30, depth: 5 }))).toBe(true);
  });

  it("is never the element itself, nor one beside it at its depth", () => {
    expect(holds(outer, outer)).toBe(false);
    expect(holds(outer, element("li", {}, { start: 20, end: 30, depth: 2 }))).toBe(false);
    expect(holds(element("li", {}, { start: 20, end: 30, depth: 3 }), outer)).toBe(false);
  });

  it("is never one that starts before it or ends after it", () => {
    expect(holds(outer, element("li", {}, { start: 9, end: 30, depth: 3 }))).toBe(false);
    expect(holds(outer, element("li", {}, { start: 20, end: 51, depth: 3 }))).toBe(false);
  });
});
