import { CELL_KINDS, COLUMN_ROLES, columnRole, MOSTLY, RANK_CELL, type CellKind, type ColumnRole } from "../../generator/capture/columns.ts";
import { phrasesSource } from "../../generator/capture/languages.ts";
import type { BodyLine } from "../../generator/capture/lines.ts";
import type { Block } from "./levels.ts";
import { readListLine } from "./list-lines.ts";
import { allSections, type Section } from "./sections.ts";

// What each column of a table holds (tables.ts reads the rows with it). Every table's rows are looked at once
// before any is read: which rows are its header (`<th>` cells, Steam's `bb_table_th`, a first row of bold
// cells naming columns, or a first row with no seed), and what each column's cells are by their content (a
// column of prices, percentages, decimals or dates is never seeds; generator/capture/columns.ts). The header's
// words then give each column its role (COLUMN_ROLES), the content overriding them where it must.

/** What a table's header and cells say its columns hold, kept from row to row. */
export interface Columns {
  /** The table's header rows (by the start of their row). */
  headerRows: ReadonlySet<number>;
  /** What a column's cells mostly are, when that is a price, a percentage, a decimal or a date. */
  content: ReadonlyMap<number, CellKind>;
  /** Columns whose cells are mostly plain numbers (`1`, `#2`, `3.`): a `Rank` header over them ranks the rows. */
  numbered: ReadonlySet<number>;
  /** Each column's role by its header, or null before a header (or with none). */
  roles: ColumnRole[] | null;
  /** The header's text, by column. */
  headers: Map<number, string>;
  /** The column naming the table's levels (`Tier`, `Grade`): its levels are one system's, whatever the rows' order. */
  levelColumn: number | null;
  /** A header of level labels (`Tier 1 | Tier 2`): each column one level's seeds. */
  levels: Map<number, { label: string; block: Block | null }> | null;
  /** A header of paints (`Tier | Phase 1 | Phase 2`): each column one paint's part of the page. */
  paints: Map<number, { id: number; name: string; paints: number[] }> | null;
  /** The table is a level's own (under its heading): its rank column orders the level, its measurements are the seeds'. */
  inLevel: boolean | null;
  /** Each level or named level a row's label cell named, by its label: rows naming it again add to it. */
  named: Map<string, Block>;
  /** Rows whose level cell grades nothing (`—`, empty, `not blue`): their line, the cell, their seeds. */
  ungraded: { line: number; cell: string; seeds: number[] }[];
  /** How its rows were read: the first line, the seeds, what each column was taken for. */
  read: { line: number; seeds: number[]; columns: Set<string> } | null;
}

/** The columns of every table of the page, by table, from all of its rows. */
export function tableColumns(root: Section): Map<number, Columns> {
  const rows = new Map<number, BodyLine[][]>();
  for (const section of allSections(root)) {
    for (const entry of section.entries) {
      if (entry.kind !== "row") continue;
      const table = rows.get(entry.table) ?? [];
      table.push(entry.cells);
      rows.set(entry.table, table);
    }
  }
  const tables = new Map<number, Columns>();
  for (const [table, cellsOf] of rows) tables.set(table, columnsOf(cellsOf.sort((a, b) => a[0]!.start - b[0]!.start)));
  return tables;
}

/** The start of the row a cell's line is in: what names a row. */
export function rowOf(cells: readonly BodyLine[]): number {
  return cells[0]!.row ?? cells[0]!.start;
}

function columnsOf(rows: readonly (readonly BodyLine[])[]): Columns {
  const headerRows = new Set<number>();
  const filled = new Map<number, number>();
  const kinds = new Map<string, number>();
  const count = (key: string) => kinds.set(key, (kinds.get(key) ?? 0) + 1);
  rows.forEach((cells, index) => {
    if (isHeaderRow(cells, index === 0, headerRows.size > 0)) {
      headerRows.add(rowOf(cells));
      return;
    }
    cells.forEach((cell, at) => {
      const column = cell.column ?? at;
      filled.set(column, (filled.get(column) ?? 0) + 1);
      const kind = CELL_KINDS.find(({ pattern }) => pattern.test(cell.text))?.kind;
      if (kind !== undefined) count(`${column}:${kind}`);
      if (RANK_CELL.test(cell.text)) count(`${column}:number`);
    });
  });
  const mostly = (column: number, kind: string) => (kinds.get(`${column}:${kind}`) ?? 0) > MOSTLY * filled.get(column)!;
  const content = new Map<number, CellKind>();
  const numbered = new Set<number>();
  for (const column of filled.keys()) {
    const kind = CELL_KINDS.find((shape) => mostly(column, shape.kind))?.kind;
    if (kind !== undefined) content.set(column, kind);
    if (mostly(column, "number")) numbered.add(column);
  }
  return { headerRows, content, numbered, roles: null, headers: new Map(), levelColumn: null, levels: null, paints: null, inLevel: null, named: new Map(), ungraded: [], read: null };
}

/**
 * A header row: all its cells are header cells (`<th>`, `bb_table_th`); or, before any header, a first row of
 * bold cells one of which names a column, or a row of several cells none of which holds a seed.
 */
function isHeaderRow(cells: readonly BodyLine[], first: boolean, afterHeader: boolean): boolean {
  if (cells.every((cell) => cell.headerCell)) return true;
  if (afterHeader || cells.length < 2) return false;
  if (first && cells.every((cell) => cell.heading) && cells.some((cell) => columnRole(cell.text) !== null)) return true;
  return cells.every((cell) => readListLine(cell.text, { item: true, names: true }) === null);
}

/**
 * Each column's role by its header cell: its words (COLUMN_ROLES; a header naming none is a label), a `Rank`
 * header over labels (`S`, `Tier 1`) naming levels; the first level column holds the table's levels.
 */
export function readRoles(columns: Columns, cells: readonly BodyLine[], columnOf: (index: number) => number): void {
  const roles: ColumnRole[] = [];
  for (const [index, cell] of cells.entries()) {
    const column = columnOf(index);
    const role = columnRole(cell.text) ?? "label";
    roles[column] = role === "rank" && !columns.numbered.has(column) && columns.content.get(column) === undefined ? "level" : role;
    columns.headers.set(column, cell.text);
  }
  columns.roles = roles;
  const level = roles.findIndex((_, column) => roleOf(columns, column) === "level");
  columns.levelColumn = level === -1 ? null : level;
}

/**
 * A column's role: a column of prices, decimals or dates is never seeds nor a label, whatever its header says;
 * a column of percentages under a header that names no level is its rows' measurements (`Blue %`). Without a
 * header, null: tables.ts reads such a row by its cells.
 */
export function roleOf(columns: Columns, column: number): ColumnRole | null {
  const header = columns.roles?.[column];
  const kind = columns.content.get(column);
  if (kind === "price" || kind === "decimal" || kind === "date") return "other";
  if (kind === "percentage" && header !== undefined && header !== "label" && header !== "level") return "measurement";
  return header ?? null;
}

/** What a measurement column measures, by its header's words (`Blue %`: blue); null for a bare `%` (a fade). */
export function measurementWord(columns: Columns, column: number): string | null {
  const header = columns.headers.get(column) ?? "";
  return /\p{L}+/u.exec(header.replace(PERCENT_WORDS, " "))?.[0].toLowerCase() ?? null;
}

const PERCENT_WORDS = new RegExp(phrasesSource(COLUMN_ROLES.find(({ role }) => role === "measurement")!.words), "giu");
