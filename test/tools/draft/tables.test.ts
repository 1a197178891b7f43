import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { ItemFile } from "../../../contract/schema/item.ts";
import { prepareCapture } from "../../../generator/capture/capture.ts";
import { quotesOccurInCapture } from "../../../generator/validate/rules/quotes.ts";
import { draftGuide } from "../../../tools/draft/draft.ts";

// Tables read by their header: a level column makes one system whatever the order of its rows, columns of
// prices, percentages, floats and dates are never seeds, and a row whose level cell grades nothing lists its
// seeds for review. Every page here is EXAMPLE CONTENT with invented seeds.

const ITEM = JSON.parse(readFileSync(new URL("../../../dataset/items/ak-47-case-hardened.json", import.meta.url), "utf8")) as ItemFile;

interface DraftedSystem {
  scale: { kind: string; best: number | null; worst: number | null };
  levels: { key: string; label: string }[];
  gradings: { seed: number; level: string; quote: string; rank?: number; value?: { name: string; value: number }; note?: { quote: string } }[];
}

function draft(body: string) {
  const html = `<!DOCTYPE html><html><head><title>Example Guide: Table Page</title></head><body><h1>Example Guide: Table Page</h1><p>EXAMPLE CONTENT: invented seeds for a test.</p>${body}</body></html>`;
  const { readable } = prepareCapture("test/page.html", new TextEncoder().encode(html));
  if ("problem" in readable) throw new Error(readable.problem);
  const drafted = draftGuide({ capture: readable, platformId: "990000003", items: [ITEM], snapshot: { path: "test/page.html", sha256: "0".repeat(64), retrieved_at: "2024-03-02T09:30:00+00:00" } });
  expect(quotesOccurInCapture(drafted.guide, readable, "snapshots/test/page.html").filter((found) => found.path !== "$.permission_quote")).toEqual([]);
  return { ...drafted, systems: drafted.guide.systems as DraftedSystem[] };
}

/** Each system's levels, and its seeds level by level in the order of its gradings. */
function levelsOf(system: DraftedSystem): Record<string, number[]> {
  return Object.fromEntries(system.levels.map((level) => [level.label, system.gradings.filter((grading) => grading.level === level.key).map((grading) => grading.seed)]));
}

/** The items of the summary's "check these" block. */
function checkThese(summary: readonly string[]): string[] {
  const from = summary.indexOf("check these:");
  return from === -1 ? [] : summary.slice(from + 1, summary.indexOf("", from)).map((line) => line.replace(/^ {2}- /, ""));
}

const table = (header: readonly string[], rows: readonly (readonly string[])[], cell = (text: string) => `<td>${text}</td>`) =>
  `<table><tr>${header.map((text) => `<th>${text}</th>`).join("")}</tr>${rows.map((row) => `<tr>${row.map(cell).join("")}</tr>`).join("")}</table>`;

/** 26 invented seeds, sorted, each with a tier of S, A, B, C in no order (the first rows name B, C, A, S). */
const TIERS = "BCASBASCABCSABCBASCABCSBAC".split("");
const PER_SEED = TIERS.map((tier, index) => ({ seed: 14 + index * 37, tier }));
const perSeedRows = PER_SEED.map(({ seed, tier }) => [String(seed), tier, `example note ${seed}`]);
const seedsOfTier = (tier: string) => PER_SEED.filter((row) => row.tier === tier).map((row) => row.seed);

