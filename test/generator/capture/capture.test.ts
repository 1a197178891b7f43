import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { prepareCapture, type ReadableCapture } from "../../../generator/capture/capture.ts";

// EXAMPLE CONTENT: invented captures, prepared once as the checks read them.

const bytes = (text: string) => new TextEncoder().encode(text);

function readable(path: string, content: Uint8Array): ReadableCapture {
  const { readable } = prepareCapture(path, content);
  if ("problem" in readable) throw new Error(readable.problem);
  return readable;
}

describe("a capture prepared for the checks", () => {
  it("names the capture under snapshots/ and hashes its bytes as they are", () => {
    const content = bytes("<p>EXAMPLE CONTENT</p>");
    const capture = prepareCapture("990000001/page.html", content);
    expect(capture.shownPath).toBe("snapshots/990000001/page.html");
    expect(capture.sha256).toBe(createHash("sha256").update(content).digest("hex"));
  });

  it("reads an HTML capture's text, elements, non-guide regions and marks, keeping its source", () => {
    const html = '<p>EXAMPLE CONTENT Tier 1: 661, <s>151</s></p><div class="commentthread_area">955</div>';
    const capture = readable("990000001/page.html", bytes(html));
    expect(capture.source).toBe(html);
    expect(capture.text).toBe("\nEXAMPLE CONTENT Tier 1: 661, 151\n\n955\n");
    expect(capture.elements.map((element) => element.tag)).toEqual(["p", "s", "div"]);
    expect(capture.regions.map((region) => [region.region, capture.text.slice(region.start, region.end)])).toEqual([["comment thread", "955"]]);
    expect(capture.marks.map((mark) => [mark.mark, capture.text.slice(mark.start, mark.end)])).toEqual([["struck", "151"]]);
    expect(capture.index.occurrences("661, 151")).toEqual([capture.text.indexOf("661, 151")]);
  });

  it("reads a text capture as its own text, with no elements", () => {
    const capture = readable("990000001/page.txt", bytes("EXAMPLE CONTENT <b>661</b>"));
    expect(capture.text).toBe("EXAMPLE CONTENT <b>661</b>");
    expect([capture.elements, capture.regions]).toEqual([[], []]);
  });

  it("gives a capture of another kind a problem instead of text, still hashed", () => {
    const capture = prepareCapture("990000001/page.pdf", bytes("EXAMPLE CONTENT"));
    expect(capture).toEqual({
      shownPath: "snapshots/990000001/page.pdf",
      sha256: createHash("sha256").update(bytes("EXAMPLE CONTENT")).digest("hex"),
      readable: { problem: "capture snapshots/990000001/page.pdf is neither .html nor .txt", expected: "a .html or .txt capture" },
    });
  });

  it("gives a capture that is not UTF-8 a problem naming the first bad byte", () => {
    const capture = prepareCapture("990000001/page.txt", new Uint8Array([0x45, 0x58, 0xff, 0x41]));
    expect(capture.readable).toEqual({ problem: "capture snapshots/990000001/page.txt is not valid UTF-8 (bad byte at offset 2)", expected: "a capture saved as UTF-8" });
  });
});
