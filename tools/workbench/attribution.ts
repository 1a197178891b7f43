import { localDateTime } from "../../generator/capture/attribution.ts";
import { webUrl } from "../../contract/schema/common.ts";
import type { EditContext, GuideDocument } from "./document.ts";
import type { Edit, Span } from "./edit.ts";
import { lineOf } from "../../generator/capture/capture-text.ts";
import { EditRefused } from "./listing.ts";

// The attribution guide:draft could not read off a page's markup, filled from a selection of its text: the
// title, the authors, the address, and when it was posted and updated. These describe the page rather than
// quote the guide, so the selection may lie in a part of the page that is not the guide's text (a statistics
// block, a header); a date is read from the selected words as guide:draft reads the page's dates
// (generator/capture/attribution.ts), a date written without a year in the year the page was saved.

type Of<K extends Edit["kind"]> = Extract<Edit, { kind: K }>;

export function fillField(guide: GuideDocument, edit: Of<"fill">, context: EditContext): void {
  const text = selectedText(edit.span, context.text);
  const line = lineOf(context.text, edit.span.start);
  switch (edit.field) {
    case "title":
      guide.title = text.replace(/\s+/g, " ");
      return;
    case "authors":
      guide.authors = text.split("\n").map((author) => author.trim()).filter((author) => author !== "");
      return;
    case "url": {
      if (!webUrl.safeParse(text).success) throw new EditRefused(`the selection on line ${line} is no web address (https://...): ${JSON.stringify(shorten(text))}`);
      guide.url = text;
      return;
    }
    case "posted":
    case "updated": {
      const date = localDateTime(text, retrievalYear(guide));
      if (date === null) throw new EditRefused(`the selection on line ${line} is no date guide:draft can read (like 4 Nov, 2023 @ 2:05pm): ${JSON.stringify(shorten(text))}`);
      guide[edit.field] = date;
      return;
    }
  }
}

/** The span's text without the spaces around it; refused when it is outside the text or holds only spaces. */
function selectedText(span: Span, text: string): string {
  if (span.end > text.length) throw new EditRefused(`the span ${span.start}..${span.end} is past the end of the capture's text (${text.length} characters)`);
  const selected = text.slice(span.start, span.end).trim();
  if (selected === "") throw new EditRefused("the span holds only spaces");
  return selected;
}

/** The year of `snapshot.retrieved_at`: the year of a page's date written without one (dataset/README.md, "Judgment calls"). */
function retrievalYear(guide: GuideDocument): number {
  const snapshot = guide.snapshot as { retrieved_at?: unknown } | undefined;
  const year = typeof snapshot?.retrieved_at === "string" ? /^(\d{4})-/.exec(snapshot.retrieved_at)?.[1] : undefined;
  if (year === undefined) throw new EditRefused("the guide's snapshot.retrieved_at is not a date: the year of a date written without one is not known");
  return Number(year);
}

function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}
