import { describe, expect, it } from "vitest";
import { readHtml, type CaptureText } from "../../../generator/capture/capture-text.ts";
import { marksOver, textMarks } from "../../../generator/capture/marks.ts";

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
