import { quoteOccurrences } from "../../generator/capture/quote-occurrences.ts";
import type { Region } from "../../generator/capture/regions.ts";
import type { DocumentGrading, GuideDocument } from "./document.ts";
import type { Span } from "./edit.ts";

// Where a grading stands on the page, for the edits that take the gradings of a part of it (a listing's span,
// a table read by its columns, the sections of a not-graded reading): at its quote's occurrences in the
// guide's text, and of those only the ones that are a whole line when there are any, as the accounting of
// numbers places it (generator/capture/untranscribed.ts). A table's seed cell `55` stands in its row, not in
// the `Gone: 55` of a later section, nor inside the `553` of another line (a quote cuts no number,
// generator/capture/quote-occurrences.ts).

/** Whether the quote stands inside the span (an empty quote stands nowhere: quoteOccurrences finds it nowhere). */
function standsInside(quote: string, span: Span, text: string, regions: readonly Region[]): boolean {
  const inGuide = (at: number) => !regions.some((region) => region.start < at + quote.length && at < region.end);
  const wholeLine = (at: number) => {
    const lineEnd = text.indexOf("\n", at + quote.length);
    return text.slice(text.lastIndexOf("\n", at - 1) + 1, at).trim() === "" && text.slice(at + quote.length, lineEnd === -1 ? text.length : lineEnd).trim() === "";
  };
  const within = quoteOccurrences(text, quote, span.start, span.end).filter(inGuide);
  if (within.length === 0) return false;
  if (within.some(wholeLine)) return true;
  return !quoteOccurrences(text, quote).some((at) => inGuide(at) && wholeLine(at));
}

/**
 * Removes, from every system, the gradings standing inside the span; returns them in document order, and the
 * levels they were in (`<system id>:<level key>`).
 */
export function takeOverStanding(guide: GuideDocument, span: Span, context: { text: string; regions: readonly Region[] }): { moved: DocumentGrading[]; from: Set<string> } {
  const inside = new Map<string, boolean>();
  const moved: DocumentGrading[] = [];
  const from = new Set<string>();
  for (const system of guide.systems) {
    system.gradings = system.gradings.filter((grading) => {
      let stands = inside.get(grading.quote);
      if (stands === undefined) inside.set(grading.quote, (stands = standsInside(grading.quote, span, context.text, context.regions)));
      if (!stands) return true;
      moved.push(grading);
      from.add(`${system.id}:${grading.level}`);
      return false;
    });
  }
  return { moved, from };
}
