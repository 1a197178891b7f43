import { append } from "../../generator/append.ts";
import type { ItemFile } from "../../contract/schema/item.ts";
import type { BodyLine } from "../../generator/capture/lines.ts";
import { seedCandidates } from "../../generator/capture/numbers.ts";
import { COLUMN_ROLES, coreLabel, LABEL_BEFORE_NUMBER, MEASUREMENT_CELL, RANKING_HEADINGS } from "../../generator/capture/shapes.ts";
import type { Classified, Ranking, Role } from "./classify.ts";
import type { Guess } from "./guess.ts";
import { calloutKind, continuationLabel, continuedLevel, levelKind, paintsNamed, type CalloutKind } from "./labels.ts";
import { readListLine, type ListedSeed, type ListLine } from "./list-lines.ts";
import { headingLabel, type Entry, type Section } from "./sections.ts";

// Step 3 of a draft: the lists of each section read into blocks (each level's seeds, each callout's lines), each
// in the context it sits in (a paint's section, a named section). A heading followed by seeds names their level;
// a heading followed by lines carrying their own labels (`Tier 1: 661`) or by sub-sections names the section
// those levels are in. Ranks written inside a level's own list rank within it; ranked lines elsewhere are a
// rank scale's levels. What a section holds is read in page order, and only the reading of one section (which
// level its next unlabelled line goes to) is carried from line to line.

export interface Listed {
  seed: ListedSeed;
  line: BodyLine;
  rank: number | null;
}

export interface Block {
  label: string;
  /** Misread numbers in its lists, with the line (an `unparseable` discrepancy each). */
  unreadable: { word: string; line: BodyLine }[];
  callout: CalloutKind | null;
  /** A run of ranked lines: each its own level of a rank scale. */
  rankedLevel: boolean;
  context: number;
  listed: Listed[];
  /** A callout's lines under its heading, prose included (its quote spans them). */
  lines: BodyLine[];
  /** The heading line that named it, when a heading did. */
  headingLine: BodyLine | null;
  /** Its seeds were read from table rows. */
  tableRow: boolean;
  /** Its place in a sentence ranking named levels, when one does. */
  ranking: Ranking | null;
  /** Where in `listed` a later section continuing the level took it up again (`Tier 1 (continued)`). */
  resumed: number[];
  /** Ranks written in its own list order it (`rank_scope: "level"`): later ranked lines go on ordering it. */
  ranksInside: boolean;
}

export interface Context {
  /** The heading naming the paints it covers (`Phase 2`), or null. */
  heading: string | null;
  /** The name of the page's section it is in, when a heading that is not a level names one. */
  section: string | null;
  /** Whether the section's heading is inside the paint's (the section names the system better). */
  sectionInside: boolean;
  paintIndexes: number[] | null;
}

export interface Lists {
  blocks: Block[];
  contexts: Context[];
  guesses: Guess[];
}

/**
 * The least a grading adds to a guide file besides its quote: `{"seed":0,"level":"","quote":"",
 * "evidence":"text","position":0}` is 63 characters.
 */
const GRADING_BYTES = 63;

/** Where a section's lines are read: the paint's and the named section around it, the callout it is in. */
interface Scope {
  paint: { id: number; name: string; paints: number[] } | null;
  section: { id: number; name: string } | null;
  /** The named section is inside the paint's. */
  sectionInside: boolean;
  callout: Block | null;
}

/** What a table's header said its columns hold, kept from row to row. */
interface Columns {
  roles: (typeof COLUMN_ROLES)[number]["role"][] | null;
  /** A header of level labels (`Tier 1 | Tier 2`): each column one level's seeds. */
  levels: Map<number, { label: string; block: Block | null }> | null;
  /** A header of paints (`Tier | Phase 1 | Phase 2`): each column one paint's part of the page. */
  paints: Map<number, { id: number; name: string; paints: number[] }> | null;
  /** The table is a level's own (under its heading): its rank column orders the level, its measurements are the seeds'. */
  inLevel: boolean | null;
  /** How its rows were read, for "check these": the first line, the seeds, what each column was taken for. */
  read: { line: number; seeds: number[]; columns: Set<string> } | null;
}

