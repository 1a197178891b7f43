import type { ItemFile } from "../../contract/schema/item.ts";
import type { ReadableCapture } from "../../generator/capture/capture.ts";
import { readAttribution } from "../../generator/capture/attribution.ts";
import { bodyLines, type BodyLine } from "../../generator/capture/lines.ts";
import { placeholderSites, PLACEHOLDER } from "../../generator/validate/placeholder.ts";
import { untranscribedNumbers, type UntranscribedNumber } from "../../generator/capture/untranscribed.ts";
import { readPictures } from "./captions.ts";
import { classifySections } from "./classify.ts";
import { gradingDoubts } from "./doubts.ts";
import { guessText, orderedGuesses, type Guess } from "./guess.ts";
import { placeOnItems, readingItem } from "./items.ts";
import { readLists, type Block } from "./lists.ts";
import { linePlaces } from "./places.ts";
import { readSections } from "./sections.ts";
import { assembleSystems, type DraftSystem } from "./systems.ts";

// guide:draft's pure core: a capture's readable text and structure in, a full guide document out, with what
// it could not decide left as placeholders (placeholder.ts) that `npm run check` names, and what it guessed
// listed under "check these". The page is read in four steps:
//   1. readSections (sections.ts): the guide's lines as a tree of sections under their headings;
//   2. classifySections (classify.ts): what each section is (a level, a section of levels, a paint's part of
//      the page, a callout, an ungraded part), from its heading's words and the tree around it;
//   3. readLists (lists.ts): each section's lists read into levels and callouts, each in its context;
//   4. assembleSystems (systems.ts): the levels made into systems, each then put on the item its headings name
//      (items.ts).
// The finished draft is then reviewed as a careful reader would (doubts.ts): every grading whose seed is
// written where a reader would doubt it (struck, quoted, under a heading saying it is not graded, ...) is
// named under "check these", whichever way the steps above read it.

export interface DraftInput {
  capture: ReadableCapture;
  platformId: string;
  /** The items the page ranks (`--item`, given once or more), the first taking what no heading puts elsewhere. */
  items: readonly ItemFile[];
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
  const pictures = readPictures(input.capture, lines);
  const tree = readSections(lines, pictures);
  const item = readingItem(input.items);
  const classified = classifySections(tree, item);
  const lists = readLists(classified, item, maxBytes);
  if (lists === null) return { tooLarge: true };
  const { blocks } = lists;
  const assembled = assembleSystems(lists, item, attribution.title);
  const places = linePlaces(tree);
  const { systems, notes: placements } = placeOnItems(assembled.systems, input.items, places, attribution.title);
  const levelOfBlock = new Map<Block, { system: string; level: string }>();
  for (const system of systems) for (const [block, level] of system.levels) levelOfBlock.set(block, { system: system.id, level: level.key });

