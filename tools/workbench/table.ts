import { lineOf, type TextElement } from "../../generator/capture/capture-text.ts";
import { notGradedPhrase } from "../../generator/capture/languages.ts";
import { seedCandidates } from "../../generator/capture/numbers.ts";
import { columnRole } from "../../generator/capture/columns.ts";
import { hasShape, LIST, TABLE_CELL, TABLE_HEADER_CELL, TABLE_ROW } from "../../generator/capture/shapes.ts";
import { rescale } from "./bookkeeping.ts";
import type { DocumentGrading, DocumentLevel, EditContext, GuideDocument } from "./document.ts";
import type { Edit, Span } from "./edit.ts";
import { labelKey, levelLabelOf, naturalOrder, sameLabel } from "./level-labels.ts";
import { dropEmptied, EditRefused, insertionPoint, quotedSpan, seedsOf, targetLevel, targetSystem } from "./listing.ts";
import { takeOverStanding } from "./standing.ts";
import { listTable } from "./list-rows.ts";
import { holds, shapeAt } from "./elements.ts";

// A table read by its columns: a maintainer names the column holding each row's level and the one holding
// its seeds, and every row becomes gradings of the level its level cell names, in one system, in one edit. A
// page that lists one row per seed (`Seed | Tier`, sorted by seed) is one system of a few levels, however the
// draft read it. Rows whose level cell is empty or says the seed is not graded (languages.ts) are skipped,
// and a row without a seed in its seeds cell too; the preview (preview.ts) lists them. Gradings the draft had
// standing inside the table (standing.ts) are taken over, as a listing takes over those inside its span. A list
// whose lines write a seed and its level as parts of one line (`Motif 214 — ★★★★★`) is read the same way, as
// a table of one row per item (list-rows.ts).

type ReadTable = Extract<Edit, { kind: "read-table" }>;

/** Tables: HTML's `<table>` and the div Steam writes for `[table]` (its rows and cells are shapes.ts's TABLE_ROW and TABLE_CELL). */
export const TABLE = { tag: /^table$/, name: /^bb_table$/ };

export interface TableCell {
  /** Its place in its row, from 0, empty cells counted. */
  column: number;
  start: number;
  end: number;
  /** A header cell (`<th>`, `bb_table_th`). */
  header: boolean;
}

export interface TableRow {
  start: number;
  end: number;
  cells: TableCell[];
  /** Every cell is a header cell: the row names the columns. */
  header: boolean;
}

export interface Table extends Span {
  rows: TableRow[];
}

/** The innermost of `candidates` holding the element (a nested table's rows are its own). */
function innermost(candidates: readonly TextElement[], element: TextElement): TextElement | undefined {
  return candidates.filter((candidate) => holds(candidate, element)).sort((a, b) => b.depth - a.depth)[0];
}

/** The table the span is in: the innermost holding its start, else the first it reaches into; null when it reaches none. */
export function tableAt(elements: readonly TextElement[], span: Span): Table | null {
  const table = shapeAt(elements, TABLE, span);
  return table === null ? null : tableOf(elements, table);
}

function tableOf(elements: readonly TextElement[], table: TextElement): Table {
  const allTables = elements.filter((element) => hasShape(element, TABLE));
  const rowElements = elements.filter((element) => hasShape(element, TABLE_ROW) && innermost(allTables, element) === table);
  const cellElements = elements.filter((element) => hasShape(element, TABLE_CELL) && holds(table, element));
  const rows = rowElements.map((row): TableRow => {
    const cells = cellElements
      .filter((cell) => innermost(rowElements, cell) === row && innermost(allTables, cell) === table)
      .map((cell, column) => ({ column, start: cell.start, end: cell.end, header: hasShape(cell, TABLE_HEADER_CELL) }));
    return { start: row.start, end: row.end, cells, header: cells.length > 0 && cells.every((cell) => cell.header) };
  });
  return { start: table.start, end: table.end, rows };
}

