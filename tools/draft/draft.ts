import type { ItemFile } from "../../contract/schema/item.ts";
import type { ReadableCapture } from "../../generator/capture/capture.ts";
import { readAttribution } from "../../generator/capture/attribution.ts";
import { levelKind, paintsNamed, readBlocks, type Block, type Context } from "./blocks.ts";
import { bodyLines, type BodyLine } from "../../generator/capture/lines.ts";
import { placeholderSites, PLACEHOLDER } from "../../generator/validate/placeholder.ts";
import { untranscribedNumbers, type UntranscribedNumber } from "../../generator/capture/untranscribed.ts";

// guide:draft's pure core: a capture's readable text and structure in, a full guide document out, with what
// it could not decide left as placeholders (placeholder.ts) that `npm run check` names. blocks.ts walks the
// guide's lines into levels and callouts, each in a context (a paint's section, a named section); here the
// levels of a context become systems by their labels' scale kind: a run of tier, band or ranked labels is one
// system, named levels under a paint's heading or in one table are one system's sublevels, other named groups
// are one system each. A system is labelled by its section or paint heading, and narrowed to its paints.

export interface DraftInput {
  capture: ReadableCapture;
  platformId: string;
  item: ItemFile;
  snapshot: { path: string; sha256: string; retrieved_at: string };
}

export interface Draft {
  guide: Record<string, unknown>;
  summary: string[];
  untranscribed: UntranscribedNumber[];
}

export function draftGuide(input: DraftInput): Draft {
  return draftGuideWithin(input, Infinity) as Draft;
}

/**
 * The draft, or `tooLarge` as soon as its gradings alone would make a guide file over `maxBytes` (each
 * quotes its whole line): a page listing millions of numbers is given up while reading its lists,
 * before a grading is made for each.
 */
export function draftGuideWithin(input: DraftInput, maxBytes: number): Draft | { tooLarge: true } {
  const attribution = readAttribution(input.capture, input.platformId, input.snapshot.retrieved_at);
  const lines = bodyLines(input.capture, attribution.skip);
  const read = readBlocks(lines, input.item, maxBytes);
  if (read === null) return { tooLarge: true };
  const { blocks, contexts } = read;
  const systems = buildSystems(blocks, contexts, input.item, attribution.title);
  const levelOfBlock = new Map<Block, { system: string; level: string }>();
  for (const system of systems) for (const [block, level] of system.levels) levelOfBlock.set(block, { system: system.id, level: level.key });

  const callouts = blocks
    .filter((block) => block.callout !== null)
    .map((block) => ({
      kind: block.callout!,
      label: block.label,
      quote: spanQuote(input.capture.text, calloutLines(block)),
      system: systems.find((system) => system.context === block.context)?.id ?? null,
    }));

  const discrepancies = [...duplicateSeeds(systems), ...unparseable(blocks, levelOfBlock)];
  const guide = {
    schema: "1.0",
    platform_id: input.platformId,
    title: attribution.title ?? PLACEHOLDER.title,
    authors: attribution.authors.length > 0 ? attribution.authors : [PLACEHOLDER.authors],
    url: attribution.url ?? PLACEHOLDER.url,
    updated: attribution.updated ?? attribution.posted ?? PLACEHOLDER.updated,
    permission: "unknown",
    collaborators: Math.max(0, attribution.authors.length - 1),
    posted: attribution.posted ?? PLACEHOLDER.posted,
    snapshot: input.snapshot,
    permission_quote: PLACEHOLDER.permissionQuote,
    incomplete: null,
    complete: null,
    notes: PLACEHOLDER.notes,
    related_guides: attribution.relatedGuides,
    remarks: [],
    item_claims: [],
    callouts,
    discrepancies,
    systems: systems.map((system) => system.document),
  };
  const untranscribed = untranscribedNumbers(input.capture, guide, { skip: attribution.skip });
  const review = checkThese({ guide, systems, item: input.item, untranscribed, discrepancies });
  return { guide, summary: [...review, ...summarize(guide.systems, callouts, discrepancies)], untranscribed };
}

