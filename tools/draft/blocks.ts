import { append } from "../../generator/append.ts";
import type { ItemFile } from "../../contract/schema/item.ts";
import type { BodyLine } from "../../generator/capture/lines.ts";
import { seedCandidates } from "../../generator/capture/numbers.ts";
import { readListLine, type ListedSeed, type ListLine } from "./read-lists.ts";
import { CALLOUT_LABELS, COLUMN_ROLES, coreLabel, LABEL_BEFORE_NUMBER, LEVEL_LABELS, PAINT_ALIASES, undecorated, UNGRADED_SECTIONS } from "../../generator/capture/shapes.ts";

// The walk over a guide's lines that finds its blocks: each level's seeds, each callout's lines, and the
// context (a paint's section, a named section) they sit in. Headings open and close sections by rank
// (shapes.ts, HEADING_RANKS): a heading closes what headings of its rank or lower opened, except that a
// paint's section (`Phase 2`, `Ruby`) lasts until the next paint's heading or a higher one, since pages
// often write a paint's heading and its levels' headings at the same rank. What is under a heading naming
// an ungraded section (changelog, FAQ, credits) is skipped; what is under a callout's heading is the callout's.

export type CalloutKind = (typeof CALLOUT_LABELS)[number]["kind"];

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

interface Open {
  rank: number;
  kind: "paint" | "section" | "level" | "callout" | "ungraded";
  name: string;
  id: number;
  paints?: number[];
  block?: Block;
}

/**
 * The least a grading adds to a guide file besides its quote: `{"seed":0,"level":"","quote":"",
 * "evidence":"text","position":0}` is 63 characters.
 */
const GRADING_BYTES = 63;
/** A table column's paint sits inside every heading around the table. */
const PAINT_COLUMN_RANK = Number.MAX_SAFE_INTEGER;
/** Headings from this rank on are bold or plain lines within a section. */
const BOLD_RANK = 5;