/**
 * What a table read by its columns reads at the span: the table it is in, or the list it is in read as a
 * table (list-rows.ts), whichever holds the span's start more closely (a list in a table's cell is the list);
 * null when it is in neither.
 */
export function rowsAt(elements: readonly TextElement[], text: string, span: Span): Table | null {
  const table = shapeAt(elements, TABLE, span);
  const list = shapeAt(elements, LIST, span);
  // Both reach the span (shapeAt), so each ends after its start.
  const holdsStart = (element: TextElement) => element.start <= span.start;
  const listFirst = list !== null && (table === null || (holdsStart(list) && (!holdsStart(table) || list.depth > table.depth)));
  if (listFirst) return listTable(elements, list, text);
  return table === null ? null : tableOf(elements, table);
}

/** What each column is named by: the header row's cells, else the first row's; as many columns as the widest row. */
export function columnNames(table: Table, text: string): string[] {
  const named = table.rows.find((row) => row.header) ?? table.rows[0];
  const width = Math.max(0, ...table.rows.map((row) => row.cells.length));
  return Array.from({ length: width }, (_, column) => {
    const cell = named?.cells.find((candidate) => candidate.column === column);
    return cell === undefined ? "" : text.slice(cell.start, cell.end).replace(/\s+/gu, " ").trim();
  });
}

/**
 * The columns a maintainer most likely means: those the header names (columns.ts, COLUMN_ROLES: `Seed`,
 * `Tier`), else the column whose cells most often hold a seed and the first other column holding words (or
 * symbols: `★★★★☆`).
 */
export function guessColumns(table: Table, text: string): { level: number; seeds: number } | null {
  const names = columnNames(table, text);
  const role = (name: string) => columnRole(name);
  const data = table.rows.filter((row) => !row.header);
  // The spaces around a cell's text hold no number and no word: the counts below read it as written.
  const cellText = (row: TableRow, column: number) => {
    const cell = row.cells.find((candidate) => candidate.column === column);
    return cell === undefined ? "" : text.slice(cell.start, cell.end);
  };
  const bare = names.map((_, column) => data.filter((row) => seedCandidates(cellText(row, column)).length > 0 && !/\p{L}/u.test(cellText(row, column))).length);
  // A list read as a table writes its seed with a word (`Motif 214`, `Pattern #661`): then a cell of one number counts.
  const seedful = Math.max(...bare) > 0 ? bare : names.map((_, column) => data.filter((row) => seedCandidates(cellText(row, column)).length === 1).length);
  // A level's label may be symbols alone (`★★★★☆`); a currency sign (`$120`) makes no label.
  const worded = names.map((_, column) => data.filter((row) => /[\p{L}\p{So}]/u.test(cellText(row, column))).length);
  let seeds = names.findIndex((name) => role(name) === "seeds");
  if (seeds === -1) seeds = seedful.indexOf(Math.max(...seedful));
  let level = names.findIndex((name, column) => column !== seeds && role(name) === "level");
  if (level === -1) level = names.findIndex((name, column) => column !== seeds && role(name) === "label");
  if (level === -1) level = worded.findIndex((count, column) => column !== seeds && count > 0);
  // A table of no columns has no seeds' column either (-1), and so no level column (-1).
  return level === -1 || seedful[seeds] === 0 ? null : { level, seeds };
}

export interface ReadRow {
  /** The row's first line (1-based), for messages. */
  line: number;
  /** The level's label, from the level cell. */
  label: string;
  /** The seeds cell's lines, each a quote, with the seeds written in it. */
  quotes: { quote: string; seeds: number[] }[];
}

export interface SkippedRow {
  line: number;
  /** The level cell's and the seeds cell's text, on one line. */
  level: string;
  seeds: string;
  why: string;
}

