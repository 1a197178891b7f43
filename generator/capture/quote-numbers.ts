import { seedCandidates } from "./numbers.ts";
import { coreLabel, LABEL_BEFORE_NUMBER } from "./shapes.ts";
import { quoteOccurrences } from "./quote-occurrences.ts";

// What each number of a grading's quote is, read the one way `npm run check` and the review of numbers
// (untranscribed.ts) both read it, so that a quote check accepts is a quote whose numbers the review
// accounts for, and the other way round. A number of a quote is
//   - a seed: the seed of a grading quoting it. The gradings of one level take the quote's numbers in its
//     order, each the first number equal to its seed after the one the grading before it took, so a seed
//     written twice is two places, one per grading;
//   - a rank: the rank of a grading quoting it, written before its seed (`#1 — 661`);
//   - a label: inside the grading's own level's (or system's) label where its quote writes it: before its
//     seeds (`Tier 1: 661`, `1. 661`), or anywhere as a whole word for a label holding a letter (`Seed 594 —
//     Tier 1`). A label of digits alone is one only before the seeds, followed by a label's separator: the
//     label `1` is not in `15`, nor in `1, 15`, nor in `661 - 1 gold stripe`;
//   - a note: inside a grading's note where the quote writes it (`661 (almost Tier 1)` with that note);
//   - a mention: a level named in the quote's words (`almost Tier 1`, `not a Top 10`), by a label of the
//     guide holding a letter or by a level's word written just before the number (shapes.ts,
//     LABEL_BEFORE_NUMBER). Not a seed of the list, so check never takes it for a skipped one; yet the level is
//     not standing there as its label, so the review of numbers still lists it.
// Measurements (`(99.4%)`, `- 97%`) and counts (`1 gold stripe`) are no numbers of a quote at all: the number
// reader (numbers.ts) tells them apart.

export type NumberRole = "seed" | "rank" | "label" | "note" | "mention";

export interface QuoteNumber {
  /** Offsets within the quote. */
  start: number;
  end: number;
  value: number;
  roles: Set<NumberRole>;
}

/** The parts of a guide its quotes are read with: labels, and each grading's seed, rank and note. */
export interface QuotedSystem {
  label: string;
  levels: readonly { key: string; label: string }[];
  gradings: readonly { seed: number; level: string; quote: string; rank?: number; note?: { quote: string } | null }[];
}

interface Sharing {
  seed: number;
  rank?: number;
  note?: { quote: string } | null;
  /** The system and level of the grading: the gradings of one level take the quote's numbers in its order. */
  group: string;
  labels: readonly string[];
}

/** Every grading quote of the guide, each with what its numbers are. */
export function quoteReadings(systems: readonly QuotedSystem[]): Map<string, QuoteNumber[]> {
  const sharing = new Map<string, Sharing[]>();
  systems.forEach((system, s) => {
    const levelLabels = new Map(system.levels.map((level) => [level.key, level.label]));
    for (const grading of system.gradings) {
      const level = levelLabels.get(grading.level);
      // An empty label stands nowhere (labelBeforeSeeds, and no letter to find it by).
      const labels = level === undefined ? [system.label] : [level, coreLabel(level), system.label];
      let list = sharing.get(grading.quote);
      if (list === undefined) sharing.set(grading.quote, (list = []));
      list.push({ seed: grading.seed, rank: grading.rank, note: grading.note, group: `${s}\u0000${grading.level}`, labels });
    }
  });
  const named = mentionLabels(systems);
  const readings = new Map<string, QuoteNumber[]>();
  for (const [quote, gradings] of sharing) readings.set(quote, readQuote(quote, gradings, named));
  return readings;
}

function readQuote(quote: string, gradings: readonly Sharing[], named: readonly string[]): QuoteNumber[] {
  const numbers: QuoteNumber[] = seedCandidates(quote).map((token) => ({ start: token.start, end: token.end, value: token.value, roles: new Set() }));
  const groups = new Map<string, Sharing[]>();
  for (const grading of gradings) {
    let group = groups.get(grading.group);
    if (group === undefined) groups.set(grading.group, (group = []));
    group.push(grading);
  }
  for (const group of groups.values()) takeInOrder(quote, numbers, group);
  if (numbers.every((number) => number.roles.size > 0)) return numbers;
  for (const grading of gradings) {
    // An empty note occurs nowhere in the quote (quote-occurrences.ts): it marks nothing.
    if (grading.note == null) continue;
    for (const at of quoteOccurrences(quote, grading.note.quote)) markWithin(numbers, at, at + grading.note.quote.length, "note");
  }
  for (const label of named) {
    for (const at of quoteOccurrences(quote, label)) if (standsAlone(quote, at, at + label.length)) markWithin(numbers, at, at + label.length, "mention");
  }
  for (const number of numbers) if (LABEL_BEFORE_NUMBER.test(quote.slice(Math.max(0, number.start - 12), number.start))) number.roles.add("mention");
  return numbers;
}

