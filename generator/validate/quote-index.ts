// Finding thousands of quotes in one capture's text. Searching the text once per quote (indexOf) costs
// text length x quotes character comparisons, which at the API's stated scale (308 guides, thousands of quotes
// each, ~100 KB of text per capture) is tens of billions. Instead the text is indexed once: every position
// is filed under a hash of the few characters (a gram) starting there, by a counting sort into typed arrays
// in linear time. A quote is looked up through the rarest of its own grams, and only the positions filed
// under that hash are compared, character for character, with the whole quote. A hash collision costs a
// comparison, never a wrong answer.
//
// Two gram lengths: long grams make lookups selective in texts full of repeated words and seed numbers;
// short grams serve the short quotes (a seed number, "Tier 1"). Quotes shorter than the short gram are
// one or two characters and one scan of the text finds them.
//
// A quote is found only where it cuts no number (capture/quote-occurrences.ts): `66` is not in `661`. The rule
// looks at the two characters around each place a quote's characters match, so it costs nothing more.

import { cutsNoNumber, firstOccurrence, quoteOccurrences } from "../capture/quote-occurrences.ts";

const LONG_GRAM = 8;
const SHORT_GRAM = 3;

export interface QuoteIndex {
  /** Whether the quote occurs verbatim in the text, cutting no number. */
  contains(quote: string): boolean;
  /** Where the quote occurs verbatim in the text, cutting no number: every start offset, ascending. */
  occurrences(quote: string): number[];
}

export function indexText(text: string): QuoteIndex {
  const long = gramTable(text, LONG_GRAM);
  // Built on the first short quote only: many guides quote whole lines.
  let short: QuoteIndex | undefined;
  const tableFor = (quote: string): QuoteIndex | null =>
    quote.length >= LONG_GRAM ? long : quote.length >= SHORT_GRAM ? (short ??= gramTable(text, SHORT_GRAM)) : null;
  return {
    contains: (quote) => tableFor(quote)?.contains(quote) ?? firstOccurrence(text, quote) !== -1,
    occurrences: (quote) => tableFor(quote)?.occurrences(quote) ?? quoteOccurrences(text, quote),
  };
}

function gramTable(text: string, gram: number): QuoteIndex {
  const starts = Math.max(0, text.length - gram + 1);
  const bits = Math.max(8, Math.ceil(Math.log2(starts + 1)));
  const shift = 32 - bits;
  const buckets = 1 << bits;
  const drop = power(gram - 1);

  // Positions filed by bucket as chains: first[b] is the latest position in bucket b (+1, 0 ends a chain),
  // next[i] the one before it; size[b] counts the chain, so a lookup can pick its rarest gram.
  const first = new Int32Array(buckets);
  const size = new Int32Array(buckets);
  const next = new Int32Array(starts);
  let rolling = 0;
  for (let i = 0; i < gram - 1 && i < text.length; i++) rolling = (Math.imul(rolling, BASE) + text.charCodeAt(i)) | 0;
  for (let i = 0; i < starts; i++) {
    rolling = (Math.imul(rolling, BASE) + text.charCodeAt(i + gram - 1)) | 0;
    const b = Math.imul(rolling, SPREAD) >>> shift;
    next[i] = first[b]!;
    first[b] = i + 1;
    size[b]!++;
    rolling = (rolling - Math.imul(text.charCodeAt(i), drop)) | 0;
  }

  // Calls `found` with each start of the quote in the text, newest first, until it returns true.
  const search = (quote: string, found: (start: number) => boolean): boolean => {
    let bestOffset = 0;
    let bestBucket = -1;
    let bestSize = Number.MAX_SAFE_INTEGER;
    let h = 0;
    for (let k = 0; k < gram - 1; k++) h = (Math.imul(h, BASE) + quote.charCodeAt(k)) | 0;
    for (let offset = 0; offset + gram <= quote.length; offset++) {
      h = (Math.imul(h, BASE) + quote.charCodeAt(offset + gram - 1)) | 0;
      const b = Math.imul(h, SPREAD) >>> shift;
      const count = size[b]!;
      if (count < bestSize) {
        if (count === 0) return false;
        bestOffset = offset;
        bestBucket = b;
        bestSize = count;
        // A handful of candidates is as good as it gets; stop hashing.
        if (count <= 2) break;
      }
      h = (h - Math.imul(quote.charCodeAt(offset), drop)) | 0;
    }
    for (let link = first[bestBucket]!; link !== 0; link = next[link - 1]!) {
      const start = link - 1 - bestOffset;
      if (start >= 0 && text.startsWith(quote, start) && cutsNoNumber(text, start, quote.length) && found(start)) return true;
    }
    return false;
  };
  return {
    contains: (quote) => search(quote, () => true),
    occurrences: (quote) => {
      const starts: number[] = [];
      search(quote, (start) => {
        starts.push(start);
        return false;
      });
      return starts.reverse();
    },
  };
}

// Polynomial rolling hash modulo 2^32, spread over the buckets by Fibonacci hashing (top bits of h * 2^32/phi).
const BASE = 0x01000193;
const SPREAD = 0x9e3779b1 | 0;

function power(exponent: number): number {
  let result = 1;
  for (let k = 0; k < exponent; k++) result = Math.imul(result, BASE);
  return result;
}
