import { describe, expect, it } from "vitest";
import type { Changes } from "../../../contract/schema/changes.ts";
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

const ak = { def_index: 7, paint_index: 44, slug: "ak-47-case-hardened" };
const place = { item: ak, seed: 661, platform_id: "200", system: "blue" };
/** One change of every kind, each total its own number (some past a thousand), so each cell shows its own count. */
const everyKind: Changes = {
  from: "vA",
  to: "vB",
  totals: {
    guides_added: 1,
    guides_removed: 2,
    guides_retitled: 3,
    systems_added: 4,
    systems_removed: 5,
    levels_added: 6,
    levels_removed: 7,
    levels_renamed: 8,
    verdicts_added: 9,
    verdicts_removed: 10,
    verdicts_moved: 11,
    items_added: 1200,
    items_removed: 13,
    responses_changed: 1400,
    responses_added: 1500,
    responses_removed: 1600,
  },
  guides: {
    added: [{ platform_id: "300", title: "Example guide 300" }],
    removed: [{ platform_id: "30", title: "Example guide 30" }],
    retitled: [{ platform_id: "200", from: "Old | title", to: "New *title*" }],
  },
  systems: { added: [{ platform_id: "200", system: "gold", label: "Gold | gems" }], removed: [{ platform_id: "200", system: "red`s", label: "Red" }] },
  levels: {
    added: [{ platform_id: "200", system: "blue", key: "t3", label: "Tier 3" }],
    removed: [{ platform_id: "200", system: "blue", key: "t4", label: "Tier 4" }],
    renamed: [{ platform_id: "200", system: "blue", key: "t1", from: "Tier 1", to: "Tier One" }],
  },
  verdicts: {
    added: [{ ...place, level: { key: "t1", label: "Tier 1" } }],
    removed: [{ ...place, seed: 151, level: { key: "t2", label: "Tier 2" } }],
    moved: [{ ...place, seed: 955, from: { key: "t1", label: "Tier 1" }, to: { key: "t2", label: "Tier 2" } }],
  },
  items: {
    added: [{ def_index: 507, paint_index: 418, slug: "karambit-doppler", weapon: "Karambit", finish: "Doppler", paint_label: "Phase 1" }],
    removed: [{ def_index: 4, paint_index: 694, slug: "glock-18-moonrise", weapon: "Glock-18", finish: "Moonrise", paint_label: "" }],
  },
};
const everyKindGuides = {
  added: [
    {
      platform_id: "300",
      title: "Example guide 300",
      url: "https://example.com/guides/300?a=<b>",
      items: [{ slug: "karambit-doppler", paints: ["Ruby", "Phase 1"] }],
      systems: [{ id: "pattern", label: "Pattern", item: "karambit-doppler", paints: ["Ruby", "Phase 1"], levels: [{ key: "p1", label: "P1", seeds: 1 }, { key: "p2", label: "P2", seeds: 2 }], seeds: 3 }],
    },
  ],
  removed: [
    {
      platform_id: "30",
      title: "Example guide 30",
      url: "https://example.com/guides/30",
      items: [{ slug: "ak-47-case-hardened", paints: "all paints" as const }],
      systems: [{ id: "gold", label: "Gold", item: "ak-47-case-hardened", paints: "all paints" as const, levels: [{ key: "member", label: "Gold gems", seeds: 1 }], seeds: 1 }],
    },
  ],
  edited: [{ platform_id: "900", title: "Example guide 900", edits: [{ field: "updated", before: '"2026-01-01T10:00"', after: '"2026-03-01T10:00"' }] }],
};
const everyKindResponses = { changed: ["/v1/guides/200"], added: ["/v1/items/7/44/seeds/1", "/v1/items/7/44/seeds/2"], removed: ["/v1/guides/30"] };

function withAddedGuide() {
  const changes = { ...initialChanges("vB"), from: "vA" };
  changes.guides.added.push({ platform_id: summary.platform_id, title: summary.title });
  changes.totals.guides_added = 1;
  return changes;
}

