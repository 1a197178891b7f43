// The shapes guide pages use, as data: which headings and labels name a level (and of which scale kind),
// which name a callout, how a ranked line is written, how a measurement beside a seed is written, and which
// elements make a whole line a heading. draft.ts reads pages with these tables; each shape has a fixture in
// test/fixtures/draft/. The words of level labels, of sections the guide does not grade and of labels before
// a number are every language's, from languages.ts.

import type { Callout, Scale } from "../../contract/schema/guide.ts";
import type { TextElement } from "./capture-text.ts";
import { anyOf, endsUnspaced, LANGUAGES, literalSource, longestFirst, opensUnspaced, phrasesSource, wordsOf, type Language } from "./languages.ts";

/** A letter grade written after a level word (`Tier S`, `Tier A+`), or a Roman numeral (`Tier II`). */
const LETTER_GRADE = String.raw`(?:[SABCDEFZ][+-]?|[IVX]{1,4})`;
/** What may follow a level's label on its line: the author's description of the level, after a separator. */
const LEVEL_DESCRIPTION = String.raw`(?:\s*[-–—:(,：（，].{0,40})?$`;

/** A level word as a regular expression source: an abbreviation is read with or without its dot (`Cat. 1`, `Cat 1`). */
function levelWordSource(word: string): string {
  return word.endsWith(".") ? `${literalSource(word.slice(0, -1))}\\.?` : literalSource(word);
}

/** One of the words of a field of the languages, longest first, as level words. */
function levelWordsOf(languages: readonly Language[], field: (language: Language) => readonly string[]): string {
  return anyOf(longestFirst(wordsOf(languages, field)).map(levelWordSource));
}

/**
 * Level labels, tried in order; the first that matches a label gives the scale kind it suggests, and its
 * `core` group is the level's label as the author wrote it (`Tier 1` of `Tier 1 (12 seeds):`, `100%` of
 * `100% Fade`); what follows the core is the author's description of the level. The words are every
 * language's (languages.ts): `Tier 1`, `Уровень 2`, `Nível S`, `1. Stufe`, `1-й уровень`, `一级`, `第一梯队`.
 */
export function levelLabelsOf(languages: readonly Language[]): { kind: Scale["kind"]; pattern: RegExp }[] {
  const words = wordsOf(languages, (language) => language.levelWords);
  // A letter grade is written apart from a word of a spaced script (`Tiers` is not `Tier S`), against one of an unspaced one (`等级S`).
  const spacedWords = anyOf(longestFirst(words.filter((word) => !endsUnspaced(word))).map(levelWordSource));
  const unspacedWords = anyOf(longestFirst(words.filter(endsUnspaced)).map(levelWordSource));
  const numerals = `${anyOf(longestFirst(wordsOf(languages, (language) => language.numerals)).map(literalSource))}{1,3}`;
  const ordinal = `${anyOf(longestFirst(wordsOf(languages, (language) => language.ordinalSuffixes)).map(literalSource))}?`;
  const prefix = `${anyOf(longestFirst(wordsOf(languages, (language) => language.levelPrefixes)).map(literalSource))}?`;
  const wordsAfter = levelWordsOf(languages, (language) => language.levelWordsAfter);
  const adjectives = levelWordsOf(languages, (language) => language.levelAdjectives);
  const numberAfterWord = String.raw`(?:\d{1,3}|${numerals})`;
  return [
    // 100%, 99 %, 90–94%, 100% Fade, 95-99% fade
    { kind: "band", pattern: /^(?<core>\d{1,3}(?:\.\d+)?\s?%?\s?(?:[-–—]|to)?\s?\d{0,3}(?:\.\d+)?\s?%)(?:\s+[\p{L} ]{0,20})?$/u },
    // Tier 1, Tier S, Tier A+, Grade B, Rank 2, Class 3, Level 1, Уровень 1, Stufe 2, Nível S, 等级1
    {
      kind: "tier",
      pattern: new RegExp(
        String.raw`^(?<core>(?:${spacedWords}(?:\s*[-#:]?\s*${numberAfterWord}|(?:\s+|\s*[-#:]\s*)${LETTER_GRADE})|${unspacedWords}\s*[-#:]?\s*(?:${numberAfterWord}|${LETTER_GRADE}))(?![\p{L}\d]))${LEVEL_DESCRIPTION}`,
        "iu",
      ),
    },
    // S Tier, S-Tier, 1st tier, 1. Stufe, 1-й уровень, 1º nível, S级, 一级, 第一梯队
    { kind: "tier", pattern: new RegExp(String.raw`^(?<core>${prefix}(?:[SABCDEFZ][+-]?|(?:\d{1,2}|${numerals})${ordinal})\s*[- ]?\s*${wordsAfter})${LEVEL_DESCRIPTION}`, "iu") },
    // T1, T2 - best, 🔥 T1 🔥 (written with a capital T, so that a lowercase word is not a tier)
    { kind: "tier", pattern: new RegExp(String.raw`^(?<core>T\d{1,2})${LEVEL_DESCRIPTION}`, "u") },
    // God Tier, Top-tier, Low tier, 神级
    { kind: "tier", pattern: new RegExp(String.raw`^(?<core>${adjectives}\s*[- ]?\s*${wordsAfter})${LEVEL_DESCRIPTION}`, "iu") },
  ];
}

