import type { ReadableCapture } from "./capture.ts";
import type { TextElement } from "./capture-text.ts";
import { regionHolding } from "./regions.ts";
import { bodyLines, type BodyLine } from "./lines.ts";
import { seedCandidates } from "./numbers.ts";
import { firstOccurrence } from "./quote-occurrences.ts";
import { labelBeforeSeeds, quoteReadings, type QuotedSystem } from "./quote-numbers.ts";
import { coreLabel, undecorated } from "./shapes.ts";
import { fields, list, text } from "./lenient.ts";

// The numbers a transcription has not accounted for: every number of the guide's text that could be a seed
// (numbers.ts), each accounted for by what the guide transcribed at its own place, never by equal text
// elsewhere (a label `1` accounts for no `15`, and no `1` of another line). What `guide:numbers` lists, what
// the draft prints, what `unassigned_review.count` counts and what the review page marks. A number is
// accounted for when it is, where it is written,
//   - the seed or the rank of a grading, in an occurrence of that grading's quote (quote-numbers.ts reads
//     which of the quote's numbers each grading takes, as check reads it);
//   - inside a level's or a system's label where the page writes it as that label: a line that is the label
//     (its heading, a table's label cell, also with the description that follows a level's label: `Tier 1
//     (12 seeds):`), a line beginning with it before what it labels (`Tier 2: 32, 92`, `2: 32, 92`), or in a
//     grading's quote, its own level's label written as a whole word (`Seed 594 — Tier 1`);
//   - inside a grading's note, a callout or a remark, where its quote occurs.
// A quote written as a whole line of the page stands there, not inside longer lines that happen to hold
// it. Numbers in the page's comment thread, sidebar and other non-guide regions are not the guide's, and
// are not listed.

export interface UntranscribedNumber {
  value: number;
  /** 1-based line of the readable text. */
  line: number;
  /** 1-based column of its first digit in that line, in characters. */
  column: number;
  /** The line, trimmed. */
  context: string;
  /** Offsets of its digits in the readable text. */
  start: number;
  end: number;
}

export interface Span {
  start: number;
  end: number;
}

interface Quoted {
  quote: string;
}

/** What of a guide accounts for numbers; a finished guide and a draft both have this shape. */
export interface AccountedGuide {
  callouts?: readonly Quoted[];
  remarks?: readonly Quoted[];
  systems: readonly (QuotedSystem & { remarks?: readonly Quoted[] })[];
}

export interface Accounting {
  /** Where the gradings' seeds and ranks are written, in text order. */
  taken: Span[];
  untranscribed: UntranscribedNumber[];
}

interface LineNumber extends Span {
  value: number;
  line: BodyLine;
}

export function untranscribedNumbers(capture: ReadableCapture, guide: AccountedGuide, options: { skip: readonly TextElement[] }): UntranscribedNumber[] {
  return accountNumbers(capture, guide, options).untranscribed;
}

export function accountNumbers(capture: ReadableCapture, guide: AccountedGuide, options: { skip: readonly TextElement[] }): Accounting {
  const lines = bodyLines(capture, options.skip);
  const numbers: LineNumber[] = lines.flatMap((line) => seedCandidates(line.text).map((token) => ({ start: line.start + token.start, end: line.start + token.end, value: token.value, line })));
  const at = new Map(numbers.map((number, index) => [number.start, index]));
  const accounted = new Set<number>();
  const taken = new Set<number>();
  // A number of a quote where the quote stands is a whole run of digits of the text (a quote stands only where
  // it cuts no number), so the number of the line starting there is that number.
  const account = (start: number, into: Set<number>) => {
    const index = at.get(start);
    if (index !== undefined) into.add(index);
  };
  const places = placesOf(capture, lines);

  for (const [quote, reading] of quoteReadings(guide.systems)) {
    for (const place of places(quote)) {
      for (const number of reading) {
        if (number.roles.has("seed") || number.roles.has("rank")) account(place + number.start, taken);
        // A seed or rank is taken, which accounts for it too.
        if (number.roles.has("label") || number.roles.has("note")) account(place + number.start, accounted);
      }
    }
  }
  for (const span of labelSpans(lines, guide.systems)) for (const number of within(numbers, span)) accounted.add(number);
  for (const quote of otherQuotes(guide)) {
    for (const place of places(quote)) for (const number of within(numbers, { start: place, end: place + quote.length })) accounted.add(number);
  }

  const untranscribed: UntranscribedNumber[] = [];
  const columns = columnReader(capture.text);
  numbers.forEach((number, index) => {
    if (accounted.has(index) || taken.has(index)) return;
    untranscribed.push({ value: number.value, line: number.line.number, column: columns(number.line, number.start), context: number.line.text, start: number.start, end: number.end });
  });
  return { taken: [...taken].sort((a, b) => a - b).map((index) => ({ start: numbers[index]!.start, end: numbers[index]!.end })), untranscribed };
}

