import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../../generator/capture/languages.ts";
import type { TextElement } from "../../../generator/capture/capture-text.ts";
import { coreLabel, hasShape, labelBeforeNumberOf, levelLabelsOf, localPaintNames, LIST, LIST_ITEM, TABLE_ROW, undecorated, ungradedSectionsOf } from "../../../generator/capture/shapes.ts";

// The shapes guide pages use, read from the tables the languages build (each table built in the test that reads
// it, as the drafter builds them from languages.ts). Labels are test data, not taken from a real guide.

/** The first level label a line is read as: its scale kind and the label as the author wrote it, or null. */
function levelOf(text: string): { kind: string; core: string | undefined } | null {
  for (const { kind, pattern } of levelLabelsOf(LANGUAGES)) {
    const match = pattern.exec(text);
    if (match !== null) return { kind, core: match.groups?.core };
  }
  return null;
}

const band = (core: string) => ({ kind: "band", core });
const tier = (core: string) => ({ kind: "tier", core });

describe("level labels", () => {
  const READ: readonly { text: string; level: { kind: string; core: string } | null; why: string }[] = [
    { text: "95%", level: band("95%"), why: "a band of one percentage" },
    { text: "100%", level: band("100%"), why: "a band of three digits" },
    { text: "95% Fade", level: band("95%"), why: "a band and its words" },
    { text: "95%\t\tFade", level: band("95%"), why: "a band and its words after tabs" },
    { text: "90-94%", level: band("90-94%"), why: "a range of percentages" },
    { text: "90–100%", level: band("90–100%"), why: "a range ending at three digits" },
    { text: "90 to 94% fade", level: band("90 to 94%"), why: "a range written with `to`" },
    { text: "99.5–100%", level: band("99.5–100%"), why: "a range opening with a decimal" },
    { text: "99.55–100%", level: band("99.55–100%"), why: "a range opening with two decimals" },
    { text: "90–94.55%", level: band("90–94.55%"), why: "a range closing with two decimals" },
    { text: "Top 95%", level: null, why: "a percentage after words other than a level's" },
    { text: "95% Fade, 661", level: null, why: "a band's line going on to a seed" },
    { text: "3x95%", level: null, why: "a multiplier before a percentage" },
    { text: "3x 95%", level: null, why: "a multiplier and a spaced percentage" },
    { text: "5x%", level: null, why: "a letter before the percent sign" },
    { text: "Tier 1 (12 seeds):", level: tier("Tier 1"), why: "a level word and a number, with the level's description" },
    { text: "Cat 1", level: tier("Cat 1"), why: "an abbreviated level word without its dot" },
    { text: "Cat. 2", level: tier("Cat. 2"), why: "an abbreviated level word with its dot" },
    { text: "Tier", level: null, why: "a level word alone" },
    { text: "12", level: null, why: "a number alone" },
    { text: "Tiers", level: null, why: "a plural is no level word before a grade `S`" },
    { text: "等级S", level: tier("等级S"), why: "a grade written against a word of an unspaced script" },
    { text: "S Tier", level: tier("S Tier"), why: "a grade before a level word, in any case" },
    { text: "第一梯队", level: tier("第一梯队"), why: "a numeral with its prefix before a level word" },
    { text: "T1 - best ones", level: tier("T1"), why: "a capital T and a number" },
    { text: `T2 - ${"🔥".repeat(21)}`, level: tier("T2"), why: "a description counted in characters, an emoji being one" },
    { text: "God Tier", level: tier("God Tier"), why: "an adjective before a level word, in any case" },
    { text: "Example Author X", level: null, why: "words naming no level" },
  ];
  for (const { text, level, why } of READ) {
    it(`reads ${JSON.stringify(text)} as ${level === null ? "no level" : `the ${level.kind} ${JSON.stringify(level.core)}`} (${why})`, () => {
      expect(levelOf(text)).toEqual(level);
    });
  }

  it("gives a level's label without its decorations and its description, and a line naming no level as written", () => {
    expect(coreLabel("  💎 Tier 1 (12 seeds): 💎 ")).toBe("Tier 1");
    expect(coreLabel(" == 95% Fade == ")).toBe("95%");
    expect(coreLabel(" Example Author X ")).toBe(" Example Author X ");
    expect(undecorated(">> Tier A+ <<")).toBe("Tier A+");
  });
});

describe("sections the guide does not grade", () => {
  it("reads a heading opening with a section's word, or a whole section heading, and no level's heading", () => {
    const ungraded = ungradedSectionsOf(LANGUAGES);
    expect(ungraded.test("== Changelog (v2) ==")).toBe(true);
    expect(ungraded.test("About")).toBe(true);
    expect(ungraded.test("About Tier 1")).toBe(false);
    expect(ungraded.test("Tier 1")).toBe(false);
  });
});

describe("paint names of the languages", () => {
  /** The item files' paint label a text names, as the drafter reads it. */
  function paintOf(text: string): string | null {
    for (const { pattern, label } of localPaintNames(LANGUAGES)) {
      const match = pattern.exec(text);
      if (match !== null) return label.replace("$<n>", match.groups?.n ?? "");
    }
    return null;
  }

  it("reads a phase and a gem named in another language as the item files' labels", () => {
    expect(paintOf("Фаза 4")).toBe("Phase 4");
    expect(paintOf("Fase-2")).toBe("Phase 2");
    expect(paintOf("Safira")).toBe("Sapphire");
    expect(paintOf("黑珍珠")).toBe("Black Pearl");
    expect(paintOf("Example Author X")).toBeNull();
  });
});

describe("a label written just before a number", () => {
  it("is a level word or another label word, whole, in any case, or `#`", () => {
    const before = labelBeforeNumberOf(LANGUAGES);
    expect(before.test("Tier 4 is empty, Tier ")).toBe(true);
    expect(before.test("not a Top ")).toBe(true);
    expect(before.test("see #")).toBe(true);
    expect(before.test("这是前")).toBe(true);
    expect(before.test("the frontier ")).toBe(false);
    expect(before.test("661 and ")).toBe(false);
  });
});

function element(tag: string, attributes: Record<string, string> = {}): TextElement {
  return { tag, attributes, start: 0, end: 10, depth: 0 };
}

describe("an element's shape", () => {
  it("is its tag", () => {
    expect(hasShape(element("ul"), LIST)).toBe(true);
    expect(hasShape(element("li"), LIST_ITEM)).toBe(true);
    expect(hasShape(element("div"), LIST)).toBe(false);
  });

  it("is a class among the element's classes, or its id, as Steam's div-based lists and tables write them", () => {
    expect(hasShape(element("div", { class: "bb_ul" }), LIST)).toBe(true);
    expect(hasShape(element("div", { class: "guide  bb_table_tr\tstriped" }), TABLE_ROW)).toBe(true);
    expect(hasShape(element("div", { id: "bb_ol" }), LIST)).toBe(true);
    expect(hasShape(element("div", { class: "bb_table", id: "rows" }), TABLE_ROW)).toBe(false);
  });

  it("is never a name for a shape known by its tag alone", () => {
    expect(hasShape(element("div", { class: "li" }), LIST_ITEM)).toBe(false);
  });

  it("has no name when the element has no class and no id, whatever names a shape allows", () => {
    expect(hasShape(element("div"), { name: /.*/ })).toBe(false);
    expect(hasShape(element("div", { class: " " }), { name: /.*/ })).toBe(false);
    expect(hasShape(element("div", { class: "x" }), { name: /.*/ })).toBe(true);
  });
});