describe("a table with a level column is one system whatever the order of its rows", () => {
  it("a per-seed table sorted by seed with tiers S, A, B, C mixed is one system with levels S, A, B, C, each seed in its level in row order", () => {
    const { systems, summary } = draft(`<h2>Blue gem tiers</h2>${table(["Seed", "Tier", "Notes"], perSeedRows)}`);
    expect(systems).toHaveLength(1);
    expect(systems[0]!.scale.kind).toBe("tier");
    expect(levelsOf(systems[0]!)).toEqual({ S: seedsOfTier("S"), A: seedsOfTier("A"), B: seedsOfTier("B"), C: seedsOfTier("C") });
    // Gradings follow the rows, each with its row's note.
    expect(systems[0]!.gradings.map((grading) => grading.seed)).toEqual(PER_SEED.map((row) => row.seed));
    expect(systems[0]!.gradings[0]!.note).toEqual({ quote: `example note ${PER_SEED[0]!.seed}` });
    expect(checkThese(summary)).toContainEqual(expect.stringMatching(/^line \d+: levels "S", "A", "B", "C" of the table's column 2 put best first by the natural order of their labels \(letter grades/));
  });

  it("a legend written worst first (C < B < A < S) puts the levels best first, and the summary names the legend's line", () => {
    const { systems, summary } = draft(`<h2>Blue gem tiers</h2><p>Legend: C &lt; B &lt; A &lt; S</p>${table(["Seed", "Tier", "Notes"], perSeedRows)}`);
    expect(systems).toHaveLength(1);
    expect(systems[0]!.levels.map((level) => level.label)).toEqual(["S", "A", "B", "C"]);
    expect(levelsOf(systems[0]!).S).toEqual(seedsOfTier("S"));
    expect(checkThese(summary)).toContainEqual(expect.stringMatching(/put best first by the legend on line \d+: "Legend: C < B < A < S"$/));
  });

  it("a legend decides against the labels' natural order: Tier 3 is the best", () => {
    const rows = [["101", "Tier 2"], ["202", "Tier 1"], ["303", "Tier 3"], ["404", "Tier 1"]];
    const { systems, summary } = draft(`<h2>Blue gem tiers</h2><p>In this example guide Tier 3 is the best.</p>${table(["Pattern", "Tier"], rows)}`);
    expect(systems.map((system) => system.levels.map((level) => level.label))).toEqual([["Tier 3", "Tier 2", "Tier 1"]]);
    expect(systems[0]!.scale).toEqual({ kind: "tier", best: 3, worst: 1 });
    expect(checkThese(summary)).toContainEqual(expect.stringMatching(/by the legend on line \d+: "In this example guide Tier 3 is the best\."$/));
  });

  it("levels with no legend and no natural order keep the order the rows first name them, and the summary says so", () => {
    const rows = [["17", "Gold"], ["28", "Blue"], ["39", "Gold"], ["41", "Purple"], ["52", "Blue"]];
    const { systems, summary } = draft(`<h2>Blue gem tiers</h2>${table(["Seed", "Grade"], rows)}`);
    expect(systems.map((system) => levelsOf(system))).toEqual([{ Gold: [17, 39], Blue: [28, 52], Purple: [41] }]);
    expect(checkThese(summary)).toContainEqual(expect.stringMatching(/levels "Gold", "Blue", "Purple" of the table's column 2 put best first as the rows first name them/));
  });

  it("percent bands in a level column go highest first: 100% before 99%", () => {
    const rows = [["12", "95%"], ["23", "100%"], ["34", "99%"], ["45", "100%"]];
    const { systems } = draft(`<h2>Fade bands</h2>${table(["Seed", "Level"], rows)}`);
    expect(systems.map((system) => [system.scale.kind, levelsOf(system)])).toEqual([["band", { "100%": [23, 45], "99%": [34], "95%": [12] }]]);
  });

  it("a Rank header over labels (S, A) names the levels; over numbers it ranks the rows", () => {
    const labelled = draft(`<h2>Blue gem ranks</h2>${table(["Seed", "Rank"], [["61", "A"], ["72", "S"], ["83", "A"]])}`);
    expect(labelled.systems.map((system) => levelsOf(system))).toEqual([{ S: [72], A: [61, 83] }]);
    const numbered = draft(`<h2>Top 3</h2>${table(["Rank", "Seed"], [["1", "72"], ["2", "61"], ["3", "83"]])}`);
    expect(numbered.systems.map((system) => [system.scale.kind, system.gradings.map((grading) => [grading.rank, grading.seed])])).toEqual([["rank", [[1, 72], [2, 61], [3, 83]]]]);
  });

  it("a Place | Seed table under a ranking heading is still a rank scale", () => {
    const { systems } = draft(`<h2>Top 4 overall</h2>${table(["Place", "Seed"], [["1", "661"], ["2", "151"], ["3", "321"], ["4", "955"]])}`);
    expect(systems).toHaveLength(1);
    expect(systems[0]!.scale).toEqual({ kind: "rank", best: 1, worst: 4 });
    expect(systems[0]!.gradings.map((grading) => [grading.rank, grading.seed])).toEqual([[1, 661], [2, 151], [3, 321], [4, 955]]);
  });
});

describe("a row whose level cell grades nothing", () => {
  it("a row with — in the level cell grades nothing, and its seed is listed for review with its line", () => {
    const rows = [["101", "S"], ["202", "—"], ["303", "A"], ["404", "none"], ["505", "S"]];
    const { systems, summary, untranscribed } = draft(`<h2>Blue gem tiers</h2>${table(["Seed", "Tier"], rows)}`);
    expect(systems.map((system) => levelsOf(system))).toEqual([{ S: [101, 505], A: [303] }]);
    const items = checkThese(summary);
    expect(items).toContainEqual(expect.stringMatching(/^line \d+: row with no level in column 2 \("—"\): its seeds are not graded \(seed 202\)$/));
    expect(items).toContainEqual(expect.stringMatching(/^line \d+: row with no level in column 2 \("none"\): its seeds are not graded \(seed 404\)$/));
    expect(untranscribed.map((found) => found.value)).toEqual(expect.arrayContaining([202, 404]));
  });

  it("an empty level cell or a not-graded phrase (almost) grades nothing either", () => {
    const rows = [["101", "S"], ["202", ""], ["303", "almost"], ["404", "A"]];
    const { systems, summary } = draft(`<h2>Blue gem tiers</h2>${table(["Seed", "Tier"], rows)}`);
    expect(systems.map((system) => levelsOf(system))).toEqual([{ S: [101], A: [404] }]);
    expect(checkThese(summary)).toEqual(expect.arrayContaining([expect.stringMatching(/\(empty\): its seeds are not graded \(seed 202\)$/), expect.stringMatching(/\("almost"\): its seeds are not graded \(seed 303\)$/)]));
  });

  it("a level cell naming a callout (Not blue) makes the row's seeds that callout's, graded nowhere", () => {
    const rows = [["101", "S"], ["202", "Not blue"], ["303", "S"], ["404", "Not blue"]];
    const { systems, guide } = draft(`<h2>Blue gem tiers</h2>${table(["Seed", "Tier"], rows)}`);
    expect(systems.map((system) => levelsOf(system))).toEqual([{ S: [101, 303] }]);
    expect((guide.callouts as { kind: string; label: string }[]).map((callout) => [callout.kind, callout.label])).toEqual([["exclusion", "Not blue"]]);
  });
});

describe("columns of prices, percentages, floats and dates are never seeds", () => {
  it("a price column and a blue % column beside the seeds are not seeds; the blue % is each seed's value", () => {
    const rows = [
      ["661", "Tier 1", "450", "92%"],
      ["151", "Tier 2", "$1,200", "81,5%"],
      ["321", "Tier 1", "300", "88%"],
    ];
    const { systems, untranscribed } = draft(`<h2>Blue gem tiers</h2>${table(["Seed", "Tier", "Price", "Blue %"], rows)}`);
    expect(systems.map((system) => levelsOf(system))).toEqual([{ "Tier 1": [661, 321], "Tier 2": [151] }]);
    expect(systems[0]!.gradings.map((grading) => [grading.seed, grading.value])).toEqual([
      [661, { name: "blue_pct", value: 92 }],
      [151, { name: "blue_pct", value: 81.5 }],
      [321, { name: "blue_pct", value: 88 }],
    ]);
    // The prices are left to the review of numbers, never graded.
    expect(systems.flatMap((system) => system.gradings.map((grading) => grading.seed))).not.toContain(450);
    expect(untranscribed.map((found) => found.value)).toEqual(expect.arrayContaining([450, 300]));
  });

  it("a header naming no seed column does not make its price, float or date columns seeds", () => {
    const rows = [["Tier 1", "661", "450", "0.07", "2024-01-12"]];
    const { systems } = draft(`<h2>Blue gem tiers</h2>${table(["Tier", "Skins", "Cost", "Float", "Added"], rows)}`);
    expect(systems.map((system) => levelsOf(system))).toEqual([{ "Tier 1": [661] }]);
  });

  it("without a header, a column mostly of prices is not seeds, even where one of its cells is a bare number", () => {
    const rows = [["661", "Tier 1", "$450"], ["151", "Tier 2", "300"], ["321", "Tier 1", "$900+"]];
    const { systems } = draft(`<h2>Blue gem tiers</h2><table>${rows.map((row) => `<tr>${row.map((text) => `<td>${text}</td>`).join("")}</tr>`).join("")}</table>`);
    expect(systems.flatMap((system) => system.gradings.map((grading) => grading.seed))).toEqual([661, 151, 321]);
  });

  it("headers in other languages name the same columns (Паттерн | Тир | Цена)", () => {
    const rows = [["661", "S", "450"], ["151", "A", "300"], ["321", "S", "120"]];
    const { systems } = draft(`<h2>Blue gem tiers</h2>${table(["Паттерн", "Тир", "Цена"], rows)}`);
    expect(systems.map((system) => levelsOf(system))).toEqual([{ S: [661, 321], A: [151] }]);
  });
});

describe("a table's header row", () => {
  const rows = [["661", "B"], ["151", "A"], ["321", "B"]];
  const expected = [{ A: [151], B: [661, 321] }];

  it("is read from <th> cells", () => {
    expect(draft(`<h2>Blue gem tiers</h2>${table(["Seed", "Tier"], rows)}`).systems.map(levelsOf)).toEqual(expected);
  });

  it("is read from Steam's bb_table_th cells", () => {
    const div = (name: string, text: string) => `<div class="${name}">${text}</div>`;
    const body = `<div class="bb_table">${div("bb_table_tr", div("bb_table_th", "Seed") + div("bb_table_th", "Tier"))}${rows.map((row) => div("bb_table_tr", row.map((text) => div("bb_table_td", text)).join(""))).join("")}</div>`;
    expect(draft(`<h2>Blue gem tiers</h2>${body}`).systems.map(levelsOf)).toEqual(expected);
  });

  it("is read from a first row of bold cells, even one whose words hold numbers (Tier: 1, 2 or 3)", () => {
    const header = `<tr><td><b>Seed</b></td><td><b>Tier: 1, 2 or 3</b></td></tr>`;
    const numbered = [["661", "2"], ["151", "1"], ["321", "2"]];
    const body = `<table>${header}${numbered.map((row) => `<tr>${row.map((text) => `<td>${text}</td>`).join("")}</tr>`).join("")}</table>`;
    const { systems } = draft(`<h2>Blue gem tiers</h2>${body}`);
    expect(systems.map(levelsOf)).toEqual([{ "1": [151], "2": [661, 321] }]);
    expect(systems[0]!.scale).toEqual({ kind: "tier", best: 1, worst: 2 });
  });
});
