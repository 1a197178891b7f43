import { describe, expect, it } from "vitest";
import { prepareCapture } from "../../../generator/capture/capture.ts";
import { captureKind, captureText, htmlReadableText, lineOf, MAX_ELEMENT_DEPTH, readCapture, readHtml, tooDeepProblem, type CaptureText } from "../../../generator/capture/capture-text.ts";

describe("htmlReadableText", () => {
  it("decodes named, decimal and hexadecimal character references", () => {
    expect(htmlReadableText("Fire &amp; Ice &mdash; &#39;best&#x27; &lt;3 &euro;")).toBe("Fire & Ice — 'best' <3 €");
  });

  it("decodes references as an HTML parser does in text: legacy names without ';', bad numbers as U+FFFD", () => {
    expect(htmlReadableText("&copy 2024 &amp x &#128; &#0; &notit;")).toBe("© 2024 & x € \uFFFD ¬it;");
  });

  it("reads &nbsp; as a no-break space, not a plain space", () => {
    expect(htmlReadableText("Tier&nbsp;1")).toBe("Tier\u00a01");
  });

  it("keeps odd spacing exactly as written", () => {
    expect(htmlReadableText("<p>Tier 2:  42,\t 7   </p>")).toBe("\nTier 2:  42,\t 7   \n");
  });

  it("drops script and style elements with their content, and comments", () => {
    expect(htmlReadableText('a<script type="x">if (a < b) "<p>";</script>b<STYLE>p { }</STYLE>c<!-- Seed 1 -->d')).toBe("abcd");
  });

  it("reads br and each block tag, opening or closing, as one newline", () => {
    expect(htmlReadableText("<h2>Tier 1</h2><ul><li>661</li><li>321<br/>555</li></ul>")).toBe("\nTier 1\n\n\n661\n\n321\n555\n\n");
    expect(htmlReadableText("<table><tr><td>a</td><th>b</th></tr></table>")).toBe("\n\n\na\n\nb\n\n\n");
    expect(htmlReadableText("<figure><figcaption>x</figcaption></figure><section><article><blockquote><pre>y</pre></blockquote></article></section>")).toBe(
      "\n\nx\n\n\n\n\n\ny\n\n\n\n",
    );
  });

  it("drops inline tags and keeps their text, so a quote may span them", () => {
    expect(htmlReadableText('<b>Tier 2:</b> <a href="/x" title="a > b">32</a>, <span class=\'c\'>92</span>')).toBe("Tier 2: 32, 92");
  });

  it("drops doctypes and processing instructions but keeps a '<' that starts no tag", () => {
    expect(htmlReadableText("<!DOCTYPE html><?xml version='1.0'?>5 < 7 and 3 <= 4")).toBe("5 < 7 and 3 <= 4");
  });

  it("reads CRLF and CR line ends as LF, as an HTML parser does", () => {
    expect(htmlReadableText("a\r\nb\rc")).toBe("a\nb\nc");
  });
});

describe("htmlReadableText reads markup as a browser tokenizer does", () => {
  it("keeps an apostrophe inside an unquoted attribute value inside the tag", () => {
    expect(htmlReadableText("<a title=don't href=x>Tier 1</a>")).toBe("Tier 1");
    expect(htmlReadableText(`<a title="it's" data-x='say "hi"' href=/g?a=1&b=2>Tier 2</a>: 92`)).toBe("Tier 2: 92");
  });

  it("reads the content of <title> and <textarea> as text (RCDATA): a tag inside is text, entities are decoded", () => {
    expect(htmlReadableText("<title>Tier <b>1</b> &amp; more</title><textarea><p>661</p></textarea>")).toBe("Tier <b>1</b> & more<p>661</p>");
  });

  it("reads an unclosed element to the end of the page and adds nothing for end tags a browser implies", () => {
    expect(htmlReadableText("<ul><li>661<li>151</ul><p>unclosed <b>bold")).toBe("\n\n661\n151\n\nunclosed bold");
  });

  it("decodes entities split around inline tags and in CRLF text", () => {
    expect(htmlReadableText("<b>Fire&nbsp;&amp;</b>&#32;Ice:\r\n 32,&#x20;92")).toBe("Fire\u00a0& Ice:\n 32, 92");
  });

  it("keeps every element with the span of text it holds", () => {
    const { text, elements } = readHtml('<div class="subSection"><div class="subSectionTitle">Tier 1</div><div class="subSectionDesc">661, 151</div></div>') as CaptureText;
    const spans = elements.map((element) => [element.tag, element.attributes.class, text.slice(element.start, element.end)]);
    expect(spans).toEqual([
      ["div", "subSection", "\nTier 1\n\n661, 151\n"],
      ["div", "subSectionTitle", "Tier 1"],
      ["div", "subSectionDesc", "661, 151"],
    ]);
  });
});

