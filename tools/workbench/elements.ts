import type { TextElement } from "../../generator/capture/capture-text.ts";

// The capture's elements as the edits reading a table or a list see them: which shape an element has (a tag, or
// a class or id naming it, as Steam's div-based `bb_table` and `bb_ul` do; generator/capture/shapes.ts), and
// which element holds which.

export function matches(element: TextElement, shape: { tag?: RegExp; name?: RegExp }): boolean {
  if (shape.tag?.test(element.tag) === true) return true;
  const names = [...(element.attributes.class ?? "").split(/\s+/), element.attributes.id ?? ""];
  return shape.name !== undefined && names.some((name) => name !== "" && shape.name!.test(name));
}

export function holds(outer: TextElement, inner: TextElement): boolean {
  return outer.depth < inner.depth && outer.start <= inner.start && inner.end <= outer.end;
}
