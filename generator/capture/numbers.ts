import { monthsSource, shapeSource } from "./dates.ts";
import { anyOf, framedAlternatives, LANGUAGES, literalSource, longestFirst, opensUnspaced, phrasesSource, SPACED_LETTER, wordEnd, wordsOf, type Language } from "./languages.ts";

// Which digits in a guide's readable text are numbers that could be seeds: the one number reader of the
// project. The draft reads seeds only from these tokens, `npm run guide:numbers` and `unassigned_review.count`
// list the ones a guide does not grade, and `npm run check` finds a grading's seed among its quote's tokens;
// a number read one way by one and another way by another would be drafted and then refused, or never offered
// for review. dataset/README.md ("Which numbers count") states the same rules for people.
//
// The words around numbers (count and price words, months and date shapes, ordinals, list words, how thousands
// are grouped) are each language's, from languages.ts: the reader reads every language at once.
//
// A token is a maximal run of ASCII digits. It counts unless one of the rules (notASeedRules) says what else
// it is, read from the characters around it. Runs joined into one number (a decimal, a thousands-grouped
// count, a time, a date) are one token (joinedRules).

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

/** Currency signs, written before or after an amount (`$120`, `900€`, `R$ 1.200,50`), in every language. */
const SIGNS = "[$€£¥₽₺￥]";

/** A run of digits read as one token, tried in order at each digit. */
interface JoinedRule {
  not: string | null;
  pattern: RegExp;
}

/** What makes a single run of digits something other than a seed, judged by its neighbours. */
interface NotASeedRule {
  not: string;
  before?: RegExp;
  after?: RegExp;
  /** The rule reads the text from the start of the token's line (at most LINE_WINDOW characters), not 12 characters. */
  fromLineStart?: boolean;
  /** What the token's digits must be for the rule to apply. */
  written?: RegExp;
}

/** The number reader's tables, built from the words of languages.ts. */
interface NumberRules {
  joined: readonly JoinedRule[];
  notASeed: readonly NotASeedRule[];
  /** The runs of digits that are one price because a currency sign is written before them. */
  priceAfterSign: RegExp;
}

/**
 * Words written after a number: after `spacing` when the word is of a spaced script (`12 seeds`), after any
 * spacing or none when it is of an unspaced one (`3个月`).
 */
function wordsAfter(words: readonly string[], spacing: string): string {
  return framedAlternatives(longestFirst(words).map((word) => ({ before: opensUnspaced(word) ? String.raw`\s*` : spacing, source: literalSource(word), after: wordEnd(word) })));
}

/** A currency sign or a price word of the languages written after an amount (`900€`, `5 keys`, `100元`). */
function priceAfter(languages: readonly Language[]): string {
  return String.raw`(?:\s?${SIGNS}|${wordsAfter(wordsOf(languages, (language) => language.priceWords), String.raw`\s?`)})`;
}

/** Characters as a character class (`[,.]`); of none, `[]`, which matches nothing. */
function characters(marks: readonly string[]): string {
  return `[${marks.map((mark) => mark.replace(/[\\\]^-]/g, "\\$&")).join("")}]`;
}

/** An amount as a language writes it with a thousands separator or a decimal mark (`12 481`, `1.200,50`, `0,07`). */
function groupedAmount(separators: readonly string[], marks: readonly string[]): string {
  return String.raw`(?:\d{1,3}(?:${characters(separators)}\d{3})+(?:${characters(marks)}\d+)?|\d+${characters(marks)}\d+)(?!\d)`;
}

