import { lineOf } from "../../generator/capture/capture-text.ts";
import { seedCandidates, type NumberToken } from "../../generator/capture/numbers.ts";
import { labelBeforeSeeds } from "../../generator/capture/quote-numbers.ts";
import { cutsNoNumber, firstOccurrence, quoteOccurrences, wholeNumbers } from "../../generator/capture/quote-occurrences.ts";
import { anyOf, LANGUAGES, literalSource, longestFirst, wordsOf, wordStart } from "../../generator/capture/languages.ts";
import { coreLabel } from "../../generator/capture/shapes.ts";
import { followSystem, rescale } from "./bookkeeping.ts";
import { idFromLabel, unique, type DocumentGrading, type DocumentLevel, type DocumentSystem, type EditContext, type GuideDocument } from "./document.ts";
import type { Edit, Span } from "./edit.ts";
import { takeOverStanding } from "./standing.ts";

// Listings: a span of the capture made a level's gradings, and a number of it dropped. A grading is where
// its quote is written, so both read the page by place: a span takes over the gradings standing inside it
// (standing.ts), and a dropped number is dropped from every grading that takes it at that place. A quote is
// written only where it cuts no number (generator/capture/quote-occurrences.ts): listing `661` leaves a
// grading quoted `66`.

type Assign = Extract<Edit, { kind: "assign" }>;
type DropNumber = Extract<Edit, { kind: "drop-number" }>;

/** Thrown by an edit that cannot be applied; apply.ts turns it into a value. */
export class EditRefused extends Error {}

/**
 * The span's text without the spaces and line ends around it, refused when it is outside the text, not the
 * guide's, or cuts a number (check would not find such a quote).
 */
export function quotedSpan(span: Span, context: EditContext): Span & { quote: string } {
  if (span.end > context.text.length) throw new EditRefused(`the span ${span.start}..${span.end} is past the end of the capture's text (${context.text.length} characters)`);
  let { start, end } = span;
  while (start < end && /\s/.test(context.text[start]!)) start++;
  while (end > start && /\s/.test(context.text[end - 1]!)) end--;
  if (start === end) throw new EditRefused("the span holds only spaces");
  if (!cutsNoNumber(context.text, start, end - start)) {
    const number = wholeNumbers(context.text, start, end);
    throw new EditRefused(`the span cuts a number on line ${lineOf(context.text, start)} (${JSON.stringify(context.text.slice(number.start, number.end))}): a quote holds whole numbers`);
  }
  const region = context.regions.find((candidate) => candidate.start < end && start < candidate.end);
  if (region !== undefined) throw new EditRefused(`the span reaches into the page's ${region.region}, which is not the guide's text`);
  return { start, end, quote: context.text.slice(start, end) };
}

export function assign(guide: GuideDocument, edit: Assign, context: EditContext): void {
  const span = quotedSpan(edit.span, context);
  const system = targetSystem(guide, edit.system, context);
  const level = targetLevel(system, edit.level);
  const listed = quotesOf(span, edit.quotes, context.text).flatMap((quote) => seedsOf(quote, level.label).map((token) => ({ seed: token.value, quote: quote.quote })));
  if (listed.length === 0) throw new EditRefused(`the span (line ${lineOf(context.text, span.start)}) holds no number that could be a seed`);
  const { moved: movedOut, from } = takeOverStanding(guide, span, context);
  const gradings = listed.map(({ seed, quote }): DocumentGrading => {
    const grading: DocumentGrading = { seed, level: level.key, quote, evidence: "text", position: 0 };
    // A grading moved here keeps what the transcription said of it besides its place.
    const at = movedOut.findIndex((old) => old.seed === seed && old.quote === quote);
    if (at === -1) return grading;
    const [old] = movedOut.splice(at, 1);
    const { seed: _seed, level: _level, quote: _quote, position: _position, ...rest } = old!;
    return { ...grading, ...rest };
  });
  if (!guide.systems.includes(system)) guide.systems.push(system);
  if (!system.levels.includes(level)) system.levels.push(level);
  system.gradings.splice(insertionPoint(system, span.start, context.text), 0, ...gradings);
  dropEmptied(guide, from);
  rescale(system);
}

