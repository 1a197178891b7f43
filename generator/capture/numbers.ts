// Which digits in a guide's readable text are numbers that could be seeds: the one number reader of the
// project. The draft reads seeds only from these tokens, `npm run guide:numbers` and `unassigned_review.count`
// list the ones a guide does not grade, and `npm run check` finds a grading's seed among its quote's tokens;
// a number read one way by one and another way by another would be drafted and then refused, or never offered
// for review. dataset/README.md ("Which numbers count") states the same rules for people.
//
// A token is a maximal run of ASCII digits. It counts unless one of NOT_A_SEED says what else it is, read
// from the characters around it. Runs joined into one number (a decimal, a thousands-grouped count, a
// time, a date) are one token.

export interface NumberToken {
  /** The token as written (`661`, `12,481`, `99.4`). */
  text: string;
  start: number;
  end: number;
  /** The integer value for a token that counts; NaN otherwise. */
  value: number;
  /** Why the token is not a seed candidate, or null when it counts. */
  not: string | null;
}

/** Words written after an amount that make it a price (`5 keys`, `600 USD`). */
const PRICE_WORD = String.raw`(?:usd|eur|keys?|cents?|dollars?)\b`;
/** An amount as prices write it: `400`, `1,200`, `1.200`, `2.5`. */
const AMOUNT = String.raw`\d{1,3}(?:[,.]\d{3})*(?:[.,]\d{1,2})?`;

const MONTH = "(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)";

/** Runs of digits read as one token, tried in order at each digit. */
const JOINED: readonly { not: string | null; pattern: RegExp }[] = [
  // 2024-03-01, 01/03/2024, 1.3.2024
  { not: "date", pattern: /^(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[/.]\d{1,2}[/.]\d{4}|\d{4}\/\d{1,2}\/\d{1,2})(?!\d)/ },
  // 2:05pm, 14:05
  { not: "time", pattern: /^\d{1,2}:\d{2}(?::\d{2})?(?!\d)/ },
  // 99,5%, 99.5 %, 90-94%, 95–99.5%: a percentage or a range of them, written with a decimal point or comma
  { not: "percentage", pattern: /^\d{1,3}(?:[.,]\d+)?(?:\s?%)?(?:[-–—]|\s?to\s?)\d{1,3}(?:[.,]\d+)?\s?%|^\d{1,3}[.,]\d+\s?%/ },
  // 400-600$, 400 to 600 dollars, 2-3 keys: both ends of a range of prices (a spaced dash, `661 - 900€`, is a
  // seed and its price, as `661 - 97%` is a seed and its measurement)
  { not: "price", pattern: new RegExp(String.raw`^${AMOUNT}(?:[-–—]|\s?to\s?)${AMOUNT}(?=\s?(?:[$€£¥₽]|${PRICE_WORD}))`, "i") },
  // 0.07, 99.4, 2.5k
  { not: "decimal", pattern: /^\d+\.\d+/ },
  // 0,07: a float written with a decimal comma (no seed list starts with a zero-padded number)
  { not: "decimal", pattern: /^0,\d{2,}(?![,\d])/ },
  // 12,481 views, 1,200 $: a thousands-grouped count (a comma list of seeds is read as seeds, below)
  { not: "grouped count", pattern: /^\d{1,3}(?:,\d{3})+(?=\s*[A-Za-z%$€£])(?!\s*(?:and|or|&)\b)/ },
];

/**
 * Runs of digits that are one price because a currency sign is written before them: `$2,500 (`, `€1.200`,
 * and both ends of a range after one sign, `$400-600`, `$400 to 600`.
 */
const PRICE_AFTER_SIGN = /^(?:\d{1,3}(?:[,.\u00a0 ]\d{3})+(?:[.,]\d{1,2})?(?!\d)|\d+(?:[.,]\d+)?)(?:(?:[-–—]|\s?to\s?)[$€£¥₽]?(?:\d{1,3}(?:[,.\u00a0]\d{3})+(?:[.,]\d{1,2})?(?!\d)|\d+(?:[.,]\d+)?))?/;
const CURRENCY_BEFORE = /[$€£¥₽]\s?$/;

/**
 * The words that keep a number written after a seed's comment separator a seed: a list going on (`661 - 151
 * and 321`) or a sentence about it (`661 - 15 is close`).
 */
const STILL_A_SEED = "(?:and|or|nor|to|then|than|vs|versus|is|are|was|were|has|have|had|with|but|also|too|like|as|plus)";

/**
 * A seed as a line writes it first, before its comment: after a bullet, a label ending in a colon or a spaced
 * dash (`Tier 2: 661`, `Tier 1 - 661`), or a rank (`#1 - 661`, `1. 661`), followed by a comment separator or an
 * opening parenthesis. Anchored at the line's start, so a seed further along a list (`661 - 151 - 321 best`) is
 * never taken for the first.
 */
