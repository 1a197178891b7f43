import type { QuoteIndex } from "./quote-index.ts";

// The span of a capture's readable text most like a quote that is not in it, so the message of a missed
// quote can show what the page really says there. Captures reach megabytes and quotes whole paragraphs, so
// an edit-distance table of quote x text is out of the question. Instead the quote's rarest words anchor a
// bounded number of candidate alignments; each candidate span starts at the quote's first word found near
// the anchor and ends where it shares the most character bigrams with the quote. The cost is a few index
// lookups plus CANDIDATES x (quote length + slack), whatever the size of the text.

export interface Span {
  start: number;
  end: number;
}

/** How many text positions of anchor words are tried, at most. */
const CANDIDATES = 64;
/** How far past the best-scoring end the quote's last word may still end the span. */
const STRETCH = 8;
/** Words of the quote looked up in the text, longest first, at most. */
const LOOKED_UP_WORDS = 12;
/** A word found more often than this anchors nothing when a rarer one does: it says little about where the quote is. */
const COMMON = 2000;

const WORD = /[\p{L}\p{N}]+/gu;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;

interface Word {
  text: string;
  /** Offset in the quote. */
  start: number;
}

/** The span of the text most like the quote, or null when none of the quote's words is in the text. */
export function nearestSpan(text: string, index: QuoteIndex, quote: string): Span | null {
  const words = [...quote.matchAll(WORD)].map((match): Word => ({ text: match[0], start: match.index }));
  if (words.length === 0) return null;
  const firstWord = words[0]!;
  const lastWord = words.at(-1)!;
  const slack = Math.max(16, Math.ceil(quote.length / 4));

  // The rarest words first: each of their places in the text is one candidate alignment.
  const distinct = [...new Map(words.map((word) => [word.text, word])).values()].sort((a, b) => b.text.length - a.text.length).slice(0, LOOKED_UP_WORDS);
  const found = distinct
    .map((word) => ({ word, places: wholeWordPlaces(text, index, word.text) }))
    .filter(({ places }) => places.length > 0)
    .sort((a, b) => a.places.length - b.places.length);
  // Common words only when the quote has nothing rarer: the first of their places are still a guess.
  const rare = found.filter(({ places }) => places.length <= COMMON);
  const anchors = rare.length > 0 ? rare : found.slice(0, 1);

  const bigrams = bigramCounts(quote);
  let best: Span | null = null;
  let bestScore = -1;
  let tried = 0;
  for (const { word, places } of anchors) {
    for (const place of places) {
      if (tried++ >= CANDIDATES) break;
      const expectedStart = place - word.start;
      const firstAt = nearestPlace(text, firstWord.text, expectedStart + firstWord.start, slack);
      const start = clamp(firstAt === null ? expectedStart : firstAt - firstWord.start, 0, text.length);
      const limit = Math.min(text.length, start + quote.length + slack);
      const candidate = bestEnd(bigrams, quote.length - 1, text, start, limit);
      if (candidate.score > bestScore) {
        // The quote's last word just past the best-scoring end ends the span: Dice's coefficient alone
        // stops short of a character that differs (a line break where the quote has a space). Only just
        // past: a common last word ("is", "the") is also found where the text has run on.
        const lastAt = nearestPlace(text, lastWord.text, candidate.end - lastWord.text.length, STRETCH);
        const lastEnd = lastAt === null || lastAt <= start ? 0 : lastAt + quote.length - lastWord.start;
        const end = lastEnd > candidate.end && lastEnd <= Math.min(limit, candidate.end + STRETCH) ? lastEnd : candidate.end;
        best = trimmed(text, quote, wordStart(text, start), wordEnd(text, end));
        bestScore = candidate.score;
      }
    }
    if (tried >= CANDIDATES) break;
  }
  return best;
}

/** Where the word occurs in the text as a whole word (not inside a longer one). */
function wholeWordPlaces(text: string, index: QuoteIndex, word: string): number[] {
  return index.occurrences(word).filter((at) => isWholeWord(text, at, word.length));
}

/** The whole-word place of `word` closest to `expected`, within `slack` of it, or null. */
function nearestPlace(text: string, word: string, expected: number, slack: number): number | null {
  const from = Math.max(0, expected - slack);
  const to = Math.min(text.length, expected + slack + word.length);
  let best: number | null = null;
  for (let at = text.indexOf(word, from); at !== -1 && at + word.length <= to; at = text.indexOf(word, at + 1)) {
    if (!isWholeWord(text, at, word.length)) continue;
    if (best === null || Math.abs(at - expected) < Math.abs(best - expected)) best = at;
  }
  return best;
}

function isWholeWord(text: string, at: number, length: number): boolean {
  const before = text[at - 1];
  const after = text[at + length];
  return (before === undefined || !WORD_CHARACTER.test(before)) && (after === undefined || !WORD_CHARACTER.test(after));
}

function bigramCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (let i = 0; i + 1 < text.length; i++) {
    const bigram = text.slice(i, i + 2);
    counts.set(bigram, (counts.get(bigram) ?? 0) + 1);
  }
  return counts;
}

/**
 * The end of the span from `start` most like the quote, by Dice's coefficient over character bigrams
 * (shared bigrams, twice, over the bigrams of both), grown one character at a time up to `limit`.
 */
function bestEnd(quoteBigrams: Map<string, number>, quoteBigramCount: number, text: string, start: number, limit: number): { end: number; score: number } {
  const left = new Map(quoteBigrams);
  let shared = 0;
  let best = { end: Math.min(limit, start + 1), score: 0 };
  for (let i = start; i + 2 <= limit; i++) {
    const bigram = text.slice(i, i + 2);
    const count = left.get(bigram);
    if (count === undefined || count === 0) continue;
    left.set(bigram, count - 1);
    shared++;
    const end = i + 2;
    const score = (2 * shared) / (quoteBigramCount + (end - start - 1));
    if (score > best.score) best = { end, score };
  }
  return best;
}

/** A span starting inside a word is shown from the word's start. */
function wordStart(text: string, start: number): number {
  let at = start;
  while (at > 0 && at < text.length && start - at < 40 && WORD_CHARACTER.test(text[at - 1]!) && WORD_CHARACTER.test(text[at]!)) at--;
  return at;
}

/** Whitespace at the span's edges is left out unless the quote has some there too. */
function trimmed(text: string, quote: string, start: number, end: number): Span {
  let from = start;
  let to = end;
  if (!/^\s/u.test(quote)) while (from < to && /\s/u.test(text[from]!)) from++;
  if (!/\s$/u.test(quote)) while (to > from && /\s/u.test(text[to - 1]!)) to--;
  return { start: from, end: to };
}

/** A span ending inside a word is shown to the word's end (a cut word reads as a typo of the quote). */
function wordEnd(text: string, end: number): number {
  let at = end;
  while (at > 0 && at < text.length && at - end < 40 && WORD_CHARACTER.test(text[at - 1]!) && WORD_CHARACTER.test(text[at]!)) at++;
  return at;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
