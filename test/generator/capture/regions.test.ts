import { describe, expect, it } from "vitest";
import { readHtml, type CaptureText } from "../../../generator/capture/capture-text.ts";
import { nonGuideRegions, regionHolding } from "../../../generator/capture/regions.ts";

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
