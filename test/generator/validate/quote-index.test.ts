import { describe, expect, it } from "vitest";
import { indexText } from "../../../generator/validate/quote-index.ts";

describe("indexText", () => {
  const text = "Tier 1:\n661, 321, 555\nTier 2:  42,  7\nSeed 661 & 321 are the same pattern.\n";
  const index = indexText(text);

  it("finds quotes of every length that occur verbatim", () => {
    for (const quote of ["7", "42", "661", "Tier 2", "Tier 2:  42,  7", "555\nTier 2", "Seed 661 & 321 are the same pattern.\n", text]) {
      expect(index.contains(quote), quote).toBe(true);
    }
  });

  it("does not find quotes that differ in a single character or in spacing", () => {
    for (const quote of ["8", "43", "662", "Tier 3", "Tier 2: 42, 7", "seed 661", "pattern!", `${text}x`]) {
      expect(index.contains(quote), quote).toBe(false);
    }
  });

  it("finds a quote ending in digits only where it cuts no longer number", () => {
    const numbers = indexText("Tier 1: 661, 66\nTier 2: 321, 92\nSeed 4321 again, 4321");
    expect(numbers.occurrences("66")).toEqual([13]);
    expect(numbers.contains("32")).toBe(false);
    expect(numbers.contains("21")).toBe(false);
    expect(numbers.occurrences("Tier 2: 32")).toEqual([]);
    expect(numbers.occurrences("Tier 2: 321")).toEqual([16]);
    expect(numbers.occurrences("4321")).toEqual([37, 49]);
    expect(numbers.contains("Seed 432")).toBe(false);
    expect(numbers.contains("1, 66")).toBe(false);
    expect(numbers.contains("661, 66")).toBe(true);
  });

  it("agrees with a plain search that skips places cutting a number, on many slices of a repetitive text", () => {
    const words = ["661", "321", "Tier", "1", ",", " ", "  ", "\n", "blue", "gem", "\u00a0"];
    let seed = 7;
    const next = (n: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % n;
    };
    let long = "";
    while (long.length < 20_000) long += words[next(words.length)];
    const longIndex = indexText(long);
    for (let i = 0; i < 3000; i++) {
      const start = next(long.length);
      const quote = long.slice(start, start + 1 + next(40)) + (i % 3 === 0 ? words[next(words.length)] : "");
      expect(longIndex.occurrences(quote), JSON.stringify(quote)).toEqual(plainSearch(long, quote));
      expect(longIndex.contains(quote)).toBe(plainSearch(long, quote).length > 0);
    }
  });

  it("handles texts shorter than its grams", () => {
    expect(indexText("ab").contains("ab")).toBe(true);
    expect(indexText("ab").contains("abc")).toBe(false);
    expect(indexText("").contains("a")).toBe(false);
  });
});

/** Every start of the quote in the text where the characters around it do not run a number on. */
function plainSearch(text: string, quote: string): number[] {
  const starts: number[] = [];
  const digit = (character: string | undefined) => character !== undefined && character >= "0" && character <= "9";
  for (let at = text.indexOf(quote); at !== -1; at = text.indexOf(quote, at + 1)) {
    const cutsBefore = digit(quote[0]) && digit(text[at - 1]);
    const cutsAfter = digit(quote.at(-1)) && digit(text[at + quote.length]);
    if (!cutsBefore && !cutsAfter) starts.push(at);
  }
  return starts;
}

describe("occurrences", () => {
  it("lists every start of a quote, ascending, for long, short and one-character quotes", async () => {
    const text = "Tier 1: 661, 151\nTier 1: 661, 151\nx 661";
    const index = indexText(text);
    expect(index.occurrences("Tier 1: 661, 151")).toEqual([0, 17]);
    expect(index.occurrences("661")).toEqual([8, 25, 36]);
    expect(index.occurrences("\n")).toEqual([16, 33]);
    expect(index.occurrences("Tier 2")).toEqual([]);
  });
});
