// Attribution placeholders filled from a selection of the page (tools/workbench/attribution.ts), on a literal
// draft (example data): the title, authors and address as selected, the dates as guide:draft reads a page's.

import { describe, expect, it } from "vitest";
import { PLACEHOLDER } from "../../../generator/validate/placeholder.ts";
import { applied, contextOf, guideOf, refusal, spanIn } from "../../support/workbench-guides.ts";

const CONTEXT = contextOf(
  ["Example   Karambit Tiers", "EXAMPLE CONTENT", "Example Author X", "Example Author Y", "Posted 2 May, 2024 @ 1:20pm", "Updated 4 Nov @ 2:05pm", "https://example.com/guides/900000150", "Comments: see example.com"],
  "Comments: see example.com",
);

const draft = () => guideOf([], { title: PLACEHOLDER.title, authors: [PLACEHOLDER.authors], url: PLACEHOLDER.url, posted: PLACEHOLDER.posted, updated: PLACEHOLDER.updated });

describe("filling attribution from the selection", () => {
  it("takes the selected title with its spaces made single, and each selected line as an author", () => {
    let guide = applied(draft(), { kind: "fill", field: "title", span: spanIn(CONTEXT, "Example   Karambit Tiers\n") }, CONTEXT);
    guide = applied(guide, { kind: "fill", field: "authors", span: { start: spanIn(CONTEXT, "Example Author X").start, end: spanIn(CONTEXT, "Example Author Y").end + 1 } }, CONTEXT);
    expect([guide.title, guide.authors]).toEqual(["Example Karambit Tiers", ["Example Author X", "Example Author Y"]]);
  });

  it("reads the selected date as guide:draft reads the page's dates, a date without a year in the year the page was saved", () => {
    let guide = applied(draft(), { kind: "fill", field: "posted", span: spanIn(CONTEXT, "2 May, 2024 @ 1:20pm") }, CONTEXT);
    guide = applied(guide, { kind: "fill", field: "updated", span: spanIn(CONTEXT, "Updated 4 Nov @ 2:05pm") }, CONTEXT);
    expect([guide.posted, guide.updated]).toEqual(["2024-05-02T13:20:00", "2024-11-04T14:05:00"]);
  });

  it("takes a selected web address as the guide's url", () => {
    expect(applied(draft(), { kind: "fill", field: "url", span: spanIn(CONTEXT, "https://example.com/guides/900000150") }, CONTEXT).url).toBe("https://example.com/guides/900000150");
  });

  it("is refused for a selection that is no date or no web address", () => {
    expect(refusal(draft(), { kind: "fill", field: "posted", span: spanIn(CONTEXT, "Example Author X") }, CONTEXT)).toBe('the selection on line 3 is no date guide:draft can read (like 4 Nov, 2023 @ 2:05pm): "Example Author X"');
    expect(refusal(draft(), { kind: "fill", field: "url", span: spanIn(CONTEXT, "see example.com") }, CONTEXT)).toBe('the selection on line 8 is no web address (https://...): "see example.com"');
  });
});

describe("filling attribution, at the edges of the selection", () => {
  const LONG = `https://example.com/guides/${"9".repeat(30)}?long=1 EXAMPLE CONTENT`;
  const EDGES = contextOf(["Example Author X", "", "  Example Author Y  ", "Posted 2 May @ 1:20pm", "x".repeat(60), LONG, "Last line, EXAMPLE CONTENT"]);

  it("takes each non-empty selected line as an author, without its spaces", () => {
    const span = { start: spanIn(EDGES, "Example Author X").start, end: spanIn(EDGES, "Example Author Y").end + 2 };
    expect(applied(draft(), { kind: "fill", field: "authors", span }, EDGES).authors).toEqual(["Example Author X", "Example Author Y"]);
  });

  it("takes a selection reaching the end of the text, and refuses one past it or holding only spaces", () => {
    expect(applied(draft(), { kind: "fill", field: "title", span: { start: spanIn(EDGES, "Last line").start, end: EDGES.text.length } }, EDGES).title).toBe("Last line, EXAMPLE CONTENT");
    expect(refusal(draft(), { kind: "fill", field: "title", span: { start: 0, end: EDGES.text.length + 1 } }, EDGES)).toBe(`the span 0..${EDGES.text.length + 1} is past the end of the capture's text (${EDGES.text.length} characters)`);
    const blank = spanIn(EDGES, "\n\n");
    expect(refusal(draft(), { kind: "fill", field: "title", span: blank }, EDGES)).toBe("the span holds only spaces");
  });

  it("shows a refused selection whole up to 60 characters, and its first 60 after that", () => {
    expect(refusal(draft(), { kind: "fill", field: "url", span: spanIn(EDGES, "x".repeat(60)) }, EDGES)).toBe(`the selection on line 5 is no web address (https://...): "${"x".repeat(60)}"`);
    expect(refusal(draft(), { kind: "fill", field: "updated", span: spanIn(EDGES, LONG) }, EDGES)).toBe(`the selection on line 6 is no date guide:draft can read (like 4 Nov, 2023 @ 2:05pm): "${LONG.slice(0, 60)}…"`);
  });

  it("refuses a date without a year when the guide's snapshot says no date it was saved on", () => {
    const date = spanIn(EDGES, "2 May @ 1:20pm");
    const message = "the guide's snapshot.retrieved_at is not a date: the year of a date written without one is not known";
    expect(refusal(guideOf([], { snapshot: { path: "900000150/page.html" } }), { kind: "fill", field: "posted", span: date }, EDGES)).toBe(message);
    expect(refusal(guideOf([], { snapshot: { path: "900000150/page.html", retrieved_at: "May 2024" } }), { kind: "fill", field: "posted", span: date }, EDGES)).toBe(message);
    expect(refusal(guideOf([], { snapshot: { path: "900000150/page.html", retrieved_at: "on 2024-05-03" } }), { kind: "fill", field: "posted", span: date }, EDGES)).toBe(message);
    expect(refusal(guideOf([], { snapshot: undefined }), { kind: "fill", field: "posted", span: date }, EDGES)).toBe(message);
    expect(applied(guideOf([], { snapshot: { retrieved_at: "2023-12-31T23:00:00Z" } }), { kind: "fill", field: "posted", span: date }, EDGES).posted).toBe("2023-05-02T13:20:00");
  });
});
