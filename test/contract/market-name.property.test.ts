import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aliasKey, marketNameKey, nameKey, normalizeName } from "../../contract/market-name.ts";

// Properties of the /resolve alias key over generated names: whatever a client copies from a page or a chat,
// the key is computed without throwing, is stable, and ignores what a reader cannot see.

const FORMAT_CHARACTERS = ["\u200B", "\u200C", "\u200D", "\u2060", "\uFEFF", "\u00AD", "\u200E", "\u200F", "\u202A", "\u202E", "\u2066", "\u2069", "\uFE0E", "\uFE0F", "\u{E0101}"];

const STEAM_NAMES = [
  "★ StatTrak™ Karambit | Doppler (Factory New)",
  "StatTrak™ AK-47 | Case Hardened (Minimal Wear)",
  "Souvenir AWP | Pink DDPAT (Field-Tested)",
  "★ Sport Gloves | Slingshot (Well-Worn)",
  "Five-SeveN | Case Hardened (Battle-Scarred)",
  "Nova | Ружьё",
  // Decomposed accents: an invisible character between a letter and its accent must not split them.
  "Cre\u0300me | Bru\u0302le\u0301e (Field-Tested)",
  "AK-47 | Case Hardened (Phase 2)",
];
const nameArbitrary = fc.oneof(fc.constantFrom(...STEAM_NAMES), fc.string({ unit: "grapheme", maxLength: 60 }), fc.string({ unit: "binary", maxLength: 60 }));
const asciiNameArbitrary = fc.oneof(fc.constantFrom(...STEAM_NAMES.filter((name) => /^[\x20-\x7e★™]*$/.test(name))), fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 60 }));

/** Inserts format characters between the code points of a text. */
const withInvisible = (text: string, inserts: [number, string][]) => {
  const points = [...text];
  for (const [at, character] of inserts) points.splice(at % (points.length + 1), 0, character);
  return points.join("");
};
const insertsArbitrary = fc.array(fc.tuple(fc.nat(), fc.constantFrom(...FORMAT_CHARACTERS)), { minLength: 1, maxLength: 6 });

/** ASCII written with fullwidth forms (U+FF01..U+FF5E) and the ideographic space, as some keyboards type it. */
const fullwidth = (text: string) => text.replace(/[\x21-\x7e]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)).replace(/ /g, "\u3000");

describe("the alias key (property)", () => {
  it("is computed for any text without throwing, as lowercase letters and digits joined by single hyphens", () => {
    fc.assert(
      fc.property(nameArbitrary, (name) => {
        const key = aliasKey(name);
        expect(key).toMatch(/^(?:[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*)?$/u);
        expect(key).toBe(key.toLowerCase());
      }),
      { seed: 11, numRuns: 500 },
    );
  });

  it("keys a market hash name by its letters and digits alone: the alias key without its hyphens", () => {
    fc.assert(
      fc.property(nameArbitrary, (name) => {
        const key = marketNameKey(name);
        expect(key).toMatch(/^[\p{L}\p{N}]*$/u);
        expect(nameKey(key)).toBe(key);
      }),
      { seed: 16, numRuns: 500 },
    );
  });

  it("does not change when punctuation or spaces are added or taken away between the letters", () => {
    const punctuation = fc.constantFrom(" ", "-", ".", "|", "_", "'", "/", ",", "  ", " - ");
    fc.assert(
      fc.property(asciiNameArbitrary, fc.array(fc.tuple(fc.nat(), punctuation), { minLength: 1, maxLength: 6 }), (name, inserts) => {
        const characters = [...name];
        for (const [at, mark] of inserts) characters.splice(at % (characters.length + 1), 0, mark);
        expect(nameKey(characters.join(""))).toBe(nameKey(name));
        expect(nameKey(name.replace(/[\p{P}\p{Z}\p{Sm}]+/gu, ""))).toBe(nameKey(name));
      }),
      { seed: 17, numRuns: 500 },
    );
  });

  it("is its own key: a slug the generator wrote resolves to itself", () => {
    fc.assert(
      fc.property(nameArbitrary, (name) => {
        const key = aliasKey(name);
        expect(aliasKey(key)).toBe(key);
      }),
      { seed: 12, numRuns: 500 },
    );
  });

  it("does not change when invisible format characters or variation selectors are inserted anywhere", () => {
    fc.assert(
      fc.property(nameArbitrary, insertsArbitrary, (name, inserts) => {
        expect(marketNameKey(withInvisible(name, inserts))).toBe(marketNameKey(name));
      }),
      { seed: 13, numRuns: 500 },
    );
  });

  it("does not change when an ASCII name is typed in fullwidth letters", () => {
    fc.assert(
      fc.property(asciiNameArbitrary, (name) => {
        expect(marketNameKey(fullwidth(name))).toBe(marketNameKey(name));
      }),
      { seed: 14, numRuns: 500 },
    );
  });

  it("normalizes to a fixed point: normalizing twice is normalizing once", () => {
    fc.assert(
      fc.property(nameArbitrary, insertsArbitrary, (name, inserts) => {
        const once = normalizeName(withInvisible(name, inserts));
        expect(normalizeName(once)).toBe(once);
      }),
      { seed: 15, numRuns: 500 },
    );
  });
});
