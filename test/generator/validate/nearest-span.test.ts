import { describe, expect, it } from "vitest";
import { nearestSpan } from "../../../generator/validate/nearest-span.ts";
import { indexText, type QuoteIndex } from "../../../generator/validate/quote-index.ts";

const nearest = (text: string, quote: string) => {
  const span = nearestSpan(text, indexText(text), quote);
  return span === null ? null : text.slice(span.start, span.end);
};

describe("nearestSpan", () => {
  it("finds the line whose spacing differs from the quote", () => {
    const text = "Tier 1: 661, 321\nTier 2:  42,\u00a07\nTier 3: 12";
    expect(nearest(text, "Tier 2: 42, 7")).toBe("Tier 2:  42,\u00a07");
  });

  it("finds a mistyped seed's line, whole", () => {
    expect(nearest("Seed 555 has a blue tip\nSeed 868 is pink", "Seed 886 is pink")).toBe("Seed 868 is pink");
  });

  it("reaches across a line break the quote wrote as a space", () => {
    expect(nearest("Intro\nMembers: 661,\n12\nOutro", "Members: 661, 12")).toBe("Members: 661,\n12");
  });

  it("stops where the text stops being like the quote", () => {
    const text = "See my other guide for the blue ones.\n\nTiers rank how much pink the playside shows. Tier 1 is best.";
    expect(nearest(text, "See my other guide for the blue ones, and every other finish there is")).toBe("See my other guide for the blue ones");
  });

  it("returns null when no word of the quote is in the text", () => {
    expect(nearestSpan("Tier 1: 661", indexText("Tier 1: 661"), "zebra quokka")).toBeNull();
    expect(nearestSpan("Tier 1: 661", indexText("Tier 1: 661"), "—")).toBeNull();
  });

  it("finds a long quote in a 2 MB text with a bounded number of lookups, whatever the text's size", () => {
    const filler = "Tier 4: 100, 200, 300 and some words the page repeats over and over.\n";
    const target = "Tier 1 (the rarest): 661, 387,  442, 555 and 868, in no order; see the album for pictures";
    const text = `${filler.repeat(15_000)}${target}\n${filler.repeat(15_000)}`;
    expect(text.length).toBeGreaterThan(2_000_000);
    const index = indexText(text);
    let lookups = 0;
    const counting: QuoteIndex = { ...index, occurrences: (quote) => (lookups++, index.occurrences(quote)) };
    const quote = target.replace(",  442", ", 442");
    const span = nearestSpan(text, counting, quote);
    expect(span && text.slice(span.start, span.end)).toBe(target);
    expect(lookups).toBeLessThanOrEqual(12);
  });
});
