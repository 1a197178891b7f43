import { describe, expect, it } from "vitest";
import { readHtml, type CaptureText } from "../../../generator/capture/capture-text.ts";
import { markOf, marksOver, textMarks } from "../../../generator/capture/marks.ts";

// TEST DATA: an invented Steam-shaped fragment, not a real guide.
const PAGE = `<div class="subSectionDesc">Tier 1: 661, <span class="bb_strike">151</span>, 321<br>
Tier 2: <s>32</s> <del>92</del> <strike>4</strike> <span style="text-decoration: line-through">72</span><br>
<blockquote class="bb_blockquote"><div class="bb_quoteauthor">Originally posted by <b>someone</b>:</div>Tier 1: 955, 868</blockquote>
<div class="bb_spoiler"><span>not blue: 13, 28</span></div>
Quote:
Tier 3: 555

Tier 4: 809</div>`;

describe("marked text", () => {
  const { text, elements } = readHtml(PAGE) as CaptureText;
  const marks = textMarks(text, elements);
  const marked = (kind: string) => marks.filter((mark) => mark.mark === kind).map((mark) => text.slice(mark.start, mark.end).trim());

  it("finds struck text by Steam's class, HTML's tags and an inline line-through", () => {
    expect(marked("struck")).toEqual(["151", "32", "92", "4", "72"]);
  });

  it("finds a quoted block by its element and a plain-text quote header with the lines after it, up to an empty line", () => {
    expect(marked("quoted")).toEqual(["Originally posted by someone:\nTier 1: 955, 868", "Quote:\nTier 3: 555"]);
  });

  it("finds a spoiler", () => {
    expect(marked("spoiler")).toEqual(["not blue: 13, 28"]);
  });

  it("says which marks hold a span, and none for the guide's plain text", () => {
    const at = (needle: string) => [text.indexOf(needle), text.indexOf(needle) + needle.length] as const;
    expect(marksOver(marks, ...at("661"))).toEqual([]);
    expect(marksOver(marks, ...at("151"))).toEqual(["struck"]);
    expect(marksOver(marks, ...at("Tier 1: 955"))).toEqual(["quoted"]);
    expect(marksOver(marks, ...at("809"))).toEqual([]);
  });
});

describe("which elements mark text", () => {
  const element = (tag: string, attributes: Record<string, string> = {}) => ({ tag, attributes, start: 0, end: 1, depth: 0 });

  it("reads a mark from any of an element's class names, by each page's words, and a strike from an inline style however it is spaced", () => {
    expect(
      [
        markOf(element("span", { class: "x  strikethrough" })),
        markOf(element("div", { class: "line-through" })),
        markOf(element("div", { class: "quotebox" })),
        markOf(element("div", { class: "bb_quoteauthor" })),
        markOf(element("div", { class: "post spoiler" })),
        markOf(element("q")),
        markOf(element("details")),
        markOf(element("span", { style: "color: red; text-decoration-line : underline line-through" })),
        markOf(element("span", { style: "text-decoration:line-through" })),
      ],
    ).toEqual(["struck", "struck", "quoted", "quoted", "spoiler", "quoted", "spoiler", "struck", "struck"]);
  });

  it("reads no mark from other names, an underline or a class only containing a mark's word", () => {
    expect(
      [
        markOf(element("span", { class: "nostrike" })),
        markOf(element("span", { style: "text-decoration: underline; color: line-through" })),
        markOf(element("div", { class: "myspoiler" })),
        markOf(element("div", { class: "" })),
        markOf(element("p")),
      ],
    ).toEqual([null, null, null, null, null]);
  });
});

describe("marks that overlap", () => {
  const marksOf = (html: string) => {
    const { text, elements } = readHtml(html) as CaptureText;
    return textMarks(text, elements).map((mark) => [mark.mark, text.slice(mark.start, mark.end)]);
  };

  it("keeps a strike inside a quote, leaves out a strike inside a strike, and keeps a strike right after one", () => {
    expect(marksOf("<blockquote>Tier 1: <s>661 <del>151</del></s><s>321</s></blockquote><s></s>")).toEqual([
      ["quoted", "Tier 1: 661 151321"],
      ["struck", "661 151"],
      ["struck", "321"],
    ]);
  });

  it("puts every mark in page order, a quote header's block among the marks of elements after it", () => {
    expect(marksOf("Quote: 661\n\n<s>151</s> <blockquote><s>32</s> 92</blockquote>")).toEqual([
      ["quoted", "Quote: 661"],
      ["struck", "151"],
      ["quoted", "32 92"],
      ["struck", "32"],
    ]);
  });

  it("puts the longer of two marks starting at one place first, whichever was found first", () => {
    expect(marksOf("<s>Quote:</s> 661")).toEqual([
      ["quoted", "Quote: 661"],
      ["struck", "Quote:"],
    ]);
  });

  it("marks text struck at the very start of a page", () => {
    expect(marksOf("<s>661</s> 151")).toEqual([["struck", "661"]]);
  });

  it("quotes a plain-text quote header's block even when it is struck", () => {
    expect(marksOf("<s>Quote:\nTier 1: 661</s>")).toEqual([
      ["struck", "Quote:\nTier 1: 661"],
      ["quoted", "Quote:\nTier 1: 661"],
    ]);
  });

  it("opens no block of its own for a quote header inside a quoted block", () => {
    expect(marksOf("Quote:\nTier 1: 661\nQuote: 151\n\nTier 2: 32")).toEqual([["quoted", "Quote:\nTier 1: 661\nQuote: 151"]]);
  });

  it("puts the longer of two marks starting at one place first", () => {
    expect(marksOf("<blockquote><s>661</s> 151</blockquote>")).toEqual([
      ["quoted", "661 151"],
      ["struck", "661"],
    ]);
  });

  it("does not mark a plain-text quote header's block twice when a quoted element holds it", () => {
    expect(marksOf("<blockquote>Quote:\nTier 1: 661</blockquote>")).toEqual([["quoted", "Quote:\nTier 1: 661"]]);
  });

  it("marks a plain-text quote header at the very end of a page, and its block up to the page's end", () => {
    expect(marksOf("Tier 1: 661\nQuote:")).toEqual([["quoted", "Quote:"]]);
    expect(marksOf("Tier 1: 661\n  цитата: 151\n321")).toEqual([["quoted", "  цитата: 151\n321"]]);
    expect(marksOf("Tier 1: 661\nQuote:\n151\n  \nQuote: 32\n\n92")).toEqual([
      ["quoted", "Quote:\n151"],
      ["quoted", "Quote: 32"],
    ]);
  });
});

describe("the marks over a span", () => {
  const marks = [
    { mark: "quoted", start: 0, end: 10 },
    { mark: "struck", start: 2, end: 4 },
    { mark: "struck", start: 6, end: 8 },
    { mark: "spoiler", start: 12, end: 14 },
  ] as const;

  it("are those holding any of it, each kind once, not those ending at its start or starting at its end", () => {
    expect(marksOver(marks, 2, 7)).toEqual(["quoted", "struck"]);
    expect(marksOver(marks, 4, 6)).toEqual(["quoted"]);
    expect(marksOver(marks, 10, 12)).toEqual([]);
    expect(marksOver(marks, 13, 20)).toEqual(["spoiler"]);
  });
});