function joinedRules(languages: readonly Language[]): JoinedRule[] {
  const separators = wordsOf(languages, (language) => language.thousandsSeparators);
  const marks = wordsOf(languages, (language) => [language.decimalMark]);
  const price = priceAfter(languages);
  const amount = String.raw`\d{1,3}(?:${characters(separators)}\d{3})*(?:${characters(marks)}\d{1,2})?`;
  // A no-break space (or any separator that is no comma, dot or space) groups digits wherever it stands.
  const alwaysGrouping = separators.filter((separator) => ![",", ".", " "].includes(separator));
  const conjunctions = wordsOf(languages, (language) => language.conjunctions);
  return [
    // 2024-03-01, 01/03/2024, 1.3.2024
    { not: "date", pattern: /^(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[/.]\d{1,2}[/.]\d{4}|\d{4}\/\d{1,2}\/\d{1,2})(?!\d)/ },
    // 2:05pm, 14:05
    { not: "time", pattern: /^\d{1,2}:\d{2}(?::\d{2})?(?!\d)/ },
    // 99,5%, 99.5 %, 90-94%, 95–99.5%: a percentage or a range of them, written with a decimal point or comma
    { not: "percentage", pattern: /^\d{1,3}(?:[.,]\d+)?(?:\s?%)?(?:[-–—]|\s?to\s?)\d{1,3}(?:[.,]\d+)?\s?%|^\d{1,3}[.,]\d+\s?%/ },
    // 400-600$, 400 to 600 dollars, 2-3 keys: both ends of a range of prices (a spaced dash, `661 - 900€`, is a
    // seed and its price, as `661 - 97%` is a seed and its measurement)
    { not: "price", pattern: new RegExp(String.raw`^${amount}(?:[-–—]|\s?to\s?)${amount}(?=${price})`, "iu") },
    // 1.200 €, R$ 1.200,50 (read after the sign), 12 000 ₽, 2.500 zł: an amount grouped or with a decimal mark as
    // one of the languages writes it, then a currency
    {
      not: "price",
      pattern: new RegExp(`^${anyOf(languages.map((language) => groupedAmount(language.thousandsSeparators, [language.decimalMark])))}(?=${price})`, "iu"),
    },
    // 12 481 просмотров, 12.481 Aufrufe, 1,5 года: a count grouped as its language groups, before that
    // language's word for what it counts (seeds are listed with spaces: `661 151 seeds` stays two numbers)
    {
      not: "count",
      pattern: new RegExp(
        `^${anyOf(languages.map((language) => `${groupedAmount(language.thousandsSeparators, [language.decimalMark])}(?=${wordsAfter(language.countWords, String.raw`\s+`)})`))}`,
        "iu",
      ),
    },
    // 12 481 written with a no-break space; 1.200.000
    { not: "grouped number", pattern: new RegExp(String.raw`^\d{1,3}(?:(?:${characters(alwaysGrouping)}\d{3})+|(?:\.\d{3}){2,})(?!\d)`, "u") },
    // 0.07, 99.4, 2.5k
    { not: "decimal", pattern: /^\d+\.\d+/ },
    // 0,07: a float written with a decimal comma (no seed list starts with a zero-padded number)
    { not: "decimal", pattern: /^0,\d{2,}(?![,\d])/ },
    // 12,481 views, 1,200 $: a thousands-grouped count (a comma list of seeds is read as seeds, below)
    {
      not: "grouped count",
      pattern: new RegExp(String.raw`^\d{1,3}(?:,\d{3})+(?=\s*(?:${SPACED_LETTER}|%|${SIGNS}))(?!\s*(?:${phrasesSource(conjunctions)}|&))`, "iu"),
    },
  ];
}

/**
 * Runs of digits that are one price because a currency sign is written before them: `$2,500 (`, `€1.200`,
 * `R$ 1.200,50`, and both ends of a range after one sign, `$400-600`, `$400 to 600`.
 */
function priceAfterSign(languages: readonly Language[]): RegExp {
  const grouped = String.raw`\d{1,3}(?:${characters([...wordsOf(languages, (language) => language.thousandsSeparators), " "])}\d{3})+(?:[.,]\d{1,2})?(?!\d)|\d+(?:[.,]\d+)?`;
  return new RegExp(String.raw`^(?:${grouped})(?:(?:[-–—]|\s?to\s?)${SIGNS}?(?:${grouped}))?`, "u");
}
const CURRENCY_BEFORE = new RegExp(String.raw`${SIGNS}\s?$`, "u");

/**
 * A seed as a line writes it first, before its comment: after a bullet, a label ending in a colon or a spaced
 * dash (`Tier 2: 661`, `Tier 1 - 661`), or a rank (`#1 - 661`, `1. 661`), followed by a comment separator or an
 * opening parenthesis. Anchored at the line's start, so a seed further along a list (`661 - 151 - 321 best`) is
 * never taken for the first.
 */
