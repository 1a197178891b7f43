import { decodeHTML } from "entities";
import type { ReadableCapture } from "../../capture/capture.ts";
import { excerpt, finding, type Finding } from "../finding.ts";
import { insideLongerNumber } from "../../capture/quote-occurrences.ts";
import { childPath } from "../json-path.ts";
import { nearestSpan } from "../nearest-span.ts";
import { indexText } from "../quote-index.ts";
import { shortLegend, visibleSpan } from "../visible-whitespace.ts";

// `snapshot` names the capture the guide was transcribed from, and every quote "must occur verbatim in the
// capture's readable text" (dataset/README.md, "Captures: snapshots/"): that text is capture-text.ts's,
// compared character for character, and found only where it cuts no number (capture/quote-occurrences.ts:
// a quote `66` written only as part of `661` is not there).

export interface QuoteSite {
  path: string;
  quote: string;
}

// The fields that hold the guide's own words (dataset/README.md, "Captures: snapshots/"): gradings' `quote`,
// `note.quote`, every `definition.quote`, remarks, item claims, callouts, related guides,
// `incomplete`/`complete`, discrepancies' `quote_a`/`quote_b`, `ordered_quote` and `permission_quote`. The
// schemas are strict, so in a document of the right shape these keys hold exactly the quotes, wherever they
// are.
const QUOTE_KEYS = new Set(["quote", "quote_a", "quote_b", "ordered_quote", "permission_quote"]);

/**
 * Calls `visit` with every quote of a guide document, in document order. Reads the parsed JSON as it is,
 * so the quotes of a document with shape mistakes elsewhere are checked in the same run. An empty
 * `permission_quote` means the guide states no reuse terms: there is nothing to find. `path()` gives the
 * quote's JSON path while `visit` runs; it is worked out only when asked for, since thousands of gradings
 * are walked on every check and paths are only needed for a missing quote.
 */
function forEachQuote(document: unknown, visit: (quote: string, path: () => string) => void): void {
  const keys: (string | number)[] = [];
  const path = () => keys.reduce<string>(childPath, "$");
  const walk = (value: unknown): void => {
    if (value === null || typeof value !== "object") return;
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        keys.push(index);
        walk(value[index]);
        keys.pop();
      }
      return;
    }
    for (const [key, field] of Object.entries(value)) {
      keys.push(key);
      if (QUOTE_KEYS.has(key) && typeof field === "string") {
        if (field !== "") visit(field, path);
      } else walk(field);
      keys.pop();
    }
  };
  walk(document);
}

/** Every quote of a guide document, with its JSON path, in document order. */
export function quoteSites(document: unknown): QuoteSite[] {
  const sites: QuoteSite[] = [];
  forEachQuote(document, (quote, path) => sites.push({ path: path(), quote }));
  return sites;
}

/** The distinct quotes of a guide document, in the order they first occur. */
export function distinctQuotes(document: unknown): Set<string> {
  const quotes = new Set<string>();
  forEachQuote(document, (quote) => quotes.add(quote));
  return quotes;
}

export function quotesOccurInCapture(document: unknown, capture: ReadableCapture, shownPath: string): Finding[] {
  // Thousands of gradings repeat a few hundred distinct quotes: each is looked up once, and JSON paths
  // are only worked out when some quote is missing.
  const missing = new Set<string>();
  for (const quote of distinctQuotes(document)) if (!capture.index.contains(quote)) missing.add(quote);
  if (missing.size === 0) return [];
  const hints = spacingHints(capture.text);
  const nearest = nearestText(capture);
  const messages = new Map([...missing].map((quote) => [quote, `not found in ${shownPath}: ${excerpt(quote)}${hints.why(quote)}${nearest(quote)}`]));
  return quoteSites(document)
    .filter((site) => missing.has(site.quote))
    .map(({ path, quote }) => finding(path, messages.get(quote)!, "text copied verbatim from the capture's readable text"));
}

/**
 * What the capture says where it is most like a missed quote, whitespace made visible, so the difference
 * can be seen in the message: the longer number a quote is written only inside of (`661` for `66`), else the
 * nearest span. A guide checked against the wrong capture misses every quote: past NEAREST_LIMIT missed
 * quotes the rest get no span, which keeps such a check fast.
 */
function nearestText(capture: ReadableCapture): (quote: string) => string {
  let lineStarts: number[] | undefined;
  let looked = 0;
  const shownAt = (span: { start: number; end: number }) => {
    lineStarts ??= linesOf(capture.text);
    const shown = [...visibleSpan(capture.text.slice(span.start, span.end))];
    const cut = shown.length > NEAREST_SHOWN ? `${shown.slice(0, NEAREST_SHOWN).join("")}…` : shown.join("");
    const markers = shortLegend(cut);
    return `line ${lineAt(lineStarts, span.start)}: ${JSON.stringify(cut)}${markers === "" ? "" : ` (${markers})`}`;
  };
  return (quote) => {
    if (looked++ >= NEAREST_LIMIT) return "";
    const number = ENDS_WITH_DIGIT.test(quote) ? insideLongerNumber(capture.text, quote) : null;
    if (number !== null) return `; it is written only as part of a longer number, ${shownAt(number)} (a quote matches whole numbers only)`;
    const span = nearestSpan(capture.text, capture.index, quote);
    return span === null ? "" : `; nearest text, ${shownAt(span)}`;
  };
}

/** A quote beginning or ending with a digit: only such a quote can be written inside a longer number. */
const ENDS_WITH_DIGIT = /^\d|\d$/;

const NEAREST_LIMIT = 200;
const NEAREST_SHOWN = 160;

/** Offsets where each line of the text starts. */
function linesOf(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) starts.push(at + 1);
  return starts;
}

/** The 1-based line holding an offset, by binary search. */
function lineAt(lineStarts: readonly number[], offset: number): number {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (lineStarts[middle]! <= offset) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

/**
 * Why a quote may be missing although its words are there: different spacing (the capture's text keeps
 * no-break spaces and runs of spaces), or an HTML entity copied from the page source instead of the
 * character it stands for. Built only if some quote is missing.
 */
function spacingHints(text: string): { why(quote: string): string } {
  const loose = indexText(looseSpacing(text));
  return {
    why(quote) {
      if (/&(#[0-9]+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i.test(quote) && loose.contains(looseSpacing(decodeHTML(quote)))) {
        return " (it holds an HTML entity such as &amp;; write the character itself)";
      }
      if (loose.contains(looseSpacing(quote))) return " (the words are there with different spacing: copy spaces, no-break spaces and line breaks exactly)";
      return "";
    },
  };
}

function looseSpacing(text: string): string {
  return text.replace(/\s+/gu, " ");
}