/**
 * Where a quote stands in the guide's text: its occurrences outside the non-guide regions, and of those only
 * the ones that are a whole line when there are any (a list line quoted whole is that line, not the same
 * words inside a sentence).
 */
function placesOf(capture: ReadableCapture, lines: readonly BodyLine[]): (quote: string) => number[] {
  const lineEnds = new Map(lines.map((line) => [line.start, line.end]));
  // An empty quote occurs nowhere (quote-occurrences.ts), so it has no place.
  return (quote) => {
    const inGuide = capture.index.occurrences(quote).filter((start) => regionHolding(capture.regions, start, start + quote.length) === null);
    const whole = inGuide.filter((start) => lineEnds.get(start) === start + quote.length);
    return whole.length > 0 ? whole : inGuide;
  };
}

/**
 * Where the levels' and systems' labels stand as labels on the page's lines: a line that is the label (also
 * with a level's description, `Tier 1 (12 seeds):`), or a line that begins with it before what it labels
 * (`Tier 2: 32, 92`, `2: 32, 92`). The label's own characters in each.
 */
function labelSpans(lines: readonly BodyLine[], systems: readonly QuotedSystem[]): Span[] {
  const labels = new Set<string>();
  const cores = new Set<string>();
  // A blank label stands nowhere: it occurs in no line, and labelBeforeSeeds finds it before nothing.
  for (const system of systems) {
    for (const label of [system.label, ...system.levels.map((level) => level.label)]) {
      labels.add(label.trim());
      cores.add(coreLabel(label));
    }
  }
  // The quotes of the levels of each label: a line of digits alone is that label where its level's
  // listing follows it.
  const quotesOf = new Map<string, string[]>();
  for (const system of systems) {
    for (const level of system.levels) {
      const quotes = system.gradings.filter((grading) => grading.level === level.key).map((grading) => grading.quote);
      for (const label of [level.label.trim(), coreLabel(level.label)]) quotesOf.set(label, [...(quotesOf.get(label) ?? []), ...quotes]);
    }
  }
  // Body lines are never blank: the next one is the next line of text.
  const nextText = (index: number) => lines[index + 1]?.text ?? "";
  const spans: Span[] = [];
  lines.forEach((line, index) => {
    // Undecorated, a label line has no closing colon either (`Tier 1:`): DECORATION takes it.
    const bare = undecorated(line.text);
    const core = coreLabel(bare);
    const candidate = labels.has(bare) ? bare : cores.has(core) ? core : null;
    // A label of digits alone stands as a label only where the page sets it apart (a heading, a table's
    // first cell) or where its level's listing follows it: a list line or a sentence of just `4` is a
    // seed, whatever a level is called.
    const setApart = line.heading || line.column === 0 || (quotesOf.get(candidate ?? "") ?? []).some((quote) => firstOccurrence(nextText(index), quote) !== -1);
    const whole = candidate !== null && (setApart || !/^[0-9]+$/.test(candidate)) ? candidate : null;
    const at = whole === null ? -1 : firstOccurrence(line.text, whole);
    if (at !== -1) {
      spans.push({ start: line.start + at, end: line.start + at + whole!.length });
      return;
    }
    for (const label of labels) {
      const before = labelBeforeSeeds(line.text, label);
      // Before what it labels: a line of the label alone was decided above, set apart or not.
      const labelled = before !== null && /[\p{L}\p{N}]/u.test(line.text.slice(before.end));
      if (labelled) spans.push({ start: line.start + before!.start, end: line.start + before!.end });
    }
  });
  return spans;
}

