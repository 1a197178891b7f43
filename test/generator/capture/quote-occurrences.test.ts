import { describe, expect, it } from "vitest";
import { cutsNoNumber, firstOccurrence, insideLongerNumber, quoteOccurrences, wholeNumbers } from "../../../generator/capture/quote-occurrences.ts";

// EXAMPLE CONTENT: invented lines of a guide.
const TEXT = "Tier 1: 661, 321\nTier 2: 32, 92\nSeed 66 is close";

describe("quoteOccurrences", () => {
  it("finds a number only where it is written whole: 66 is not in 661, 32 is not in 321", () => {
    expect(quoteOccurrences(TEXT, "66")).toEqual([TEXT.indexOf("66 is")]);
    expect(quoteOccurrences(TEXT, "32")).toEqual([TEXT.indexOf("32, 92")]);
    expect(quoteOccurrences(TEXT, "21")).toEqual([]);
  });

  it("finds a quote of words and numbers whose numbers are whole, at any place of a line", () => {
    expect(quoteOccurrences(TEXT, "Tier 2: 32")).toEqual([TEXT.indexOf("Tier 2")]);
    expect(quoteOccurrences(TEXT, "Tier 1: 66")).toEqual([]);
    expect(quoteOccurrences(TEXT, "1, 32")).toEqual([]);
    expect(quoteOccurrences(TEXT, ": 32, 92\n")).toEqual([TEXT.indexOf(": 32, 92")]);
  });

  it("keeps to the places wholly inside the bounds it is given", () => {
    const line2 = TEXT.indexOf("Tier 2");
    expect(quoteOccurrences(TEXT, "Tier", line2)).toEqual([line2]);
    expect(quoteOccurrences(TEXT, "Tier", 0, line2 + 3)).toEqual([0]);
  });
});

describe("firstOccurrence", () => {
  it("skips the places that cut a number and finds none in an empty quote", () => {
    expect(firstOccurrence("661, 66", "66")).toBe(5);
    expect(firstOccurrence("661", "66")).toBe(-1);
    expect(firstOccurrence("661", "")).toBe(-1);
  });
});

describe("cutsNoNumber", () => {
  it("looks only at a digit at either end of the place and the character beyond it", () => {
    expect(cutsNoNumber("a661b", 1, 3)).toBe(true);
    expect(cutsNoNumber("661", 0, 2)).toBe(false);
    expect(cutsNoNumber("661", 1, 2)).toBe(false);
    expect(cutsNoNumber("x1.5", 1, 1)).toBe(true);
  });
});

describe("insideLongerNumber", () => {
  it("widens the place of a quote written only inside a number to the whole number, for a message", () => {
    expect(insideLongerNumber(TEXT, "Tier 1: 66")).toEqual({ start: 0, end: "Tier 1: 661".length });
    expect(TEXT.slice(insideLongerNumber(TEXT, "2")!.start, insideLongerNumber(TEXT, "2")!.end)).toBe("321");
    expect(insideLongerNumber(TEXT, "Tier 3")).toBeNull();
    expect(wholeNumbers("4321", 1, 3)).toEqual({ start: 0, end: 4 });
  });
});

describe("the edges of a quote's place", () => {
  it("an empty place cuts no number, even between two digits", () => {
    expect(cutsNoNumber("661", 1, 0)).toBe(true);
  });

  it("every digit, 0 and 9 too, is part of a number", () => {
    expect([cutsNoNumber("90", 0, 1), cutsNoNumber("90", 1, 1), cutsNoNumber("09", 0, 1), cutsNoNumber("09", 1, 1)]).toEqual([false, false, false, false]);
    expect([cutsNoNumber("/1:", 1, 1), wholeNumbers("/1:", 1, 2)]).toEqual([true, { start: 1, end: 2 }]);
  });

  it("a place at the very start or end of the text cuts no number beyond it", () => {
    expect(cutsNoNumber("661", 0, 3)).toBe(true);
    expect(cutsNoNumber("a 661", 2, 3)).toBe(true);
    expect(cutsNoNumber("661 a", 1, 4)).toBe(false);
  });

  it("a quote ending exactly at the bound is inside it", () => {
    const line2 = TEXT.indexOf("Tier 2");
    expect(quoteOccurrences(TEXT, "Tier", 0, line2 + 4)).toEqual([0, line2]);
    expect(quoteOccurrences(TEXT, "Tier", 1)).toEqual([line2]);
  });

  it("a quote standing twice side by side is found at both places", () => {
    expect(quoteOccurrences("aa aaa", "aa")).toEqual([0, 3, 4]);
    expect(firstOccurrence("66 661 66", "66", 1)).toBe(7);
  });

  it("an empty quote is written nowhere, and a span cutting no number is not widened", () => {
    expect(insideLongerNumber(TEXT, "")).toBeNull();
    expect(wholeNumbers("12 34", 1, 4)).toEqual({ start: 0, end: 5 });
    expect(wholeNumbers("12 34", 2, 3)).toEqual({ start: 2, end: 3 });
    expect(wholeNumbers("12", 0, 2)).toEqual({ start: 0, end: 2 });
  });
});
