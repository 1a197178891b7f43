// The capture's elements as the edits reading a table or a list see them (tools/workbench/elements.ts): which
// element holds which.

import { describe, expect, it } from "vitest";
import type { TextElement } from "../../../generator/capture/capture-text.ts";
import { holds } from "../../../tools/workbench/elements.ts";

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