const SEED_BEFORE_COMMENT =
  /^[^\S\n]*(?:[^\p{L}\p{N}\s][^\S\n]*)*(?:\p{L}[\p{L}\p{N} '&+]{0,30}?(?:[:=]|\s[-–—])[^\S\n]*|(?:#\s?\d{1,3}|\d{1,3}[.)])[^\S\n]*(?:[-–—:=][^\S\n]*)?)?\d{1,4}[^\S\n]*(?:[-–—|:=~>]+[^\S\n]+|[(\[][^\S\n]*)$/u;

/** What makes a single run of digits something other than a seed, judged by its neighbours. */
const NOT_A_SEED: readonly {
  not: string;
  before?: RegExp;
  after?: RegExp;
  /** The rule reads the text from the start of the token's line (at most LINE_WINDOW characters), not 12 characters. */
  fromLineStart?: boolean;
  /** What the token's digits must be for the rule to apply. */
  written?: RegExp;
}[] = [
  { not: "percentage", after: /^\s?%/ },
  { not: "part of a name", before: /[A-Za-z]-?$/ }, // AK-47, M9, P250, M4A1-S, P1
  { not: "part of a name", before: /\d-$/, after: /^-?[A-Za-z]/ }, // 1-2x
  { not: "ordinal or unit", after: /^[A-Za-z]/ }, // 1st, 2x, 10k, 5m
  { not: "price", before: /[$€£¥₽]\s?$/ },
  { not: "price", after: new RegExp(String.raw`^\s?(?:[$€£¥₽]|${PRICE_WORD})`, "i") },
  { not: "date", before: new RegExp(`\\b${MONTH}\\.?,?\\s+$`, "i") },
  { not: "date", after: new RegExp(`^(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}\\b`, "i") },
  // `419 likes` is a count; `419 like the 661` is a seed and the verb, so the singular is not a count word.
  { not: "count", after: /^\s+(?:views?|visitors?|ratings?|favou?rites?|comments?|subscribers?|stars?|votes?|likes|awards?|people|times|days?|hours?|minutes?|weeks?|months?|years?|screenshots?|images?|pictures?|seeds|patterns|skins|items)\b/i },
  { not: "version", before: /\bv(?:er(?:sion)?)?\.?\s?$/i },
  // `661 - 1 gold stripe`, `151 (2 yellow spots)`: a small number opening a seed's comment and followed by a
  // word counts something on the skin. Two digits at most: a seed of three written after a seed and a dash is
  // the list going on, and a missed seed costs more than a count reviewed once.
  { not: "count", fromLineStart: true, before: SEED_BEFORE_COMMENT, written: /^\d{1,2}$/, after: new RegExp(String.raw`^[^\S\n]+(?!${STILL_A_SEED}\b)\p{L}`, "iu") },
];
/** How far back a rule reading from the line's start looks; a longer line's rule does not apply. */
const LINE_WINDOW = 120;

/** Every run of digits in `text`, in order, each counted or told apart. */
export function numberTokens(text: string): NumberToken[] {
  const tokens: NumberToken[] = [];
  const digits = /\d+/g;
  for (let match = digits.exec(text); match !== null; match = digits.exec(text)) {
    const start = match.index;
    const rest = text.slice(start, start + 40);
    if (CURRENCY_BEFORE.test(text.slice(Math.max(0, start - 2), start))) {
      const written = PRICE_AFTER_SIGN.exec(rest)![0];
      tokens.push({ text: written, start, end: start + written.length, value: Number.NaN, not: "price" });
      digits.lastIndex = start + written.length;
      continue;
    }
    const joined = JOINED.find(({ pattern }) => pattern.test(rest));
    if (joined !== undefined) {
      const written = joined.pattern.exec(rest)![0];
      tokens.push({ text: written, start, end: start + written.length, value: Number.NaN, not: joined.not });
      digits.lastIndex = start + written.length;
      continue;
    }
    const end = start + match[0].length;
    const before = text.slice(Math.max(0, start - 12), start);
    const after = text.slice(end, end + 24);
    const rule = NOT_A_SEED.find((candidate) => {
      if (candidate.written !== undefined && !candidate.written.test(match[0])) return false;
      if (candidate.before !== undefined) {
        const context = candidate.fromLineStart === true ? lineBefore(text, start) : before;
        if (context === null || !candidate.before.test(context)) return false;
      }
      return candidate.after === undefined || candidate.after.test(after);
    });
    const not = rule?.not ?? (match[0].length > 4 ? "too long" : null);
    tokens.push({ text: match[0], start, end, value: not === null ? Number(match[0]) : Number.NaN, not });
  }
  return tokens;
}

/** The text from the start of the line to `start`, or null when that is more than LINE_WINDOW characters. */
function lineBefore(text: string, start: number): string | null {
  const from = Math.max(0, start - LINE_WINDOW);
  const window = text.slice(from, start);
  const newline = window.lastIndexOf("\n");
  if (newline === -1 && from > 0) return null;
  return window.slice(newline + 1);
}

/** The tokens that count and lie in 0..1000: the numbers that could be seeds. */
export function seedCandidates(text: string): NumberToken[] {
  return numberTokens(text).filter((token) => token.not === null && token.value <= 1000);
}
