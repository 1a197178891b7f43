import { describe, expect, it } from "vitest";
import { prepareCapture, type ReadableCapture } from "../../../../generator/capture/capture.ts";
import { quotesComeFromTheGuide } from "../../../../generator/validate/rules/quote-regions.ts";

function readable(html: string): ReadableCapture {
  const { readable } = prepareCapture("test/page.html", new TextEncoder().encode(html));
  if ("problem" in readable) throw new Error(readable.problem);
  return readable;
}

const PAGE = `<div class="subSectionDesc">Tier 1: 661, 151</div>
<div class="commentthread_area"><div class="commentthread_comment_text">Tier 2: 955, 321</div><div>Tier 1: 661, 151</div></div>`;

describe("quotes come from the guide, not from the comment thread or sidebar", () => {
  it("refuses a grading quoted from the comment thread, naming the region and line", () => {
    const guide = { systems: [{ gradings: [{ seed: 955, quote: "Tier 2: 955, 321" }] }] };
    expect(quotesComeFromTheGuide(guide, readable(PAGE), "snapshots/test/page.html")).toEqual([
      {
        path: "$.systems[0].gradings[0].quote",
        message: 'occurs in snapshots/test/page.html only in the page\'s comment thread (line 6 of the readable text), not in the guide: "Tier 2: 955, 321"',
        expected: "a quote of the guide's own text",
      },
    ]);
  });

  it("accepts a quote that occurs in the guide even when a comment repeats it", () => {
    const guide = { systems: [{ gradings: [{ seed: 661, quote: "Tier 1: 661, 151" }] }] };
    expect(quotesComeFromTheGuide(guide, readable(PAGE), "snapshots/test/page.html")).toEqual([]);
  });
});
