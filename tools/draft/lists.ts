import type { ItemFile } from "../../contract/schema/item.ts";
import { seedCandidates } from "../../generator/capture/numbers.ts";
import { LABEL_BEFORE_NUMBER } from "../../generator/capture/shapes.ts";
import type { Classified, Role } from "./classify.ts";
import type { Guess } from "./guess.ts";
import { addListed, contextTable, knownLevel, openBlock, ranksWithin, type Block, type Context, type Reading, type Scope, type Walk } from "./levels.ts";
import type { ListLine } from "./list-lines.ts";
import type { Entry, Section } from "./sections.ts";
import { orderTableLevels, readRow, tableColumns, tableGuesses, type Columns } from "./tables.ts";

export type { Block, Context, Listed } from "./levels.ts";

// Step 3 of a draft: the lists of each section read into blocks (each level's seeds, each callout's lines), each
// in the context it sits in (a paint's section, a named section), by the role classify.ts gave the section. What
// a section holds is read in page order; only the reading of one section (which level its next unlabelled line
// goes to: levels.ts) is carried from line to line. A callout's section is the callout's, all of it; an ungraded
// section is skipped.

export interface Lists {
  blocks: Block[];
  contexts: Context[];
  guesses: Guess[];
}

export function readLists(classified: Classified, item: ItemFile, maxBytes: number): Lists | null {
  let ids = 0;
  const walk: Walk = { item, blocks: [], guesses: [], contexts: contextTable(), levelOf: new Map(), nextId: () => ids++, bytes: 0 };
  const sections: Sections = { classified, maxBytes, tables: tableColumns(classified.root), named: new Map() };
  const root: Scope = { paint: null, section: null, sectionInside: false, callout: null };
  const reading: Reading = { section: null, role: { kind: "root" }, pending: null, current: null, prose: [], namesLevel: false, inner: () => root };
  if (!readEntries(walk, sections, reading, root, classified.root.entries) || walk.bytes > maxBytes) return null;
  const ordered = orderTableLevels(sections.tables, classified.root);
  return { blocks: walk.blocks, contexts: walk.contexts.contexts, guesses: [...walk.guesses, ...ordered, ...tableGuesses(sections.tables)] };
}

/** What the reading of sections keeps besides the levels: the roles, the tables' columns, each heading's named section. */
interface Sections {
  classified: Classified;
  maxBytes: number;
  /** Each table's columns, read from all its rows before any is read (columns.ts). */
  tables: Map<number, Columns>;
  /** The named section each heading opened, for a later section going on with it (`Tier list, part 2`). */
  named: Map<Section, { id: number; name: string }>;
}

/** Reads a section in the scope of the section around it; false when the draft grew past `maxBytes`. */
function readSection(walk: Walk, sections: Sections, section: Section, scope: Scope): boolean {
  const role: Role = sections.classified.roles.get(section) ?? { kind: "heading", ranking: null, continues: null, amongLevels: false };
  const plain = (inner: Scope): Reading => ({ section, role, pending: null, current: null, prose: [], namesLevel: false, inner: () => inner });
  if (scope.callout !== null) {
    scope.callout.lines.push(section.heading!);
    return readEntries(walk, sections, plain(scope), scope, section.entries);
  }
  if (role.kind === "ungraded") return true;
  if (role.kind === "callout") {
    const inside: Scope = { ...scope, callout: openBlock(walk, section.label, false, scope, section.heading!, section.heading) };
    return readEntries(walk, sections, plain(inside), inside, section.entries);
  }
  if (role.kind === "paint") {
    const painted: Scope = { ...scope, paint: { id: walk.nextId(), name: section.label, paints: role.paints }, sectionInside: false };
    return readEntries(walk, sections, plain(painted), painted, section.entries);
  }
  // A section going on with an earlier section of levels (`Tier list, part 2`) is that section again.
  const continued = role.kind === "heading" && role.continues !== null ? sections.named.get(role.continues) : undefined;
  const named: Scope = { ...scope, section: continued ?? { id: walk.nextId(), name: section.label }, sectionInside: true };
  sections.named.set(section, named.section!);
  const reading: Reading = { section, role, pending: { label: section.label, line: section.heading! }, current: null, prose: [], namesLevel: false, inner: () => (reading.namesLevel ? scope : named) };
  const done = readEntries(walk, sections, reading, scope, section.entries);
  readSentences(walk, reading, scope);
  return done;
}

