import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { ItemFile } from "../../../contract/schema/item.ts";
import { classifySections, type Classified } from "../../../tools/draft/classify.ts";
import type { Section } from "../../../tools/draft/sections.ts";
import { outline, sectionsOf } from "../../support/draft-sections.ts";

const DATASET = new URL("../../../dataset/", import.meta.url);
const item = (slug: string): ItemFile => JSON.parse(readFileSync(new URL(`items/${slug}.json`, DATASET), "utf8")) as ItemFile;

function classify(html: string, slug = "ak-47-case-hardened"): Classified {
  return classifySections(sectionsOf(html), item(slug));
}

/** Each section's label with its role: `Tier 1: heading`, `Phase 2: paint`, `Fake Fire: heading ranked 1`. */
function roles(classified: Classified): string[] {
  const found: string[] = [];
  const walk = (section: Section) => {
    for (const entry of section.entries) {
      if (entry.kind !== "section") continue;
      const role = classified.roles.get(entry.section)!;
      const detail =
        role.kind === "heading"
          ? [role.ranking === null ? "" : ` ranked ${role.ranking.order}`, role.continues === null ? "" : ` continues ${role.continues.label}`].join("")
          : role.kind === "callout"
            ? ` ${role.callout}`
            : "";
      found.push(`${entry.section.label}: ${role.kind}${detail}`);
      walk(entry.section);
    }
  };
  walk(classified.root);
  return found;
}

describe("classifySections: what each section of the page is", () => {
  it("puts the headings written at a paint heading's rank inside that paint's section, up to the next paint or callout", () => {
    const classified = classify(`<h2>Phase 2</h2><h2>Tier 1</h2><p>3, 41</p><h2>Phase 4</h2><h2>Tier 1</h2><p>66</p><h2>Honourable mentions</h2><p>7</p><h2>Tier 9</h2><p>8</p>`, "karambit-doppler");
    expect(outline(classified.root)).toEqual(["§ Phase 2", "  § Tier 1", "    list: 3, 41", "§ Phase 4", "  § Tier 1", "    list: 66", "§ Honourable mentions", "  list: 7", "§ Tier 9", "  list: 8"]);
    expect(roles(classified)).toEqual(["Phase 2: paint", "Tier 1: heading", "Phase 4: paint", "Tier 1: heading", "Honourable mentions: callout mention", "Tier 9: heading"]);
  });

  it("ends a callout a bold line opened at a level's own label line", () => {
    const classified = classify(`<h2>Tiers</h2><p><b>Not blue gems</b></p><p>4, 28</p><p>Tier C: 7, 8</p><p>9</p>`);
    expect(outline(classified.root)).toEqual(["§ Tiers", "  § Not blue gems", "    list: 4, 28", "  list: Tier C: 7, 8", "  list: 9"]);
  });

  it("folds sub-headings that do not rank into the level above, or the level before them at their rank, and keeps a side holding tiers as a section", () => {
    const classified = classify(
      `<h2>Tier 1</h2><h3>Playside</h3><p>661</p><h3>Backside</h3><p>151</p><h2>Tier 2</h2><p>77</p><h2>Screenshots</h2><p>110</p><h1>Playside</h1><h2>Tier 1</h2><p>5</p>`,
    );
    expect(outline(classified.root)).toEqual(["§ Tier 1", "  list: 661", "  list: 151", "§ Tier 2", "  list: 77", "  list: 110", "§ Playside", "  § Tier 1", "    list: 5"]);
    expect(classified.guesses.map((guess) => guess.what)).toEqual([
      'sub-heading "Playside" read as part of "Tier 1" above it, not as a level',
      'sub-heading "Backside" read as part of "Tier 1" above it, not as a level',
      'heading "Screenshots" read as part of "Tier 2" before it, not as a level',
    ]);
  });

  it("makes the sections a sentence ranks levels in its order, a name like a callout's included", () => {
    const classified = classify(`<h2>Fake Fire</h2><p>152</p><h2>Fire &amp; Ice</h2><p>412</p><p>Fire and Ice &gt; Fake Fire are my tiers.</p>`, "bayonet-marble-fade");
    expect(roles(classified)).toEqual(["Fake Fire: heading ranked 1", "Fire & Ice: heading ranked 0"]);
  });

  it("reads a section titled with an earlier level's label and a continuation word, or a typo of it, as continuing it", () => {
    const classified = classify(`<h2>Tier 1</h2><p>661</p><h2>Tier 2</h2><p>77</p><h2>Teir 1</h2><p>151</p><h2>Tier 2 (cont.)</h2><p>110</p><h2>Tier 1</h2><p>5</p>`);
    expect(roles(classified)).toEqual(["Tier 1: heading", "Tier 2: heading", "Teir 1: heading continues Tier 1", "Tier 2 (cont.): heading continues Tier 2", "Tier 1: heading"]);
  });
});