  const calloutBlocks = blocks.filter((block) => block.callout !== null);
  const callouts = calloutBlocks.map((block) => ({
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
  const doubts = gradingDoubts({ text: input.capture.text, marks: input.capture.marks, places, captions: pictures.captions, systems });
  const guesses = [...classified.guesses, ...lists.guesses, ...assembled.guesses, ...calloutGuesses(calloutBlocks), ...doubts];
  const review = checkThese({ guide, systems, items: input.items, placements, untranscribed, discrepancies, guesses });
  return { guide, summary: [...review, ...summarize(guide.systems, input.items, callouts, discrepancies), ...untranscribedList(untranscribed)], untranscribed };
}

/** A section made a callout: its seeds are not graded, which only a maintainer can confirm. */
function calloutGuesses(blocks: readonly Block[]): Guess[] {
  return blocks.map((block) => ({
    line: (block.headingLine ?? block.listed[0]?.line ?? block.lines[0]!).number,
    what: `${JSON.stringify(block.label)} made a ${block.callout} callout: its seeds are not graded`,
    seeds: block.listed.map((listed) => listed.seed.seed),
  }));
}

/** Every number of the guide's text the draft did not take as a seed, each with its place. */
function untranscribedList(untranscribed: readonly UntranscribedNumber[]): string[] {
  const lines = [``, `${untranscribed.length} number${untranscribed.length === 1 ? "" : "s"} of the guide's text not transcribed as seeds${untranscribed.length === 0 ? "" : ":"}`];
  for (const found of untranscribed) lines.push(`  line ${found.line}:${found.column}: ${found.value}   ${JSON.stringify(found.context.length > 100 ? `${found.context.slice(0, 100)}…` : found.context)}`);
  return lines;
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
 * system put on an item no heading names, every misread number, everything the draft guessed from the page's
 * structure and every grading a reader would doubt (with its line and the seeds it decides), and how many
 * numbers of the text it did not take.
 */
function checkThese(draft: {
  guide: Record<string, unknown>;
  systems: readonly DraftSystem[];
  items: readonly ItemFile[];
  placements: readonly string[];
  untranscribed: readonly UntranscribedNumber[];
  discrepancies: readonly Record<string, unknown>[];
  guesses: readonly Guess[];
}): string[] {
  const items: string[] = [];
  for (const site of placeholderSites(draft.guide)) items.push(`placeholder ${site.path}: ${site.what}`);
  for (const system of draft.systems) {
    const { document } = system;
    const item = itemOf(document, draft.items);
    if (system.guessedLabel) items.push(`guessed label of system ${document.id}: ${JSON.stringify(document.label)} (no section heading names it; write the guide's own name for it)`);
    if (document.paint_indexes !== null) items.push(`paints of system ${document.id} narrowed to ${document.paint_indexes.map((index) => `${index} (${paintLabel(item, index)})`).join(", ")}, read from ${JSON.stringify(system.paintsFrom)}`);
    else if (item.paints.length > 1) {
      items.push(`system ${document.id} covers every paint of ${item.slug} (${item.paints.length} paints): narrow paint_indexes, or quote the guide saying so in an item claim of this system (npm run check asks for one)`);
    }
    for (const level of document.levels) if (level.label === DEFAULT_LEVEL_LABEL) items.push(`guessed label of level ${document.id}:${level.key}: no heading names it`);
  }
  items.push(...draft.placements);
  for (const discrepancy of draft.discrepancies) if (discrepancy.kind === "unparseable") items.push(`unparseable: ${String(discrepancy.note)}`);
  for (const guess of orderedGuesses(draft.guesses)) items.push(guessText(guess));
  if (draft.untranscribed.length > 0) items.push(`${draft.untranscribed.length} number${draft.untranscribed.length === 1 ? "" : "s"} of the text not read as seeds (listed below)`);
  if (items.length === 0) return [];
  return ["check these:", ...items.map((item) => `  - ${item}`), ""];
}

/** What a level is called when no heading or label names it. */
const DEFAULT_LEVEL_LABEL = "Seeds";

/** The item file a drafted system is on (one of the draft's items). */
function itemOf(system: { item: string }, items: readonly ItemFile[]): ItemFile {
  return items.find((item) => item.slug === system.item) ?? items[0]!;
}

function paintLabel(item: ItemFile, index: number): string {
  return item.paints.find((paint) => paint.paint_index === index)?.paint_label || String(index);
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

/** What was drafted: each system with its item and paints, its levels' seeds; the callouts and discrepancies. */
function summarize(systems: readonly DraftSystem["document"][], items: readonly ItemFile[], callouts: readonly { kind: string; label: string }[], discrepancies: readonly Record<string, unknown>[]): string[] {
  const lines: string[] = [];
  for (const system of systems) {
    const gradings = system.gradings.length;
    const item = itemOf(system, items);
    const paints = system.paint_indexes === null ? "all paints" : `paint${system.paint_indexes.length === 1 ? "" : "s"} ${system.paint_indexes.map((index) => paintLabel(item, index)).join(", ")}`;
    lines.push(`system ${system.id} (${system.scale.kind}, ${system.levels.length} level${system.levels.length === 1 ? "" : "s"}, ${gradings} grading${gradings === 1 ? "" : "s"}) on ${item.slug}, ${paints}: ${JSON.stringify(system.label)}`);
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
