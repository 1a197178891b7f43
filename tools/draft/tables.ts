import { append } from "../../generator/append.ts";
import type { BodyLine } from "../../generator/capture/lines.ts";
import { COLUMN_ROLES, MEASUREMENT_CELL } from "../../generator/capture/shapes.ts";
import type { Guess } from "./guess.ts";
import { calloutKind, levelKind, paintsNamed } from "./labels.ts";
import { addListed, GRADING_BYTES, ranksWithin, type Block, type Reading, type Scope, type Walk } from "./levels.ts";
import { readListLine, type ListLine } from "./list-lines.ts";
import { headingLabel } from "./sections.ts";

// A table's rows read into levels (part of step 3, readLists). A header row says what each column holds
// (`COLUMN_ROLES`: rank, seeds, label, note); without one, the first cell that is not seeds is the row's label
// and a further text cell is the seeds' note. A header of level labels makes each column a level; a header
// naming the item's paints makes each of those columns one paint's part of the page. A level's own table (under
// its heading) is ordered by its rank column, and a measurement alone in a cell is its row's seed's. Which
// column was read as what is the draft's reading: listed under "check these", with the table's seeds.

/** What a table's header said its columns hold, kept from row to row. */
export interface Columns {
  roles: (typeof COLUMN_ROLES)[number]["role"][] | null;
  /** A header of level labels (`Tier 1 | Tier 2`): each column one level's seeds. */
  levels: Map<number, { label: string; block: Block | null }> | null;
  /** A header of paints (`Tier | Phase 1 | Phase 2`): each column one paint's part of the page. */
  paints: Map<number, { id: number; name: string; paints: number[] }> | null;
  /** The table is a level's own (under its heading): its rank column orders the level, its measurements are the seeds'. */
  inLevel: boolean | null;
  /** How its rows were read: the first line, the seeds, what each column was taken for. */
  read: { line: number; seeds: number[]; columns: Set<string> } | null;
}

export function readRow(walk: Walk, tables: Map<number, Columns>, reading: Reading, scope: Scope, cells: readonly BodyLine[], table: number): void {
  const read = cells.map((cell) => readListLine(cell.text, { item: true, names: true }));
  const columnOf = (index: number) => cells[index]!.column ?? index;
  let columns = tables.get(table);
  if (columns === undefined) tables.set(table, (columns = { roles: null, levels: null, paints: null, inLevel: null, read: null }));
  if (cells.every((cell) => cell.headerCell) || (columns.roles === null && read.every((list) => list === null) && cells.length > 1)) {
    readHeader(walk, columns, cells, columnOf);
    return;
  }
  if (columns.paints !== null) readPaintColumns(walk, columns, columns.paints, reading, scope, cells, read, columnOf);
  else if (columns.levels !== null) readLevelColumns(walk, columns, columns.levels, reading, scope, cells, read, columnOf);
  else readByRoles(walk, columns, reading, scope, cells, read, columnOf);
}

function readHeader(walk: Walk, columns: Columns, cells: readonly BodyLine[], columnOf: (index: number) => number): void {
  const roles: NonNullable<Columns["roles"]> = [];
  for (const [index, cell] of cells.entries()) roles[columnOf(index)] = COLUMN_ROLES.find(({ pattern }) => pattern.test(cell.text))?.role ?? "label";
  columns.roles = roles;
  const labels = cells.map((cell) => headingLabel(cell.text));
  columns.levels = cells.length > 1 && labels.every((label) => levelKind(label) !== null) ? new Map(labels.map((label, index) => [columnOf(index), { label, block: null }])) : null;
  const painted = labels.map((label) => (levelKind(label) === null && calloutKind(label) === null ? paintsNamed(label, walk.item) : null));
  const paintCount = painted.filter((paints) => paints !== null).length;
  columns.paints =
    columns.levels === null && paintCount >= 2 && paintCount < cells.length
      ? new Map(painted.flatMap((paints, index) => (paints === null ? [] : [[columnOf(index), { id: walk.nextId(), name: labels[index]!, paints }]])))
      : null;
}

/** A header of paints (`Tier | Phase 1 | Phase 2`): each paint's column is read as if under that paint's heading. */
function readPaintColumns(walk: Walk, columns: Columns, paintColumns: NonNullable<Columns["paints"]>, reading: Reading, scope: Scope, cells: readonly BodyLine[], read: readonly (ListLine | null)[], columnOf: (index: number) => number): void {
  const labelAt = cells.findIndex((cell, index) => !paintColumns.has(columnOf(index)) && read[index] === null && cell.text !== "");
  const label = labelAt === -1 ? null : headingLabel(cells[labelAt]!.text);
  if (label === null || scope.callout !== null) return;
  cells.forEach((cell, index) => {
    const list = read[index];
    const paint = paintColumns.get(columnOf(index));
    if (list === null || list === undefined || paint === undefined) return;
    // Inside every heading around the table: the heading above the table names the section its systems are in.
    const painted: Scope = { ...reading.inner(), paint, sectionInside: false };
    noteRead(columns, cell, list, `each paint's levels from the header's paint columns, labelled by column ${columnOf(labelAt) + 1}`);
    reading.pending = null;
    addListed(walk, { ...reading, pending: null, current: null, inner: () => painted }, painted, { ...list, label, rank: null }, cell, "label");
  });
  reading.current = null;
}

