import { describe, expect, it } from "vitest";
import { initialChanges } from "../../../generator/changes/compare.ts";
import type { GuideSummary } from "../../../generator/changes/guide-summary.ts";
import { cell, markdownChanges, MAX_RESPONSE_LINES, MAX_ROWS } from "../../../generator/changes/markdown.ts";

const summary: GuideSummary = {
  platform_id: "3012345678",
  title: "AK-47 | Case Hardened *blue* <gems>",
  url: "https://steamcommunity.com/sharedfiles/filedetails/?id=3012345678",
  items: [{ slug: "ak-47-case-hardened", paints: "all paints" }],
  systems: [{ id: "blue_gem", label: "Blue | Gem", item: "ak-47-case-hardened", paints: "all paints", levels: [{ key: "t1", label: "Tier 1", seeds: 4 }], seeds: 4 }],
};

function withAddedGuide() {
  const changes = { ...initialChanges("vB"), from: "vA" };
  changes.guides.added.push({ platform_id: summary.platform_id, title: summary.title });
  changes.totals.guides_added = 1;
  return changes;
}

describe("the changes as markdown for a pull request comment", () => {
  it("a cell shows a title as written: a | does not end the cell and markup is not read", () => {
    expect(cell("AK-47 | Case Hardened")).toBe("AK-47 \\| Case Hardened");
    expect(cell("*x* <b> [a](b)\nnext")).toBe("\\*x\\* \\<b\\> \\[a\\]\\(b\\) next");
  });

  it("an added guide is a heading with its link, a table of its items and one of its systems", () => {
    const text = markdownChanges(withAddedGuide(), { added: [summary], removed: [], edited: [] });
    expect(text.startsWith("## Dataset changes: `vA` → `vB`\n")).toBe(true);
    expect(text).toContain("| guides | 1 | 0 | 0 retitled |");
    expect(text).toContain("### Guides added (1)\n\n#### 3012345678: AK-47 \\| Case Hardened \\*blue\\* \\<gems\\>\n");
    expect(text).toContain("<https://steamcommunity.com/sharedfiles/filedetails/?id=3012345678>");
    expect(text).toContain("| `ak-47-case-hardened` | all paints |");
    expect(text).toContain("| `blue_gem` Blue \\| Gem | `ak-47-case-hardened` | all paints | Tier 1 (4) | 4 |");
    expect(text).not.toMatch(/\u001b\[/);
  });

  it("every table row has as many cells as its header", () => {
    const text = markdownChanges(withAddedGuide(), { added: [summary], removed: [], edited: [] });
    const cells = (line: string) => line.replaceAll("\\|", "").split("|").length;
    const blocks = text.split("\n\n").map((block) => block.split("\n").filter((line) => line.startsWith("|")));
    for (const rows of blocks.filter((rows) => rows.length > 0)) for (const row of rows) expect(cells(row), row).toBe(cells(rows[0]!));
  });

  it("a long list is cut after its first rows, saying how many more there are", () => {
    const changes = withAddedGuide();
    const place = { item: { def_index: 7, paint_index: 44, slug: "ak-47-case-hardened" }, platform_id: "1", system: "s", level: { key: "t1", label: "Tier 1" } };
    for (let seed = 0; seed < MAX_ROWS + 5; seed++) changes.verdicts.added.push({ ...place, seed });
    const text = markdownChanges(changes, { added: [], removed: [], edited: [] });
    expect(text).toContain(`### Verdicts added (${MAX_ROWS + 5})`);
    expect(text).toContain("… and 5 more");
  });

  it("a guide both builds hold is a row per field it edits, before and after, read as text", () => {
    const edited = [{ platform_id: "900", title: "Example guide 900", edits: [{ field: "unassigned_review", before: "none", after: '3 unassigned, reviewed 2026-01-05 by "Example | Author"' }] }];
    const text = markdownChanges({ ...initialChanges("vB"), from: "vA" }, { added: [], removed: [], edited });
    expect(text).toContain('### Guides edited (1)\n\n| guide | field | before | after |\n| --- | --- | --- | --- |\n| 900 | `unassigned_review` | none | 3 unassigned, reviewed 2026-01-05 by "Example \\| Author" |');
  });

  it("names the responses that change up to a number of lines, then counts the rest", () => {
    const changes = { ...initialChanges("vB"), from: "vA" };
    const guides = Array.from({ length: MAX_RESPONSE_LINES + 10 }, (_, i) => `/v1/guides/${1000 + 2 * i}`);
    changes.totals.responses_changed = guides.length + 1001;
    const seeds = Array.from({ length: 1001 }, (_, seed) => `/v1/items/7/44/seeds/${seed}`);
    const text = markdownChanges(changes, { added: [], removed: [], edited: [] }, { changed: [...seeds, ...guides], added: [], removed: [] });
    const lines = text.slice(text.indexOf(`### Responses (${guides.length + 1001})`)).split("\n");
    expect(lines.filter((line) => line.startsWith("- "))).toHaveLength(MAX_RESPONSE_LINES);
    expect(lines).toContain("- changed `/v1/items/7/44/seeds/{0..1000}` (1,001 responses)");
    expect(lines).toContain("… and 11 more (`npm run changes -- --responses` lists every one).");
  });
});
