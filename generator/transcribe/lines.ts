import type { ReadableCapture } from "../validate/capture.ts";
import type { TextElement } from "../validate/capture-text.ts";
import { regionHolding } from "../validate/regions.ts";
import { HEADING_NAMES, HEADING_TAGS, LABEL_CELL_TAGS } from "./shapes.ts";

/** One line of a page's guide text: `text` is the line with its outer whitespace trimmed, as a quote takes it. */
export interface BodyLine {
  /** 1-based line number in the readable text (as `npm run capture:text` shows it). */
  number: number;
  start: number;
  end: number;
  text: string;
  /** The whole line is one heading element (`<h2>`, a bold label, Steam's `subSectionTitle`). */
  heading: boolean;
  /** The whole line is one table cell or list item. */
  cell: boolean;
}

/**
 * The lines of the guide's own text, in page order: the lines of the readable text that are not blank, not
 * in a non-guide region (comment thread, sidebar, ...) and not inside the elements in `skip` (the page's
 * `<title>`, the guide's title). Each line is marked when one heading or cell element holds all of it.
 */
export function bodyLines(capture: ReadableCapture, skip: readonly TextElement[]): BodyLine[] {
  const { text } = capture;
  const lines: BodyLine[] = [];
  let number = 1;
  for (let start = 0; start <= text.length; number++) {
    const newline = text.indexOf("\n", start);
    const end = newline === -1 ? text.length : newline;
    const raw = text.slice(start, end);
    const trimmed = raw.trim();
    if (trimmed !== "") {
      const from = start + raw.indexOf(trimmed);
      const to = from + trimmed.length;
      const skipped = skip.some((element) => element.start <= from && to <= element.end);
      if (!skipped && regionHolding(capture.regions, from, to) === null) {
        lines.push({ number, start: from, end: to, text: trimmed, heading: false, cell: false });
      }
    }
    if (newline === -1) break;
    start = newline + 1;
  }
  markWholeLineElements(text, lines, capture.elements);
  return lines;
}

function markWholeLineElements(text: string, lines: BodyLine[], elements: readonly TextElement[]): void {
  const starts = lines.map((line) => line.start);
  for (const element of elements) {
    const heading = HEADING_TAGS.has(element.tag) || HEADING_NAMES.test(`${element.attributes.class ?? ""} ${element.attributes.id ?? ""}`);
    const cell = LABEL_CELL_TAGS.has(element.tag);
    if (!heading && !cell) continue;
    const line = lines[lineAtOrBefore(starts, element.end)];
    if (line === undefined || element.start > line.start || element.end < line.end) continue;
    if (text.slice(element.start, element.end).trim() !== line.text) continue;
    if (heading) line.heading = true;
    if (cell) line.cell = true;
  }
}

function lineAtOrBefore(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (starts[middle]! <= offset) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}
