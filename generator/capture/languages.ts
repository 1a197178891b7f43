// The words guide pages are written in, as data: one entry per language Steam guides are written in, so that
// a maintainer adds a language by adding an entry, without code. The drafter, the number reader and the
// attribution reader read every language at once (a page rarely says which it is in, and often mixes English
// level words into another language).

export interface Language {
  /** BCP 47 tag, as Steam names its interface languages (`en`, `ru`, `pt-BR`, `zh-CN`, ...). */
  code: string;
  /** The language's English name, for messages. */
  name: string;
  /**
   * Words that name a level when a number or a letter grade follows (`Tier 1`, `Уровень 2`, `Nível S`),
   * lowercase. A word that names a level also when written after the grade (`S tier`) is in `levelWordsAfter`.
   */
  levelWords: readonly string[];
  levelWordsAfter: readonly string[];
  /**
   * Words and phrases a heading or a lead-in line opens with, or holds, when what follows it is not graded:
   * near misses, lists of patterns that are not the property, exclusions, mentions, questions, changelogs,
   * sales and prices. Lowercase; matched as whole words.
   */
  notGraded: readonly string[];
  /** How the language groups thousands (`12 481`, `12.481`, `12,481`); a no-break space is read as a space. */
  thousandsSeparators: readonly string[];
  /** The decimal mark: `99,5 %` in most European languages. */
  decimalMark: "." | ",";
  /** Month names as Steam writes them in dates, lowercase: for each month its full name and every short form. */
  months: readonly (readonly string[])[];
  /** The labels Steam writes before a guide's dates (`Posted`, `Updated`), lowercase. */
  postedLabels: readonly string[];
  updatedLabels: readonly string[];
}

export const ENGLISH: Language = {
  code: "en",
  name: "English",
  levelWords: ["tier", "tear", "grade", "class", "level", "rank", "category", "cat."],
  levelWordsAfter: ["tier"],
  notGraded: [
    "close but no",
    "close but not",
    "not quite",
    "almost",
    "not blue",
    "not a blue gem",
    "not gems",
    "not ranked",
    "not graded",
    "not tiered",
    "unranked",
    "excluded",
    "exclusions",
    "honourable mentions",
    "honorable mentions",
    "runners up",
    "faq",
    "questions",
    "changelog",
    "change log",
    "update log",
    "updates",
    "sold",
    "for sale",
    "prices",
    "price",
    "price check",
    "my inventory",
    "owned",
    "fakes",
    "overrated",
    "avoid",
  ],
  thousandsSeparators: [",", " "],
  decimalMark: ".",
  months: [
    ["january", "jan"],
    ["february", "feb"],
    ["march", "mar"],
    ["april", "apr"],
    ["may"],
    ["june", "jun"],
    ["july", "jul"],
    ["august", "aug"],
    ["september", "sep", "sept"],
    ["october", "oct"],
    ["november", "nov"],
    ["december", "dec"],
  ],
  postedLabels: ["posted"],
  updatedLabels: ["updated"],
};

/** Every language pages are read in; English first. */
export const LANGUAGES: readonly Language[] = [ENGLISH];

/** A regular expression source matching any of the phrases as whole words (longest first, so `not blue gem` wins over `not blue`). */
export function phrasesSource(phrases: readonly string[]): string {
  const escaped = [...new Set(phrases)].sort((a, b) => b.length - a.length).map((phrase) => phrase.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/\s+/g, "\\s+"));
  return `(?<![\\p{L}\\p{N}])(?:${escaped.join("|")})(?![\\p{L}\\p{N}])`;
}

/** A phrase of any language saying that what follows is not graded, anywhere in a heading or lead-in. */
export const NOT_GRADED = new RegExp(phrasesSource(LANGUAGES.flatMap((language) => language.notGraded)), "iu");

/** The phrase of `text` that says it is not graded, or null. */
export function notGradedPhrase(text: string): string | null {
  return NOT_GRADED.exec(text)?.[0] ?? null;
}
