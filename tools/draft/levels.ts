import { append } from "../../generator/append.ts";
import type { ItemFile } from "../../contract/schema/item.ts";
import type { BodyLine } from "../../generator/capture/lines.ts";
import { seedCandidates } from "../../generator/capture/numbers.ts";
import { coreLabel, LABEL_BEFORE_NUMBER, RANKING_HEADINGS } from "../../generator/capture/shapes.ts";
import { quoteOccurrences } from "../../generator/capture/quote-occurrences.ts";
import type { Ranking, Role } from "./classify.ts";
import type { Guess } from "./guess.ts";
import { calloutKind, continuationLabel, continuedLevel, levelKind, type CalloutKind } from "./labels.ts";
import type { ListedSeed, ListLine } from "./list-lines.ts";
import type { Section } from "./sections.ts";

// What one list line adds to the levels of a draft (step 3, readLists, reads the sections' lines and rows into
// it): the level it goes to, by the heading above it, its own label or rank, or the level it goes on with. A
// heading followed by seeds names their level; a heading followed by lines carrying their own labels (`Tier 1:
// 661`) or by sub-sections names the section those levels are in. Ranks written inside a level's own list rank
// within it; ranked lines elsewhere are a rank scale's levels.

export interface Listed {
  seed: ListedSeed;
  line: BodyLine;
  rank: number | null;
}

/** A level or a callout read from the page, with what it lists. */
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
  /** A level of a table's level column (`Tier`, `Grade`): the table's levels are one system's, this one at `place` (0 the best). */
  tableLevel: { table: number; place: number } | null;
}

/** Where levels are read: a paint's part of the page, a named section, or both. Each becomes one or more systems. */
export interface Context {
  /** The heading naming the paints it covers (`Phase 2`), or null. */
  heading: string | null;
  /** The name of the page's section it is in, when a heading that is not a level names one. */
  section: string | null;
  /** Whether the section's heading is inside the paint's (the section names the system better). */
  sectionInside: boolean;
  paintIndexes: number[] | null;
}

/** Where a section's lines are read: the paint's and the named section around it, the callout it is in. */
export interface Scope {
  paint: { id: number; name: string; paints: number[] } | null;
  section: { id: number; name: string } | null;
  /** The named section is inside the paint's. */
  sectionInside: boolean;
  callout: Block | null;
}