/** A header of level labels (`Tier 1 | Tier 2 | Tier 3`): each column lists one level's seeds. */
function readLevelColumns(walk: Walk, columns: Columns, levelColumns: NonNullable<Columns["levels"]>, reading: Reading, scope: Scope, cells: readonly BodyLine[], read: readonly (ListLine | null)[], columnOf: (index: number) => number): void {
  cells.forEach((cell, index) => {
    const list = read[index];
    const column = levelColumns.get(columnOf(index));
    if (list === null || list === undefined || column === undefined) return;
    noteRead(columns, cell, list, "each level's seeds from the header's level columns");
    if (column.block === null) {
      addListed(walk, reading, scope, { ...list, label: column.label, rank: null }, cell, "label");
      column.block = reading.current;
    } else {
      walk.bytes += list.seeds.length * (cell.text.length + GRADING_BYTES);
      append(column.block.listed, list.seeds.map((seed) => ({ seed, line: cell, rank: null })));
      append(column.block.unreadable, list.unreadable.map((word) => ({ word, line: cell })));
    }
  });
}

/** A row read by what its header (or, without one, its cells) says each column holds. */
function readByRoles(walk: Walk, columns: Columns, reading: Reading, scope: Scope, cells: readonly BodyLine[], read: readonly (ListLine | null)[], columnOf: (index: number) => number): void {
  const roles = columns.roles;
  columns.inLevel ??= reading.pending !== null && ranksWithin(walk, reading);
  const role = (index: number) => roles?.[columnOf(index)] ?? null;
  // In a level's own table a measurement alone in its cell is the row's seed's (`# | Seed | Fade`: `1 | 763 | 100%`).
  const measuredAt = columns.inLevel ? cells.findIndex((cell, index) => role(index) !== "seeds" && MEASUREMENT_CELL.test(cell.text)) : -1;
  const rankAt = cells.findIndex((_, index) => role(index) === "rank");
  const labelAt = roles !== null ? cells.findIndex((_, index) => role(index) === "label" && read[index] === null && index !== measuredAt) : read.findIndex((list, index) => list === null && index !== measuredAt);
  const seedsAt = cells.map((_, index) => index).filter((index) => read[index] !== null && index !== rankAt && (role(index) === "seeds" || role(index) === null || (roles !== null && !roles.includes("seeds") && role(index) !== "note")));
  if (seedsAt.length === 0) return;
  const noteAt = cells.findIndex((_, index) => index !== labelAt && index !== measuredAt && read[index] === null && index !== rankAt && (role(index) === "note" || roles === null || role(index) === null));
  const rank = rankAt === -1 ? null : Number(/\d{1,4}/.exec(cells[rankAt]!.text)?.[0] ?? Number.NaN);
  const label = labelAt === -1 ? null : headingLabel(cells[labelAt]!.text);
  const measured = measuredAt === -1 ? undefined : { percent: Number(MEASUREMENT_CELL.exec(cells[measuredAt]!.text)!.groups!.value!.replace(",", ".")), word: null };
  for (const index of seedsAt) {
    const list = read[index]!;
    if (scope.callout === null) {
      noteRead(columns, cells[index]!, list, `seeds from column ${columnOf(index) + 1}${role(index) === "seeds" ? "" : " (no header names it)"}`);
      if (labelAt !== -1) columns.read!.columns.add(`levels from column ${columnOf(labelAt) + 1}`);
      if (rankAt !== -1) columns.read!.columns.add(`ranks from column ${columnOf(rankAt) + 1}${columns.inLevel ? " (within the level)" : ""}`);
      if (measuredAt !== -1) columns.read!.columns.add(`measurements from column ${columnOf(measuredAt) + 1}`);
    }
    const note = noteAt === -1 ? undefined : cells[noteAt]!.text;
    const noted = note === undefined ? list.seeds : list.seeds.map((seed) => ({ ...seed, note: seed.note ?? note }));
    const seeds = measured === undefined || noted.length !== 1 ? noted : noted.map((seed) => ({ ...seed, value: seed.value ?? measured }));
    const ranked = rank !== null && !Number.isNaN(rank);
    if (label === null && ranked) addListed(walk, reading, scope, { ...list, seeds, label: cells[rankAt]!.text, rank }, cells[index]!, "rank");
    else if (label !== null) addListed(walk, reading, scope, { ...list, seeds, label, rank: ranked ? rank : list.rank }, cells[index]!, "label");
    else addListed(walk, reading, scope, { ...list, seeds }, cells[index]!, list.label === null ? null : "label");
  }
}

function noteRead(columns: Columns, cell: BodyLine, list: ListLine, how: string): void {
  columns.read ??= { line: cell.number, seeds: [], columns: new Set() };
  columns.read.seeds.push(...list.seeds.map((listed) => listed.seed));
  columns.read.columns.add(how);
}

/** How each table was read, with its seeds: one guess per table. */
export function tableGuesses(tables: ReadonlyMap<number, Columns>): Guess[] {
  return [...tables.values()].flatMap((columns) => (columns.read === null ? [] : [{ line: columns.read.line, what: `table read by its columns: ${[...columns.read.columns].join("; ")}`, seeds: columns.read.seeds }]));
}