/** The table's rows read by the two columns: those that grade, and those skipped with why. Header rows are neither. */
export function readRows(table: Table, columns: { level: number; seeds: number }, text: string): { rows: ReadRow[]; skipped: SkippedRow[] } {
  const rows: ReadRow[] = [];
  const skipped: SkippedRow[] = [];
  for (const row of table.rows) {
    if (row.header) continue;
    const cellOf = (column: number) => row.cells.find((cell) => cell.column === column);
    const levelCell = cellOf(columns.level);
    const seedsCell = cellOf(columns.seeds);
    const levelText = levelCell === undefined ? "" : text.slice(levelCell.start, levelCell.end).replace(/\s+/gu, " ").trim();
    const seedsText = seedsCell === undefined ? "" : text.slice(seedsCell.start, seedsCell.end);
    const line = lineOf(text, row.start + Math.max(0, text.slice(row.start, row.end).search(/\S/u)));
    const skip = (why: string) => skipped.push({ line, level: levelText, seeds: seedsText.replace(/\s+/gu, " ").trim(), why });
    const quotes = seedsText
      .split("\n")
      .map((quote) => quote.trim())
      // As a listing reads its lines: a number a level's word stands before (`Tier 2`) is no seed. A line
      // without a seed (an empty one too) is no quote.
      .map((quote) => ({ quote, seeds: seedsOf({ quote }, "").map((token) => token.value) }))
      .filter((quote) => quote.seeds.length > 0);
    const phrase = notGradedPhrase(levelText);
    // An empty level cell has no label either.
    if (levelLabelOf(levelText) === "") skip("no level in its level cell");
    else if (phrase !== null) skip(`its level cell says it is not graded (“${phrase}”)`);
    else if (quotes.length === 0) skip("no seed in its seeds cell");
    else rows.push({ line, label: levelLabelOf(levelText), quotes });
  }
  return { rows, skipped };
}

/** The table (or list read as one) holding the span, refused when there is none. */
function rowsHolding(span: Span, context: EditContext): Table {
  const table = rowsAt(context.elements ?? [], context.text, span);
  if (table === null) throw new EditRefused(`the span (line ${lineOf(context.text, span.start)}) is in no table or list: select a part of one (an HTML table, Steam's [table], or a list of lines such as \`661 — Tier 1\`)`);
  return table;
}

export function readTable(guide: GuideDocument, edit: ReadTable, context: EditContext): void {
  const span = quotedSpan(edit.span, context);
  const table = rowsHolding(span, context);
  if (edit.columns.level === edit.columns.seeds) throw new EditRefused("the levels and the seeds are in two different columns");
  quotedSpan(table, context);
  const { rows } = readRows(table, edit.columns, context.text);
  if (rows.length === 0) throw new EditRefused(`no row of the table (line ${lineOf(context.text, table.start)}) names a level in column ${edit.columns.level + 1} and a seed in column ${edit.columns.seeds + 1}`);
  const system = targetSystem(guide, edit.system, context);
  const { moved, from } = takeOverStanding(guide, table, context);
  const levels = new Map<string, DocumentLevel>();
  for (const label of naturalOrder(rows.map((row) => row.label))) {
    const existing = system.levels.find((level) => sameLabel(level.label, label));
    const level = targetLevel(system, existing === undefined ? { new: { label } } : { key: existing.key });
    if (!system.levels.includes(level)) system.levels.push(level);
    levels.set(labelKey(label), level);
  }
  const gradings = rows.flatMap((row) => row.quotes.flatMap(({ quote, seeds }) => seeds.map((seed) => takenOver({ seed, level: levels.get(labelKey(row.label))!.key, quote, evidence: "text", position: 0 }, moved))));
  if (!guide.systems.includes(system)) guide.systems.push(system);
  system.gradings.splice(insertionPoint(system, table.start, context.text), 0, ...gradings);
  dropEmptied(guide, from);
  rescale(system);
}

/** A grading that was in the table before keeps what the transcription said of it besides its place (as a listing's does). */
function takenOver(grading: DocumentGrading, moved: DocumentGrading[]): DocumentGrading {
  const at = moved.findIndex((old) => old.seed === grading.seed && old.quote === grading.quote);
  if (at === -1) return grading;
  const [old] = moved.splice(at, 1);
  const { seed: _seed, level: _level, quote: _quote, position: _position, ...rest } = old!;
  return { ...grading, ...rest };
}
