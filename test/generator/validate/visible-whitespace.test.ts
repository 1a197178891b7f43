import { describe, expect, it } from "vitest";
import { legend, MARKERS, numberedLines, shortLegend, visibleLine, visibleSpan } from "../../../generator/validate/visible-whitespace.ts";

describe("visibleLine", () => {
  it("leaves single spaces between words as they are", () => {
    expect(visibleLine("Tier 1: 661, 321")).toBe("Tier 1: 661, 321");
  });

  it("marks runs of two or more spaces, and spaces at the start or end of a line", () => {
    expect(visibleLine("Tier 4: 12,  27")).toBe("Tier 4: 12,··27");
    expect(visibleLine(" 661 ")).toBe("·661·");
    expect(visibleLine("   ")).toBe("···");
  });

  it("marks tabs, no-break spaces and carriage returns", () => {
    expect(visibleLine("Tier\u00a01:\t661\r")).toBe("Tier⍽1:→661␍");
  });

  it("shows other unusual spaces and zero-width characters by code point", () => {
    expect(visibleLine("661\u2009-\u202f321\u200b")).toBe("661⟨U+2009⟩-⟨U+202F⟩321⟨U+200B⟩");
    expect(visibleLine("\ufeffTier\u00ad1")).toBe("⟨U+FEFF⟩Tier⟨U+00AD⟩1");
  });

  it("shows a marker character of the text itself by code point, so every marker means one thing", () => {
    expect(visibleLine("Posted · 3 min → read")).toBe("Posted ⟨U+00B7⟩ 3 min ⟨U+2192⟩ read");
    expect(visibleLine("⟨U+00A0⟩")).toBe("⟨U+27E8⟩U+00A0⟨U+27E9⟩");
  });

  it("keeps characters outside the basic plane whole", () => {
    expect(visibleLine("★ 661 😀")).toBe("★ 661 😀");
  });
});

describe("visibleSpan", () => {
  it("shows line breaks as ⏎ and marks spaces next to them", () => {
    expect(visibleSpan("Tier 1 \n661,\u00a0321")).toBe("Tier 1·⏎661,⍽321");
  });
});

describe("numberedLines", () => {
  it("numbers every line from 1, right-aligned, with its whitespace made visible", () => {
    const text = Array.from({ length: 10 }, (_, index) => (index === 1 ? "a\tb" : `line ${index + 1}`)).join("\n");
    const lines = numberedLines(text);
    expect(lines[0]).toBe(" 1 | line 1");
    expect(lines[1]).toBe(" 2 | a→b");
    expect(lines[9]).toBe("10 | line 10");
  });

  it("gives an empty text one empty line", () => {
    expect(numberedLines("")).toEqual(["1 | "]);
  });
});

describe("legend", () => {
  it("explains every marker and the code-point form", () => {
    const lines = legend();
    for (const { marker } of MARKERS) expect(lines.some((line) => line.startsWith(`${marker} `))).toBe(true);
    expect(lines.at(-1)).toMatch(/^⟨U\+200B⟩ .*code point/);
  });
});

describe("shortLegend", () => {
  it("names only the markers a shown text uses, in a few words", () => {
    expect(shortLegend("Tier 2:··42,⍽7⏎12")).toBe("· space, ⍽ no-break space, ⏎ line break");
    expect(shortLegend("Tier 2: 42, 7")).toBe("");
  });
});
