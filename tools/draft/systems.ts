import type { ItemFile } from "../../contract/schema/item.ts";
import { PLACEHOLDER } from "../../generator/validate/placeholder.ts";
import type { Guess } from "./guess.ts";
import { levelKind, paintsNamed } from "./labels.ts";
import type { Block, Context, Lists } from "./lists.ts";

// Step 4 of a draft: the levels read from the page's lists made into systems.
//   - Levels ranked by one sentence (`Fire & Ice > Tricolor > Blue Tip`) are one system's, in its order; so are
//     the levels of one table's level column (`Seed | Tier`), in the order tables.ts put them.
//   - Otherwise the levels of one context become systems by their labels' scale kind: a run of tier, band or
//     ranked labels is one system; named levels under a paint's heading or in one table are one system's
//     sublevels; other named levels are one system each (a group guide).
// A system is labelled by its section or paint heading, and narrowed to its paints. Levels named by headings
// that are not level labels, and systems made one per heading, are guesses for "check these".

export interface DraftLevel {
  key: string;
  label: string;
  images: string[];
  ordered: boolean | string;
  ordered_quote: string | null;
}

export interface DraftGrading {
  seed: number;
  level: string;
  quote: string;
  evidence: "text";
  position: number;
  rank?: number;
  rank_scope?: "level";
  value?: { name: string; value: number };
  note?: { quote: string };
}

export interface DraftSystem {
  id: string;
  context: number;
  /** No section heading names it: its label is the page's title. */
  guessedLabel: boolean;
  /** The heading or label its paints were read from, when it is narrowed. */
  paintsFrom: string | null;
  levels: [Block, DraftLevel][];
  document: {
    id: string;
    label: string;
    item: string;
    paint_indexes: number[] | null;
    alias: null;
    topic: null;
    scale: { kind: string; best: number | null; worst: number | null };
    remarks: [];
    levels: DraftLevel[];
    gradings: DraftGrading[];
  };
}

