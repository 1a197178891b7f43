import { describe, expect, it } from "vitest";
import { prepareCapture, type ReadableCapture } from "../../../../generator/capture/capture.ts";
import { imageSites, imagesOccurInCapture, occursAsFileName } from "../../../../generator/validate/rules/images.ts";
import { CAPTURE_HTML, CAPTURE_PATH, sampleGuide } from "../../../fixtures/validate/sample-dataset.ts";

function sampleCapture(html = CAPTURE_HTML): ReadableCapture {
  const { readable } = prepareCapture(CAPTURE_PATH, new TextEncoder().encode(html));
  if ("problem" in readable) throw new Error(readable.problem);
  return readable;
}

const check = (guide: unknown = sampleGuide(), capture = sampleCapture()) => imagesOccurInCapture(guide, capture, `snapshots/${CAPTURE_PATH}`);
const EXPECTED = "the file name of an image the page shows, as its source writes it (the last part of an img src or link)";

describe("imageSites", () => {
  it("collects the images of every level and callout, with their JSON paths", () => {
    expect(imageSites(sampleGuide())).toEqual([
      { path: "$.systems[0].levels[2].images[0]", name: "t3.jpg" },
      { path: "$.callouts[0].images[0]", name: "t3.jpg" },
    ]);
  });

  it("reads a document with shape mistakes, skipping what is not a name", () => {
    expect(imageSites({ systems: [{ levels: [{ images: ["a.jpg", 3, ""] }, null] }, 7], callouts: "none" })).toEqual([{ path: "$.systems[0].levels[0].images[0]", name: "a.jpg" }]);
  });
});

describe("occursAsFileName", () => {
  it("finds a name written whole or as the last part of a path, in an attribute, a srcset or a CSS url()", () => {
    expect(occursAsFileName('<img src="ak-t1-overview.jpg">', "ak-t1-overview.jpg")).toBe(true);
    expect(occursAsFileName("<img src=/files/2024/ak-t1-overview.jpg?w=320>", "ak-t1-overview.jpg")).toBe(true);
    expect(occursAsFileName('<img srcset="a.jpg 1x, ak-t1-overview.jpg 2x">', "ak-t1-overview.jpg")).toBe(true);
    expect(occursAsFileName("<div style=\"background:url('https://example.com/i/ak-t1-overview.jpg')\">", "ak-t1-overview.jpg")).toBe(true);
  });

  it("does not find a name that is only part of a longer file name", () => {
    expect(occursAsFileName('<img src="big-ak-t1-overview.jpg">', "ak-t1-overview.jpg")).toBe(false);
    expect(occursAsFileName('<img src="ak-t1-overview.jpg.webp">', "ak-t1-overview.jpg")).toBe(false);
    expect(occursAsFileName('<img src="ak-t1-overview.jpeg">', "ak-t1-overview.jpg")).toBe(false);
  });

  it("finds a name with spaces written percent-encoded in the page", () => {
    expect(occursAsFileName('<img src="img/tier%201.png">', "tier 1.png")).toBe(true);
  });
});

describe("imagesOccurInCapture", () => {
  it("accepts image names the capture's page uses", () => {
    expect(check()).toEqual([]);
  });

  it("reports a level image and a callout image that are not in the capture, with the name the page has", () => {
    const guide = sampleGuide();
    guide.systems[0]!.levels[2]!.images = ["t4.jpg"];
    guide.callouts[0]!.images = ["tier-3-examples.png"];
    expect(check(guide)).toEqual([
      { path: "$.systems[0].levels[2].images[0]", message: `image "t4.jpg" is not a file name in snapshots/${CAPTURE_PATH}; did you mean "t3.jpg"?`, expected: EXPECTED },
      { path: "$.callouts[0].images[0]", message: `image "tier-3-examples.png" is not a file name in snapshots/${CAPTURE_PATH}`, expected: EXPECTED },
    ]);
  });

  it("does not take the end of a longer file name of the page for the image", () => {
    const guide = sampleGuide();
    guide.systems[0]!.levels[0]!.images = ["t3.jpg", "3.jpg"];
    expect(check(guide).map((found) => found.path)).toEqual(["$.systems[0].levels[0].images[1]"]);
  });
});
