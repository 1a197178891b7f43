import type { TextElement } from "../../generator/capture/capture-text.ts";

// The capture's elements as the edits reading a table or a list see them: which element holds which (which shape
// an element has is `hasShape`, generator/capture/shapes.ts).

export function holds(outer: TextElement, inner: TextElement): boolean {
  return outer.depth < inner.depth && outer.start <= inner.start && inner.end <= outer.end;
}