export function assembleSystems(lists: Pick<Lists, "blocks" | "contexts">, item: ItemFile, title: string | null): { systems: DraftSystem[]; guesses: Guess[] } {
  const { blocks, contexts } = lists;
  const systems: DraftSystem[] = [];
  const guesses: Guess[] = [];
  const ids = new Set<string>();
  const uniqueId = (label: string) => {
    const base = slugId(label) || "system";
    let id = base;
    for (let n = 2; ids.has(id); n++) id = `${base}_${n}`;
    ids.add(id);
    return id;
  };
  const levelsOf = blocks.filter((block) => block.callout === null && block.listed.length > 0);
  /** A system of levels put in order: a tier scale, or a band scale when `scaled` and every label is a band's. */
  const orderedSystem = (ordered: readonly Block[], scaled: boolean): DraftSystem => {
    const context = contexts[ordered[0]!.context]!;
    const label = systemLabel(context, title, item);
    const kind = scaled && ordered.every((block) => levelKind(block.label) === "band") ? "band" : "tier";
    const system = newSystem(uniqueId(label), ordered[0]!.context, label, kind, item, context.paintIndexes);
    system.guessedLabel = context.section === null && context.heading === null;
    system.paintsFrom = context.heading;
    for (const block of ordered) addLevel(system, block);
    if (scaled) system.document.scale = { kind, ...bounds(kind, ordered) };
    return system;
  };

  // One system per ranking sentence, its levels in the sentence's order; one per table read by its level
  // column, its levels in the order tables.ts put them.
  const sentences = new Map<number, Block[]>();
  const tables = new Map<number, Block[]>();
  for (const block of levelsOf) {
    if (block.ranking !== null) group(sentences, block.ranking.sentence, block);
    else if (block.tableLevel !== null) group(tables, block.tableLevel.table, block);
  }
  for (const ranked of sentences.values()) systems.push(orderedSystem([...ranked].sort((a, b) => a.ranking!.order - b.ranking!.order), false));
  for (const levels of tables.values()) systems.push(orderedSystem([...levels].sort((a, b) => a.tableLevel!.place - b.tableLevel!.place), true));

  contexts.forEach((context, index) => {
    const levels = levelsOf.filter((block) => block.context === index && block.ranking === null && block.tableLevel === null);
    if (levels.length === 0) return;
    const scaled = levels.filter((block) => block.rankedLevel || levelKind(block.label) !== null);
    // Named levels under a heading that opened a system (a phase), or the rows of one table, are one
    // system's sublevels; named levels anywhere else are the properties of a group guide, one system each.
    const named = scaled.length * 2 < levels.length;
    const sublevels = named && (context.heading !== null || levels.every((block) => block.tableRow));
    const groups = named && !sublevels ? levels : [];
    const ranked = (scaled.length > 0 || sublevels) && groups.length === 0 ? levels : [];
    if (ranked.length > 0) {
      const kinds = ranked.map((block) => (block.rankedLevel ? "rank" : levelKind(block.label)));
      const kind = sublevels ? "sublevel" : kinds.every((k) => k === "rank") ? "rank" : kinds.includes("band") && kinds.every((k) => k === "band") ? "band" : "tier";
      const label = systemLabel(context, title, item);
      const system = newSystem(uniqueId(label), index, label, kind, item, context.paintIndexes);
      system.guessedLabel = context.section === null && context.heading === null;
      system.paintsFrom = context.heading;
      for (const block of orderLevels(ranked, kind)) addLevel(system, block);
      system.document.scale = { kind, ...bounds(kind, system.levels.map(([block]) => block)) };
      systems.push(system);
      for (const block of ranked) {
        if (block.rankedLevel || levelKind(block.label) !== null || block.tableRow || block.headingLine === null) continue;
        guesses.push({ line: block.headingLine.number, what: `level ${JSON.stringify(block.label)} of system ${system.id} named by a heading that is no tier or band label`, seeds: block.listed.map((listed) => listed.seed.seed) });
      }
    }
    const grouped: DraftSystem[] = [];
    for (const block of groups) {
      const label = block.label;
      const named = context.paintIndexes === null ? paintsNamed(label, item) : null;
      const system = newSystem(uniqueId(label), index, context.heading === null ? label : `${label} (${context.heading})`, "group", item, context.paintIndexes ?? named);
      system.paintsFrom = context.heading ?? (named === null ? null : label);
      addLevel(system, block, "in");
      systems.push(system);
      grouped.push(system);
    }
    if (grouped.length === 1 && groups[0]!.headingLine !== null) {
      guesses.push({ line: groups[0]!.headingLine.number, what: `group system ${grouped[0]!.id} made of the heading ${JSON.stringify(groups[0]!.label)}, which is no tier or band label`, seeds: groups[0]!.listed.map((listed) => listed.seed.seed) });
    } else if (grouped.length > 1) {
      const first = Math.min(...groups.map((block) => (block.headingLine ?? block.listed[0]!.line).number));
      guesses.push({
        line: first,
        what: `${grouped.length} group systems made one per heading (${grouped.map((system) => system.id).join(", ")}): if the page ranks them, make them one system's levels`,
        seeds: groups.flatMap((block) => block.listed.map((listed) => listed.seed.seed)),
      });
    }
  });
  for (const system of systems) inPageOrder(system);
  // In page order: a system's place is where its first listed seed is written.
  const firstLine = (system: DraftSystem) => Math.min(...system.levels.flatMap(([block]) => block.listed.map((listed) => listed.line.start)));
  return { systems: systems.sort((a, b) => firstLine(a) - firstLine(b)), guesses };
}

/**
 * The page's own name for a system: the section it is in, or its paint's heading; the title only when neither
 * is written (then the summary asks for the guide's name of it).
 */
function systemLabel(context: Context, title: string | null, item: ItemFile): string {
  const sectionNames = context.section !== null && (context.sectionInside || context.heading === null);
  return sectionNames ? context.section! : (context.heading ?? title ?? item.market_name);
}

/**
 * A system's gradings in the order the page lists them, a level's list at a time: each level's list where it
 * is written, and a level continued later in the page (`Tier 1 (continued)`) with its later seeds there.
 * Within a list, its own order; levels stay best first in `levels`.
 */
