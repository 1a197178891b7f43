import type { TextElement } from "../../generator/capture/capture-text.ts";
import { hasShape, LIST, LIST_ITEM } from "../../generator/capture/shapes.ts";
import type { Span } from "./edit.ts";
import { holds } from "./elements.ts";
import type { Table, TableCell } from "./table.ts";

// A list read as a table: a page that writes one seed a line with its level beside it (`Motif 214 — ★★★★★ —
// lame bleue`, `661 | Tier 1`) is a table without the markup of one. Each item of the list (`<li>`) is a row,
// and its parts, cut at the separator its items write, are the row's cells; a table read by its columns
// (table.ts) then reads it as it reads any table. The cells are cut out of the text, so a seed cell is quoted
// verbatim.

/**
 * What stands between the parts of a list item read as a row, tried in order: the first written in most of
 * the list's items cuts every item that writes it (an item without it is one cell). A comma or a lone space
 * separates seeds of one list, never parts of a row.
 */
export const LIST_CELL_SEPARATORS: readonly { name: string; pattern: RegExp }[] = [
  { name: "a dash between spaces", pattern: /\s+[—–-]\s+/gu },
  { name: "a bar", pattern: /\s*\|\s*/gu },
  { name: "an arrow", pattern: /\s*(?:→|->|=>|»)\s*/gu },
  { name: "a colon", pattern: /\s*[:：]\s+/gu },
];

/** The list as a table: its own items (not those of a list inside them) as rows, cut into cells at the separator most of them write. */
export function listTable(elements: readonly TextElement[], list: TextElement, text: string): Table | null {
  const lists = elements.filter((element) => hasShape(element, LIST) && holds(list, element));
  const items = elements.filter((element) => hasShape(element, LIST_ITEM) && holds(list, element) && !lists.some((inner) => holds(inner, element)));
  if (items.length === 0) return null;
  // An item's own text ends where a list inside it begins: that list's items are rows of their own list.
  const ownText = (item: TextElement): Span => ({ start: item.start, end: Math.min(item.end, ...lists.filter((inner) => holds(item, inner)).map((inner) => inner.start)) });
  const separator = LIST_CELL_SEPARATORS.find(({ pattern }) => items.filter((item) => spanText(ownText(item), text).search(pattern) !== -1).length * 2 > items.length);
  const rows = items.map((item) => ({ start: item.start, end: item.end, cells: cellsOf(ownText(item), text, separator?.pattern ?? null), header: false }));
  return { start: list.start, end: list.end, rows };
}

const spanText = (span: Span, text: string) => text.slice(span.start, span.end);

/** The item's parts between the separators, each without the spaces around it; an empty part is still a column. */
function cellsOf(item: Span, text: string, separator: RegExp | null): TableCell[] {
  const written = spanText(item, text);
  const cuts = separator === null ? [] : [...written.matchAll(separator)];
  const bounds = [0, ...cuts.flatMap((cut) => [cut.index, cut.index + cut[0].length]), written.length];
  const cells: TableCell[] = [];
  for (let at = 0; at < bounds.length; at += 2) {
    const part = written.slice(bounds[at]!, bounds[at + 1]!);
    const lead = part.length - part.trimStart().length;
    const start = item.start + bounds[at]! + lead;
    cells.push({ column: at / 2, start, end: Math.max(start, item.start + bounds[at]! + part.trimEnd().length), header: false });
  }
  return cells;
}