/** A callout's quote: its lines under its heading (at most CALLOUT_LINES of them), or the heading alone. */
function calloutLines(block: Block): BodyLine[] {
  if (block.lines.length === 0) return [block.headingLine ?? block.listed[0]!.line];
  return block.lines.slice(0, CALLOUT_LINES);
}
const CALLOUT_LINES = 12;

/**
 * What a maintainer must look at first, before the draft's lists: every placeholder, every label the draft
 * had to guess, every system narrowed to some paints (or left covering all of a multi-paint item), every
 * number of the text it did not take, every misread number.
 */
function checkThese(draft: { guide: Record<string, unknown>; systems: readonly DraftSystem[]; item: ItemFile; untranscribed: readonly UntranscribedNumber[]; discrepancies: readonly Record<string, unknown>[] }): string[] {
  const items: string[] = [];
  for (const site of placeholderSites(draft.guide)) items.push(`placeholder ${site.path}: ${site.what}`);
  const paintLabel = (index: number) => draft.item.paints.find((paint) => paint.paint_index === index)?.paint_label ?? String(index);
  for (const system of draft.systems) {
    const { document } = system;
    if (system.guessedLabel) items.push(`guessed label of system ${document.id}: ${JSON.stringify(document.label)} (no section heading names it; write the guide's own name for it)`);
    if (document.paint_indexes !== null) items.push(`paints of system ${document.id} narrowed to ${document.paint_indexes.map((index) => `${index} (${paintLabel(index)})`).join(", ")}, read from ${JSON.stringify(system.paintsFrom)}`);
    else if (draft.item.paints.length > 1) {
      items.push(`system ${document.id} covers every paint of ${draft.item.slug} (${draft.item.paints.length} paints): narrow paint_indexes, or quote the guide saying so in an item claim of this system (npm run check asks for one)`);
    }
    for (const level of document.levels) if (level.label === DEFAULT_LEVEL_LABEL) items.push(`guessed label of level ${document.id}:${level.key}: no heading names it`);
  }
  for (const discrepancy of draft.discrepancies) if (discrepancy.kind === "unparseable") items.push(`unparseable: ${String(discrepancy.note)}`);
  if (draft.untranscribed.length > 0) items.push(`${draft.untranscribed.length} number${draft.untranscribed.length === 1 ? "" : "s"} of the text not read as seeds (listed below)`);
  if (items.length === 0) return [];
  return ["check these:", ...items.map((item) => `  - ${item}`), ""];
}

/** What a level is called when no heading or label names it. */
const DEFAULT_LEVEL_LABEL = "Seeds";

interface DraftLevel {
  key: string;
  label: string;
  images: string[];
  ordered: boolean | string;
  ordered_quote: string | null;
}

