import { append } from "../../generator/append.ts";
import { NOT_GRADED_CELL } from "../../generator/capture/columns.ts";
import { notGradedPhrase } from "../../generator/capture/languages.ts";
import type { BodyLine } from "../../generator/capture/lines.ts";
import { coreLabel, MEASUREMENT_CELL } from "../../generator/capture/shapes.ts";
import { measurementWord, readRoles, roleOf, rowOf, type Columns } from "./columns.ts";
import type { Guess } from "./guess.ts";
import { calloutKind, levelKind, paintsNamed } from "./labels.ts";
import { orderLevels, type OrderedBy } from "./level-order.ts";
import { addListed, GRADING_BYTES, ranksWithin, type Block, type Reading, type Scope, type Walk } from "./levels.ts";
import { readListLine, type ListLine } from "./list-lines.ts";
import { allSections, headingLabel, type Section } from "./sections.ts";

export { tableColumns, type Columns } from "./columns.ts";

// A table's rows read into levels (part of step 3, readLists). A header row says what each column holds
// (columns.ts: rank, seeds, level, label, note, measurement, or something never seeds, a price or a date);
// without one, the first cell that is not seeds is the row's label and a further text cell is the seeds' note.
// Rows naming one label make one level wherever they are. A level column (`Tier`, `Grade`) makes the table's
// levels one system, put best first once the page is read (level-order.ts); a row whose level cell grades
// nothing (`—`, empty, `none`, `almost`) grades nothing and its seeds are listed for review. A header of level labels
// makes each column a level; a header naming the item's paints makes each of those columns one paint's part
// of the page. A level's own table (under its heading) is ordered by its rank column, and a measurement alone
// in a cell is its row's seed's. Which column was read as what is the draft's reading: listed under "check
// these", with the table's seeds.

export function readRow(walk: Walk, columns: Columns, reading: Reading, scope: Scope, cells: readonly BodyLine[]): void {
  const read = cells.map((cell) => readListLine(cell.text, { item: true, names: true }));
  const columnOf = (index: number) => cells[index]!.column ?? index;
  if (columns.headerRows.has(rowOf(cells))) {
    readHeader(walk, columns, cells, columnOf);
    return;
  }
  if (columns.paints !== null) readPaintColumns(walk, columns, columns.paints, reading, scope, cells, read, columnOf);
  else if (columns.levels !== null) readLevelColumns(walk, columns, columns.levels, reading, scope, cells, read, columnOf);
  else readByRoles(walk, columns, reading, scope, cells, read, columnOf);
}

