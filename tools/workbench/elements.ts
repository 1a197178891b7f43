import type { TextElement } from "../../generator/capture/capture-text.ts";
import { hasShape, type Shape } from "../../generator/capture/shapes.ts";
import type { Span } from "./edit.ts";

// The capture's elements as the edits reading a table or a list see them: which element holds which, and which
// table or list a span is in (which shape an element has is `hasShape`, generator/capture/shapes.ts).

export function holds(outer: TextElement, inner: TextElement): boolean {
  return outer.depth < inner.depth && outer.start <= inner.start && inner.end <= outer.end;
}

/** The element of the shape the span is in: the innermost holding its start, else the first it reaches into; null when it reaches none. */
export function shapeAt(elements: readonly TextElement[], shape: Shape, span: Span): TextElement | null {
  const reached = elements.filter((element) => hasShape(element, shape) && element.start < span.end && span.start < element.end);
  // Every element reached ends after the span's start: one holding it is one starting at or before it.
  return reached.filter((element) => element.start <= span.start).sort((a, b) => b.depth - a.depth)[0] ?? reached[0] ?? null;
}