const SEED_BEFORE_COMMENT =
  /^[^\S\n]*(?:[^\p{L}\p{N}\s][^\S\n]*)*(?:\p{L}[\p{L}\p{N} '&+]{0,30}?(?:[:=]|\s[-–—])[^\S\n]*|(?:#\s?\d{1,3}|\d{1,3}[.)])[^\S\n]*(?:[-–—:=][^\S\n]*)?)?\d{1,4}[^\S\n]*(?:[-–—|:=~>]+[^\S\n]+|[(\[][^\S\n]*)$/u;

/** A day of a month or a year, as a date writes them. */
const DAY_OR_YEAR = /^(?:0?[1-9]|[12]\d|3[01]|\d{4})$/;

/** What a language writes between a day and its month in a date (` `, `. `, `/`, ` de `), read from its date shapes. */
function dayThenMonth(language: Language): string[] {
  return language.dates.flatMap((shape) => {
    const between = /\{day\}([^{}[\]]*)\{month\}/.exec(shape)?.[1];
    return between === undefined ? [] : [shapeSource(between, language)];
  });
}

function notASeedRules(languages: readonly Language[]): NotASeedRule[] {
  const months = anyOf(languages.map(monthsSource));
  // An ordinal's ending holding a letter (`1-й`); a dot alone (`1.`) also ends a sentence or a rank.
  const ordinals = wordsOf(languages, (language) => language.ordinalSuffixes).filter((suffix) => /\p{L}/u.test(suffix));
  const ordinalEndings = framedAlternatives(longestFirst(ordinals).map((suffix) => ({ before: "", source: literalSource(suffix), after: wordEnd(suffix) })));
  const stillASeed = phrasesSource(wordsOf(languages, (language) => [...language.conjunctions, ...language.seedContinuers]));
  const dates = anyOf(languages.map((language) => `${anyOf(dayThenMonth(language))}${monthsSource(language)}`));
  return [
    { not: "percentage", after: /^\s?%/ },
    { not: "part of a name", before: new RegExp(`${SPACED_LETTER}-?$`, "u") }, // AK-47, АК-47, M9, P250, M4A1-S, P1
    { not: "part of a name", before: /\d-$/, after: new RegExp(`^-?${SPACED_LETTER}`, "u") }, // 1-2x
    { not: "ordinal or unit", after: new RegExp(`^${SPACED_LETTER}`, "u") }, // 1st, 2x, 10k, 5m, 10к
    { not: "ordinal", after: new RegExp(`^${ordinalEndings}`, "iu") }, // 1-й, 1-го
    { not: "price", after: new RegExp(`^${priceAfter(languages)}`, "iu") },
    // Nov 4; 4 Nov, 4th of November, 4. Nov., 4/nov./2023, 4 de noviembre. Only a day or a year is read so:
    // `661 may be` and `661 tem` (Portuguese `has`, Turkish `Jul`) hold a seed.
    { not: "date", written: DAY_OR_YEAR, before: new RegExp(String.raw`(?<!\p{L})${months}\.?,?\s+$`, "iu") },
    { not: "date", written: DAY_OR_YEAR, after: new RegExp(`^(?:${anyOf(ordinals.map(literalSource))})?${dates}(?!\\p{L})`, "iu") },
    { not: "count", after: new RegExp(`^${wordsAfter(wordsOf(languages, (language) => language.countWords), String.raw`\s+`)}`, "iu") },
    { not: "version", before: /\bv(?:er(?:sion)?)?\.?\s?$/i },
    // `661 - 1 gold stripe`, `151 (2 yellow spots)`: a small number opening a seed's comment and followed by a
    // word counts something on the skin. Two digits at most: a seed of three written after a seed and a dash is
    // the list going on, and a missed seed costs more than a count reviewed once.
    { not: "count", fromLineStart: true, before: SEED_BEFORE_COMMENT, written: /^\d{1,2}$/, after: new RegExp(String.raw`^[^\S\n]+(?!${stillASeed})\p{L}`, "iu") },
  ];
}

function numberRules(languages: readonly Language[]): NumberRules {
  return { joined: joinedRules(languages), notASeed: notASeedRules(languages), priceAfterSign: priceAfterSign(languages) };
}

/** How far back a rule reading from the line's start looks; a longer line's rule does not apply. */
const LINE_WINDOW = 120;

/** The number reader of the languages given; the project reads with every language of languages.ts (below). */
export function numberReader(languages: readonly Language[]): { numberTokens: (text: string) => NumberToken[]; seedCandidates: (text: string) => NumberToken[] } {
  const rules = numberRules(languages);
  const numberTokens = (text: string) => tokensOf(text, rules);
  // A token that does not count has no value (NaN), which is no seed's.
  return { numberTokens, seedCandidates: (text) => numberTokens(text).filter((token) => token.value <= 1000) };
}

const READER = numberReader(LANGUAGES);

/** Every run of digits in `text`, in order, each counted or told apart. */
export function numberTokens(text: string): NumberToken[] {
  return READER.numberTokens(text);
}

/** The tokens that count and lie in 0..1000: the numbers that could be seeds. */
export function seedCandidates(text: string): NumberToken[] {
  return READER.seedCandidates(text);
}

/** Every run of digits in `text`, in order, each counted or told apart by the rules. */
function tokensOf(text: string, rules: NumberRules): NumberToken[] {
  const tokens: NumberToken[] = [];
  const digits = /\d+/g;
  for (let match = digits.exec(text); match !== null; match = digits.exec(text)) {
    const start = match.index;
    const rest = text.slice(start, start + 40);
    // A currency sign before the digits (`$120`, `€ 1.200`) makes them one price, before any other rule is read.
    if (CURRENCY_BEFORE.test(text.slice(Math.max(0, start - 2), start))) {
      const written = rules.priceAfterSign.exec(rest)![0];
      tokens.push({ text: written, start, end: start + written.length, value: Number.NaN, not: "price" });
      digits.lastIndex = start + written.length;
      continue;
    }
    const joined = rules.joined.find(({ pattern }) => pattern.test(rest));
    if (joined !== undefined) {
      const written = joined.pattern.exec(rest)![0];
      tokens.push({ text: written, start, end: start + written.length, value: Number.NaN, not: joined.not });
      digits.lastIndex = start + written.length;
      continue;
    }
    const end = start + match[0].length;
    const before = text.slice(Math.max(0, start - 12), start);
    const after = text.slice(end, end + 24);
    const rule = rules.notASeed.find((candidate) => {
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