export function targetSystem(guide: GuideDocument, target: Assign["system"], context: EditContext): DocumentSystem {
  if ("id" in target) {
    const system = guide.systems.find((candidate) => candidate.id === target.id);
    if (system === undefined) throw new EditRefused(`the guide has no system ${JSON.stringify(target.id)}`);
    return system;
  }
  const { label, kind, item } = target.new;
  if (!context.items.has(item)) throw new EditRefused(`no item ${JSON.stringify(item)}: items/${item}.json does not exist`);
  const id = unique(idFromLabel(label) || "system", new Set(guide.systems.map((system) => system.id)));
  return { id, label, item, paint_indexes: null, alias: null, topic: null, scale: { kind, best: null, worst: null }, remarks: [], levels: [], gradings: [] };
}

export function targetLevel(system: DocumentSystem, target: Assign["level"]): DocumentLevel {
  if ("key" in target) {
    const level = system.levels.find((candidate) => candidate.key === target.key);
    if (level === undefined) throw new EditRefused(`system ${JSON.stringify(system.id)} has no level ${JSON.stringify(target.key)}`);
    if (level.gradings === null) throw new EditRefused(`level ${JSON.stringify(level.label)} is shown as images alone (gradings: null) and grades no seed`);
    return level;
  }
  const key = unique(idFromLabel(target.new.label) || "level", new Set(system.levels.map((level) => level.key)));
  // Not ordered unless the guide says so (dataset/README.md, "Judgment calls"): a maintainer marks it.
  return { key, label: target.new.label, images: [], ordered: false, ordered_quote: null };
}

export interface Quote {
  quote: string;
}

/** The span as one quote, or each of its lines (trimmed) as its own; a blank line holds no seed, so lists nothing. */
function quotesOf(span: Span & { quote: string }, mode: Assign["quotes"], text: string): Quote[] {
  if (mode === "span") return [{ quote: span.quote }];
  return text
    .slice(span.start, span.end)
    .split("\n")
    .map((line) => ({ quote: line.trim() }));
}

/**
 * A level's word written just before a number names a level, not a seed (`Tier 2: 32`, `a Top 10`, `Phase 2`,
 * `Уровень 2`): the level, phase and label words of every language (generator/capture/languages.ts) without
 * `#` and the words for "number" (`No.`, `№`, `nº`), which stand before seeds as often as before ranks
 * (`Pattern #412`, `Nº 661`).
 */
const NUMBER_WORDS = new Set(["no.", "nr.", "nr", "№", "номер", "nº", "n.º", "n°", "núm.", "编号"]);
const LEVEL_WORD_BEFORE = new RegExp(
  `${anyOf(
    longestFirst(wordsOf(LANGUAGES, (language) => [...language.levelWords, ...language.labelWordsBeforeNumber, ...language.phaseWords]))
      .filter((word) => !NUMBER_WORDS.has(word))
      .map((word) => `${wordStart(word)}${literalSource(word)}`),
  )}s?\\s*[-#:]?\\s*$`,
  "iu",
);

/** The numbers of a quote that could be seeds, without the level's own label or a level's word written before them (`Tier 1: 661`). */
export function seedsOf(quote: Quote, label: string): NumberToken[] {
  const labels = [label, coreLabel(label)].flatMap((candidate) => labelBeforeSeeds(quote.quote, candidate) ?? []);
  // A label opens the quote, after decorations that hold no digit: a number ending within it is the label's.
  return seedCandidates(quote.quote).filter((token) => !labels.some((span) => token.end <= span.end) && !LEVEL_WORD_BEFORE.test(quote.quote.slice(Math.max(0, token.start - 12), token.start)));
}