/** The blocks of the page's lists, or null when their gradings would be more than `maxBytes` of JSON. */
export function readBlocks(lines: readonly BodyLine[], item: ItemFile, maxBytes: number): { blocks: Block[]; contexts: Context[] } | null {
  let gradingBytes = 0;
  const blocks: Block[] = [];
  const contexts: Context[] = [];
  const contextIds = new Map<string, number>();
  const labelsOf = new Map<number, Set<string>>();
  const generations = new Map<string, number>();
  const stack: Open[] = [];
  let openings = 0;
  let pending: { label: string; line: BodyLine } | null = null;
  let current: Block | null = null;
  let columns: (typeof COLUMN_ROLES)[number]["role"][] | null = null;
  let levelColumns: Map<number, { label: string; block: Block | null }> | null = null;
  let paintColumns: Map<number, Open> | null = null;
  /** Sentences under a level's heading, read for its seeds only if no list of the level follows them. */
  let prose: BodyLine[] = [];

  const innermost = (kind: Open["kind"]) => [...stack].reverse().find((open) => open.kind === kind);
  const enclosing = () => [...stack].reverse().find((open) => open.kind === "callout" || open.kind === "ungraded");
  const contextNow = (fresh: boolean): number => {
    const paint = innermost("paint");
    const section = innermost("section");
    const base = `${paint?.id ?? "-"}/${section?.id ?? "-"}`;
    if (fresh) generations.set(base, (generations.get(base) ?? 0) + 1);
    const key = `${base}/${generations.get(base) ?? 0}`;
    let id = contextIds.get(key);
    if (id === undefined) {
      id = contexts.length;
      contexts.push({
        heading: paint?.name ?? null,
        section: section?.name ?? null,
        sectionInside: section !== undefined && (paint === undefined || stack.indexOf(section) > stack.indexOf(paint)),
        paintIndexes: paint?.paints ?? null,
      });
      contextIds.set(key, id);
      labelsOf.set(id, new Set());
    }
    return id;
  };
  const open = (label: string, rankedLevel: boolean, headingLine: BodyLine | null = null): Block => {
    const callout = rankedLevel || levelKind(label) !== null ? null : calloutKind(label);
    let context = contextNow(false);
    if (callout === null && !rankedLevel) {
      // A level label met again in one context starts another system (a second tier list on the page).
      const key = coreLabel(label).toLowerCase();
      if (labelsOf.get(context)!.has(key)) context = contextNow(true);
      labelsOf.get(context)!.add(key);
    }
    const block: Block = { label: callout === null ? coreLabel(label) : label, unreadable: [], callout, rankedLevel, context, listed: [], lines: [], headingLine, tableRow: false };
    blocks.push(block);
    return block;
  };
  const drop = (block: Block | null) => {
    if (block !== null && block.listed.length === 0 && block.callout === null) blocks.splice(blocks.indexOf(block), 1);
  };

  const heading = (line: BodyLine, rank: number) => {
    flushProse();
    const label = line.text.replace(/\s*[:：]$/u, "");
    const level = levelKind(label) !== null;
    const callout = level ? null : calloutKind(label);
    const paints = level || callout !== null ? null : paintsNamed(label, item);
    const ungraded = !level && callout === null && paints === null && UNGRADED_SECTIONS.test(undecorated(label));
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      // A level's or a section's heading at a paint heading's rank is inside that paint's part of the page.
      if (top.rank < rank || (top.kind === "paint" && top.rank === rank && paints === null && callout === null && !ungraded)) break;
      stack.pop();
    }
    current = null;
    pending = null;
    const inside = enclosing();
    if (inside !== undefined) {
      inside.block?.lines.push(line);
      return;
    }
    const id = openings++;
    if (callout !== null) {
      const block = open(label, false, line);
      stack.push({ rank, kind: "callout", name: label, id, block });
    } else if (ungraded) stack.push({ rank, kind: "ungraded", name: label, id });
    else if (paints !== null) stack.push({ rank, kind: "paint", name: label, id, paints });
    else {
      stack.push({ rank, kind: level ? "level" : "section", name: label, id });
      pending = { label, line };
    }
  };

  // A level whose heading is followed by sentences and no list writes its seeds in them (`The best is 661,
  // followed by 151 and 321.`): every number of those sentences that could be a seed is one, as check reads
  // the quote; a sentence above a list only describes the level, and its numbers are left for review.
  const flushProse = (): void => {
    const sentences = prose;
    prose = [];
    if (pending === null || levelKind(pending.label) === null || enclosing() !== undefined) return;
    for (const line of sentences) {
      const seeds = seedCandidates(line.text)
        .filter((token) => !LABEL_BEFORE_NUMBER.test(line.text.slice(Math.max(0, token.start - 12), token.start)))
        .map((token) => ({ seed: token.value, at: token.start }));
      if (seeds.length > 0) addListed({ label: null, rank: null, seeds, unreadable: [] }, line);
    }
  };

  /** `row`: read from a table row, whose label cell (in `list.label`) names the level even beside a rank. */
  const addListed = (list: ListLine, line: BodyLine, row: "label" | "rank" | null = null): void => {
    gradingBytes += list.seeds.length * (line.text.length + GRADING_BYTES);
    // A level's own label line (`Tier C: 7, 8`) ends a callout or skipped section that a bold or plain line opened.
    if (list.label !== null && levelKind(list.label) !== null) {
      while (stack.length > 0 && stack[stack.length - 1]!.rank >= BOLD_RANK && (stack[stack.length - 1]!.kind === "callout" || stack[stack.length - 1]!.kind === "ungraded")) stack.pop();
    }
    const inside = enclosing();
    if (inside !== undefined) {
      if (inside.block !== undefined) {
        append(inside.block.listed, list.seeds.map((seed) => ({ seed, line, rank: list.rank })));
        inside.block.lines.push(line);
      }
      return;
    }
    const label = list.label;
    const ranked = list.rank !== null && row !== "label";
    let under = current;
    if (under === null && pending !== null) {
      // The heading above names the level these seeds are listed in, unless they carry a label of their own
      // (then it names the section the levels are in), or they are ranked lines under a heading that is not
      // a level's (then it names the ranking). Ranked lines under a tier's heading rank within that tier.
      const ownLabel = list.label !== null && coreLabel(list.label).toLowerCase() !== coreLabel(pending.label).toLowerCase();
      if ((ranked && levelKind(pending.label) !== null) || (!ranked && !ownLabel)) {
        const top = stack[stack.length - 1];
        if (top !== undefined && top.name === pending.label && top.kind === "section") top.kind = "level";
        under = open(pending.label, false, pending.line);
      }
    }
    pending = null;
    let block: Block;
    if (ranked) {
      // Ranks written inside a tier's own list rank within that level (`rank_scope: "level"`,
      // dataset/README.md, "Guide documents: guides/<platform_id>.json").
      if (under !== null && under.callout === null && !under.rankedLevel && levelKind(under.label) !== null) block = under;
      else {
        block = open(list.label!, true);
        drop(under);
        append(block.listed, list.seeds.map((seed) => ({ seed, line, rank: list.rank })));
        if (block.callout !== null) block.lines.push(line);
        current = null;
        append(block.unreadable, list.unreadable.map((word) => ({ word, line })));
        return;
      }
    } else if (label !== null && (under === null || coreLabel(label).toLowerCase() !== under.label.toLowerCase())) {
      if (under !== null && under.listed.length === 0 && under.callout !== null && calloutKind(label) === null) {
        // A callout heading followed by a sentence that ends in its list: the heading names the callout.
        block = under;
      } else {
        drop(under);
        block = open(label, false);
      }
    } else block = under ?? open(label ?? "Seeds", false);
    append(block.listed, list.seeds.map((seed) => ({ seed, line, rank: list.rank })));
    if (block.callout !== null) block.lines.push(line);
    append(block.unreadable, list.unreadable.map((word) => ({ word, line })));
    if (row !== null) block.tableRow = true;
    current = block;
  };

  // An ordered list's item ranks its seeds by its place when nothing else names their level: not inside a
  // tier's own list (its order is within the tier), nor on a line that writes a label or a rank of its own.
  const impliedRank = (list: ListLine, line: BodyLine): ListLine => {
    if (line.ordinal === null || list.label !== null || list.rank !== null || enclosing() !== undefined) return list;
    const inLevel = current !== null ? !current.rankedLevel : pending !== null && levelKind(pending.label) !== null;
    return inLevel ? list : { ...list, label: `#${line.ordinal}`, rank: line.ordinal };
  };

  const row = (cells: readonly BodyLine[]): void => {
    const read = cells.map((cell) => readListLine(cell.text, { item: true, names: true }));
    const columnOf = (index: number) => cells[index]!.column ?? index;
    if (cells.every((cell) => cell.headerCell) || (columns === null && read.every((list) => list === null) && cells.length > 1)) {
      columns = [];
      for (const [index, cell] of cells.entries()) columns[columnOf(index)] = COLUMN_ROLES.find(({ pattern }) => pattern.test(cell.text))?.role ?? "label";
      // A header of level labels (`Tier 1 | Tier 2 | Tier 3`): each column lists one level's seeds.
      const labels = cells.map((cell) => cell.text.replace(/\s*[:：]$/u, ""));
      levelColumns = cells.length > 1 && labels.every((label) => levelKind(label) !== null) ? new Map(labels.map((label, index) => [columnOf(index), { label, block: null }])) : null;
      // A header of paints (`Tier | Phase 1 | Phase 2`): each column is one paint's part of the page, whose
      // levels are named by the rows' label cells.
      const painted = labels.map((label) => (levelKind(label) === null && calloutKind(label) === null ? paintsNamed(label, item) : null));
      const paintCount = painted.filter((paints) => paints !== null).length;
      paintColumns =
        levelColumns === null && paintCount >= 2 && paintCount < cells.length
          ? new Map(painted.flatMap((paints, index) => (paints === null ? [] : [[columnOf(index), { rank: PAINT_COLUMN_RANK, kind: "paint" as const, name: labels[index]!, id: openings++, paints }]])))
          : null;
      return;
    }
    if (paintColumns !== null) {
      const labelAt = cells.findIndex((cell, index) => !paintColumns!.has(columnOf(index)) && read[index] === null && cell.text !== "");
      const label = labelAt === -1 ? null : cells[labelAt]!.text.replace(/\s*[:：]$/u, "");
      if (label === null || enclosing() !== undefined) return;
      cells.forEach((cell, index) => {
        const list = read[index];
        const paint = paintColumns!.get(columnOf(index));
        if (list === null || list === undefined || paint === undefined) return;
        stack.push(paint);
        current = null;
        addListed({ ...list, label, rank: null }, cell, "label");
        stack.pop();
      });
      current = null;
      return;
    }
    if (levelColumns !== null) {
      cells.forEach((cell, index) => {
        const list = read[index];
        const column = levelColumns!.get(columnOf(index));
        if (list === null || list === undefined || column === undefined) return;
        if (column.block === null) {
          addListed({ ...list, label: column.label, rank: null }, cell, "label");
          column.block = current;
        } else {
          gradingBytes += list.seeds.length * (cell.text.length + GRADING_BYTES);
          append(column.block.listed, list.seeds.map((seed) => ({ seed, line: cell, rank: null })));
          append(column.block.unreadable, list.unreadable.map((word) => ({ word, line: cell })));
        }
      });
      return;
    }
    const roles = columns;
    const role = (index: number) => roles?.[columnOf(index)] ?? null;
    const rankAt = cells.findIndex((_, index) => role(index) === "rank");
    const labelAt = roles !== null ? cells.findIndex((_, index) => role(index) === "label" && read[index] === null) : read.findIndex((list) => list === null);
    const seedsAt = cells.map((_, index) => index).filter((index) => read[index] !== null && index !== rankAt && (role(index) === "seeds" || role(index) === null || (roles !== null && !roles.includes("seeds") && role(index) !== "note")));
    if (seedsAt.length === 0) {
      if (cells.length === 1 && looksLikeHeading(cells[0]!)) heading(cells[0]!, cells[0]!.rank);
      return;
    }
    const noteAt = cells.findIndex((_, index) => index !== labelAt && read[index] === null && index !== rankAt && (role(index) === "note" || roles === null || role(index) === null));
    const rank = rankAt === -1 ? null : Number(/\d{1,4}/.exec(cells[rankAt]!.text)?.[0] ?? Number.NaN);
    const label = labelAt === -1 ? null : cells[labelAt]!.text.replace(/\s*[:：]$/u, "");
    for (const index of seedsAt) {
      const list = read[index]!;
      const note = noteAt === -1 ? undefined : cells[noteAt]!.text;
      const seeds = note === undefined ? list.seeds : list.seeds.map((seed) => ({ ...seed, note: seed.note ?? note }));
      const ranked = rank !== null && !Number.isNaN(rank);
      if (label === null && ranked) addListed({ ...list, seeds, label: cells[rankAt]!.text, rank }, cells[index]!, "rank");
      else if (label !== null) addListed({ ...list, seeds, label, rank: ranked ? rank : list.rank }, cells[index]!, "label");
      else addListed({ ...list, seeds }, cells[index]!, list.label === null ? null : "label");
    }
  };

  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (line.row !== null) {
      let last = index;
      while (last + 1 < lines.length && lines[last + 1]!.row === line.row) last++;
      prose = [];
      row(lines.slice(index, last + 1));
      index = last;
      if (gradingBytes > maxBytes) return null;
      continue;
    }
    columns = null;
    levelColumns = null;
    paintColumns = null;
    // A caption's seeds are `caption` evidence, the maintainer's to weigh against the lists; the review of
    // numbers lists them.
    if (line.caption) continue;
    const list = readListLine(line.text, { item: line.cell && !line.heading, names: line.heading });
    if (list === null) {
      if (looksLikeHeading(line)) heading(line, line.rank);
      else if (enclosing() !== undefined) enclosing()!.block?.lines.push(line);
      else if (current === null && pending !== null) prose.push(line);
      continue;
    }
    prose = [];
    addListed(impliedRank(list, line), line);
    if (gradingBytes > maxBytes) return null;
  }
  flushProse();
  if (gradingBytes > maxBytes) return null;
  return { blocks, contexts };
}