/** The quotes that account for every number inside them: callouts, remarks and gradings' notes. */
function otherQuotes(guide: AccountedGuide): Set<string> {
  const quotes = new Set<string>();
  for (const entry of [...(guide.callouts ?? []), ...(guide.remarks ?? [])]) quotes.add(entry.quote);
  for (const system of guide.systems) {
    for (const remark of system.remarks ?? []) quotes.add(remark.quote);
    for (const grading of system.gradings) if (grading.note != null) quotes.add(grading.note.quote);
  }
  return quotes;
}

/** The indexes of the numbers lying wholly inside `span` (numbers are in text order). */
function within(numbers: readonly LineNumber[], span: Span): number[] {
  let low = 0;
  let high = numbers.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (numbers[middle]!.start < span.start) low = middle + 1;
    else high = middle;
  }
  const found: number[] = [];
  for (let index = low; index < numbers.length && numbers[index]!.start < span.end; index++) if (numbers[index]!.end <= span.end) found.push(index);
  return found;
}

/**
 * The 1-based column of an offset in its line, counted in characters (a surrogate pair is one). Offsets are
 * asked in text order, so each line is counted once however many numbers it holds: within a line, counting
 * goes on from the offset asked before.
 */
function columnReader(text: string): (line: BodyLine, offset: number) => number {
  let current: BodyLine | null = null;
  let counted = 0;
  let column = 1;
  return (line, offset) => {
    if (line !== current) {
      current = line;
      counted = text.lastIndexOf("\n", line.start - 1) + 1;
      column = 1;
    }
    for (; counted < offset; counted++) {
      const code = text.charCodeAt(counted);
      if (code < 0xdc00 || code > 0xdfff) column++;
    }
    return column;
  };
}

/**
 * The parts of a guide document that account for numbers, read leniently: a draft under review often lacks the
 * guide's shape (a `DRAFT-TODO:` where a boolean belongs), and its numbers are reviewed all the same. What is
 * not of the expected type is left out; `check` reports it.
 */
export function accountedParts(document: unknown): AccountedGuide {
  const guide = fields(document);
  return {
    callouts: quotedEntries(guide?.callouts),
    remarks: quotedEntries(guide?.remarks),
    systems: list(guide?.systems).flatMap((value) => {
      const system = fields(value);
      if (system === null) return [];
      const levels = list(system.levels).flatMap((value) => {
        const level = fields(value);
        if (level === null) return [];
        const key = text(level.key);
        return key === null ? [] : [{ key, label: text(level.label) ?? "" }];
      });
      const gradings = list(system.gradings).flatMap((entry) => {
        const grading = fields(entry);
        if (grading === null) return [];
        const seed = grading.seed;
        const quote = text(grading.quote);
        if (!isWhole(seed) || quote === null) return [];
        const rank = grading.rank;
        const note = text(fields(grading.note)?.quote);
        return [{ seed, level: text(grading.level) ?? "", quote, ...(isWhole(rank) ? { rank } : {}), ...(note === null ? {} : { note: { quote: note } }) }];
      });
      return [{ label: text(system.label) ?? "", levels, gradings, remarks: quotedEntries(system.remarks) }];
    }),
  };
}

/** A whole number (a seed or a rank as the guide writes them); not a number at all, nor a fraction. */
function isWhole(value: unknown): value is number {
  return Number.isInteger(value);
}

function quotedEntries(value: unknown): Quoted[] {
  return list(value).flatMap((entry) => {
    const quote = text(fields(entry)?.quote);
    return quote === null ? [] : [{ quote }];
  });
}
