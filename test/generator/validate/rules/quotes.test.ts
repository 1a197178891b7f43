import { describe, expect, it } from "vitest";
import { prepareCapture, type ReadableCapture } from "../../../../generator/capture/capture.ts";
import { distinctQuotes, quoteSites, quotesOccurInCapture } from "../../../../generator/validate/rules/quotes.ts";
import { CAPTURE_HTML, CAPTURE_PATH, sampleGuide } from "../../../fixtures/validate/sample-dataset.ts";

function sampleCapture(html = CAPTURE_HTML): ReadableCapture {
  const { readable } = prepareCapture(CAPTURE_PATH, new TextEncoder().encode(html));
  if ("problem" in readable) throw new Error(readable.problem);
  return readable;
}

const check = (guide = sampleGuide(), capture = sampleCapture()) => quotesOccurInCapture(guide, capture, `snapshots/${CAPTURE_PATH}`);
const EXPECTED = "text copied verbatim from the capture's readable text";

describe("distinctQuotes", () => {
  it("holds each quote of the document once, in the order quoteSites first meets it", () => {
    const guide = sampleGuide();
    const sites = quoteSites(guide).map((site) => site.quote);
    expect([...distinctQuotes(guide)]).toEqual([...new Set(sites)]);
    expect(sites.length).toBeGreaterThan(distinctQuotes(guide).size);
  });
});

describe("quoteSites", () => {
  it("collects every quote of the document, with its JSON path, in document order", () => {
    const guide = sampleGuide();
    guide.callouts[0]!.definition = { quote: "Tier 3 examples" };
    guide.discrepancies[0]!.quote_a = "Members: 661, 12";
    guide.discrepancies[0]!.quote_b = "Seed 555";
    expect(quoteSites(guide).map((site) => site.path)).toEqual([
      "$.permission_quote",
      "$.incomplete.quote",
      "$.related_guides[0].quote",
      "$.remarks[0].quote",
      "$.item_claims[0].quote",
      "$.item_claims[1].quote",
      "$.callouts[0].quote",
      "$.callouts[0].definition.quote",
      "$.discrepancies[0].quote_a",
      "$.discrepancies[0].quote_b",
      "$.systems[0].definition.quote",
      "$.systems[0].scale.definition.quote",
      "$.systems[0].remarks[0].quote",
      "$.systems[0].levels[0].ordered_quote",
      "$.systems[0].gradings[0].quote",
      "$.systems[0].gradings[1].quote",
      "$.systems[0].gradings[1].note.quote",
      "$.systems[0].gradings[2].quote",
      "$.systems[0].gradings[2].note.quote",
      "$.systems[0].gradings[3].quote",
      "$.systems[0].gradings[4].quote",
      "$.systems[1].gradings[0].quote",
      "$.systems[1].gradings[1].quote",
    ]);
  });

  it("finds the quotes of a document with shape mistakes, leaving out values that are not strings", () => {
    const guide = sampleGuide() as unknown as { systems: { gradings: Record<string, unknown>[] }[] };
    guide.systems[0]!.gradings[0]!.seed = "661";
    guide.systems[0]!.gradings[1]!.quote = 321;
    const paths = quoteSites(guide).map((site) => site.path);
    expect(paths).toContain("$.systems[0].gradings[0].quote");
    expect(paths).not.toContain("$.systems[0].gradings[1].quote");
  });

  it("skips an empty permission_quote (the guide states no reuse terms)", () => {
    const guide = sampleGuide();
    guide.permission_quote = "";
    expect(quoteSites(guide).map((site) => site.path)).not.toContain("$.permission_quote");
  });
});

