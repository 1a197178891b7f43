// The capture's elements as the edits reading a table or a list see them (tools/workbench/elements.ts): which
// element holds which, and which element of a shape a span is in.

import { describe, expect, it } from "vitest";
import type { TextElement } from "../../../generator/capture/capture-text.ts";
import { holds, shapeAt } from "../../../tools/workbench/elements.ts";

function element(tag: string, attributes: Record<string, string> = {}, at: { start?: number; end?: number; depth?: number } = {}): TextElement {
  return { tag, attributes, start: at.start ?? 0, end: at.end ?? 10, depth: at.depth ?? 0 };
}

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

describe("the element of a shape a span is in", () => {
  const box = { tag: /^box$/ };
  const outer = element("box", {}, { start: 0, end: 100, depth: 1 });
  const inner = element("box", {}, { start: 20, end: 40, depth: 2 });
  const later = element("box", {}, { start: 60, end: 80, depth: 2 });
  const other = element("div", {}, { start: 20, end: 30, depth: 3 });
  const elements = [outer, inner, other, later];

  it("is the innermost of the shape holding the span's start, whatever else the span reaches", () => {
    expect(shapeAt(elements, box, { start: 25, end: 70 })).toBe(inner);
    expect(shapeAt(elements, box, { start: 45, end: 50 })).toBe(outer);
  });

  it("is the first one the span reaches into when none holds its start, and none when it reaches none", () => {
    expect(shapeAt([inner, later], box, { start: 10, end: 65 })).toBe(inner);
    expect(shapeAt([inner, later], box, { start: 40, end: 60 })).toBeNull();
    expect(shapeAt([other], box, { start: 20, end: 30 })).toBeNull();
  });
});
