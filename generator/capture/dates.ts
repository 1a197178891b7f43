import { anyOf, LANGUAGES, literalSource, longestFirst, type Language } from "./languages.ts";

// The dates a page writes, read with each language's date shapes (`Language.dates` of languages.ts): Steam's
// Posted and Updated dates, local to the reader's time zone (`4 Nov, 2023 @ 8:17pm`, `4 ноя. 2023 в 20:17`,
// `2023 年 11 月 4 日 下午 8:17`), read into a local date-time, `2023-11-04T20:17:00`.

/** One shape of a written date, compiled: its pattern and the language whose months and clock words it names. */
export interface DateShape {
  pattern: RegExp;
  language: Language;
}

/**
 * What each placeholder of a date shape stands for. A day may carry its language's ordinal letters (`4th of
 * November`); a number is never read out of a longer one.
 */
function placeholderSource(name: string, language: Language): string {
  switch (name) {
    case "day":
      return String.raw`(?<!\d)(?<day>\d{1,2})(?!\d)${ordinalLetters(language)}`;
    case "month":
      return String.raw`(?<month>${monthsSource(language)})\.?(?!\p{L})`;
    case "monthNumber":
      return String.raw`(?<!\d)(?<monthNumber>\d{1,2})(?!\d)`;
    case "year":
      return String.raw`(?<!\d)(?<year>\d{4})(?!\d)`;
    case "hour":
      return String.raw`(?<!\d)(?<hour>\d{1,2})`;
    case "minute":
      return String.raw`(?<minute>\d{2})(?!\d)`;
    case "ampm":
      return `(?<ampm>${anyOf(longestFirst([...language.dayPeriods.am, ...language.dayPeriods.pm]).map(literalSource))})`;
    default:
      throw new Error(`unknown date placeholder {${name}} in ${language.code}`);
  }
}

/**
 * The language's ordinal suffixes that hold a letter (`st`, `-й`, `º`), optional; a dot alone is written out in
 * the shape, and a degree sign is no ordinal of a date. A language without any reads none: an empty `anyOf`
 * never matches, and is optional here.
 */
function ordinalLetters(language: Language): string {
  const letters = language.ordinalSuffixes.filter((suffix) => /\p{L}/u.test(suffix));
  return `${anyOf(longestFirst(letters).map(literalSource))}?`;
}

/** Every written form of the language's months, longest first. */
export function monthsSource(language: Language): string {
  return anyOf(longestFirst(language.months.flat()).map(literalSource));
}

/**
 * A date shape as a regular expression source: placeholders become groups, `[...]` an optional part, a space
 * any spacing or none, anything else itself.
 */
export function shapeSource(shape: string, language: Language): string {
  let source = "";
  // A part is a placeholder, a bracket, spacing, or a run of anything else: it is all spacing or holds none.
  for (const [part] of shape.matchAll(/\{\w+\}|\[|\]|\s+|[^{}[\]\s]+/g)) {
    if (part === "[") source += "(?:";
    else if (part === "]") source += ")?";
    else if (/\s/.test(part)) source += String.raw`\s*`;
    else if (part.startsWith("{")) source += placeholderSource(part.slice(1, -1), language);
    else source += literalSource(part);
  }
  return source;
}

/** The date shapes of the languages, compiled. */
export function dateShapes(languages: readonly Language[]): DateShape[] {
  return languages.flatMap((language) => language.dates.map((shape) => ({ pattern: new RegExp(shapeSource(shape, language), "iu"), language })));
}

const SHAPES = dateShapes(LANGUAGES);

/** `2023-11-04 14:05`, `2023-11-04T14:05:00`: written the same in every language. */
const ISO = /(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2})(?::(\d{2}))?/;

/**
 * A written date and time as a local date-time (`4 Nov, 2023 @ 2:05pm` -> `2023-11-04T14:05:00`), the current
 * year when the date leaves it out, midnight when it writes no time; null when no shape reads it. Of the shapes
 * that read it, the one reading the most of it wins (`4 NOV 2023 a las 20:17` is Spanish, not an English
 * `4 Nov 2023` without its time).
 */
export function localDateTime(written: string | null | undefined, currentYear: number, shapes: readonly DateShape[] = SHAPES): string | null {
  if (written === null || written === undefined) return null;
  const iso = ISO.exec(written);
  if (iso !== null) return format(Number(iso[1]), Number(iso[2]), Number(iso[3]), Number(iso[4]), Number(iso[5]), Number(iso[6] ?? 0));
  let best: { match: RegExpExecArray; language: Language } | null = null;
  for (const { pattern, language } of shapes) {
    const match = pattern.exec(written);
    if (match !== null && dateOf(match, language, currentYear) !== null && (best === null || match[0].length > best.match[0].length)) best = { match, language };
  }
  return best === null ? null : dateOf(best.match, best.language, currentYear);
}

/** The local date-time a shape's match names, or null when it names no day of the calendar. */
function dateOf(match: RegExpExecArray, language: Language, currentYear: number): string | null {
  const groups = match.groups ?? {};
  const month = groups.month !== undefined ? monthNumber(groups.month, language) : Number(groups.monthNumber);
  const day = Number(groups.day);
  const year = groups.year === undefined ? currentYear : Number(groups.year);
  // Day 0 is the last of the month before, never itself, as is the 31st of a 30-day month.
  if (!(month >= 1 && month <= 12 && new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day)) return null;
  const hour = groups.hour === undefined ? 0 : clockHour(Number(groups.hour), groups.ampm, language);
  return format(year, month, day, hour, groups.minute === undefined ? 0 : Number(groups.minute), 0);
}

function monthNumber(written: string, language: Language): number {
  const form = written.toLowerCase();
  return language.months.findIndex((forms) => forms.includes(form)) + 1;
}

/** The hour of a 24-hour clock: `8` and `pm` (or `下午`) is 20, `12` and `am` is 0. */
function clockHour(hour: number, period: string | undefined, language: Language): number {
  if (period === undefined) return hour;
  const pm = language.dayPeriods.pm.includes(period.toLowerCase());
  return (hour % 12) + (pm ? 12 : 0);
}

function format(year: number, month: number, day: number, hour: number, minute: number, second: number): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${String(year).padStart(4, "0")}-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}:${two(second)}`;
}