function readEntries(walk: Walk, sections: Sections, reading: Reading, scope: Scope, entries: readonly Entry[]): boolean {
  for (const entry of entries) {
    if (entry.kind === "section") {
      readSentences(walk, reading, scope);
      if (!readSection(walk, sections, entry.section, reading.inner())) return false;
      reading.current = null;
      reading.pending = null;
    } else if (entry.kind === "row") {
      reading.prose = [];
      readRow(walk, sections.tables.get(entry.table)!, reading, scope, entry.cells);
    } else if (entry.caption) {
      // A caption's seeds are `caption` evidence, the maintainer's to weigh against the lists; the review of
      // numbers lists them.
      continue;
    } else if (entry.list !== null && entry.afterImage && repeatsLevel(reading, entry.list)) {
      // A line under a picture repeating seeds just listed in its level is the picture's caption (`661, 151,
      // 321` under a collage of them): it adds no grading (dataset/README.md, "Captions that name an already
      // listed seed").
      walk.guesses.push({ line: entry.line.number, what: `read as the caption of the picture above it, not graded: its seeds are listed in ${JSON.stringify(reading.current!.label)} already`, seeds: entry.list.seeds.map((listed) => listed.seed) });
    } else if (entry.list !== null) {
      reading.prose = [];
      addListed(walk, reading, scope, impliedRank(walk, reading, scope, entry.list, entry.line.ordinal, entry.line.number), entry.line);
    } else if (scope.callout !== null) scope.callout.lines.push(entry.line);
    else if (reading.current === null && reading.pending !== null) reading.prose.push(entry.line);
    if (walk.bytes > sections.maxBytes) return false;
  }
  return true;
}

/** A list line listing only seeds its level already lists. */
function repeatsLevel(reading: Reading, list: ListLine): boolean {
  if (reading.current === null || reading.current.callout !== null || list.label !== null || list.rank !== null) return false;
  const listed = new Set(reading.current.listed.map((entry) => entry.seed.seed));
  return list.seeds.every((seed) => listed.has(seed.seed));
}

/**
 * An ordered list's item ranks its seeds by its place when nothing else names their level: not inside a level's
 * own list (its order is within the level), nor on a line that writes a label or a rank of its own.
 */
function impliedRank(walk: Walk, reading: Reading, scope: Scope, list: ListLine, ordinal: number | null, line: number): ListLine {
  if (ordinal === null || list.label !== null || list.rank !== null || scope.callout !== null) return list;
  const inLevel = reading.current !== null ? !reading.current.rankedLevel : ranksWithin(walk, reading);
  if (inLevel) return list;
  walk.guesses.push({ line, what: `ranked #${ordinal} by its place in an ordered list`, seeds: list.seeds.map((listed) => listed.seed) });
  return { ...list, label: `#${ordinal}`, rank: ordinal };
}

/**
 * A level whose heading is followed by sentences and no list writes its seeds in them (`The best is 661,
 * followed by 151 and 321.`): every number of those sentences that could be a seed is one, as check reads the
 * quote; a sentence above a list only describes the level, and its numbers are left for review.
 */
function readSentences(walk: Walk, reading: Reading, scope: Scope): void {
  const sentences = reading.prose;
  reading.prose = [];
  if (reading.pending === null || !knownLevel(walk, reading) || scope.callout !== null) return;
  for (const line of sentences) {
    const seeds = seedCandidates(line.text)
      .filter((token) => !LABEL_BEFORE_NUMBER.test(line.text.slice(Math.max(0, token.start - 12), token.start)))
      .map((token) => ({ seed: token.value, at: token.start }));
    if (seeds.length === 0) continue;
    walk.guesses.push({ line: line.number, what: `seeds read from a sentence under ${JSON.stringify(reading.pending?.label ?? reading.current?.label ?? "")}`, seeds: seeds.map((seed) => seed.seed) });
    addListed(walk, reading, scope, { label: null, rank: null, seeds, unreadable: [] }, line);
  }
}