export const LEVEL_LABELS = levelLabelsOf(LANGUAGES);

/**
 * A seed and its measurement after a spaced dash (`18 - 98.5%`, `700 - 98.2%`): the number reader takes the
 * first number for a seed there, since a range is written without spaces (`90-94%`). A list line written so
 * is that seed, although the band label above also matches it; a heading or a table cell written so still
 * names a band (`90 - 94% Fade`).
 */
export const SEED_THEN_MEASUREMENT = /^\d{1,4}\s+[-–—]\s+\d{1,3}(?:[.,]\d+)?\s?%/u;

/** Decorations around a heading's words (`💎 Tier 1 💎`, `== Tier 1 ==`, `>> Tier 1`), not part of its label. */
export const DECORATION = /^[^\p{L}\p{N}#$€£(]+|[^\p{L}\p{N}%)+\-.!?]+$/gu;

/** A label without its decorations: what the tables above are matched against. */
export function undecorated(label: string): string {
  return label.replace(DECORATION, "");
}

/** A level label as the author wrote it, without the description that follows it on the page. */
export function coreLabel(label: string): string {
  // No trim first: DECORATION takes spacing at either end with the decorations.
  const bare = undecorated(label);
  for (const { pattern } of LEVEL_LABELS) {
    // Every pattern of LEVEL_LABELS names its `core` group: a match has it.
    const core = pattern.exec(bare)?.groups!.core;
    if (core !== undefined) return core;
  }
  return label;
}

/** A number misread or mistyped in a list (`4O7`, `1l2`): kept out of the seeds and recorded as unparseable. */
export const UNREADABLE_NUMBER = /^(?=[0-9OolIS]*\d)(?=[0-9OolIS]*[OolIS])[0-9OolIS]{2,4}(?![\p{L}\d])/u;

/** Ranked lines: `#1 - 661`, `#1 — 661 (note)`, `P1: 661`, `1. 661`, `1) 661`, `No. 1: 661`. */
export const RANKED_LINE = /^(?<label>#\s?(?<a>\d{1,3})|P(?<b>\d{1,3})|(?:No\.?|Nr\.?|Rank)\s?(?<c>\d{1,3})|(?<d>\d{1,3})[.)])\s*(?:[-–—:=.)]\s*)?(?=\d)/iu;

/** Headings and labels that name a callout rather than a level (a callout sits outside the system's scale). */
export const CALLOUT_LABELS: readonly { kind: Callout["kind"]; pattern: RegExp }[] = [
  { kind: "mention", pattern: /honou?rable|\bmentions?\b|runners?[- ]up|almost made|close calls?|close to\b.*\bnot quite|not quite|notable|worth a (?:look|mention)|bubble/iu },
  {
    kind: "exclusion",
    pattern:
      /^[^\p{L}]*not\b|\bnot\s+(?:a\s+)?(?:blue\s+gems?|gems?|tier|ranked|listed|included|on the list|worth|counted|real)|\bexclu|\bavoid|\bfakes?\b|overrated|don'?t (?:buy|count|bother)|\bignore\b|\bscams?\b|\bnon[- ]gems?\b|\bfalse\b/iu,
  },
  { kind: "common", pattern: /\bcommon\b|\bbaseline\b|\bregular patterns?\b|\bstandard patterns?\b/iu },
  { kind: "example", pattern: /\bexamples?\b/iu },
];

/** A measurement written beside a seed: `(99.4%)`, `(99,5%)`, `[85% blue]`, `- 97%`, `: 100%`, ` 99,5 %`. */
export const MEASUREMENT =
  /^\s*(?:[(\[]\s*(?<a>\d{1,3}(?:[.,]\d+)?)\s?%\s*(?<wordA>\p{L}+)?\s*[)\]]|(?:[-–—:=]\s*|\s)(?<b>\d{1,3}(?:[.,]\d+)?)\s?%(?:\s*(?<wordB>\p{L}+))?)/u;

/**
 * A measurement that ends a seed's comment (`661 - full blue top (99,5% blue)`, `555 - play side 95.5%`): the
 * seed's measurement as much as one written beside it, and the comment keeps its words.
 */
export const MEASUREMENT_ENDING_COMMENT = /(?:[(\[]\s*(?<a>\d{1,3}(?:[.,]\d+)?)\s?%\s*(?<wordA>\p{L}+)?\s*[)\]]|\s(?<b>\d{1,3}(?:[.,]\d+)?)\s?%(?:\s+(?<wordB>\p{L}+))?)\s*$/u;

/**
 * A comment written after a list's last seed (`661 - full blue top`, `661: best one`, `661 | full blue`,
 * `661 ← my own one`): a separator (a dash, colon, bar or arrow), then words. In a bullet or a table cell a space alone also separates (`661 full blue top`).
 * The comment becomes the seed's `note`.
 */
export const TRAILING_COMMENT = /^\s*(?:[-–—:=|~>←⟵⇐⬅👈\uFE0F]+|<-+|\/\/)\s*(?<comment>[\p{L}"'“‘(].*\S)\s*$/u;
export const TRAILING_COMMENT_IN_ITEM = /^\s+(?<comment>\p{L}.*\S)\s*$/u;
/**
 * A comment that opens with a number the reader does not count as a seed (`387 - 2 screenshots`, `947 - 0.07
 * float`, `592 - $12k`): still the seed's comment, when no seed is written anywhere in it.
 */
export const TRAILING_COMMENT_FROM_NUMBER = /^\s*(?:[-–—:=|~>←⟵⇐⬅👈\uFE0F]+|<-+|\/\/)\s*(?<comment>[\d$€£¥₽~].*\S)\s*$/u;
/**
 * After a seed's measurement or note, a comma also starts its comment (`151 – 97% blue, tiny gold tip`): a
 * comma there cannot separate seeds, since words follow it.
 */
export const TRAILING_COMMENT_AFTER_MEASUREMENT = /^\s*,\s*(?<comment>\p{L}.*\S)\s*$/u;

/** A note written beside a seed: a parenthesis holding words and no seed. */
export const NOTE = /^\s*[(\[](?<note>[^()[\]]*\p{L}[^()[\]]*)[)\]]/u;

/**
 * Headings that name a section the guide does not grade: what is under them (to the next heading of the same
 * rank or higher) is neither a level nor a callout. A heading opening with one of the languages' words for such
 * a section (`Changelog`, `FAQ`, `Часто задаваемые вопросы`, `Änderungen`, `更新日志`), or that is one of
 * their whole headings (`About`, `Links`).
 */
export function ungradedSectionsOf(languages: readonly Language[]): RegExp {
  const opening = anyOf(longestFirst(wordsOf(languages, (language) => language.ungradedSections)).map(literalSource));
  const whole = anyOf(longestFirst(wordsOf(languages, (language) => language.ungradedHeadings)).map(literalSource));
  return new RegExp(String.raw`^[^\p{L}\d]*(?:${opening}|${whole}$)`, "iu");
}

export const UNGRADED_SECTIONS = ungradedSectionsOf(LANGUAGES);

/** Tags whose text, when it is a whole line, is a heading. */
export const HEADING_TAGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6", "b", "strong", "u", "em", "th", "dt", "caption", "summary", "legend"]);
/**
 * Class or id words that make an element's text, when it is a whole line, a heading (Steam: `subSectionTitle`,
 * and `bb_h1`..`bb_h3` for the `[h1]`..`[h3]` of its guide markup).
 */
export const HEADING_NAMES = /title|heading|header|label|caption|tier|\bbb_h\d\b/i;

/** An element's class names, none empty (`class=""`, spaces around them). */
export function classNames(element: TextElement): string[] {
  return (element.attributes.class ?? "").split(/\s+/).filter((name) => name !== "");
}

/** An element's class names and its id, which a shape's or a rule's `name` is tested against; none empty. */
export function elementNames(element: TextElement): string[] {
  const id = element.attributes.id ?? "";
  return id === "" ? classNames(element) : [...classNames(element), id];
}

/** A kind of element (a table, a row, a list, a heading), known by its tag or by a class name or id naming it. */
export interface Shape {
  tag?: RegExp;
  name?: RegExp;
}

/** Whether an element has a shape: its tag, or a class name or id naming it (Steam's div-based `bb_table`, `bb_ul`). */
export function hasShape(element: TextElement, shape: Shape): boolean {
  return (shape.tag?.test(element.tag) ?? false) || (shape.name !== undefined && elementNames(element).some((name) => shape.name!.test(name)));
}

/**
 * How high a heading ranks: a heading closes the sections opened by headings of its rank or lower (a higher
 * number). Steam's sections hold its `[h1]`..`[h3]`, which hold bold lines; plain label lines rank lowest.
 */
export const HEADING_RANKS: readonly (Shape & { rank: number })[] = [
  { rank: 0, name: /^subSectionTitle$/ },
  { rank: 1, tag: /^h1$/, name: /^bb_h1$/ },
  { rank: 2, tag: /^h2$/, name: /^bb_h2$/ },
  { rank: 3, tag: /^h3$/, name: /^bb_h3$/ },
  { rank: 4, tag: /^h[4-6]$/ },
  { rank: 5, tag: /^(?:b|strong|u|em|dt|caption|summary|legend)$/ },
];
/** The rank of a heading no table says more of (a `Tier A:` line, a class naming a title). */
export const PLAIN_HEADING_RANK = 6;

/** Table rows and their cells, in HTML and in Steam's div-based `[table]`. */
export const TABLE_ROW = { tag: /^tr$/, name: /^bb_table_tr$/ };
export const TABLE_CELL = { tag: /^t[dh]$/, name: /^bb_table_t[dh]$/ };
export const TABLE_HEADER_CELL = { tag: /^th$/, name: /^bb_table_th$/ };
/**
 * Lists and their items: an item of an ordered list (`<ol>`, Steam's `[olist]`) is numbered by its place, a
 * rank the page shows without writing it.
 */
export const LIST = { tag: /^[ou]l$/, name: /^bb_[ou]l$/ };
export const ORDERED_LIST = { tag: /^ol$/, name: /^bb_ol$/ };
export const LIST_ITEM = { tag: /^li$/ };
/**
 * Other names a page gives an item's paints (`P2` for `Phase 2`), each turned into the paint label it names;
 * paint labels themselves (`Phase 2`, `Ruby`, `Emerald`) are read from the item file.
 */
export const PAINT_ALIASES: readonly {
  pattern: RegExp;
  label: string;
  /** `n` lists several phases (`1 & 3`): each of its digits names one. */
  each?: true;
  /** `n` is a Roman numeral (`Phase II`). */
  roman?: true;
}[] = [
  // P2, Ph2, Ph.2, Phase 2, P-2, and with emoji around them (`💗 Ph2 💗`)
  { pattern: /(?:^|[^\p{L}\d])(?:p|ph\.?|phase)\s?-?\s?(?<n>[1-4])(?![\p{L}\d])/iu, label: "Phase $<n>" },
  // Phases 1 & 3, Phase 2/4, P1/P3 is read above; Phases 1, 2 and 3
  { pattern: /(?:^|[^\p{L}\d])(?:p|ph\.?|phases?)\s?(?<n>[1-4](?:\s*(?:[/&,+]|and|or)\s*[1-4])+)(?![\p{L}\d])/iu, label: "Phase $<n>", each: true },
  { pattern: /(?:^|[^\p{L}\d])phase (?<n>i{1,3}|iv)(?![\p{L}\d])/iu, label: "Phase $<n>", roman: true },
  { pattern: /(?:^|[^\p{L}\d])phase (?:one)(?![\p{L}\d])/iu, label: "Phase 1" },
  { pattern: /(?:^|[^\p{L}\d])phase (?:two)(?![\p{L}\d])/iu, label: "Phase 2" },
  { pattern: /(?:^|[^\p{L}\d])phase (?:three)(?![\p{L}\d])/iu, label: "Phase 3" },
  { pattern: /(?:^|[^\p{L}\d])phase (?:four)(?![\p{L}\d])/iu, label: "Phase 4" },
  // A phase or a gem named in another language (languages.ts, `phaseWords`, `gemNames`): `Fase 2`, `Фаза 4`,
  // `Safira`, `黑珍珠`.
  ...localPaintNames(LANGUAGES),
];

/** The paint names of the languages, each read as the English label the item files use. */
export function localPaintNames(languages: readonly Language[]): { pattern: RegExp; label: string }[] {
  const phaseWords = longestFirst(wordsOf(languages, (language) => language.phaseWords)).map(literalSource);
  const gems = (["Ruby", "Sapphire", "Emerald", "Black Pearl"] as const).map((label) => ({
    pattern: new RegExp(phrasesSource(wordsOf(languages, (language) => language.gemNames[label])), "iu"),
    label,
  }));
  return [{ pattern: new RegExp(`(?:^|[^\\p{L}\\d])${anyOf(phaseWords)}\\s?-?\\s?(?<n>[1-4])(?![\\p{L}\\d])`, "iu"), label: "Phase $<n>" }, ...gems];
}

/**
 * In a sentence, what names a level or a ranking rather than a seed when written just before a number
 * (`Tier 4 is just the screenshots below`, `not a Top 10`, `Phase 2 has none`, `Уровень 2`, `前10`): a level
 * word or another label word of a language, or `#`.
 */
export function labelBeforeNumberOf(languages: readonly Language[]): RegExp {
  const words = longestFirst(wordsOf(languages, (language) => [...language.levelWords, ...language.labelWordsBeforeNumber]));
  // A word of an unspaced script is a word wherever it stands (`这是前10`).
  const sources = [...words.map((word) => `${opensUnspaced(word) ? "" : String.raw`(?<!\p{L})`}${literalSource(word)}`), String.raw`(?<!\p{L})#`];
  return new RegExp(String.raw`${anyOf(sources)}\s*[-#:]?\s*$`, "iu");
}

export const LABEL_BEFORE_NUMBER = labelBeforeNumberOf(LANGUAGES);
/** Elements holding an image's caption: their seeds are `caption` evidence, not drafted as list gradings. */
export const CAPTION_TAGS = new Set(["figcaption"]);
/**
 * A line that says it describes a picture (`Screenshot: 555 at 0.12 float`, `Pic 2 - 661`, `Image above: 151`):
 * a caption written as plain text, read as `<figcaption>` is.
 */
export const CAPTION_LINE = /^[^\p{L}\d]*(?:screen\s?shots?|screens?|pics?|pictures?|images?|imgs?|photos?|gifs?|clips?|videos?)(?:\s+(?:above|below|\d{1,2}))?\s*[:：–—-]/iu;
/** Elements whose whole-line text may be a level's label when a list follows it (table cells, list items). */
export const LABEL_CELL_TAGS = new Set(["td", "li", "dd"]);

/**
 * Separators a list of seeds may use between numbers (besides spaces: commas, `、`, a language's `and`), and the
 * words a list may write before a seed (`Seed 661`, `#661`, `pattern 151`).
 */
export function listFillerOf(languages: readonly Language[]): RegExp {
  const conjunctions = anyOf([...longestFirst(wordsOf(languages, (language) => language.conjunctions)).map(literalSource), "&"]);
  return new RegExp(
    String.raw`^[\s,;/|\\&+·•*–—、，；-]*${conjunctions}?[\s,;/|\\&+·•*–—.、，；-]*(?:(?:seeds?|patterns?|pattern\s?ids?|no\.)\s*[:#]?\s*|#\s?)?$`,
    "iu",
  );
}

export const LIST_FILLER = listFillerOf(LANGUAGES);

/** What may end a list after its last seed: a full stop, an ellipsis, `etc.`, `and more`. */
export const LIST_END = /\s*(?:[.…]+|,?\s*(?:etc\.?|and (?:many )?more|\+ more|and so on)\.?)$/iu;

/** Label separators: what ends the label in `Tier A: 412, 13`, `Tier 1 - 661`, `Blue Tip = 16`. */
export const LABEL_END = /^(?<label>.*?\S)\s*(?::|\s[-–—=]|=)\s*(?=\S)/u;
/**
 * A level's label before its list with a list's own separator (`T1 • 3 • 41`, `Tier 2 | 12, 13`, `S → 387`):
 * read so only when the words before it are a level label (LEVEL_LABELS), since `Pattern #661 • 151` is a list.
 */
export const LEVEL_LABEL_THEN_LIST = /^(?<label>.{1,40}?\S)\s*[•·|→»➜]\s*(?=\d)/u;

/**
 * Words that name the seed of a list rather than label it (`seed:412`, `Pattern: 661`, `Seed #: 5`): a line
 * written so is a list of seeds with no label of its own.
 */
export const SEED_WORD_LABEL = /^(?:seeds?|patterns?|pattern\s?(?:ids?|#|no\.?|number)|paint\s?seeds?|templates?|seed\s?#|#)$/iu;

/**
 * Sub-headings that divide a level without ranking inside it: the sides of the skin, its angles, its
 * screenshots, "continued". Under a level (or after one, at its rank) such a heading names no level: what is
 * under it stays in the level above. A page's own sections named so (`Playside` holding `Tier 1`..`Tier 3`)
 * are sections, not folded.
 */
export const NON_RANKING_HEADINGS =
  /^(?:(?:the\s+)?(?:play|back|front|blade|spine|other|both|left|right|top|bottom|upper|lower|inner|outer)[\s-]?sides?|(?:front|back|side|top|bottom|close[\s-]?up|inspect|in[\s-]?game|full|both)\s+(?:views?|angles?|shots?|sides?)|(?:side|angle|view)s?|screen\s?shots?|pictures?|pics?|images?|gallery|photos?|continued|cont(?:\.|'d|d)?|more(?:\s+(?:seeds?|patterns?|of them))?)(?:\s*[-–—:(].{0,40})?$/iu;

/**
 * A heading or list label that goes on with the level above rather than naming another: `More found later`,
 * `Late additions`, `Added in the last update`, `Also:`; or with the level it names (`Late additions to Tier 4`).
 */
export const CONTINUATION_LABELS =
  /^(?:more\b.{0,40}|(?:late|later|recent|new)\s+(?:additions?|adds?|finds?|entries)|added\s+(?:later|since|recently|in\b.{0,30})|found\s+later|also|plus|and\s+also|(?:new|recently\s+found)\s*(?:ones|seeds|patterns)?)(?:\s+(?:to|for|in|of)\s+(?<level>.{1,30}))?$/iu;

/**
 * Words that mark a section as going on with an earlier one (`Tier 1 (continued)`, `Teir 1 cont.`, `Tier 1 —
 * part 2`): a section titled with an earlier level's label and these words continues that level.
 */
export const CONTINUATION_WORDS = /\b(?:cont(?:inued|inue|'d|d)?\b\.?|contin\w*|conti\w*ed|part\s*(?:[2-9]|ii|iii|two|three)|pt\.?\s*[2-9]|more|again|ctd)(?![\p{L}\d])|\(\s*[2-9]\s*\)\s*$/iu;
/** What numbers the parts of a section split in several (`Tier list, part 1`, `(1/2)`): left out when titles are compared. */
export const PART_WORDS = /\b(?:part|pt\.?)\s*(?:\d|i{1,3}|one|two|three)\b|\(\s*\d\s*(?:\/\s*\d\s*)?\)/giu;

/**
 * How far a section title may be mistyped from an earlier level's label and still continue it: per word of
 * letters, at most this many edits (letters swapped count one), for words of at least 4 letters; numbers and
 * grades (`1`, `S`) must be written the same.
 */
export const LABEL_TYPO_EDITS = 1;

/**
 * One sentence ranking named levels best first (`Fire & Ice > Tricolor > Blue Tip > Gold are the tiers`), or
 * worst first with `<`. Read from any line of the page; each part naming a section's heading makes that
 * section a level of one system, in the sentence's order.
 */
export const RANKING_SEPARATORS: readonly { pattern: RegExp; bestFirst: boolean }[] = [
  { pattern: /\s+(?:>{1,2}|»|›|≫)\s+|(?<=[\p{L}\d)])(?:>{1,2}|»|›|≫)(?=[\p{L}\d(])/u, bestFirst: true },
  { pattern: /\s+(?:<{1,2}|«|‹|≪)\s+|(?<=[\p{L}\d)])(?:<{1,2}|«|‹|≪)(?=[\p{L}\d(])/u, bestFirst: false },
];
/** What may open a ranking sentence before its first level (`Ranking:`, `My order is`) or close it after its last. */
export const RANKING_LEAD = /^.{0,40}?[:：]\s*|^(?:my\s+)?(?:order|ranking|ranked)(?:\s+is)?\s+/iu;
export const RANKING_TAIL = /\s*(?:[.!…]+|\(.{0,60}\)|[-–—,:]\s.{0,60}|\s(?:are|is|as|in|from|=)\b.{0,60})$/iu;

/** Elements that show a picture: a line right after one, written in one of CAPTION_AFTER_IMAGE, is its caption. */
export const IMAGE_TAGS = new Set(["img", "picture", "video"]);
/**
 * A line right after a picture that is its caption (`<i>661 playside, 0.02</i>`, `<span class="caption">`), or
 * says it describes the picture (`Collage: 661, 151`, `Left to right: 12, 34`): its seeds are the caption's.
 */
export const CAPTION_AFTER_IMAGE = {
  tags: new Set(["i", "em", "small", "sub", "cite", "figcaption"]),
  name: /caption|desc(?:ription)?$|subtitle/i,
  words: /^[^\p{L}\d]*(?:collage|pictured|above|below|shown|left to right|l\s?-?\s?to\s?-?\s?r|from (?:the )?left|top row|bottom row|(?:in )?(?:this|the) (?:pic(?:ture)?|image|screenshot|collage))\b/iu,
};

/**
 * Headings that name a ranking (`Top 10`, `Overall ranking`, `Best seeds`): ranked lines or a table's rank column
 * under one are a rank scale's levels. Ranks under a level's own heading (`Tier 1`, or a named level among
 * others, `Tricolor`) order that level instead.
 */
export const RANKING_HEADINGS = /\b(?:top|rank(?:s|ing|ings|ed)?|best|order(?:ed)?|list|overall|leaderboard|favou?rites?|picks?)\b|#/iu;

/**
 * A table cell holding a measurement alone (`100%`, `99,9%`, `97.5 %`): in a level's own table it is the row's
 * seed's measurement, not a level's label (a band table, `100% | 763, 404`, names its levels so).
 */
export const MEASUREMENT_CELL = /^(?<value>\d{1,3}(?:[.,]\d+)?)\s?%$/u;
