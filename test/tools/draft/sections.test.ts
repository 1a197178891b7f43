import { describe, expect, it } from "vitest";
import { outline, sectionsOf } from "../../support/draft-sections.ts";

describe("readSections: the guide's lines as a tree of sections", () => {
  it("nests Steam's section titles, bb_h2 headings and bold lines by rank, each holding what follows it", () => {
    const html = `<div class="subSectionTitle">Tiers</div><div class="subSectionDesc"><div class="bb_h2">Tier 1</div><b>Playside</b><br>661, 151<br><b>Backside</b><br>321<br><div class="bb_h2">Tier 2</div>77</div>
<div class="subSectionTitle">Credits</div><div class="subSectionDesc">Thanks to 3 friends.</div>`;
    expect(outline(sectionsOf(html))).toEqual([
      "§ Tiers",
      "  § Tier 1",
      "    § Playside",
      "      list: 661, 151",
      "    § Backside",
      "      list: 321",
      "  § Tier 2",
      "    list: 77",
      "§ Credits",
      "  prose: Thanks to 3 friends.",
    ]);
  });

  it("keeps a table's rows together, a row of one heading cell opening a section, and numbers each table", () => {
    const html = `<h2>Tiers</h2><table><tr><th>Tier</th><th>Seeds</th></tr><tr><td>Tier 1</td><td>661, 151</td></tr><tr><td colspan="2"><b>Older finds</b></td></tr><tr><td>Tier 2</td><td>77</td></tr></table><p>Between.</p><table><tr><td>Tier 3</td><td>12</td></tr></table>`;
    expect(outline(sectionsOf(html))).toEqual(["§ Tiers", "  row 1: Tier | Seeds", "  row 1: Tier 1 | 661, 151", "  § Older finds", "    row 1: Tier 2 | 77", "    prose: Between.", "    row 2: Tier 3 | 12"]);
  });

  it("reads a line under a picture set as a caption, or saying it describes the picture, as a caption, never as a heading", () => {
    const html = `<h2>Tier 1</h2><b>Pattern #661</b><br><img src="a.jpg"><br><i>661 playside, 0.02 float</i><br><img src="b.jpg"><br>Collage: 661, 151<br><img src="c.jpg"><br>151`;
    expect(outline(sectionsOf(html))).toEqual(["§ Tier 1", "  list: Pattern #661", "  caption: 661 playside, 0.02 float", "  caption: Collage: 661, 151", "  list: 151"]);
  });
});
