import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { aliasKey, marketNameKey, marketNameStem, nameKey, normalizeName } from "../../contract/market-name.ts";

// Every Steam form of a name resolves to the same name key as the item's slug.
const forms: [string, string][] = [
  ["AK-47 | Case Hardened (Field-Tested)", "ak-47-case-hardened"],
  ["AK-47 | Case Hardened", "ak-47-case-hardened"],
  ["StatTrak™ AK-47 | Case Hardened (Minimal Wear)", "ak-47-case-hardened"],
  ["Souvenir AK-47 | Case Hardened (Battle-Scarred)", "ak-47-case-hardened"],
  ["★ Karambit | Doppler (Factory New)", "karambit-doppler"],
  ["★ StatTrak™ Karambit | Doppler (Factory New)", "karambit-doppler"],
  ["★ Karambit | Doppler", "karambit-doppler"],
  ["★ Karambit | Gamma Doppler (Minimal Wear)", "karambit-gamma-doppler"],
  ["★ Sport Gloves | Slingshot (Well-Worn)", "sport-gloves-slingshot"],
  ["Five-SeveN | Case Hardened (Well-Worn)", "five-seven-case-hardened"],
  ["  ★   StatTrak™  M9 Bayonet |  Fade  (Factory New) ", "m9-bayonet-fade"],
  ["StatTrak AK-47 | Case Hardened", "ak-47-case-hardened"],
  ["Ｋａｒａｍｂｉｔ | Doppler", "karambit-doppler"],
  // Invisible characters and compatibility forms a copied name carries.
  ["★\uFE0F Karambit | Doppler (Factory New)", "karambit-doppler"],
  ["★\uFE0F StatTrak™ Karambit | Doppler (Factory New)", "karambit-doppler"],
  ["★ StatTrak™\uFE0F Karambit | Doppler", "karambit-doppler"],
  ["Kara\u200Bmbit | Doppler", "karambit-doppler"],
  ["\u200B★ Karam\u200Dbit\u200C | Dop\u2060pler", "karambit-doppler"],
  ["\uFEFF★ Karambit | Doppler", "karambit-doppler"],
  ["AK-47 | Case Hard\u00ADened", "ak-47-case-hardened"],
  ["ＳｔａｔＴｒａｋ™ ＡＫ－４７ ｜ Ｃａｓｅ Ｈａｒｄｅｎｅｄ （Ｆｉｅｌｄ－Ｔｅｓｔｅｄ）", "ak-47-case-hardened"],
  ["StatTrak(TM) AK-47 | Case Hardened", "ak-47-case-hardened"],
  // Punctuation, present or absent, is no difference.
  ["AK47 | Case Hardened", "ak-47-case-hardened"],
  ["AK.47 | Case Hardened", "ak-47-case-hardened"],
  ["AK 47 | Case Hardened", "ak-47-case-hardened"],
  ["AK-47 Case Hardened (Well-Worn)", "ak-47-case-hardened"],
  ["Five Seven | Case-Hardened", "five-seven-case-hardened"],
  ["FiveSeveN|CaseHardened", "five-seven-case-hardened"],
];

describe("market hash names", () => {
  it.each(forms)("%j resolves to the item of slug %j", (name, slug) => {
    expect(marketNameKey(name)).toBe(nameKey(slug));
  });

  it("keys a name by its letters and digits alone, lowercased: the slug's, without its hyphens", () => {
    expect(marketNameKey("★ StatTrak™ Karambit | Doppler (Factory New)")).toBe("karambitdoppler");
    expect(nameKey("ak-47-case-hardened")).toBe("ak47casehardened");
    expect(nameKey("Nova | Ружьё")).toBe("novaружьё");
  });

  it("strips the star, StatTrak™, Souvenir and the wear, and keeps the stem as written", () => {
    expect(marketNameStem("★ StatTrak™ Karambit | Doppler (Factory New)")).toBe("Karambit | Doppler");
    expect(marketNameStem("Souvenir AWP | Pink DDPAT (Field-Tested)")).toBe("AWP | Pink DDPAT");
  });

  it("a wear-like suffix that is not a wear stays part of the name", () => {
    expect(marketNameStem("AK-47 | Case Hardened (Phase 2)")).toBe("AK-47 | Case Hardened (Phase 2)");
  });

  it("Doppler and Gamma Doppler never meet at one key", () => {
    expect(marketNameKey("★ Karambit | Doppler")).not.toBe(marketNameKey("★ Karambit | Gamma Doppler"));
  });

  it("normalizes compatibility forms and drops every invisible format character", () => {
    expect(normalizeName("Ｋａｒａ\u200Bｍｂｉｔ\uFE0F™")).toBe("KarambitTM");
    expect(normalizeName("a\u200Eb\u202Ec\u{E0101}d")).toBe("abcd");
    expect(aliasKey("Kara\u200Bmbit")).toBe(aliasKey("Karambit"));
    expect(normalizeName("A\u200B\u0300")).toBe("À");
  });

  it("non-ASCII letters survive in the key instead of being dropped", () => {
    expect(aliasKey("Nova | Ружьё")).toBe("nova-ружьё");
    expect(aliasKey("★")).toBe("");
  });
});

// The shipped items, as the check reads them: one item file per slug.
const ITEMS = fileURLToPath(new URL("../../dataset/items/", import.meta.url));
const items = readdirSync(ITEMS)
  .filter((name) => name.endsWith(".json"))
  .map((name) => JSON.parse(readFileSync(`${ITEMS}${name}`, "utf8")) as { slug: string; market_name: string });

describe("the shipped items' names", () => {
  it("are read whole: every item file of dataset/items/", () => {
    expect(items.length).toBe(readdirSync(ITEMS).length);
    expect(items.length).toBeGreaterThan(200);
  });

  it("never meet at one name key: ignoring punctuation makes no two items' names one", () => {
    const byKey = new Map<string, string[]>();
    for (const item of items) byKey.set(marketNameKey(item.market_name), [...(byKey.get(marketNameKey(item.market_name)) ?? []), item.slug]);
    expect([...byKey.values()].filter((slugs) => slugs.length > 1)).toEqual([]);
    expect(byKey.size).toBe(items.length);
  });

  it("each resolve through its item's slug, written with or without its punctuation", () => {
    for (const { slug, market_name } of items) {
      expect(marketNameKey(market_name), market_name).toBe(nameKey(slug));
      expect(marketNameKey(market_name.replace(/[\p{P}\p{Z}\p{Sm}]+/gu, "")), market_name).toBe(nameKey(slug));
      expect(marketNameKey(`StatTrak™ ${market_name.replaceAll("-", " ")} (Field-Tested)`), market_name).toBe(nameKey(slug));
    }
  });
});

describe("a market hash name's stem", () => {
  it("is the name without its decorations and wear, its spacing made single", () => {
    expect(marketNameStem("★  StatTrak™   Karambit  |  Doppler  (Factory New)")).toBe("Karambit | Doppler");
    expect(marketNameStem("AK-47 | Case Hardened (field-tested)")).toBe("AK-47 | Case Hardened");
    expect(marketNameStem("StatTrak™ (Minimal Wear)")).toBe("");
  });

  it("keeps a decoration's word that is part of the item's own name", () => {
    expect(marketNameStem("AK-47 | Souvenir Gold")).toBe("AK-47 | Souvenir Gold");
    expect(marketNameStem("Souvenir AK-47 | StatTrak Blue")).toBe("AK-47 | StatTrak Blue");
  });
});
