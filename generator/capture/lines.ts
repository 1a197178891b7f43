import type { ReadableCapture } from "./capture.ts";
import type { TextElement } from "./capture-text.ts";
import { regionHolding } from "./regions.ts";
import { CAPTION_LINE, CAPTION_TAGS, elementNames, hasShape, HEADING_NAMES, HEADING_RANKS, HEADING_TAGS, LABEL_CELL_TAGS, LIST, LIST_ITEM, ORDERED_LIST, PLAIN_HEADING_RANK, TABLE_CELL, TABLE_HEADER_CELL, TABLE_ROW } from "./shapes.ts";

/** One line of a page's guide text: `text` is the line with its outer whitespace trimmed, as a quote takes it. */
export interface BodyLine {
  /** 1-based line number in the readable text (as `npm run capture:text` shows it). */
  number: number;
  start: number;
  end: number;
  text: string;
  /** The whole line is one heading element (`<h2>`, a bold label, Steam's `subSectionTitle`). */
  heading: boolean;
  /** How high that heading ranks (shapes.ts, HEADING_RANKS): lower is higher; PLAIN_HEADING_RANK otherwise. */
  rank: number;
  /** The whole line is one table cell or list item. */
  cell: boolean;
  /** The start of the table row the line is in (an `<tr>`, Steam's `bb_table_tr`), or null. */
  row: number | null;
  /** The line is a table's header cell (`<th>`, `bb_table_th`). */
  headerCell: boolean;
  /** Which cell of its row holds the line, from 0, empty cells counted; null outside a table. */
  column: number | null;
  /** The line is inside an image's caption (`<figcaption>`), or says it describes a picture (shapes.ts, CAPTION_LINE). */
  caption: boolean;
  /** The place of the ordered-list item the line starts (1, 2, ...), or null. */
  ordinal: number | null;
}

/**
 * The lines of the guide's own text, in page order: the lines of the readable text that are not blank, not
 * in a non-guide region (comment thread, sidebar, ...) and not inside the elements in `skip` (the page's
 * `<title>`, the guide's title). Each line is marked when one heading or cell element holds all of it.
 */
export function bodyLines(capture: ReadableCapture, skip: readonly TextElement[]): BodyLine[] {
  const { text } = capture;
  const lines: BodyLine[] = [];
  let start = 0;
  for (const [index, raw] of text.split("\n").entries()) {
    const trimmed = raw.trim();
    const from = start + raw.indexOf(trimmed);
    const to = from + trimmed.length;
    const skipped = skip.some((element) => element.start <= from && to <= element.end);
    if (trimmed !== "" && !skipped && regionHolding(capture.regions, from, to) === null) {
      lines.push({ number: index + 1, start: from, end: to, text: trimmed, heading: false, rank: PLAIN_HEADING_RANK, cell: false, row: null, headerCell: false, column: null, caption: CAPTION_LINE.test(trimmed), ordinal: null });
    }
    start += raw.length + 1;
  }
  markWholeLineElements(text, lines, capture.elements);
  return lines;
}

function markWholeLineElements(text: string, lines: BodyLine[], elements: readonly TextElement[]): void {
  const starts = lines.map((line) => line.start);
  const rows: { element: TextElement; cells: number }[] = [];
  const lists: { element: TextElement; ordered: boolean; items: number }[] = [];
  for (const element of elements) {
    while (lists.length > 0 && lists[lists.length - 1]!.element.end <= element.start) lists.pop();
    if (hasShape(element, LIST)) {
      const first = Number.parseInt(element.attributes.start ?? "1", 10);
      lists.push({ element, ordered: hasShape(element, ORDERED_LIST), items: Number.isNaN(first) ? 0 : first - 1 });
    }
    const list = lists[lists.length - 1];
    if (hasShape(element, LIST_ITEM) && list !== undefined && list.ordered) {
      list.items++;
      const first = linesWithin(lines, starts, element)[0];
      if (first !== undefined && first.ordinal === null) first.ordinal = list.items;
    }
    if (hasShape(element, TABLE_ROW)) {
      markRow(lines, starts, element);
      rows.push({ element, cells: 0 });
    }
    if (hasShape(element, TABLE_CELL)) markColumn(lines, starts, element, rows);
    if (CAPTION_TAGS.has(element.tag)) for (const line of linesWithin(lines, starts, element)) line.caption = true;
    const heading = HEADING_TAGS.has(element.tag) || elementNames(element).some((name) => HEADING_NAMES.test(name));
    const cell = LABEL_CELL_TAGS.has(element.tag) || hasShape(element, TABLE_CELL);
    if (!heading && !cell) continue;
    // The element holds the whole line and nothing more than its spacing.
    const [line] = linesWithin(lines, starts, element);
    if (line === undefined || text.slice(element.start, element.end).trim() !== line.text) continue;
    if (heading) {
      line.heading = true;
      // The outermost heading element decides (a `<b>` inside an `<h2>` is the `<h2>`'s text).
      const rank = HEADING_RANKS.find((shape) => hasShape(element, shape))?.rank ?? PLAIN_HEADING_RANK;
      line.rank = Math.min(line.rank, rank);
    }
    if (cell) line.cell = true;
    if (hasShape(element, TABLE_HEADER_CELL)) line.headerCell = true;
  }
}

/** Numbers a cell within the innermost row holding it, and marks its lines with that number. */
function markColumn(lines: BodyLine[], starts: readonly number[], cell: TextElement, rows: { element: TextElement; cells: number }[]): void {
  // Every row seen so far opened before the cell: the innermost one holding it is the last one ending after it.
  const row = rows.findLast(({ element }) => cell.end <= element.end);
  if (row === undefined) return;
  const column = row.cells++;
  for (const line of linesWithin(lines, starts, cell)) line.column = column;
}

function markRow(lines: BodyLine[], starts: readonly number[], row: TextElement): void {
  // A row inside another row's cell (a nested table) claims its own lines.
  for (const line of linesWithin(lines, starts, row)) line.row = row.start;
}

/** The lines an element holds whole: a run of lines from the first one starting in it. */
function linesWithin(lines: readonly BodyLine[], starts: readonly number[], element: TextElement): BodyLine[] {
  const within: BodyLine[] = [];
  for (let index = firstStartingFrom(starts, element.start); index < lines.length && lines[index]!.end <= element.end; index++) within.push(lines[index]!);
  return within;
}

/** The index of the first line starting at or after the offset (the number of lines when none does). */
function firstStartingFrom(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (starts[middle]! < offset) low = middle + 1;
    else high = middle;
  }
  return low;
}