/** One level's gradings take the quote's numbers in its order, outside the level's label where the quote writes it. */
function takeInOrder(quote: string, numbers: QuoteNumber[], group: readonly Sharing[]): void {
  const labels = labelsInQuote(quote, group[0]!.labels);
  for (const span of labels) markWithin(numbers, span.start, span.end, "label");
  const outsideLabel = (index: number) => !labels.some((span) => numbers[index]!.start >= span.start && numbers[index]!.end <= span.end);
  const taken = new Set<number>();
  let cursor = 0;
  for (const grading of group) {
    const equal = (index: number) => numbers[index]!.value === grading.seed;
    // Out of order (check reports it) or written only inside the label, the seed still has its place.
    const at =
      findIndex(cursor, numbers.length, (index) => equal(index) && outsideLabel(index)) ??
      findIndex(0, numbers.length, (index) => equal(index) && outsideLabel(index) && !taken.has(index)) ??
      findIndex(0, numbers.length, equal);
    if (at !== null) {
      numbers[at]!.roles.add("seed");
      taken.add(at);
      cursor = at + 1;
    }
    // A grading without a rank finds no number equal to it.
    const rank = grading.rank;
    const ranked =
      findLastIndex(at ?? numbers.length, (index) => numbers[index]!.value === rank) ?? findIndex(0, numbers.length, (index) => index !== at && numbers[index]!.value === rank);
    if (ranked !== null) numbers[ranked]!.roles.add("rank");
  }
}

/** Where a level's labels stand in its grading's quote. */
function labelsInQuote(quote: string, labels: readonly string[]): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  for (const label of labels) {
    const before = labelBeforeSeeds(quote, label);
    if (before !== null) spans.push(before);
    if (!/\p{L}/u.test(label)) continue;
    for (const at of quoteOccurrences(quote, label)) if (standsAlone(quote, at, at + label.length)) spans.push({ start: at, end: at + label.length });
  }
  return spans;
}

/**
 * Where `label` stands at the start of `text` as the label of what follows it (`Tier 2: 32`, `#1 — 661`,
 * `1. 661`): after bullets and decorations, as a whole, and followed by a label's separator or nothing.
 */
export function labelBeforeSeeds(text: string, label: string): { start: number; end: number } | null {
  const start = LEADING_DECORATION.exec(text)![0].length;
  const end = start + label.length;
  // Whole without asking: decorations (no letter or digit) stand before it, a separator or nothing after it.
  return label !== "" && text.startsWith(label, start) && LABEL_SEPARATOR.test(text.slice(end)) ? { start, end } : null;
}
/** Bullets and decorations before a label (`• `, `💎 `, `>> `). */
const LEADING_DECORATION = /^[^\p{L}\p{N}#$€£(]*/u;
/** What ends a label written before seeds (shapes.ts, LABEL_END and RANKED_LINE), or the quote's end. */
const LABEL_SEPARATOR = /^\s*(?:$|[:：=|.)]|[-–—])/u;

/**
 * Labels that name a level in words (`Tier 1`, `Top 30`), for a mention: a label of digits alone names nothing
 * in prose (one without digits holds no number, and marks none).
 */
function mentionLabels(systems: readonly QuotedSystem[]): string[] {
  const labels = new Set<string>();
  for (const system of systems) {
    for (const label of [system.label, ...system.levels.flatMap((level) => [level.label, coreLabel(level.label)])]) if (/\p{L}/u.test(label)) labels.add(label);
  }
  return [...labels];
}

function standsAlone(text: string, start: number, end: number): boolean {
  return !WORD_CHARACTER.test(text.charAt(start - 1)) && !WORD_CHARACTER.test(text.charAt(end));
}
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

function markWithin(numbers: readonly QuoteNumber[], start: number, end: number, role: NumberRole): void {
  for (const number of numbers) if (number.start >= start && number.end <= end) number.roles.add(role);
}

function findIndex(from: number, length: number, test: (index: number) => boolean): number | null {
  for (let index = from; index < length; index++) if (test(index)) return index;
  return null;
}

function findLastIndex(before: number, test: (index: number) => boolean): number | null {
  for (let index = before - 1; index >= 0; index--) if (test(index)) return index;
  return null;
}
