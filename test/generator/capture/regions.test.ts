import { describe, expect, it } from "vitest";
import { readHtml, type CaptureText } from "../../../generator/capture/capture-text.ts";
import { nonGuideRegions, regionHolding, regionOf } from "../../../generator/capture/regions.ts";

const STEAM_LIKE = `<div class="apphub_HomeHeaderContent"><div class="apphub_AppName ellipsis">Counter-Strike 2</div></div>
<div class="guide subSections"><div class="subSection detailBox"><div class="subSectionTitle">Tier 1</div><div class="subSectionDesc">661, 151</div></div></div>
<div class="rightDetailsBlock"><div class="guide_index"><div class="subSectionTitle">Tier 1</div></div><table class="stats_table"><tr><td>12,481</td><td>Unique Visitors</td></tr></table></div>
<div class="commentthread_area"><div class="commentthread_comment_text">661 is overrated, 955 is better</div></div>
<aside>Related: 321</aside><nav>Home</nav><footer>© 2024</footer>`;

describe("non-guide regions", () => {
  it("finds a page's app hub header, comment thread, sidebar, navigation and footer, outermost only", () => {
    const { text, elements } = readHtml(STEAM_LIKE) as CaptureText;
    const regions = nonGuideRegions(elements).map(({ region, start, end }) => [region, text.slice(start, end).trim()]);
    expect(regions).toEqual([
      ["navigation", "Counter-Strike 2"],
      ["sidebar", "Tier 1\n\n\n\n\n12,481\n\nUnique Visitors"],
      ["comment thread", "661 is overrated, 955 is better"],
      ["sidebar", "Related: 321"],
      ["navigation", "Home"],
      ["footer", "© 2024"],
    ]);
  });

  it("says which region holds a span, and none for the guide's own text or a span leaving a region", () => {
    const { text, elements } = readHtml(STEAM_LIKE) as CaptureText;
    const regions = nonGuideRegions(elements);
    const at = (needle: string, from = 0) => text.indexOf(needle, from);
    expect(regionHolding(regions, at("661, 151"), at("661, 151") + 8)).toBeNull();
    expect(regionHolding(regions, at("955 is better"), at("955 is better") + 13)?.region).toBe("comment thread");
    expect(regionHolding(regions, at("Tier 1", at("Tier 1") + 1), at("Tier 1", at("Tier 1") + 1) + 6)?.region).toBe("sidebar");
    expect(regionHolding(regions, at("Related"), text.length)).toBeNull();
  });
});

describe("which elements are not the guide", () => {
  const element = (tag: string, attributes: Record<string, string> = {}) => ({ tag, attributes, start: 0, end: 1, depth: 0 });

  it("reads a region from a tag, from any class name or from the id", () => {
    expect(
      [
        regionOf(element("aside")),
        regionOf(element("div", { class: "x  commentthread_comment" })),
        regionOf(element("div", { id: "sidebar" })),
        regionOf(element("div", { class: "rightcol" })),
        regionOf(element("div", { class: "toc-list" })),
        regionOf(element("nav")),
        regionOf(element("div", { class: "breadcrumbs" })),
        regionOf(element("footer")),
        regionOf(element("div", { id: "page-footer" })),
        regionOf(element("div", { class: "detailsStatsContainerLeft" })),
      ],
    ).toEqual(["sidebar", "comment thread", "sidebar", "sidebar", "guide index", "navigation", "navigation", "footer", "footer", "page statistics"]);
  });

  it("reads none from the guide's own elements, whose names only resemble a region's", () => {
    expect([regionOf(element("div", { class: "subSectionDesc", id: "" })), regionOf(element("div", { class: "bright" })), regionOf(element("div", { class: "tocs" })), regionOf(element("p"))]).toEqual([null, null, null, null]);
  });
});

describe("the regions of a page", () => {
  it("are the outermost non-guide elements with text, an empty one left out, one starting as another ends kept", () => {
    const html = '<p>Tier 1: 661</p><aside></aside><aside>321</aside><nav>Home</nav><p>Tier 2: 32</p>';
    const { text, elements } = readHtml(html) as CaptureText;
    expect(nonGuideRegions(elements).map(({ region, start, end }) => [region, text.slice(start, end)])).toEqual([
      ["sidebar", "321"],
      ["navigation", "Home"],
    ]);
  });

  it("include a non-guide element at the very start of a page's text", () => {
    const { text, elements } = readHtml("<nav>Home</nav> 661") as CaptureText;
    expect(nonGuideRegions(elements).map(({ region, start, end }) => [region, text.slice(start, end)])).toEqual([["navigation", "Home"]]);
  });

  it("find the region holding a span among many, searching both ways", () => {
    const regions = [10, 20, 30, 40, 50].map((start) => ({ region: `r${start}`, start, end: start + 5 }));
    expect([10, 20, 30, 40, 50].map((start) => regionHolding(regions, start, start + 5)?.region)).toEqual(["r10", "r20", "r30", "r40", "r50"]);
    expect([regionHolding(regions, 5, 9), regionHolding(regions, 15, 16), regionHolding(regions, 54, 56), regionHolding(regions, 60, 61), regionHolding([], 0, 1)]).toEqual([null, null, null, null, null]);
    expect(regionHolding(regions, 54, 55)?.region).toBe("r50");
    const adjacent = [
      { region: "sidebar", start: 10, end: 15 },
      { region: "navigation", start: 15, end: 20 },
    ];
    expect(regionHolding(adjacent, 15, 17)?.region).toBe("navigation");
  });
});
