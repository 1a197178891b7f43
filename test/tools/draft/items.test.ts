import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { ItemFile } from "../../../contract/schema/item.ts";
import { prepareCapture } from "../../../generator/capture/capture.ts";
import { draftGuide } from "../../../tools/draft/draft.ts";
import { itemNamed, readingItem } from "../../../tools/draft/items.ts";

const item = (slug: string): ItemFile => JSON.parse(readFileSync(new URL(`../../../dataset/items/${slug}.json`, import.meta.url), "utf8")) as ItemFile;

function draftOf(html: string, slugs: readonly string[]) {
  const { readable } = prepareCapture("test/page.html", new TextEncoder().encode(html));
  if ("problem" in readable) throw new Error(readable.problem);
  const { guide, summary } = draftGuide({ capture: readable, platformId: "990000001", items: slugs.map(item), snapshot: { path: "test/page.html", sha256: "0".repeat(64), retrieved_at: "2024-03-02T09:30:00+00:00" } });
  return { systems: guide.systems as { id: string; item: string; paint_indexes: number[] | null }[], summary };
}

describe("itemNamed: the item a heading names", () => {
  const rifles = [item("ak-47-case-hardened"), item("five-seven-case-hardened")];
  const karambits = [item("karambit-doppler"), item("karambit-gamma-doppler")];

  it("reads the weapon and finish words loosely: with or without the bar, the weapon's number or its first word only", () => {
    for (const heading of ["AK-47 | Case Hardened", "AK-47 Case Hardened", "AK Case Hardened", "ak-47 case hardened blue gems"]) expect(itemNamed(heading, rifles)?.slug).toBe("ak-47-case-hardened");
    expect(itemNamed("Five-SeveN Case Hardened", rifles)?.slug).toBe("five-seven-case-hardened");
  });

  it("prefers the item whose finish is written whole: a Karambit's Doppler is not its Gamma Doppler", () => {
    expect(itemNamed("Karambit | Doppler", karambits)?.slug).toBe("karambit-doppler");
    expect(itemNamed("Karambit Gamma Doppler", karambits)?.slug).toBe("karambit-gamma-doppler");
    expect(itemNamed("M9 Bayonet Doppler", [item("bayonet-doppler"), item("m9-bayonet-doppler")])?.slug).toBe("m9-bayonet-doppler");
  });

  it("names nothing when a heading names no item, or several alike", () => {
    expect(itemNamed("Tier 1", rifles)).toBeNull();
    expect(itemNamed("Case Hardened", rifles)).toBeNull();
    expect(itemNamed("Karambit", karambits)).toBeNull();
    expect(itemNamed("Example Guide: an AK-47 and a Karambit", [item("ak-47-case-hardened"), item("karambit-doppler")])).toBeNull();
  });

  it("reads a page of one item with that item as it is", () => {
    const ak = item("ak-47-case-hardened");
    expect(readingItem([ak])).toBe(ak);
  });
});

describe("guide:draft of a page ranking several items", () => {
  it("puts each system on the item its section heading names, and its paints are that item's", () => {
    const html = `<h1>Example Guide: a Karambit's two Dopplers</h1><p>EXAMPLE CONTENT</p>
<h2>Karambit | Doppler</h2><h3>Phase 2</h3><p>Tier 1: 12, 34</p>
<h2>Karambit Gamma Doppler</h2><h3>Phase 2</h3><p>Tier 1: 112, 134</p><h3>Emerald</h3><p>Tier 1: 101</p>`;
    const { systems, summary } = draftOf(html, ["karambit-doppler", "karambit-gamma-doppler"]);
    const paint = (slug: string, label: string) => item(slug).paints.find((candidate) => candidate.paint_label === label)!.paint_index;
    expect(systems.map(({ item, paint_indexes }) => ({ item, paint_indexes }))).toEqual([
      { item: "karambit-doppler", paint_indexes: [paint("karambit-doppler", "Phase 2")] },
      { item: "karambit-gamma-doppler", paint_indexes: [paint("karambit-gamma-doppler", "Phase 2")] },
      { item: "karambit-gamma-doppler", paint_indexes: [paint("karambit-gamma-doppler", "Emerald")] },
    ]);
    expect(summary).toContain('system phase_2_2 (tier, 1 level, 2 gradings) on karambit-gamma-doppler, paint Phase 2: "Phase 2"');
    expect(summary.filter((line) => line.includes("no heading names its item"))).toEqual([]);
  });

  it("puts a system no heading names on the first item, and says so under \"check these\"", () => {
    const html = `<h1>Example Guide: blue gems of two guns</h1><p>EXAMPLE CONTENT</p>
<h2>AK-47 | Case Hardened</h2><h3>Tier 1</h3><p>661, 151</p>
<h2>Five-SeveN Case Hardened</h2><h3>Tier 1</h3><p>278, 690</p>
<h2>Other finds</h2><h3>Tier 1</h3><p>300, 301</p>`;
    const { systems, summary } = draftOf(html, ["ak-47-case-hardened", "five-seven-case-hardened"]);
    expect(systems.map(({ id, item }) => [id, item])).toEqual([
      ["ak_47_case_hardened", "ak-47-case-hardened"],
      ["five_seven_case_hardened", "five-seven-case-hardened"],
      ["other_finds", "ak-47-case-hardened"],
    ]);
    expect(summary).toContain("  - system other_finds: no heading names its item; put on ak-47-case-hardened, change it if wrong");
    expect(summary).toContain('system other_finds (tier, 1 level, 2 gradings) on ak-47-case-hardened, all paints: "Other finds"');
  });

  it("puts every system of a one-item page on that item without a word about it", () => {
    const html = `<h1>Example Guide</h1><p>EXAMPLE CONTENT</p><h2>Other finds</h2><h3>Tier 1</h3><p>300, 301</p>`;
    const { systems, summary } = draftOf(html, ["five-seven-case-hardened"]);
    expect(systems.map((system) => system.item)).toEqual(["five-seven-case-hardened"]);
    expect(summary.filter((line) => line.includes("names its item"))).toEqual([]);
  });
});