interface DraftSystem {
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

interface DraftGrading {
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

function buildSystems(blocks: readonly Block[], contexts: readonly Context[], item: ItemFile, title: string | null): DraftSystem[] {
  const systems: DraftSystem[] = [];
  const ids = new Set<string>();
  const uniqueId = (label: string) => {
    const base = slugId(label) || "system";
    let id = base;
    for (let n = 2; ids.has(id); n++) id = `${base}_${n}`;
    ids.add(id);
    return id;
  };
  contexts.forEach((context, index) => {
    const levels = blocks.filter((block) => block.context === index && block.callout === null && block.listed.length > 0);
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
      // The page's own name for the system: the section it is in, or its paint's heading; the title only
      // when neither is written (then the summary asks for the guide's name of it).
      const sectionNames = context.section !== null && (context.sectionInside || context.heading === null);
      const label = sectionNames ? context.section! : (context.heading ?? title ?? item.market_name);
      const system = newSystem(uniqueId(label), index, label, kind, item, context.paintIndexes);
      system.guessedLabel = context.section === null && context.heading === null;
      system.paintsFrom = context.heading;
      for (const block of orderLevels(ranked, kind)) addLevel(system, block);
      system.document.scale = { kind, ...bounds(kind, system.levels.map(([block]) => block)) };
      systems.push(system);
    }
    for (const block of groups) {
      const label = block.label;
      const named = context.paintIndexes === null ? paintsNamed(label, item) : null;
      const system = newSystem(uniqueId(label), index, context.heading === null ? label : `${label} (${context.heading})`, "group", item, context.paintIndexes ?? named);
      system.paintsFrom = context.heading ?? (named === null ? null : label);
      addLevel(system, block, "in");
      systems.push(system);
    }
  });
  // In page order: a system's place is where its first listed seed is written.
  const firstLine = (system: DraftSystem) => Math.min(...system.levels.flatMap(([block]) => block.listed.map((listed) => listed.line.start)));
  return systems.sort((a, b) => firstLine(a) - firstLine(b));
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
function slugId(label: string): string {
  return label
    .normalize("NFKD")
    .toLowerCase()
    .replace(/%/g, "pct")
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 48);
}

/** The text from the first line to the last, as the page writes it (a quote may span lines). */
function spanQuote(text: string, lines: readonly BodyLine[]): string {
  return text.slice(lines[0]!.start, lines[lines.length - 1]!.end);
}

/**
 * Guides are stored as written: a seed listed twice keeps both gradings and is recorded as a `duplicate_seed`
 * (dataset/README.md, "Guide documents: guides/<platform_id>.json").
 */
function duplicateSeeds(systems: readonly DraftSystem[]): Record<string, unknown>[] {
  const bySeed = new Map<number, { where: string; quote: string }[]>();
  for (const system of systems) {
    for (const grading of system.document.gradings) {
      const list = bySeed.get(grading.seed) ?? [];
      list.push({ where: `${system.id}:${grading.level}`, quote: grading.quote });
      bySeed.set(grading.seed, list);
    }
  }
  const discrepancies: Record<string, unknown>[] = [];
  for (const [seed, listed] of bySeed) {
    if (listed.length < 2) continue;
    const where = [...new Set(listed.map((entry) => entry.where))];
    discrepancies.push({
      kind: "duplicate_seed",
      seed,
      where,
      note: `Seed ${seed} is listed ${listed.length} times (${where.join(", ")}); every grading is kept.`,
      quote_a: listed[0]!.quote,
      quote_b: listed[1]!.quote,
    });
  }
  return discrepancies;
}

/** A discrepancy of kind `unparseable`: a quoted span that cannot be read as seed numbers. */
function unparseable(blocks: readonly Block[], levels: ReadonlyMap<Block, { system: string; level: string }>): Record<string, unknown>[] {
  return blocks.flatMap((block) =>
    block.unreadable.map(({ word, line }) => {
      const place = levels.get(block);
      return {
        kind: "unparseable",
        ...(place === undefined ? {} : { where: [`${place.system}:${place.level}`] }),
        note: `${JSON.stringify(word)} in this list cannot be read as a seed number; it is not graded.`,
        quote_a: line.text,
      };
    }),
  );
}

function summarize(systems: readonly DraftSystem["document"][], callouts: readonly { kind: string; label: string }[], discrepancies: readonly Record<string, unknown>[]): string[] {
  const lines: string[] = [];
  for (const system of systems) {
    const gradings = system.gradings.length;
    lines.push(`system ${system.id} (${system.scale.kind}, ${system.levels.length} level${system.levels.length === 1 ? "" : "s"}, ${gradings} grading${gradings === 1 ? "" : "s"}${system.paint_indexes === null ? "" : `, paints ${system.paint_indexes.join(", ")}`}): ${JSON.stringify(system.label)}`);
    for (const level of system.levels) {
      const seeds = system.gradings.filter((grading) => grading.level === level.key).map((grading) => grading.seed);
      lines.push(`  ${level.label}: ${seeds.length} seed${seeds.length === 1 ? "" : "s"} (${seeds.join(", ")})`);
    }
  }
  for (const callout of callouts) lines.push(`callout ${callout.kind}: ${JSON.stringify(callout.label)}`);
  for (const discrepancy of discrepancies) {
    lines.push(discrepancy.kind === "duplicate_seed" ? `duplicate seed ${String(discrepancy.seed)}: ${(discrepancy.where as string[]).join(", ")}` : `unparseable: ${String(discrepancy.note)}`);
  }
  return lines;
}