describe("quotesOccurInCapture", () => {
  it("accepts quotes found verbatim in the capture's readable text", () => {
    expect(check()).toEqual([]);
  });

  it("reports a quote that is not in the capture, by path, with its start and the nearest text of the capture", () => {
    const guide = sampleGuide();
    guide.systems[0]!.gradings[3]!.quote = "Seed 556";
    guide.related_guides[0]!.quote = "See my Phase 4 guide for the blue ones, and my other guides about every finish there is";
    expect(check(guide)).toEqual([
      {
        path: "$.related_guides[0].quote",
        message: `not found in snapshots/${CAPTURE_PATH}: "See my Phase 4 guide for the blue ones, and my other guides …"; nearest text, line 23: "See my Phase 4 guide for the blue ones"`,
        expected: EXPECTED,
      },
      { path: "$.systems[0].gradings[3].quote", message: `not found in snapshots/${CAPTURE_PATH}: "Seed 556"; nearest text, line 48: "Seed 555"`, expected: EXPECTED },
    ]);
  });

  it("takes a quote's leading and trailing spaces as part of it: found only where the capture has them too", () => {
    const guide = sampleGuide();
    // In the page, "Seed 555" stands alone in its list item: no space before or after it.
    guide.systems[0]!.gradings[3]!.quote = " Seed 555";
    guide.remarks[0]!.quote = "Seed 555 ";
    // "Tier 2:  42,  7" does have a space after its comma.
    guide.callouts[0]!.quote = "Tier 2:  42, ";
    expect(check(guide).map((found) => found.path).sort()).toEqual(["$.remarks[0].quote", "$.systems[0].gradings[3].quote"]);
  });

  it("does not find words that are only inside a script or a comment", () => {
    const guide = sampleGuide();
    guide.remarks[0]!.quote = "Seed 999 is secret";
    guide.item_claims[0]!.quote = "Seed 1000 was removed";
    expect(check(guide).map((found) => found.path)).toEqual(["$.remarks[0].quote", "$.item_claims[0].quote"]);
  });

  it("says when the words are there with other spacing", () => {
    const guide = sampleGuide();
    guide.systems[0]!.gradings[2]!.quote = "Tier 2: 42, 7";
    expect(check(guide)[0]?.message).toBe(
      `not found in snapshots/${CAPTURE_PATH}: "Tier 2: 42, 7" (the words are there with different spacing: copy spaces, no-break spaces and line breaks exactly); nearest text, line 55: "Tier 2:··42,··7" (· space)`,
    );
  });

  it("says when a quote holds an HTML entity instead of its character", () => {
    const guide = sampleGuide();
    guide.systems[0]!.gradings[1]!.note = { quote: "Seed 661 &amp; 321 are the same pattern." };
    expect(check(guide)[0]?.message).toBe(
      `not found in snapshots/${CAPTURE_PATH}: "Seed 661 &amp; 321 are the same pattern." (it holds an HTML entity such as &amp;; write the character itself); nearest text, line 46: "Seed 661 & 321 are the same pattern."`,
    );
  });

  it("shows no-break spaces and line breaks of the nearest text", () => {
    const capture = sampleCapture(CAPTURE_HTML.replace("<p>Members: 661, 12</p>", "<p>Members:&nbsp;661,<br>12</p>"));
    expect(check(sampleGuide(), capture).map((found) => [found.path, found.message.replace(/^.*; nearest/, "nearest")])).toEqual([
      ["$.systems[1].gradings[0].quote", 'nearest text, line 72: "Members:⍽661,⏎12" (⍽ no-break space, ⏎ line break)'],
      ["$.systems[1].gradings[1].quote", 'nearest text, line 72: "Members:⍽661,⏎12" (⍽ no-break space, ⏎ line break)'],
    ]);
  });

  it("finds a quote of a number only where that number is written whole, not inside a longer one", () => {
    const capture = sampleCapture(`<html><body><p>EXAMPLE CONTENT</p><p>Tier 1: 661, 321</p><p>Tier 2: 66, 32</p></body></html>`);
    const quoting = (...quotes: string[]) => ({ systems: [{ gradings: quotes.map((quote) => ({ quote })) }] });
    const checkQuotes = (document: unknown, readable: ReadableCapture) => quotesOccurInCapture(document, readable, `snapshots/${CAPTURE_PATH}`);
    expect(checkQuotes(quoting("66", "32", "Tier 2: 66", "661, 321"), capture)).toEqual([]);
    const alone = sampleCapture(`<html><body><p>EXAMPLE CONTENT</p><p>Tier 1: 661, 321</p></body></html>`);
    expect(checkQuotes(quoting("Tier 1: 66", "21"), alone)).toEqual([
      {
        path: "$.systems[0].gradings[0].quote",
        message: `not found in snapshots/${CAPTURE_PATH}: "Tier 1: 66"; it is written only as part of a longer number, line 4: "Tier 1: 661" (a quote matches whole numbers only)`,
        expected: EXPECTED,
      },
      {
        path: "$.systems[0].gradings[1].quote",
        message: `not found in snapshots/${CAPTURE_PATH}: "21"; it is written only as part of a longer number, line 4: "321" (a quote matches whole numbers only)`,
        expected: EXPECTED,
      },
    ]);
  });

  it("adds no nearest text when no word of the quote is in the capture", () => {
    const guide = sampleGuide();
    guide.remarks[0]!.quote = "Zebra quokka";
    expect(check(guide)[0]?.message).toBe(`not found in snapshots/${CAPTURE_PATH}: "Zebra quokka"`);
  });

  it("checks every quote site the document has", () => {
    const guide = sampleGuide();
    const sites = quoteSites(guide).length;
    guide.permission_quote = "nope 1";
    guide.incomplete = { quote: "nope 2" };
    guide.systems[0]!.definition = { quote: "nope 3" };
    guide.systems[0]!.levels[1]!.definition = { quote: "nope 4" };
    guide.systems[0]!.levels[1]!.ordered_quote = "nope 5";
    expect(check(guide).map((found) => found.path)).toEqual([
      "$.permission_quote",
      "$.incomplete.quote",
      "$.systems[0].definition.quote",
      "$.systems[0].levels[1].ordered_quote",
      "$.systems[0].levels[1].definition.quote",
    ]);
    expect(quoteSites(guide).length).toBe(sites + 2);
  });
});