/**
 * Where a level's new gradings go in its system's list, so that the list follows the page: before the first of
 * the system's gradings written after the span, of any level (a level the page writes in two places, a table's
 * row and a later section, keeps its seeds where each is written), else after the last.
 */
export function insertionPoint(system: DocumentSystem, start: number, text: string): number {
  const at = system.gradings.findIndex((grading) => firstOccurrence(text, grading.quote) > start);
  return at === -1 ? system.gradings.length : at;
}

/**
 * A level whose gradings were all moved out by the span goes, and a system left without levels: a draft's
 * wrong levels are cleared by assigning their lines where they belong. The target level is never dropped, nor
 * its system: it holds the gradings just made by then.
 */
export function dropEmptied(guide: GuideDocument, from: ReadonlySet<string>): void {
  for (const system of guide.systems) {
    const graded = new Set(system.gradings.map((grading) => grading.level));
    system.levels = system.levels.filter((level) => graded.has(level.key) || !from.has(`${system.id}:${level.key}`));
  }
  const gone = guide.systems.filter((system) => system.levels.length === 0);
  guide.systems = guide.systems.filter((system) => !gone.includes(system));
  for (const system of gone) followSystem(guide, system.id, null);
}

export function dropNumber(guide: GuideDocument, edit: DropNumber, context: EditContext): void {
  const { start, end } = edit.number;
  const written = context.text.slice(start, end);
  if (end > context.text.length || !/^\d+$/.test(written)) throw new EditRefused(`no number at ${start}..${end} of the capture's text`);
  let dropped = 0;
  for (const system of guide.systems) {
    const labels = new Map(system.levels.map((level) => [level.key, level.label]));
    const taking = new Set<DocumentGrading>();
    for (const group of groupsByQuote(system)) {
      const quote = group[0]!.quote;
      for (const at of quoteOccurrences(context.text, quote, Math.max(0, end - quote.length), start + quote.length)) {
        const grading = takerOf(quote, group, labels.get(group[0]!.level) ?? "", start - at);
        if (grading !== null) taking.add(grading);
      }
    }
    dropped += taking.size;
    system.gradings = system.gradings.filter((grading) => !taking.has(grading));
  }
  if (dropped === 0) throw new EditRefused(`no grading takes the ${written} on line ${lineOf(context.text, start)}`);
}

/** A system's gradings by level and quote, each group in the system's order. */
export function groupsByQuote(system: DocumentSystem): DocumentGrading[][] {
  const groups = new Map<string, DocumentGrading[]>();
  for (const grading of system.gradings) {
    const key = `${grading.level}\u0000${grading.quote}`;
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [grading]);
    else group.push(grading);
  }
  return [...groups.values()];
}

/**
 * The grading of one level that takes the number at `offset` of their shared quote (as `npm run check` reads
 * them, generator/capture/quote-numbers.ts).
 */
function takerOf(quote: string, group: readonly DocumentGrading[], label: string, offset: number): DocumentGrading | null {
  const index = takings(quote, group, label).findIndex((number) => number?.start === offset);
  return index === -1 ? null : group[index]!;
}

/**
 * The number of their shared quote each grading of one level takes (null for a seed it does not write): they
 * take the quote's numbers in order, each the first equal to its seed after the one before took.
 */
export function takings(quote: string, group: readonly DocumentGrading[], label: string): (NumberToken | null)[] {
  const numbers = seedsOf({ quote }, label);
  const taken = new Set<number>();
  let cursor = 0;
  return group.map((grading) => {
    let index = numbers.findIndex((number, at) => at >= cursor && number.value === grading.seed);
    if (index === -1) index = numbers.findIndex((number, at) => !taken.has(at) && number.value === grading.seed);
    if (index === -1) return null;
    taken.add(index);
    cursor = index + 1;
    return numbers[index]!;
  });
}