function inPageOrder(system: DraftSystem): void {
  const runStarts: number[] = [];
  for (const [block] of system.levels) {
    const edges = [0, ...block.resumed, block.listed.length];
    for (let run = 0; run + 1 < edges.length; run++) {
      let start = Infinity;
      for (let index = edges[run]!; index < edges[run + 1]!; index++) start = Math.min(start, block.listed[index]!.line.start);
      for (let index = edges[run]!; index < edges[run + 1]!; index++) runStarts.push(start);
    }
  }
  const order = system.document.gradings.map((grading, index) => ({ grading, at: runStarts[index]!, index }));
  order.sort((a, b) => a.at - b.at || a.index - b.index);
  system.document.gradings = order.map(({ grading }) => grading);
}

function group<K>(groups: Map<K, Block[]>, key: K, block: Block): void {
  const grouped = groups.get(key) ?? [];
  grouped.push(block);
  groups.set(key, grouped);
}

function newSystem(id: string, context: number, label: string, kind: string, item: ItemFile, paintIndexes: number[] | null): DraftSystem {
  return {
    id,
    context,
    guessedLabel: false,
    paintsFrom: null,
    levels: [],
    document: {
      id,
      label,
      item: item.slug,
      paint_indexes: paintIndexes,
      alias: null,
      topic: null,
      scale: { kind, best: null, worst: null },
      remarks: [],
      levels: [],
      gradings: [],
    },
  };
}

/** Levels best first: as the page lists them, except numbered tiers and bands, put in their own order. */
function orderLevels(blocks: readonly Block[], kind: string): Block[] {
  const numbers = blocks.map((block) => leadingNumber(block.label));
  if ((kind !== "tier" && kind !== "band") || numbers.some((n) => n === null)) return [...blocks];
  const direction = kind === "tier" ? 1 : -1;
  return blocks.map((block, i) => ({ block, n: numbers[i]! })).sort((a, b) => direction * (a.n - b.n)).map(({ block }) => block);
}

function leadingNumber(label: string): number | null {
  const match = /\d+(?:\.\d+)?/.exec(label);
  return match === null ? null : Number(match[0]);
}

function bounds(kind: string, blocks: readonly Block[]): { best: number | null; worst: number | null } {
  if (kind === "rank") return { best: 1, worst: blocks.reduce((worst, block) => block.listed.reduce((most, listed) => Math.max(most, listed.rank ?? 0), worst), -Infinity) };
  const numbers = blocks.map((block) => leadingNumber(block.label));
  if (numbers.some((n) => n === null) || numbers.length === 0) return { best: null, worst: null };
  return { best: numbers[0]!, worst: numbers[numbers.length - 1]! };
}

function addLevel(system: DraftSystem, block: Block, fixedKey?: string): void {
  const keys = new Set(system.document.levels.map((level) => level.key));
  let key = fixedKey ?? (slugId(block.label) || "level");
  for (let n = 2; keys.has(key); n++) key = `${slugId(block.label) || "level"}_${n}`;
  const ranksInside = !block.rankedLevel && block.listed.some((listed) => listed.rank !== null);
  const level: DraftLevel = {
    key,
    label: block.label,
    images: [],
    ordered: ranksInside ? true : block.listed.length < 2 ? false : PLACEHOLDER.ordered,
    ordered_quote: null,
  };
  system.levels.push([block, level]);
  system.document.levels.push(level);
  block.listed.forEach((listed, position) => {
    const grading: DraftGrading = { seed: listed.seed.seed, level: key, quote: listed.line.text, evidence: "text", position };
    if (listed.rank !== null) {
      grading.rank = listed.rank;
      if (ranksInside) grading.rank_scope = "level";
    }
    if (listed.seed.value !== undefined) grading.value = { name: measurementName(listed.seed.value.word), value: listed.seed.value.percent };
    if (listed.seed.note !== undefined) grading.note = { quote: listed.seed.note };
    system.document.gradings.push(grading);
  });
}

function measurementName(word: string | null): string {
  return `${word === null ? "fade" : slugId(word)}_pct`;
}

/**
 * A system id or level key from a label: lowercase letters, digits, `_` (system ids are path-safe:
 * dataset/README.md, "Guide documents: guides/<platform_id>.json").
 */
export function slugId(label: string): string {
  return label
    .normalize("NFKD")
    .toLowerCase()
    .replace(/%/g, "pct")
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 48);
}