/** The reading of one section: the heading not yet given a level, the level its next unlabelled line goes to. */
export interface Reading {
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

/** What the reading of a page's lists collects, from section to section. */
export interface Walk {
  item: ItemFile;
  blocks: Block[];
  guesses: Guess[];
  contexts: ContextTable;
  /** The level each section's heading named, for a later section going on with it. */
  levelOf: Map<Section, Block>;
  /** An id for each paint's section and named section. */
  nextId: () => number;
  /** About how large the draft's gradings are so far, in bytes of JSON. */
  bytes: number;
}

/**
 * The least a grading adds to a guide file besides its quote: `{"seed":0,"level":"","quote":"",
 * "evidence":"text","position":0}` is 63 characters.
 */
export const GRADING_BYTES = 63;

export interface ContextTable {
  contexts: Context[];
  /** The context of a scope; `fresh` starts another one there (a second tier list). */
  contextOf(scope: Scope, fresh: boolean): number;
  /** Whether a level label was met in a context before; records it. */
  met(context: number, label: string): boolean;
}

export function contextTable(): ContextTable {
  const contexts: Context[] = [];
  const ids = new Map<string, number>();
  const labels = new Map<number, Set<string>>();
  const generations = new Map<string, number>();
  return {
    contexts,
    contextOf(scope, fresh) {
      const base = `${scope.paint?.id ?? "-"}/${scope.section?.id ?? "-"}`;
      if (fresh) generations.set(base, (generations.get(base) ?? 0) + 1);
      const key = `${base}/${generations.get(base) ?? 0}`;
      let id = ids.get(key);
      if (id === undefined) {
        id = contexts.length;
        contexts.push({ heading: scope.paint?.name ?? null, section: scope.section?.name ?? null, sectionInside: scope.section !== null && (scope.paint === null || scope.sectionInside), paintIndexes: scope.paint?.paints ?? null });
        ids.set(key, id);
        labels.set(id, new Set());
      }
      return id;
    },
    met(context, label) {
      const seen = labels.get(context)!;
      const met = seen.has(label);
      seen.add(label);
      return met;
    },
  };
}

/** A new level or callout in the scope's context. `at`: the line that names it. */
export function openBlock(walk: Walk, label: string, rankedLevel: boolean, scope: Scope, at: BodyLine, headingLine: BodyLine | null = null, ranking: Ranking | null = null): Block {
  const callout = rankedLevel || ranking !== null || levelKind(label) !== null ? null : calloutKind(label);
  let context = walk.contexts.contextOf(scope, false);
  if (callout === null && !rankedLevel && walk.contexts.met(context, coreLabel(label).toLowerCase())) {
    // A level label met again in one context starts another system (a second tier list on the page).
    context = walk.contexts.contextOf(scope, true);
    walk.contexts.met(context, coreLabel(label).toLowerCase());
    walk.guesses.push({ line: at.number, what: `level ${JSON.stringify(label)} met again: a second system starts here` });
  }
  const block: Block = { label: callout === null ? coreLabel(label) : label, unreadable: [], callout, rankedLevel, context, listed: [], lines: [], headingLine, tableRow: false, ranking, resumed: [], ranksInside: false, tableLevel: null };
  walk.blocks.push(block);
  return block;
}

/** Forgets a level opened for seeds that went elsewhere. */
function drop(walk: Walk, block: Block | null): void {
  if (block !== null && block.listed.length === 0 && block.callout === null) walk.blocks.splice(walk.blocks.indexOf(block), 1);
}

/** The level a section's heading names: its own, or the earlier level it goes on with. */
function levelOfHeading(walk: Walk, reading: Reading, outer: Scope): Block {
  const role = reading.role;
  reading.namesLevel = true;
  if (role.kind === "heading" && role.continues !== null) {
    const continued = walk.levelOf.get(role.continues);
    if (continued !== undefined && continued.callout === null) {
      continued.resumed.push(continued.listed.length);
      return continued;
    }
  }
  const block = openBlock(walk, reading.pending!.label, false, outer, reading.pending!.line, reading.pending!.line, role.kind === "heading" ? role.ranking : null);
  if (reading.section !== null) walk.levelOf.set(reading.section, block);
  return block;
}

/** The section goes on with an earlier level (not with a section of levels). */
function continuesLevel(walk: Walk, role: Role): boolean {
  return role.kind === "heading" && role.continues !== null && walk.levelOf.get(role.continues)?.callout === null;
}

/**
 * Whether ranks written under the heading (`#1 - 661`, a table's `#` column, an ordered list) rank within its
 * level rather than make a rank scale: under a level's label, a level the page ranks by a sentence or continues,
 * or a name among named levels that is not a ranking's own (`Tricolor`, not `Top 10`).
 */
export function ranksWithin(walk: Walk, reading: Reading): boolean {
  if (reading.pending === null) return false;
  const role = reading.role;
  if (levelKind(reading.pending.label) !== null) return true;
  if (role.kind !== "heading") return false;
  return role.ranking !== null || continuesLevel(walk, role) || (role.amongLevels && calloutKind(reading.pending.label) === null && !RANKING_HEADINGS.test(reading.pending.label));
}

/** A heading that surely names a level: its label is a level's, or the page ranks or continues it. */
export function knownLevel(walk: Walk, reading: Reading): boolean {
  if (reading.pending === null) return false;
  const role = reading.role;
  return levelKind(reading.pending.label) !== null || (role.kind === "heading" && role.ranking !== null) || continuesLevel(walk, role);
}

/**
 * Adds a list line's seeds to the level (or callout) they are listed in. `row`: read from a table row, whose
 * label cell (in `list.label`) names the level even beside a rank.
 */
export function addListed(walk: Walk, reading: Reading, scope: Scope, list: ListLine, line: BodyLine, row: "label" | "rank" | null = null): void {
  walk.bytes += list.seeds.length * (line.text.length + GRADING_BYTES);
  if (scope.callout !== null) {
    append(scope.callout.listed, list.seeds.map((seed) => ({ seed, line, rank: list.rank })));
    scope.callout.lines.push(line);
    return;
  }
  if (row === null) list = goOnWithLevel(walk, reading, list, line);
  commentNumbers(walk, list, line);
  const label = list.label;
  const ranked = list.rank !== null && row !== "label";
  let under = reading.current;
  if (under === null && reading.pending !== null) {
    // The heading above names the level these seeds are listed in, unless they carry a label of their own
    // (then it names the section the levels are in), or they are ranked lines under a heading that is not
    // a level's (then it names the ranking). Ranked lines under a level's heading rank within that level.
    const ownLabel = list.label !== null && coreLabel(list.label).toLowerCase() !== coreLabel(reading.pending.label).toLowerCase();
    if ((ranked && ranksWithin(walk, reading)) || (!ranked && !ownLabel)) under = levelOfHeading(walk, reading, scope);
  }
  const within = reading.pending !== null && ranksWithin(walk, reading);
  reading.pending = null;
  const inner = reading.inner();
  let block: Block;
  if (ranked) {
    // Ranks written inside a level's own list rank within that level (`rank_scope: "level"`,
    // dataset/README.md, "Guide documents: guides/<platform_id>.json").
    if (under !== null && under.callout === null && !under.rankedLevel && (within || under.ranksInside || levelKind(under.label) !== null || under.ranking !== null)) {
      block = under;
      block.ranksInside = true;
    } else {
      block = openBlock(walk, list.label!, true, inner, line);
      drop(walk, under);
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
      drop(walk, under);
      block = openBlock(walk, label, false, inner, line);
    }
  } else block = under ?? openBlock(walk, label ?? "Seeds", false, inner, line);
  append(block.listed, list.seeds.map((seed) => ({ seed, line, rank: list.rank })));
  if (block.callout !== null) block.lines.push(line);
  append(block.unreadable, list.unreadable.map((word) => ({ word, line })));
  if (row !== null) block.tableRow = true;
  reading.current = block;
}

/**
 * `More found later: 412, 515` goes on with the level above; `Late additions to Tier 4: 333` with Tier 4: the
 * line's label names no level of its own.
 */
function goOnWithLevel(walk: Walk, reading: Reading, list: ListLine, line: BodyLine): ListLine {
  if (list.label === null || list.rank !== null || !continuationLabel(list.label)) return list;
  const seeds = list.seeds.map((listed) => listed.seed);
  const named = continuedLevel(list.label);
  const target = named === null ? undefined : walk.blocks.findLast((block) => block.callout === null && !block.rankedLevel && block.label.toLowerCase() === coreLabel(named).toLowerCase());
  if (target !== undefined) {
    walk.guesses.push({ line: line.number, what: `${JSON.stringify(list.label)} read as going on with level ${JSON.stringify(target.label)}`, seeds });
    reading.pending = null;
    if (target !== reading.current) target.resumed.push(target.listed.length);
    reading.current = target;
    return { ...list, label: null };
  }
  if (reading.current === null && !knownLevel(walk, reading)) return list;
  walk.guesses.push({ line: line.number, what: `${JSON.stringify(list.label)} read as going on with level ${JSON.stringify(reading.current?.label ?? reading.pending!.label)}`, seeds });
  return { ...list, label: null };
}

/**
 * A comment holding numbers that could be seeds (read in its line, as the review of numbers reads them: the
 * `1` of `661 - 1 gold stripe` is a count, the `1` of `almost Tier 1` names a level): read as the comment,
 * which a maintainer should confirm.
 */
function commentNumbers(walk: Walk, list: ListLine, line: BodyLine): void {
  const notes = new Set(list.seeds.flatMap((listed) => (listed.note === undefined ? [] : [listed.note])));
  if (notes.size === 0) return;
  const tokens = seedCandidates(line.text).filter((token) => !LABEL_BEFORE_NUMBER.test(line.text.slice(Math.max(0, token.start - 12), token.start)));
  for (const note of notes) {
    const from = quoteOccurrences(line.text, note).at(-1) ?? -1;
    const numbers = from === -1 ? [] : tokens.filter((token) => token.start >= from && token.end <= from + note.length).map((token) => token.value);
    const of = list.seeds.filter((listed) => listed.note === note).map((listed) => listed.seed);
    if (numbers.length > 0) walk.guesses.push({ line: line.number, what: `${numbers.join(", ")} in the comment ${JSON.stringify(note)} read as the comment of ${of.join(", ")}, not as seeds`, seeds: numbers });
  }
}