describe("readHtml on a page nested without end", () => {
  it("reads a page nested as deep as the limit", () => {
    const html = `${"<div>".repeat(MAX_ELEMENT_DEPTH - 1)}<b>Tier 1: 661</b>`;
    expect(readHtml(html)).toMatchObject({ text: `${"\n".repeat(MAX_ELEMENT_DEPTH - 1)}Tier 1: 661` });
  });

  it("gives up at the first element one deeper than the limit, naming its line", () => {
    expect(readHtml(`${"<div>".repeat(MAX_ELEMENT_DEPTH)}Tier 1: 661`)).toMatchObject({ text: `${"\n".repeat(MAX_ELEMENT_DEPTH)}Tier 1: 661` });
    expect(readHtml(`<p>EXAMPLE CONTENT</p>\n\n${"<div>".repeat(MAX_ELEMENT_DEPTH)}\n<b>661</b>\n<p>151</p>\n`)).toEqual({ tooDeep: { limit: MAX_ELEMENT_DEPTH, line: 4 } });
  });

  it("counts only the elements still open: a long page of closed elements is no deeper than one", () => {
    const html = "<div><p>661</p></div>".repeat(MAX_ELEMENT_DEPTH + 1);
    expect(readHtml(html)).toMatchObject({ text: "\n\n661\n\n".repeat(MAX_ELEMENT_DEPTH + 1) });
  });

  it("gives up past the limit at once, naming the line, on a 5 MB page of unclosed tags", () => {
    const html = `<p>Tier 1: 661</p>\n${"<div>".repeat(1_000_000)}`;
    expect(html.length).toBeGreaterThan(5_000_000);
    expect(readHtml(html)).toEqual({ tooDeep: { limit: MAX_ELEMENT_DEPTH, line: 2 } });
  });

  it("makes such a capture a problem of the guides that name it", () => {
    const capture = prepareCapture("deep/page.html", new TextEncoder().encode(`\n\n${"<b>".repeat(1_000_000)}`));
    expect(capture.readable).toEqual({
      problem: "capture snapshots/deep/page.html nests elements more than 512 deep (line 3)",
      expected: "a saved page whose elements nest at most 512 deep",
    });
  });
});

describe("lineOf", () => {
  it("counts a line's end as part of the line it ends", () => {
    expect([lineOf("a\nb", 0), lineOf("a\nb", 1), lineOf("a\nb", 2)]).toEqual([1, 1, 2]);
  });
});

describe("captureText", () => {
  it("reads a .txt capture as it is", () => {
    expect(captureText("txt", "a &amp; <b>b</b>\r\n")).toBe("a &amp; <b>b</b>\r\n");
  });

  it("tells the capture kind from the file name", () => {
    expect([captureKind("a/page.html"), captureKind("PAGE.HTM"), captureKind("notes.txt"), captureKind("page.pdf")]).toEqual(["html", "html", "txt", null]);
  });
});

describe("the elements of an HTML capture", () => {
  it("keep their depth, their attributes with lowercase names, and a span ending where the element closes", () => {
    const { text, elements } = readHtml('<DIV Class="a"><P ID=x>661</P>151</DIV><b>unclosed') as CaptureText;
    expect(elements.map(({ tag, attributes, depth, start, end }) => [tag, attributes, depth, text.slice(start, end)])).toEqual([
      ["div", { class: "a" }, 0, "\n661\n151"],
      ["p", { id: "x" }, 1, "661"],
      ["b", {}, 0, "unclosed"],
    ]);
  });

  it("hold no text of a script or style inside them, and the text after it reads on", () => {
    const { text, elements } = readHtml("<p>661<script>var a = '<b>';</script><style>b{}</style>151</p><br>321") as CaptureText;
    expect(text).toBe("\n661151\n\n321");
    expect(elements.map((element) => [element.tag, text.slice(element.start, element.end)])).toEqual([
      ["p", "661151"],
      ["script", ""],
      ["style", ""],
      ["br", ""],
    ]);
  });

  it("reads a stray </br> as a line break, as a browser does", () => {
    expect(htmlReadableText("661</br>151")).toBe("661\n151");
    expect(htmlReadableText("661<br>151<br/>321")).toBe("661\n151\n321");
  });

  it("reads a stray </p> as its written end tag, one newline, adding nothing for the start tag it implies", () => {
    expect(htmlReadableText("661</p>151")).toBe("661\n151");
  });

  it("add a newline for a block tag inside an inline one, but none for a hidden element's block tags", () => {
    expect(htmlReadableText("<span><p>a</p></span><script><p>b</p></script>c")).toBe("\na\nc");
  });
});

describe("a capture nested too deeply, as check names it", () => {
  it("says how deep elements may nest and on which line they go deeper", () => {
    expect(tooDeepProblem("snapshots/990000001/page.html", { tooDeep: { limit: 512, line: 7 } })).toEqual({
      problem: "capture snapshots/990000001/page.html nests elements more than 512 deep (line 7)",
      expected: "a saved page whose elements nest at most 512 deep",
    });
  });

  it("has no readable text", () => {
    expect(captureText("html", "<b>".repeat(MAX_ELEMENT_DEPTH + 1))).toBeNull();
    expect(readCapture("txt", "<b>".repeat(MAX_ELEMENT_DEPTH + 1))).toEqual({ text: "<b>".repeat(MAX_ELEMENT_DEPTH + 1), elements: [] });
  });
});