/** The reading of one section: the heading not yet given a level, the level its next unlabelled line goes to. */
interface Reading {
  section: Section | null;
  role: Role;
  pending: { label: string; line: BodyLine } | null;
  current: Block | null;
  /** Sentences under a level's heading, read for its seeds only if no list of the level follows them. */
  prose: BodyLine[];
  /** The heading names a level (its own, or the earlier one it continues) rather than a section. */
  namesLevel: boolean;
  /** The scope of what this section names: its own named section, unless its heading names a level. */
  inner: () => Scope;
}

export function readLists(classified: Classified, item: ItemFile, maxBytes: number): Lists | null {
  const blocks: Block[] = [];
  const contexts: Context[] = [];
  const guesses: Guess[] = [];
  const contextIds = new Map<string, number>();
  const labelsOf = new Map<number, Set<string>>();
  const generations = new Map<string, number>();
  const blockOf = new Map<Section, Block>();
  const namedIds = new Map<Section, { id: number; name: string }>();
  const tables = new Map<number, Columns>();
  let ids = 0;
  let bytes = 0;
  const roleOf = (section: Section): Role => classified.roles.get(section) ?? { kind: "heading", ranking: null, continues: null, amongLevels: false };

  const contextOf = (scope: Scope, fresh: boolean): number => {
    const base = `${scope.paint?.id ?? "-"}/${scope.section?.id ?? "-"}`;
    if (fresh) generations.set(base, (generations.get(base) ?? 0) + 1);
    const key = `${base}/${generations.get(base) ?? 0}`;
    let id = contextIds.get(key);
    if (id === undefined) {
      id = contexts.length;
      contexts.push({ heading: scope.paint?.name ?? null, section: scope.section?.name ?? null, sectionInside: scope.section !== null && (scope.paint === null || scope.sectionInside), paintIndexes: scope.paint?.paints ?? null });
      contextIds.set(key, id);
      labelsOf.set(id, new Set());
    }
    return id;
  };

  /** `at`: the line that names it, for the guess of a second system. */
  const open = (label: string, rankedLevel: boolean, scope: Scope, at: BodyLine, headingLine: BodyLine | null = null, ranking: Ranking | null = null): Block => {
    const callout = rankedLevel || ranking !== null || levelKind(label) !== null ? null : calloutKind(label);
    let context = contextOf(scope, false);
    if (callout === null && !rankedLevel) {
      // A level label met again in one context starts another system (a second tier list on the page).
      const key = coreLabel(label).toLowerCase();
      if (labelsOf.get(context)!.has(key)) {
        context = contextOf(scope, true);
        guesses.push({ line: at.number, what: `level ${JSON.stringify(label)} met again: a second system starts here` });
      }
      labelsOf.get(context)!.add(key);
    }
    const block: Block = { label: callout === null ? coreLabel(label) : label, unreadable: [], callout, rankedLevel, context, listed: [], lines: [], headingLine, tableRow: false, ranking, resumed: [], ranksInside: false };
    blocks.push(block);
    return block;
  };
  const drop = (block: Block | null) => {
    if (block !== null && block.listed.length === 0 && block.callout === null) blocks.splice(blocks.indexOf(block), 1);
  };

  /** The level a section's heading names: its own block, or the earlier level it continues. */
  const levelOfHeading = (reading: Reading, outer: Scope): Block => {
    const role = reading.role;
    reading.namesLevel = true;
    if (role.kind === "heading" && role.continues !== null) {
      const continued = blockOf.get(role.continues);
      if (continued !== undefined && continued.callout === null) {
        continued.resumed.push(continued.listed.length);
        return continued;
      }
    }
    const block = open(reading.pending!.label, false, outer, reading.pending!.line, reading.pending!.line, role.kind === "heading" ? role.ranking : null);
    if (reading.section !== null) blockOf.set(reading.section, block);
    return block;
  };

  /**
   * Whether ranks written under the heading (`#1 - 661`, a table's `#` column, an ordered list) rank within
   * its level rather than make a rank scale: under a level's label, a level the page ranks by a sentence or
   * continues, or a name that is not a ranking's own (`Tricolor`, not `Top 10`).
   */
  const ranksWithin = (reading: Reading): boolean => {
    if (reading.pending === null) return false;
    const role = reading.role;
    if (levelKind(reading.pending.label) !== null) return true;
    if (role.kind !== "heading") return false;
    return role.ranking !== null || continuesLevel(role) || (role.amongLevels && calloutKind(reading.pending.label) === null && !RANKING_HEADINGS.test(reading.pending.label));
  };

  /** A heading that surely names a level: its label is a level's, or the page ranks or continues it. */
  const knownLevel = (reading: Reading): boolean => {
    if (reading.pending === null) return false;
    const role = reading.role;
    return levelKind(reading.pending.label) !== null || (role.kind === "heading" && role.ranking !== null) || continuesLevel(role);
  };
  /** The section goes on with an earlier level (not with a section of levels). */
  const continuesLevel = (role: Role): boolean => role.kind === "heading" && role.continues !== null && blockOf.get(role.continues)?.callout === null;

  /** `row`: read from a table row, whose label cell (in `list.label`) names the level even beside a rank. */
  const addListed = (reading: Reading, scope: Scope, list: ListLine, line: BodyLine, row: "label" | "rank" | null = null): void => {
    bytes += list.seeds.length * (line.text.length + GRADING_BYTES);
    if (scope.callout !== null) {
      append(scope.callout.listed, list.seeds.map((seed) => ({ seed, line, rank: list.rank })));
      scope.callout.lines.push(line);
      return;
    }
    // `More found later: 412, 515` goes on with the level above; `Late additions to Tier 4: 333` with Tier 4.
    if (list.label !== null && list.rank === null && row === null && continuationLabel(list.label)) {
      const named = continuedLevel(list.label);
      const target = named === null ? null : blocks.findLast((block) => block.callout === null && !block.rankedLevel && block.label.toLowerCase() === coreLabel(named).toLowerCase());
      if (target !== null && target !== undefined) {
        guesses.push({ line: line.number, what: `${JSON.stringify(list.label)} read as going on with level ${JSON.stringify(target.label)}`, seeds: list.seeds.map((listed) => listed.seed) });
        reading.pending = null;
        if (target !== reading.current) target.resumed.push(target.listed.length);
        reading.current = target;
        list = { ...list, label: null };
      } else if (reading.current !== null || knownLevel(reading)) {
        guesses.push({ line: line.number, what: `${JSON.stringify(list.label)} read as going on with level ${JSON.stringify(reading.current?.label ?? reading.pending!.label)}`, seeds: list.seeds.map((listed) => listed.seed) });
        list = { ...list, label: null };
      }
    }
    noteNumbers(list, line);
    const label = list.label;
    const ranked = list.rank !== null && row !== "label";
    let under = reading.current;
    if (under === null && reading.pending !== null) {
      // The heading above names the level these seeds are listed in, unless they carry a label of their own
      // (then it names the section the levels are in), or they are ranked lines under a heading that is not
      // a level's (then it names the ranking). Ranked lines under a level's heading rank within that level.
      const ownLabel = list.label !== null && coreLabel(list.label).toLowerCase() !== coreLabel(reading.pending.label).toLowerCase();
      if ((ranked && ranksWithin(reading)) || (!ranked && !ownLabel)) under = levelOfHeading(reading, scope);
    }
    const within = reading.pending !== null && ranksWithin(reading);
    reading.pending = null;
    const inner = reading.inner();
    let block: Block;
    if (ranked) {
      // Ranks written inside a level's own list rank within that level (`rank_scope: "level"`,
      // dataset/README.md, "Guide documents: guides/<platform_id>.json").
      if (under !== null && under.callout === null && !under.rankedLevel && (within || under.ranksInside || levelKind(under.label) !== null || under.ranking !== null)) {
        block = under;
        block.ranksInside = true;
      }
      else {
        block = open(list.label!, true, inner, line);
        drop(under);
        append(block.listed, list.seeds.map((seed) => ({ seed, line, rank: list.rank })));
        if (block.callout !== null) block.lines.push(line);
        reading.current = null;
        append(block.unreadable, list.unreadable.map((word) => ({ word, line })));
        return;
      }
    } else if (label !== null && (under === null || coreLabel(label).toLowerCase() !== under.label.toLowerCase())) {
      if (under !== null && under.listed.length === 0 && under.callout !== null && calloutKind(label) === null) {
        // A callout heading followed by a sentence that ends in its list: the heading names the callout.
        block = under;
      } else {
        drop(under);
        block = open(label, false, inner, line);
      }
    } else block = under ?? open(label ?? "Seeds", false, inner, line);
    append(block.listed, list.seeds.map((seed) => ({ seed, line, rank: list.rank })));
    if (block.callout !== null) block.lines.push(line);
    append(block.unreadable, list.unreadable.map((word) => ({ word, line })));
    if (row !== null) block.tableRow = true;
    reading.current = block;
  };

  /**
   * A comment holding numbers that could be seeds (read in its line, as the review of numbers reads them: the
   * `1` of `661 - 1 gold stripe` is a count, the `1` of `almost Tier 1` names a level): read as the comment,
   * which a maintainer should confirm.
   */
  const noteNumbers = (list: ListLine, line: BodyLine): void => {
    const notes = new Set(list.seeds.flatMap((listed) => (listed.note === undefined ? [] : [listed.note])));
    const tokens = seedCandidates(line.text).filter((token) => !LABEL_BEFORE_NUMBER.test(line.text.slice(Math.max(0, token.start - 12), token.start)));
    for (const note of notes) {
      const from = line.text.lastIndexOf(note);
      const numbers = from === -1 ? [] : tokens.filter((token) => token.start >= from && token.end <= from + note.length).map((token) => token.value);
      if (numbers.length > 0) guesses.push({ line: line.number, what: `${numbers.join(", ")} in the comment ${JSON.stringify(note)} read as the comment of ${list.seeds.filter((listed) => listed.note === note).map((listed) => listed.seed).join(", ")}, not as seeds`, seeds: numbers });
    }
  };

  // An ordered list's item ranks its seeds by its place when nothing else names their level: not inside a
  // level's own list (its order is within the level), nor on a line that writes a label or a rank of its own.
  const impliedRank = (reading: Reading, scope: Scope, list: ListLine, line: BodyLine): ListLine => {
    if (line.ordinal === null || list.label !== null || list.rank !== null || scope.callout !== null) return list;
    const inLevel = reading.current !== null ? !reading.current.rankedLevel : ranksWithin(reading);
    if (inLevel) return list;
    guesses.push({ line: line.number, what: `ranked #${line.ordinal} by its place in an ordered list`, seeds: list.seeds.map((listed) => listed.seed) });
    return { ...list, label: `#${line.ordinal}`, rank: line.ordinal };
  };

  // A level whose heading is followed by sentences and no list writes its seeds in them (`The best is 661,
  // followed by 151 and 321.`): every number of those sentences that could be a seed is one, as check reads
  // the quote; a sentence above a list only describes the level, and its numbers are left for review.
  const flushProse = (reading: Reading, scope: Scope): void => {
    const sentences = reading.prose;
    reading.prose = [];
    if (reading.pending === null || !knownLevel(reading) || scope.callout !== null) return;
    for (const line of sentences) {
      const seeds = seedCandidates(line.text)
        .filter((token) => !LABEL_BEFORE_NUMBER.test(line.text.slice(Math.max(0, token.start - 12), token.start)))
        .map((token) => ({ seed: token.value, at: token.start }));
      if (seeds.length === 0) continue;
      guesses.push({ line: line.number, what: `seeds read from a sentence under ${JSON.stringify(reading.pending?.label ?? reading.current?.label ?? "")}`, seeds: seeds.map((seed) => seed.seed) });
      addListed(reading, scope, { label: null, rank: null, seeds, unreadable: [] }, line);
    }
  };

  /** Which column holds the seeds, the levels, the ranks is the draft's reading of a table: kept for "check these". */
  const noteTableRead = (columns: Columns, cell: BodyLine, list: ListLine, how: string): void => {
    columns.read ??= { line: cell.number, seeds: [], columns: new Set() };
    columns.read.seeds.push(...list.seeds.map((listed) => listed.seed));
    columns.read.columns.add(how);
  };

  const readRow = (reading: Reading, scope: Scope, cells: readonly BodyLine[], table: number): void => {
    const read = cells.map((cell) => readListLine(cell.text, { item: true, names: true }));
    const columnOf = (index: number) => cells[index]!.column ?? index;
    let columns = tables.get(table);
    if (columns === undefined) tables.set(table, (columns = { roles: null, levels: null, paints: null, inLevel: null, read: null }));
    if (cells.every((cell) => cell.headerCell) || (columns.roles === null && read.every((list) => list === null) && cells.length > 1)) {
      const roles: NonNullable<Columns["roles"]> = [];
      for (const [index, cell] of cells.entries()) roles[columnOf(index)] = COLUMN_ROLES.find(({ pattern }) => pattern.test(cell.text))?.role ?? "label";
      columns.roles = roles;
      const labels = cells.map((cell) => headingLabel(cell.text));
      columns.levels = cells.length > 1 && labels.every((label) => levelKind(label) !== null) ? new Map(labels.map((label, index) => [columnOf(index), { label, block: null }])) : null;
      const painted = labels.map((label) => (levelKind(label) === null && calloutKind(label) === null ? paintsNamed(label, item) : null));
      const paintCount = painted.filter((paints) => paints !== null).length;
      columns.paints =
        columns.levels === null && paintCount >= 2 && paintCount < cells.length
          ? new Map(painted.flatMap((paints, index) => (paints === null ? [] : [[columnOf(index), { id: ids++, name: labels[index]!, paints }]])))
          : null;
      return;
    }
    if (columns.paints !== null) {
      const paintColumns = columns.paints;
      const labelAt = cells.findIndex((cell, index) => !paintColumns.has(columnOf(index)) && read[index] === null && cell.text !== "");
      const label = labelAt === -1 ? null : headingLabel(cells[labelAt]!.text);
      if (label === null || scope.callout !== null) return;
      cells.forEach((cell, index) => {
        const list = read[index];
        const paint = paintColumns.get(columnOf(index));
        if (list === null || list === undefined || paint === undefined) return;
        // Each paint's column is read as if under that paint's heading, inside every heading around the table:
        // the heading above the table names the section its systems are in.
        const painted: Scope = { ...reading.inner(), paint, sectionInside: false };
        noteTableRead(columns, cell, list, `each paint's levels from the header's paint columns, labelled by column ${columnOf(labelAt) + 1}`);
        reading.pending = null;
        addListed({ ...reading, pending: null, current: null, inner: () => painted }, painted, { ...list, label, rank: null }, cell, "label");
      });
      reading.current = null;
      return;
    }
    if (columns.levels !== null) {
      const levelColumns = columns.levels;
      cells.forEach((cell, index) => {
        const list = read[index];
        const column = levelColumns.get(columnOf(index));
        if (list === null || list === undefined || column === undefined) return;
        noteTableRead(columns, cell, list, "each level's seeds from the header's level columns");
        if (column.block === null) {
          addListed(reading, scope, { ...list, label: column.label, rank: null }, cell, "label");
          column.block = reading.current;
        } else {
          bytes += list.seeds.length * (cell.text.length + GRADING_BYTES);
          append(column.block.listed, list.seeds.map((seed) => ({ seed, line: cell, rank: null })));
          append(column.block.unreadable, list.unreadable.map((word) => ({ word, line: cell })));
        }
      });
      return;
    }
    const roles = columns.roles;
    columns.inLevel ??= reading.pending !== null && ranksWithin(reading);
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
        noteTableRead(columns, cells[index]!, list, `seeds from column ${columnOf(index) + 1}${role(index) === "seeds" ? "" : " (no header names it)"}`);
        if (labelAt !== -1) columns.read!.columns.add(`levels from column ${columnOf(labelAt) + 1}`);
        if (rankAt !== -1) columns.read!.columns.add(`ranks from column ${columnOf(rankAt) + 1}${columns.inLevel ? " (within the level)" : ""}`);
        if (measuredAt !== -1) columns.read!.columns.add(`measurements from column ${columnOf(measuredAt) + 1}`);
      }
      const note = noteAt === -1 ? undefined : cells[noteAt]!.text;
      const noted = note === undefined ? list.seeds : list.seeds.map((seed) => ({ ...seed, note: seed.note ?? note }));
      const seeds = measured === undefined || noted.length !== 1 ? noted : noted.map((seed) => ({ ...seed, value: seed.value ?? measured }));
      const ranked = rank !== null && !Number.isNaN(rank);
      if (label === null && ranked) addListed(reading, scope, { ...list, seeds, label: cells[rankAt]!.text, rank }, cells[index]!, "rank");
      else if (label !== null) addListed(reading, scope, { ...list, seeds, label, rank: ranked ? rank : list.rank }, cells[index]!, "label");
      else addListed(reading, scope, { ...list, seeds }, cells[index]!, list.label === null ? null : "label");
    }
  };

  const repeatsCurrent = (reading: Reading, list: ListLine): boolean => {
    const listed = new Set(reading.current?.listed.map((entry) => entry.seed.seed));
    return reading.current !== null && reading.current.callout === null && list.label === null && list.rank === null && list.seeds.every((seed) => listed.has(seed.seed));
  };

  const readEntries = (reading: Reading, scope: Scope, entries: readonly Entry[]): boolean => {
    for (const entry of entries) {
      if (entry.kind === "section") {
        flushProse(reading, scope);
        if (!readSection(entry.section, reading.inner())) return false;
        reading.current = null;
        reading.pending = null;
      } else if (entry.kind === "row") {
        reading.prose = [];
        readRow(reading, scope, entry.cells, entry.table);
      } else if (entry.caption) {
        // A caption's seeds are `caption` evidence, the maintainer's to weigh against the lists; the review of
        // numbers lists them.
        continue;
      } else if (entry.list !== null && entry.afterImage && repeatsCurrent(reading, entry.list)) {
        // A line under a picture repeating seeds just listed in its level is the picture's caption (`661, 151,
        // 321` under a collage of them): it adds no grading (dataset/README.md, "Captions that name an already
        // listed seed").
        guesses.push({ line: entry.line.number, what: `read as the caption of the picture above it, not graded: its seeds are listed in ${JSON.stringify(reading.current!.label)} already`, seeds: entry.list.seeds.map((listed) => listed.seed) });
      } else if (entry.list !== null) {
        reading.prose = [];
        addListed(reading, scope, impliedRank(reading, scope, entry.list, entry.line), entry.line);
      } else if (scope.callout !== null) scope.callout.lines.push(entry.line);
      else if (reading.current === null && reading.pending !== null) reading.prose.push(entry.line);
      if (bytes > maxBytes) return false;
    }
    return true;
  };

  /** Reads a section in the scope of the section around it; false when the draft grew past `maxBytes`. */
  const readSection = (section: Section, scope: Scope): boolean => {
    const role = roleOf(section);
    const plain = (inner: Scope): Reading => ({ section, role, pending: null, current: null, prose: [], namesLevel: false, inner: () => inner });
    if (scope.callout !== null) {
      scope.callout.lines.push(section.heading!);
      return readEntries(plain(scope), scope, section.entries);
    }
    if (role.kind === "ungraded") return true;
    if (role.kind === "callout") {
      const inside: Scope = { ...scope, callout: open(section.label, false, scope, section.heading!, section.heading) };
      return readEntries(plain(inside), inside, section.entries);
    }
    if (role.kind === "paint") {
      const painted: Scope = { ...scope, paint: { id: ids++, name: section.label, paints: role.paints }, sectionInside: false };
      return readEntries(plain(painted), painted, section.entries);
    }
    // A section going on with an earlier section of levels (`Tier list, part 2`) is that section again.
    const continued = role.kind === "heading" && role.continues !== null ? namedIds.get(role.continues) : undefined;
    const named: Scope = { ...scope, section: continued ?? { id: ids++, name: section.label }, sectionInside: true };
    namedIds.set(section, named.section!);
    const reading: Reading = { section, role, pending: { label: section.label, line: section.heading! }, current: null, prose: [], namesLevel: false, inner: () => (reading.namesLevel ? scope : named) };
    const done = readEntries(reading, scope, section.entries);
    flushProse(reading, scope);
    return done;
  };

  const root: Scope = { paint: null, section: null, sectionInside: false, callout: null };
  const reading: Reading = { section: null, role: { kind: "root" }, pending: null, current: null, prose: [], namesLevel: false, inner: () => root };
  if (!readEntries(reading, root, classified.root.entries) || bytes > maxBytes) return null;
  for (const columns of tables.values()) {
    if (columns.read !== null) guesses.push({ line: columns.read.line, what: `table read by its columns: ${[...columns.read.columns].join("; ")}`, seeds: columns.read.seeds });
  }
  return { blocks, contexts, guesses };
}