describe("the changes as markdown for a pull request comment", () => {
  it("one change of each kind is the heading, the totals, a table per kind, each added or removed guide with its items and systems, and the responses by request", () => {
    expect(markdownChanges(everyKind, everyKindGuides, everyKindResponses).split("\n")).toEqual([
      "## Dataset changes: `vA` → `vB`",
      "",
      "|  | added | removed | other |",
      "| --- | --- | --- | --- |",
      "| guides | 1 | 2 | 3 retitled |",
      "| systems | 4 | 5 |  |",
      "| levels | 6 | 7 | 8 renamed |",
      "| verdicts | 9 | 10 | 11 moved |",
      "| items | 1,200 | 13 |  |",
      "| responses | 1,500 | 1,600 | 1,400 changed |",
      "",
      "### Guides added (1)",
      "",
      "#### 300: Example guide 300",
      "",
      "<https://example.com/guides/300?a=<b%3E>",
      "",
      "| item | paints |",
      "| --- | --- |",
      "| `karambit-doppler` | Ruby, Phase 1 |",
      "",
      "| system | item | paints | levels (seeds) | seeds |",
      "| --- | --- | --- | --- | --- |",
      "| `pattern` Pattern | `karambit-doppler` | Ruby, Phase 1 | P1 (1), P2 (2) | 3 |",
      "",
      "### Guides removed (1)",
      "",
      "#### 30: Example guide 30",
      "",
      "<https://example.com/guides/30>",
      "",
      "| item | paints |",
      "| --- | --- |",
      "| `ak-47-case-hardened` | all paints |",
      "",
      "| system | item | paints | levels (seeds) | seeds |",
      "| --- | --- | --- | --- | --- |",
      "| `gold` Gold | `ak-47-case-hardened` | all paints | Gold gems (1) | 1 |",
      "",
      "### Guides retitled (1)",
      "",
      "| guide | from | to |",
      "| --- | --- | --- |",
      "| 200 | Old \\| title | New \\*title\\* |",
      "",
      "### Guides edited (1)",
      "",
      "| guide | field | before | after |",
      "| --- | --- | --- | --- |",
      '| 900 | `updated` | "2026-01-01T10:00" | "2026-03-01T10:00" |',
      "",
      "### Systems added (1)",
      "",
      "| guide | system | label |",
      "| --- | --- | --- |",
      "| 200 | `gold` | Gold \\| gems |",
      "",
      "### Systems removed (1)",
      "",
      "| guide | system | label |",
      "| --- | --- | --- |",
      "| 200 | `red's` | Red |",
      "",
      "### Levels added (1)",
      "",
      "| guide | system | key | label |",
      "| --- | --- | --- | --- |",
      "| 200 | `blue` | t3 | Tier 3 |",
      "",
      "### Levels removed (1)",
      "",
      "| guide | system | key | label |",
      "| --- | --- | --- | --- |",
      "| 200 | `blue` | t4 | Tier 4 |",
      "",
      "### Levels renamed (1)",
      "",
      "| guide | system | key | from | to |",
      "| --- | --- | --- | --- | --- |",
      "| 200 | `blue` | t1 | Tier 1 | Tier One |",
      "",
      "### Verdicts moved (1)",
      "",
      "| seed | item | guide | system | from | to |",
      "| --- | --- | --- | --- | --- | --- |",
      "| 955 | `ak-47-case-hardened` 7/44 | 200 | `blue` | Tier 1 | Tier 2 |",
      "",
      "### Verdicts added (1)",
      "",
      "| seed | item | guide | system | level |",
      "| --- | --- | --- | --- | --- |",
      "| 661 | `ak-47-case-hardened` 7/44 | 200 | `blue` | Tier 1 |",
      "",
      "### Verdicts removed (1)",
      "",
      "| seed | item | guide | system | was |",
      "| --- | --- | --- | --- | --- |",
      "| 151 | `ak-47-case-hardened` 7/44 | 200 | `blue` | Tier 2 |",
      "",
      "### Items added (1)",
      "",
      "| item | name | paint |",
      "| --- | --- | --- |",
      "| `karambit-doppler` 507/418 | Karambit \\| Doppler | Phase 1 |",
      "",
      "### Items removed (1)",
      "",
      "| item | name | paint |",
      "| --- | --- | --- |",
      "| `glock-18-moonrise` 4/694 | Glock-18 \\| Moonrise |  |",
      "",
      "### Responses (4500)",
      "",
      "- changed `/v1/guides/200`",
      "- added `/v1/items/7/44/seeds/{1..2}` (2 responses)",
      "- removed `/v1/guides/30`",
      "",
    ]);
  });

  it("a first build says so in its heading, and a build that changes nothing shows the totals alone", () => {
    expect(markdownChanges(initialChanges("vB"), { added: [], removed: [], edited: [] }, { changed: [], added: [], removed: [] }).split("\n")).toEqual([
      "## Dataset changes: first build `vB`",
      "",
      "|  | added | removed | other |",
      "| --- | --- | --- | --- |",
      "| guides | 0 | 0 | 0 retitled |",
      "| systems | 0 | 0 |  |",
      "| levels | 0 | 0 | 0 renamed |",
      "| verdicts | 0 | 0 | 0 moved |",
      "| items | 0 | 0 |  |",
      "| responses | 0 | 0 | 0 changed |",
      "",
    ]);
  });

  it("responses only added, or only removed, are listed all the same", () => {
    const only = (kind: "added" | "removed") => {
      const changes = { ...initialChanges("vB"), from: "vA" };
      changes.totals[`responses_${kind}`] = 1;
      return markdownChanges(changes, { added: [], removed: [], edited: [] }, { changed: [], added: [], removed: [], [kind]: ["/v1/guides/200"] });
    };
    expect(only("added")).toContain("### Responses (1)\n\n- added `/v1/guides/200`\n");
    expect(only("removed")).toContain("### Responses (1)\n\n- removed `/v1/guides/200`\n");
  });

  it("without the requests named, the responses are counted in the totals and not listed", () => {
    expect(markdownChanges(everyKind, everyKindGuides)).not.toContain("Responses");
  });

  it("a table of exactly the rows shown says nothing of more", () => {
    const changes = withAddedGuide();
    const place = { item: { def_index: 7, paint_index: 44, slug: "ak-47-case-hardened" }, platform_id: "1", system: "s", level: { key: "t1", label: "Tier 1" } };
    for (let seed = 0; seed < MAX_ROWS; seed++) changes.verdicts.added.push({ ...place, seed });
    const text = markdownChanges(changes, { added: [], removed: [], edited: [] });
    expect(text).toContain(`| ${MAX_ROWS - 1} | \`ak-47-case-hardened\` 7/44 | 1 | \`s\` | Tier 1 |\n`);
    expect(text).not.toContain("more");
  });

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
    expect(text).toContain(`| ${MAX_ROWS - 1} | \`ak-47-case-hardened\` 7/44 | 1 | \`s\` | Tier 1 |\n\n… and 5 more (\`npm run changes -- --json\` lists all).\n`);
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
    expect(lines.slice(-4)).toEqual(["- changed `/v1/guides/1056`", "", "… and 11 more (`npm run changes -- --responses` lists every one).", ""]);
  });
});