function readHeader(walk: Walk, columns: Columns, cells: readonly BodyLine[], columnOf: (index: number) => number): void {
  readRoles(columns, cells, columnOf);
  const labels = cells.map((cell) => headingLabel(cell.text));
  columns.levels = cells.length > 1 && labels.every((label) => levelKind(label) !== null) ? new Map(labels.map((label, index) => [columnOf(index), { label, block: null }])) : null;
  const painted = labels.map((label) => (levelKind(label) === null && calloutKind(label) === null ? paintsNamed(label, walk.item) : null));
  const paintCount = painted.filter((paints) => paints !== null).length;
  columns.paints =
    columns.levels === null && paintCount >= 2 && paintCount < cells.length
      ? new Map(painted.flatMap((paints, index) => (paints === null ? [] : [[columnOf(index), { id: walk.nextId(), name: labels[index]!, paints }]])))
      : null;
  if (columns.levels !== null || columns.paints !== null) columns.levelColumn = null;
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

/** Which cell of a row holds what: indexes into the row's cells, -1 for none. */
interface RowCells {
  rankAt: number;
  labelAt: number;
  seedsAt: number[];
  noteAt: number;
  measuredAt: number;
}

/** Which cell of a row holds what, by what its header (or, without one, its cells) says each column holds. */
function rowCells(columns: Columns, cells: readonly BodyLine[], read: readonly (ListLine | null)[], columnOf: (index: number) => number): RowCells {
  const roles = columns.roles;
  const role = (index: number) => roleOf(columns, columnOf(index));
  // A measurement alone in its cell is the row's seed's in a measurement column (`Seed | Blue %`), and in a
  // level's own table (`# | Seed | Fade`: `1 | 763 | 100%`).
  const measuredAt = cells.findIndex((cell, index) => (role(index) === "measurement" || (columns.inLevel === true && role(index) !== "seeds")) && MEASUREMENT_CELL.test(cell.text));
  const rankAt = cells.findIndex((_, index) => role(index) === "rank");
  const labelAt =
    columns.levelColumn !== null
      ? cells.findIndex((_, index) => columnOf(index) === columns.levelColumn)
      : roles !== null
        ? cells.findIndex((_, index) => role(index) === "label" && read[index] === null && index !== measuredAt)
        : read.findIndex((list, index) => list === null && index !== measuredAt && role(index) !== "other");
  const seedsColumn = roles !== null && roles.some((_, column) => roleOf(columns, column) === "seeds");
  // Without a column its header names seeds, the seeds are in the columns of no role the header knows.
  const holdsSeeds = (index: number) => role(index) === "seeds" || role(index) === null || (roles !== null && !seedsColumn && role(index) === "label");
  const seedsAt = cells.map((_, index) => index).filter((index) => read[index] !== null && index !== rankAt && index !== labelAt && index !== measuredAt && holdsSeeds(index));
  const noteAt = cells.findIndex((_, index) => index !== labelAt && index !== measuredAt && read[index] === null && index !== rankAt && (role(index) === "note" || role(index) === null));
  return { rankAt, labelAt, seedsAt, noteAt, measuredAt };
}

/** A row read by what its header (or, without one, its cells) says each column holds. */
function readByRoles(walk: Walk, columns: Columns, reading: Reading, scope: Scope, cells: readonly BodyLine[], read: readonly (ListLine | null)[], columnOf: (index: number) => number): void {
  columns.inLevel ??= reading.pending !== null && ranksWithin(walk, reading);
  const { rankAt, labelAt, seedsAt, noteAt, measuredAt } = rowCells(columns, cells, read, columnOf);
  if (seedsAt.length === 0) return;
  const levelCell = labelAt === -1 ? "" : cells[labelAt]!.text;
  if (columns.levelColumn !== null && scope.callout === null && gradesNothing(levelCell)) {
    columns.ungraded.push({ line: cells[0]!.number, cell: levelCell, seeds: seedsAt.flatMap((index) => read[index]!.seeds.map((listed) => listed.seed)) });
    return;
  }
  const rank = rankAt === -1 ? null : Number(/\d{1,4}/.exec(cells[rankAt]!.text)?.[0] ?? Number.NaN);
  const label = labelAt === -1 ? null : headingLabel(levelCell);
  const measured = measuredAt === -1 ? undefined : { percent: Number(MEASUREMENT_CELL.exec(cells[measuredAt]!.text)!.groups!.value!.replace(",", ".")), word: roleOf(columns, columnOf(measuredAt)) === "measurement" ? measurementWord(columns, columnOf(measuredAt)) : null };
  for (const index of seedsAt) {
    const list = read[index]!;
    if (scope.callout === null) {
      noteRead(columns, cells[index]!, list, `seeds from column ${columnOf(index) + 1}${roleOf(columns, columnOf(index)) === "seeds" ? "" : " (no header names it)"}`);
      if (labelAt !== -1) columns.read!.columns.add(`levels from column ${columnOf(labelAt) + 1}${columns.levelColumn === null ? "" : " (its header names levels: one system, whatever the rows' order)"}`);
      if (rankAt !== -1) columns.read!.columns.add(`ranks from column ${columnOf(rankAt) + 1}${columns.inLevel ? " (within the level)" : ""}`);
      if (measuredAt !== -1) columns.read!.columns.add(`measurements from column ${columnOf(measuredAt) + 1}`);
    }
    const note = noteAt === -1 ? undefined : cells[noteAt]!.text;
    const noted = note === undefined ? list.seeds : list.seeds.map((seed) => ({ ...seed, note: seed.note ?? note }));
    const seeds = measured === undefined || noted.length !== 1 ? noted : noted.map((seed) => ({ ...seed, value: seed.value ?? measured }));
    const ranked = rank !== null && !Number.isNaN(rank);
    if (label === null && ranked) addListed(walk, reading, scope, { ...list, seeds, label: cells[rankAt]!.text, rank }, cells[index]!, "rank");
    else if (label !== null) {
      const key = coreLabel(label).toLowerCase();
      if (scope.callout === null) takeUp(reading, columns.named.get(key));
      addListed(walk, reading, scope, { ...list, seeds, label, rank: ranked ? rank : list.rank }, cells[index]!, "label");
      if (scope.callout === null && reading.current !== null) columns.named.set(key, reading.current);
    } else addListed(walk, reading, scope, { ...list, seeds }, cells[index]!, list.label === null ? null : "label");
  }
}

/**
 * A level cell saying its row is not graded: empty, a dash, `none`, a not-graded phrase (`almost`, `not blue`).
 * One naming a callout (`Honourable mention`, `Not blue gems`) makes the row's seeds that callout's instead.
 */
function gradesNothing(cell: string): boolean {
  const text = cell.trim();
  return text === "" || NOT_GRADED_CELL.test(text) || (notGradedPhrase(text) !== null && calloutKind(headingLabel(text)) === null);
}

/** A row naming a level an earlier row of the table named adds to that level, where the page writes it. */
function takeUp(reading: Reading, level: Block | undefined): void {
  if (level === undefined || reading.current === level) return;
  level.resumed.push(level.listed.length);
  reading.current = level;
  reading.pending = null;
}

function noteRead(columns: Columns, cell: BodyLine, list: ListLine, how: string): void {
  columns.read ??= { line: cell.number, seeds: [], columns: new Set() };
  columns.read.seeds.push(...list.seeds.map((listed) => listed.seed));
  columns.read.columns.add(how);
}

/**
 * The levels of each table read by its level column put best first (level-order.ts), each given its place:
 * they are one system's (systems.ts). One guess per table, saying what decided the order.
 */
export function orderTableLevels(tables: ReadonlyMap<number, Columns>, root: Section): Guess[] {
  const lines = pageLines(root);
  const guesses: Guess[] = [];
  for (const [table, columns] of tables) {
    if (columns.levelColumn === null || columns.read === null) continue;
    const levels = [...new Set(columns.named.values())].filter((block) => block.callout === null && block.listed.length > 0);
    if (levels.length === 0) continue;
    const { order, by } = orderLevels(levels.map((block) => block.label), lines);
    order.forEach((index, place) => (levels[index]!.tableLevel = { table, place }));
    const labels = order.map((index) => JSON.stringify(levels[index]!.label)).join(", ");
    guesses.push({ line: columns.read.line, what: `levels ${labels} of the table's column ${columns.levelColumn + 1} put best first ${orderedBy(by)}` });
  }
  return guesses;
}

function orderedBy(by: OrderedBy): string {
  if (by.kind === "legend") return `by the legend on line ${by.line.number}: ${JSON.stringify(by.line.text)}`;
  if (by.kind === "natural") return `by the natural order of their labels (${by.name}); no legend on the page`;
  return "as the rows first name them: no legend on the page, and their labels have no natural order";
}

/** The page's lines outside its tables (headings and lines), in page order: where a legend is written. */
function pageLines(root: Section): BodyLine[] {
  const lines: BodyLine[] = [];
  for (const section of allSections(root)) {
    if (section.heading !== null) lines.push(section.heading);
    for (const entry of section.entries) if (entry.kind === "line") lines.push(entry.line);
  }
  return lines.sort((a, b) => a.start - b.start);
}

/** How each table was read, with its seeds: one guess per table; and each row its level cell leaves ungraded. */
export function tableGuesses(tables: ReadonlyMap<number, Columns>): Guess[] {
  return [...tables.values()].flatMap((columns) => [
    ...(columns.read === null ? [] : [{ line: columns.read.line, what: `table read by its columns: ${[...columns.read.columns].join("; ")}`, seeds: columns.read.seeds }]),
    ...columns.ungraded.map((row) => ({ line: row.line, what: `row with no level in column ${columns.levelColumn! + 1} (${row.cell === "" ? "empty" : JSON.stringify(row.cell)}): its seeds are not graded`, seeds: row.seeds })),
  ]);
}
