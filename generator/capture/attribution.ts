import type { ReadableCapture } from "./capture.ts";
import type { TextElement } from "./capture-text.ts";

// Attribution read from a page's markup where it carries it. Steam guide pages write the title in
// `.workshopItemTitle`, each author in a `.friendBlockContent` (name, then a status line), and the dates as
// `.detailsStatLeft` labels ("Posted", "Updated") beside `.detailsStatRight` values ("4 Nov, 2023 @ 2:05pm",
// local to the reader's time zone, the year left out for the current year). Other pages: the first `<h1>`,
// `.author` / `rel=author` links, "Posted: ..." lines. Whatever is not found stays null for a placeholder.

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

const TITLE_CLASSES = /^(?:workshopItemTitle|guide-title|guideTitle|entry-title|post-title)$/;

export function readAttribution(capture: ReadableCapture, platformId: string, retrievedAt: string): Attribution {
  const { text, elements } = capture;
  const textOf = (element: TextElement) => text.slice(element.start, element.end).trim();
  const classes = (element: TextElement) => (element.attributes.class ?? "").split(/\s+/);
  const titleElement =
    elements.find((element) => classes(element).some((name) => TITLE_CLASSES.test(name))) ?? elements.find((element) => element.tag === "h1" && textOf(element) !== "");
  const pageTitle = elements.find((element) => element.tag === "title");
  const title = titleElement !== undefined ? textOf(titleElement) : pageTitle !== undefined ? textOf(pageTitle).replace(/^Steam Community :: Guide :: /, "") || null : null;

  const steamAuthors = elements.filter((element) => classes(element).includes("friendBlockContent")).map((element) => textOf(element).split("\n")[0]!.trim());
  const linkedAuthors = elements
    .filter((element) => classes(element).includes("author") || element.attributes.rel === "author")
    .map(textOf);
  const metaAuthor = elements.find((element) => element.tag === "meta" && element.attributes.name === "author")?.attributes.content;
  const authors = unique([...steamAuthors, ...linkedAuthors].filter((name) => name !== "")).slice(0, 20);
  if (authors.length === 0 && metaAuthor !== undefined && metaAuthor.trim() !== "") authors.push(metaAuthor.trim());

  const year = Number(retrievedAt.slice(0, 4));
  const dates = statDates(elements, textOf, classes);
  const posted = dates.posted ?? labelledDate(text, "Posted");
  const updated = dates.updated ?? labelledDate(text, "Updated");

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
    posted: localDateTime(posted, year),
    updated: localDateTime(updated, year),
    url: canonical,
    relatedGuides,
    skip: [titleElement, pageTitle].filter((element) => element !== undefined),
  };
}

function statDates(elements: readonly TextElement[], textOf: (element: TextElement) => string, classes: (element: TextElement) => string[]): { posted?: string; updated?: string } {
  const labels = elements.filter((element) => classes(element).includes("detailsStatLeft")).map(textOf);
  const values = elements.filter((element) => classes(element).includes("detailsStatRight")).map(textOf);
  const found: { posted?: string; updated?: string } = {};
  labels.forEach((label, index) => {
    if (/^posted/i.test(label)) found.posted = values[index];
    if (/^updated/i.test(label)) found.updated = values[index];
  });
  return found;
}

function labelledDate(text: string, label: string): string | null {
  return new RegExp(`${label}\\s*:?\\s*([^\\n]{6,40})`, "i").exec(text)?.[1] ?? null;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** "4 Nov, 2023 @ 2:05pm", "Nov 4, 2023 @ 2:05pm", "4 Nov @ 2:05pm", "2023-11-04 14:05" -> "2023-11-04T14:05:00". */
export function localDateTime(written: string | null | undefined, currentYear: number): string | null {
  if (written === null || written === undefined) return null;
  const iso = /(\d{4})-(\d{2})-(\d{2})[T ](\d{1,2}):(\d{2})(?::(\d{2}))?/.exec(written);
  if (iso !== null) return format(Number(iso[1]), Number(iso[2]), Number(iso[3]), Number(iso[4]), Number(iso[5]), Number(iso[6] ?? 0));
  const dayFirst = /(\d{1,2})\s+([A-Za-z]{3})[a-z]*\.?,?\s*(\d{4})?/.exec(written);
  const monthFirst = /([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s*(\d{4})?/.exec(written);
  const parts = dayFirst !== null && MONTHS.includes(dayFirst[2]!.toLowerCase()) ? { day: dayFirst[1], month: dayFirst[2], year: dayFirst[3] } : monthFirst !== null && MONTHS.includes(monthFirst[1]!.toLowerCase()) ? { day: monthFirst[2], month: monthFirst[1], year: monthFirst[3] } : null;
  if (parts === null) return null;
  const time = /(\d{1,2}):(\d{2})\s*([ap]m)?/i.exec(written);
  let hour = time === null ? 0 : Number(time[1]) % (time[3] === undefined ? 24 : 12);
  if (time?.[3]?.toLowerCase() === "pm") hour += 12;
  return format(parts.year === undefined ? currentYear : Number(parts.year), MONTHS.indexOf(parts.month!.toLowerCase()) + 1, Number(parts.day), hour, time === null ? 0 : Number(time[2]), 0);
}

function format(year: number, month: number, day: number, hour: number, minute: number, second: number): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${String(year).padStart(4, "0")}-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}:${two(second)}`;
}

function lineAround(text: string, start: number, end: number): string {
  const from = text.lastIndexOf("\n", start - 1) + 1;
  const newline = text.indexOf("\n", end);
  return text.slice(from, newline === -1 ? text.length : newline).trim();
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
