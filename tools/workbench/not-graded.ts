import type { NumberToken } from "../../generator/capture/numbers.ts";
import { cutsNoNumber, quoteOccurrences } from "../../generator/capture/quote-occurrences.ts";
import type { DocumentGrading, EditContext, GuideDocument } from "./document.ts";
import type { Edit } from "./edit.ts";
import { lineOf } from "../../generator/capture/capture-text.ts";
import { EditRefused, groupsByQuote, takings } from "./listing.ts";

// A seed written in a listed line that the guide does not grade there: struck through, taken back, named as
// the one left out (`661 • ~~151~~ • 321`). Its grading goes, as with a number that is no seed; but check
// reads the gradings sharing a quote as taking its seeds in order (generator/validate/rules/seeds-in-quotes.ts,
// sharedQuotesKeepTheirOrder), so a seed left between two taken ones would be a skipped seed. The gradings of
// that level taking numbers before it then quote the text before it, those after it the text after it (cut at
// the list's separators): each quote still cut out of the page, its seeds still in order, and the seed left out in no grading's quote,
// where `guide:numbers` lists it for review. A grading note would account for it too, but a note is served
// as the author's words on that grading, which it is not. A seed left out first or last in the quote needs no
// new quotes: numbers before a quote's first seed are its label, and nothing after its last is skipped.

type Of<K extends Edit["kind"]> = Extract<Edit, { kind: K }>;

export function notGraded(guide: GuideDocument, edit: Of<"not-graded">, context: EditContext): void {
  const { start, end } = edit.number;
  const written = context.text.slice(start, end);
  const whole = end <= context.text.length && /^\d+$/.test(written) && cutsNoNumber(context.text, start, end - start);
  if (!whole) throw new EditRefused(`no whole number at ${start}..${end} of the capture's text`);
  let found = false;
  for (const system of guide.systems) {
    const labels = new Map(system.levels.map((level) => [level.key, level.label]));
    const leaving = new Set<DocumentGrading>();
    for (const group of groupsByQuote(system)) {
      const quote = group[0]!.quote;
      // The quote's places holding the number: starting at most at it, ending at least after it (a search
      // from before the text's start searches from its start).
      for (const at of quoteOccurrences(context.text, quote, end - quote.length, start + quote.length)) {
        const taken = takings(quote, group, labels.get(group[0]!.level) ?? "");
        const index = taken.findIndex((number) => number?.start === start - at);
        if (index === -1) continue;
        leaving.add(group[index]!);
        splitQuote(group, taken, { start: start - at, end: end - at });
        break;
      }
    }
    found ||= leaving.size > 0;
    system.gradings = system.gradings.filter((grading) => !leaving.has(grading));
  }
  if (!found) throw new EditRefused(`no grading takes the ${written} on line ${lineOf(context.text, start)}`);
}

/**
 * The gradings of one level sharing a quote, around the number left out (offsets in the quote): those taking
 * a number before it quote the text before it, those after it the text after it, when there are both. The
 * cut is made at the list's separator between their numbers (`Pattern #18 · Pattern #666 · Pattern #940`
 * leaves `Pattern #18` and `Pattern #940`), so the words written with the seed left out go with it.
 */
function splitQuote(group: readonly DocumentGrading[], taken: readonly (NumberToken | null)[], left: { start: number; end: number }): void {
  const quote = group[0]!.quote;
  const before = group.filter((_, index) => taken[index] !== null && taken[index]!.end <= left.start);
  const after = group.filter((_, index) => taken[index] !== null && taken[index]!.start >= left.end);
  if (before.length === 0 || after.length === 0) return;
  const lastBefore = Math.max(...before.map((grading) => taken[group.indexOf(grading)]!.end));
  const firstAfter = Math.min(...after.map((grading) => taken[group.indexOf(grading)]!.start));
  const separatorsBefore = separatorsIn(quote, lastBefore, left.start);
  const separatorsAfter = separatorsIn(quote, left.end, firstAfter);
  const head = quote.slice(0, separatorsBefore.at(-1)?.start ?? left.start).trimEnd();
  const tail = quote.slice(separatorsAfter[0]?.end ?? left.end).trimStart();
  for (const grading of before) grading.quote = head;
  for (const grading of after) grading.quote = tail;
}

/** What separates the items of a listed line: a comma, semicolon, bullet, bar or slash, or a dash between spaces. */
const SEPARATOR = /[,;•·|/]|(?<=\s)[-–—](?=\s)/gu;

function separatorsIn(quote: string, from: number, to: number): { start: number; end: number }[] {
  return [...quote.slice(from, to).matchAll(SEPARATOR)].map((match) => ({ start: from + match.index, end: from + match.index + match[0].length }));
}
