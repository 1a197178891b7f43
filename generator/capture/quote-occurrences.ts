// Where a quote stands in a text. A quote is written where its characters are and it cuts no number: `66`
// is not in `661`, `32` is not in `321`, while `Tier 2: 32` is in `Tier 2: 32, 92`. A number is a run of
// ASCII digits (numbers.ts), so a quote beginning with a digit needs no digit before it, and one ending with
// a digit none after it. Check's "quote occurs verbatim" rule (through quote-index.ts), the review page's
// highlighting, the workbench's listings and the drafter all find quotes by this one rule, so that a quote
// one of them places is where the others place it.

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Whether the `length` characters of the text at `start` (a quote written there) cut no number. */
export function cutsNoNumber(text: string, start: number, length: number): boolean {
  if (length === 0) return true;
  // charCodeAt past either end is NaN, which is no digit.
  if (isDigit(text.charCodeAt(start)) && isDigit(text.charCodeAt(start - 1))) return false;
  return !(isDigit(text.charCodeAt(start + length - 1)) && isDigit(text.charCodeAt(start + length)));
}

/** The first place at or after `from` where the quote stands in the text, or -1. */
export function firstOccurrence(text: string, quote: string, from = 0): number {
  if (quote === "") return -1;
  for (let at = text.indexOf(quote, from); at !== -1; at = text.indexOf(quote, at + 1)) if (cutsNoNumber(text, at, quote.length)) return at;
  return -1;
}

/** Every place where the quote stands wholly inside `from`..`to` of the text, ascending. */
export function quoteOccurrences(text: string, quote: string, from = 0, to = text.length): number[] {
  const starts: number[] = [];
  for (let at = firstOccurrence(text, quote, from); at !== -1 && at + quote.length <= to; at = firstOccurrence(text, quote, at + 1)) starts.push(at);
  return starts;
}

/**
 * For a quote that does not stand in the text: its first place there, widened to the whole numbers it cuts
 * (`661` for `66`, `Tier 1: 661` for `Tier 1: 66`), so a message can show why it is not found. Null when the
 * quote is not written in the text at all.
 */
export function insideLongerNumber(text: string, quote: string): { start: number; end: number } | null {
  const at = quote === "" ? -1 : text.indexOf(quote);
  return at === -1 ? null : wholeNumbers(text, at, at + quote.length);
}

/** The span widened to the whole numbers it cuts at either end, for a message. */
export function wholeNumbers(text: string, start: number, end: number): { start: number; end: number } {
  while (isDigit(text.charCodeAt(start - 1)) && isDigit(text.charCodeAt(start))) start--;
  while (isDigit(text.charCodeAt(end)) && isDigit(text.charCodeAt(end - 1))) end++;
  return { start, end };
}
