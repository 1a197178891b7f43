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

  it("agrees with a plain substring search on many slices of a repetitive text", () => {
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
      expect(longIndex.contains(quote)).toBe(long.includes(quote));
    }
  });

  it("handles texts shorter than its grams", () => {
    expect(indexText("ab").contains("ab")).toBe(true);
    expect(indexText("ab").contains("abc")).toBe(false);
    expect(indexText("").contains("a")).toBe(false);
  });
});

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
