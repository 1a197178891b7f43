import type { ReadableCapture } from "./capture.ts";
import type { TextElement } from "./capture-text.ts";
import { dateShapes, localDateTime, type DateShape } from "./dates.ts";
import { anyOf, LANGUAGES, literalSource, longestFirst, wordsOf, type Language } from "./languages.ts";
import { classNames } from "./shapes.ts";

// The workbench reads a selected date as the page's dates are read here.
export { localDateTime } from "./dates.ts";

// Attribution read from a page's markup where it carries it. Steam guide pages write the title in
// `.workshopItemTitle`, each author in a `.friendBlockContent` (name, then a status line), and the dates as
// `.detailsStatLeft` labels ("Posted", "Updated") beside `.detailsStatRight` values ("4 Nov, 2023 @ 2:05pm",
// local to the reader's time zone, the year left out for the current year), both in the reader's interface
// language ("Опубликовано" and "4 ноя. 2023 в 20:17"; the labels and date shapes of languages.ts). Other pages:
// the first `<h1>`, `.author` / `rel=author` links, "Posted: ..." lines. Whatever is not found stays null for a
// placeholder.

export interface Attribution {
  title: string | null;
  authors: string[];
  posted: string | null;
  updated: string | null;
  url: string | null;
  relatedGuides: { platform_id: string; quote: string }[];
  /** Elements that are not the guide's body text: the page's `<title>` and the guide's title. */
  skip: TextElement[];
}

/** The words a page's dates are read with: the Posted and Updated labels of every language, and their date shapes. */
export interface DateWords {
  posted: string;
  updated: string;
  shapes: readonly DateShape[];
}

export function dateWords(languages: readonly Language[]): DateWords {
  const labels = (field: (language: Language) => readonly string[]) => anyOf(longestFirst(wordsOf(languages, field)).map(literalSource));
  return { posted: labels((language) => language.postedLabels), updated: labels((language) => language.updatedLabels), shapes: dateShapes(languages) };
}

const DATE_WORDS = dateWords(LANGUAGES);

const TITLE_CLASSES = /^(?:workshopItemTitle|guide-title|guideTitle|entry-title|post-title)$/;

export function readAttribution(capture: ReadableCapture, platformId: string, retrievedAt: string, words: DateWords = DATE_WORDS): Attribution {
  const { text, elements } = capture;
  const textOf = (element: TextElement) => text.slice(element.start, element.end).trim();
  const titleElement =
    elements.find((element) => classNames(element).some((name) => TITLE_CLASSES.test(name))) ?? elements.find((element) => element.tag === "h1" && textOf(element) !== "");
  const pageTitle = elements.find((element) => element.tag === "title");
  const title = titleElement !== undefined ? textOf(titleElement) : pageTitle !== undefined ? textOf(pageTitle).replace(/^Steam Community :: Guide :: /, "") || null : null;

  const steamAuthors = elements.filter((element) => classNames(element).includes("friendBlockContent")).map((element) => textOf(element).split("\n")[0]!.trim());
  const linkedAuthors = elements
    .filter((element) => classNames(element).includes("author") || element.attributes.rel === "author")
    .map(textOf);
  const metaAuthor = elements.find((element) => element.tag === "meta" && element.attributes.name === "author")?.attributes.content;
  const authors = unique([...steamAuthors, ...linkedAuthors].filter((name) => name !== "")).slice(0, 20);
  if (authors.length === 0 && metaAuthor !== undefined && metaAuthor.trim() !== "") authors.push(metaAuthor.trim());

  const year = Number(retrievedAt.slice(0, 4));
  const dates = statDates(elements, textOf, words);
  const posted = dates.posted ?? labelledDate(text, words.posted);
  const updated = dates.updated ?? labelledDate(text, words.updated);

  const canonical =
    elements.find((element) => element.tag === "link" && element.attributes.rel === "canonical")?.attributes.href ??
    elements.find((element) => element.tag === "meta" && element.attributes.property === "og:url")?.attributes.content ??
    null;

  const relatedGuides: Attribution["relatedGuides"] = [];
  for (const element of elements) {
    const id = element.tag === "a" ? /[?&]id=(\d+)/.exec(element.attributes.href ?? "")?.[1] : undefined;
    if (id === undefined || id === platformId || relatedGuides.some((guide) => guide.platform_id === id)) continue;
    const quote = lineAround(text, element.start, element.end);
    if (capture.regions.some((region) => region.start <= element.start && element.end <= region.end) || quote === "") continue;
    relatedGuides.push({ platform_id: id, quote });
  }

  return {
    title,
    authors,
    posted: localDateTime(posted, year, words.shapes),
    updated: localDateTime(updated, year, words.shapes),
    url: canonical,
    relatedGuides,
    skip: [titleElement, pageTitle].filter((element) => element !== undefined),
  };
}

function statDates(
  elements: readonly TextElement[],
  textOf: (element: TextElement) => string,
  words: DateWords,
): { posted?: string; updated?: string } {
  const labels = elements.filter((element) => classNames(element).includes("detailsStatLeft")).map(textOf);
  const values = elements.filter((element) => classNames(element).includes("detailsStatRight")).map(textOf);
  const posted = new RegExp(`^${words.posted}`, "iu");
  const updated = new RegExp(`^${words.updated}`, "iu");
  const found: { posted?: string; updated?: string } = {};
  labels.forEach((label, index) => {
    if (posted.test(label)) found.posted = values[index];
    if (updated.test(label)) found.updated = values[index];
  });
  return found;
}

/** The text after a label (`Posted: 4 Nov, 2023`, `Опубликовано 4 ноя. 2023`), where a date would be written. */
function labelledDate(text: string, label: string): string | null {
  return new RegExp(String.raw`${label}\s*:?\s*([^\n]{6,40})`, "iu").exec(text)?.[1] ?? null;
}

function lineAround(text: string, start: number, end: number): string {
  const from = text.lastIndexOf("\n", start - 1) + 1;
  const newline = text.indexOf("\n", end);
  return text.slice(from, newline === -1 ? text.length : newline).trim();
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