function looksLikeHeading(line: BodyLine): boolean {
  if (line.text.length > 80) return false;
  const label = line.text.replace(/\s*[:：]$/u, "");
  if (line.heading) return true;
  // A bullet or a cell heads what follows only when it says so; a plain short line ending in ':' (`Tier A:`),
  // or one that is a level label by itself (`Tier 1`).
  return (line.text.endsWith(":") && label.length <= 40) || levelKind(label) !== null || (line.cell && calloutKind(label) !== null);
}

export function calloutKind(label: string): CalloutKind | null {
  return CALLOUT_LABELS.find(({ pattern }) => pattern.test(label))?.kind ?? null;
}

export function levelKind(label: string): "tier" | "band" | null {
  const kind = LEVEL_LABELS.find(({ pattern }) => pattern.test(undecorated(label.trim())))?.kind;
  return kind === "tier" || kind === "band" ? kind : null;
}

/** The item's paints a label names (`Phase 2`, `P2`, `Ruby`), for a slug with several paints. */
export function paintsNamed(label: string, item: ItemFile): number[] | null {
  if (item.paints.length < 2) return null;
  const lower = label.toLowerCase();
  const aliased = PAINT_ALIASES.flatMap(({ pattern, label: named }) => {
    const found = new RegExp(pattern.source, `${pattern.flags}g`);
    return [...lower.matchAll(found)].map((match) => named.replace("$<n>", match.groups?.n ?? "").toLowerCase());
  });
  const named = item.paints.filter((paint) => {
    const wanted = paint.paint_label.toLowerCase();
    return wanted !== "" && (new RegExp(`(^|[^\\p{L}\\d])${escape(wanted)}($|[^\\p{L}\\d])`, "u").test(lower) || aliased.includes(wanted));
  });
  return named.length > 0 ? named.map((paint) => paint.paint_index) : null;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
