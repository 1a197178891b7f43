import { describe, expect, it } from "vitest";
import { ENGLISH, LANGUAGES } from "../../../generator/capture/languages.ts";
import { numberReader, numberTokens, seedCandidates } from "../../../generator/capture/numbers.ts";
import { untranscribedNumbers } from "../../../generator/capture/untranscribed.ts";
import { seedsOccurInTheirQuotes } from "../../../generator/validate/rules/seeds-in-quotes.ts";
import { prepareCapture } from "../../../generator/capture/capture.ts";
import type { Guide } from "../../../contract/schema/guide.ts";

// Each row: a line as a guide writes it, and the numbers in it that could be seeds, in order.
const TRICKY: readonly { text: string; seeds: number[]; why: string }[] = [
  { text: "151 (99,5%)", seeds: [151], why: "a percentage with a decimal comma" },
  { text: "151 (99.5%)", seeds: [151], why: "a percentage with a decimal point" },
  { text: "151 99,5 %", seeds: [151], why: "a spaced percentage" },
  { text: "Fade 90-94%: 146", seeds: [146], why: "a percentage range" },
  { text: "Fade 95–99.5%: 146", seeds: [146], why: "a percentage range with an en dash and a decimal" },
  { text: "90 to 94%: 146", seeds: [146], why: "a percentage range written with `to`" },
  { text: "661 - 97%", seeds: [661], why: "a seed and its measurement after a spaced dash" },
  { text: "sold for $2,500 (661)", seeds: [661], why: "a thousands-grouped price before a parenthesis" },
  { text: "€1.200 for 151", seeds: [151], why: "a price with a dot grouping" },
  { text: "$120", seeds: [], why: "a price" },
  { text: "2.5k for 661", seeds: [661], why: "a decimal count with a unit" },
  { text: "10k views", seeds: [], why: "a number with a unit letter" },
  { text: "12,481 views", seeds: [], why: "a thousands-grouped count" },
  { text: "92,109,119", seeds: [92, 109, 119], why: "a comma list without spaces" },
  { text: "1,204 skins and 0,07 float", seeds: [], why: "a grouped count and a decimal comma" },
  { text: "419 likes", seeds: [], why: "a count of likes" },
  { text: "419 like the 661 but bluer", seeds: [419, 661], why: "a seed followed by the verb `like`" },
  { text: "3 months, 12 seeds, 311 ratings", seeds: [], why: "counts of things" },
  { text: "4 Nov, 2023 @ 2:05pm", seeds: [], why: "a date and a time" },
  { text: "Nov 4th", seeds: [], why: "a date with the month first" },
  { text: "2024-03-01 and 01/03/2024", seeds: [], why: "numeric dates" },
  { text: "AK-47, M9, P250 and 1st", seeds: [], why: "names and an ordinal" },
  { text: "5 keys", seeds: [], why: "a price in keys" },
  { text: "$400-600 for 661", seeds: [661], why: "both ends of a price range after one currency sign" },
  { text: "400 to 600 dollars, 151", seeds: [151], why: "both ends of a price range written with `to` and a price word" },
  { text: "2-3 keys", seeds: [], why: "both ends of a range of keys" },
  { text: "661 - 900€", seeds: [661], why: "a seed and its price after a spaced dash" },
  { text: "v2 update", seeds: [], why: "a version" },
  { text: "661 - 1 gold stripe", seeds: [661], why: "a count opening a seed's comment" },
  { text: "• 151 – 2 yellow spots", seeds: [151], why: "a count after a bullet's seed and an en dash" },
  { text: "Tier 2: 661 - 1 gold stripe", seeds: [2, 661], why: "a count after a labelled seed" },
  { text: "#1 — 661 (2 blue dots)", seeds: [1, 661], why: "a count in a ranked seed's parenthesis" },
  { text: "3x 661", seeds: [661], why: "a multiplier" },
  { text: "Tier 1 - 661 full blue", seeds: [1, 661], why: "a seed after a label and a dash, with its comment" },
  { text: "661 - 151 - 32 best", seeds: [661, 151, 32], why: "a dashed list going on to its comment" },
  { text: "661 - 151 best", seeds: [661, 151], why: "a seed of three digits after a dash is the list going on" },
  { text: "661 - 15 and 32", seeds: [661, 15, 32], why: "a list going on with `and`" },
  { text: "661 (almost Tier 1) • 151", seeds: [661, 1, 151], why: "a level's number is read; what it is, the quote's reading says" },
  // Pages in other languages (generator/capture/languages.ts)
  { text: "12 481 просмотров", seeds: [], why: "a count grouped with a space, before a Russian count word" },
  { text: "12\u00a0481", seeds: [], why: "digits grouped with a no-break space" },
  { text: "12\u202f481 vues", seeds: [], why: "digits grouped with a narrow no-break space, as French writes them" },
  { text: "1.200 €", seeds: [], why: "a price grouped with a dot, the currency after it" },
  { text: "R$ 1.200,50", seeds: [], why: "a Brazilian price with a dot grouping and a decimal comma" },
  { text: "2.500 zł za 661", seeds: [661], why: "a price before a Polish currency word" },
  { text: "12 000 ₽ — 661", seeds: [661], why: "a price grouped with a space, the currency after it" },
  { text: "1.200.000 Aufrufe", seeds: [], why: "a count grouped twice with dots" },
  { text: "99,5 % синего", seeds: [], why: "a spaced percentage with a decimal comma" },
  { text: "1,5 года и 0,07 float", seeds: [], why: "decimal commas, before a count word and alone" },
  { text: "3 месяца, 12 сидов, 5 ключей", seeds: [], why: "Russian counts of things and a price in keys" },
  { text: "12 visualizações, 3 meses", seeds: [], why: "Portuguese counts" },
  { text: "661 151 321", seeds: [661, 151, 321], why: "a list with spaces stays three seeds" },
  { text: "661 151 seeds", seeds: [661], why: "English groups no thousands with a space" },
  { text: "661, 151", seeds: [661, 151], why: "a comma and a space separate two seeds" },
  { text: "661 - 15 и 32", seeds: [661, 15, 32], why: "a Russian list going on with `и`" },
  { text: "661 - 1 золотая полоса", seeds: [661], why: "a count opening a Russian seed's comment" },
  { text: "АК-47, 1-й уровень", seeds: [], why: "a name in Cyrillic and a Russian ordinal" },
  { text: "1st tier, 1er niveau, 1º nível", seeds: [], why: "ordinals" },
  { text: "4 ноя. 2023 в 20:17", seeds: [], why: "a Russian Steam date" },
  { text: "4/nov./2023 às 20:17", seeds: [], why: "a Brazilian Steam date" },
  { text: "4 NOV 2023 a las 20:17", seeds: [], why: "a Spanish Steam date" },
  { text: "4. Nov. 2023 um 20:17", seeds: [], why: "a German Steam date" },
  { text: "4 nov. 2023 à 20h17", seeds: [], why: "a French Steam date and its time" },
  { text: "4 listopada 2023 o 20:17", seeds: [], why: "a Polish Steam date" },
  { text: "4 Kas 2023 @ 20:17", seeds: [], why: "a Turkish Steam date" },
  { text: "2023 年 11 月 4 日 下午 8:17", seeds: [], why: "a Chinese Steam date" },
  { text: "4 de noviembre, 4th of November", seeds: [], why: "a day and its month joined by a word" },
  { text: "661 out of 900", seeds: [661, 900], why: "`out` is a month only as Brazilian Steam writes it, `out.`" },
  { text: "661 may be the best, O 661 tem mais azul", seeds: [661, 661], why: "a number no day of a month stays a seed before a month's name" },
  { text: "661、151和321", seeds: [661, 151, 321], why: "a Chinese list" },
  { text: "661是最好的，种子151也不错", seeds: [661, 151], why: "numbers written against Chinese words" },
  { text: "3个月，100元", seeds: [], why: "a Chinese count and price written against their numbers" },
];

/** The reader of every language, its tables built in the test reading with it, as the project builds them. */
const reader = () => numberReader(LANGUAGES);

describe("one number reader", () => {
  for (const { text, seeds, why } of TRICKY) {
    it(`reads ${JSON.stringify(text)} as seeds ${JSON.stringify(seeds)} (${why})`, () => {
      expect(reader().seedCandidates(text).map((token) => token.value)).toEqual(seeds);
    });
  }

  it("is the reader seedCandidates and numberTokens read with", () => {
    for (const { text } of TRICKY) {
      expect(seedCandidates(text)).toEqual(reader().seedCandidates(text));
      expect(numberTokens(text)).toEqual(reader().numberTokens(text));
    }
  });

  // Each row: a text, and each of its runs of digits read as one token with why it is no seed (null: it counts).
  const REASONS: readonly { text: string; tokens: [string, string | null][] }[] = [
    { text: "2024-03-01, 01/03/2024, 1.3.2024, 2024/03/01", tokens: [["2024-03-01", "date"], ["01/03/2024", "date"], ["1.3.2024", "date"], ["2024/03/01", "date"]] },
    { text: "14:05, 2:05:30", tokens: [["14:05", "time"], ["2:05:30", "time"]] },
    { text: "99,5%, 90-94%, 90 to 94%, 95%, 95 %", tokens: [["99,5%", "percentage"], ["90-94%", "percentage"], ["90 to 94%", "percentage"], ["95", "percentage"], ["95", "percentage"]] },
    { text: "400-600$, 2-3 keys, 400 to 600 dollars", tokens: [["400-600", "price"], ["2-3", "price"], ["400 to 600", "price"]] },
    { text: "1.200 €, 12 000 ₽, 12,481 €, 1,5 €", tokens: [["1.200", "price"], ["12 000", "price"], ["12,481", "price"], ["1,5", "price"]] },
    { text: "$120, $ 120, €1.200,50, $400 to 600", tokens: [["120", "price"], ["120", "price"], ["1.200,50", "price"], ["400 to 600", "price"]] },
    { text: "900€, 5 keys, 5 ключей", tokens: [["900", "price"], ["5", "price"], ["5", "price"]] },
    { text: "12 481 просмотров, 1,5 года, 1,204 skins, 3个月", tokens: [["12 481", "count"], ["1,5", "count"], ["1,204", "count"], ["3", "count"]] },
    { text: "12\u00a0481, 1.200.000", tokens: [["12\u00a0481", "grouped number"], ["1.200.000", "grouped number"]] },
    { text: "0.07; 2.5k; 0,07; 0,075", tokens: [["0.07", "decimal"], ["2.5", "decimal"], ["0,07", "decimal"], ["0,075", "decimal"]] },
    { text: "0,07,5", tokens: [["0", null], ["07", null], ["5", null]] },
    { text: "12,481 foo", tokens: [["12,481", "grouped count"]] },
    { text: "12,481 and 661", tokens: [["12", null], ["481", null], ["661", null]] },
    { text: "AK-47, M9, 1-2x", tokens: [["47", "part of a name"], ["9", "part of a name"], ["1", null], ["2", "part of a name"]] },
    { text: "1st, 10k, 1-й, 1-го", tokens: [["1", "ordinal or unit"], ["10", "ordinal or unit"], ["1", "ordinal"], ["1", "ordinal"]] },
    { text: "Nov 4, 4 Nov, 4 de noviembre, 4. Nov.", tokens: [["4", "date"], ["4", "date"], ["4", "date"], ["4", "date"]] },
    { text: "12 seeds, 12 481 seeds", tokens: [["12", "count"], ["12", null], ["481", "count"]] },
    { text: "version 2, ver. 2, v. 2", tokens: [["2", "version"], ["2", "version"], ["2", "version"]] },
    { text: "661 - 1 gold stripe", tokens: [["661", null], ["1", "count"]] },
    { text: "123456, 1001", tokens: [["123456", "too long"], ["1001", null]] },
    { text: "661 and 95%", tokens: [["661", null], ["95", "percentage"]] },
    { text: "95x%", tokens: [["95", "ordinal or unit"]] },
    { text: "90%-94%, 90 %-94%", tokens: [["90%-94%", "percentage"], ["90 %-94%", "percentage"]] },
    { text: "1-2 and 5x", tokens: [["1", null], ["2", null], ["5", "ordinal or unit"]] },
    { text: "nav 2, ver.2, very nice: 661", tokens: [["2", null], ["2", "version"], ["661", null]] },
    { text: "661 - 15 gold stripes", tokens: [["661", null], ["15", "count"]] },
    { text: "Nov 04, Nov 15, Nov 30, Nov 2023, Nov 32", tokens: [["04", "date"], ["15", "date"], ["30", "date"], ["2023", "date"], ["32", null]] },
    { text: "5 on 2024-03-01", tokens: [["5", null], ["2024-03-01", "date"]] },
    { text: "5 at 14:05", tokens: [["5", null], ["14:05", "time"]] },
    { text: "5 at 90-94%", tokens: [["5", null], ["90-94%", "percentage"]] },
    { text: "5 at 99,5%", tokens: [["5", null], ["99,5%", "percentage"]] },
    { text: "5 at 0.07", tokens: [["5", null], ["0.07", "decimal"]] },
    { text: "5 at 0,07", tokens: [["5", null], ["0,07", "decimal"]] },
    { text: "90-100%; 99.5-100%; 90to94%; 90 to94%; 99,5 %", tokens: [["90-100%", "percentage"], ["99.5-100%", "percentage"], ["90to94%", "percentage"], ["90 to94%", "percentage"], ["99,5 %", "percentage"]] },
    { text: "12.5", tokens: [["12.5", "decimal"]] },
    { text: "3 个月, 900 €", tokens: [["3", "count"], ["900", "price"]] },
    { text: "1. 661", tokens: [["1", null], ["661", null]] },
    { text: "1.5-2 keys; 2-3 Keys", tokens: [["1.5-2", "price"], ["2-3", "price"]] },
    { text: "1.200", tokens: [["1.200", "decimal"]] },
    { text: "1.200 EUR", tokens: [["1.200", "price"]] },
    { text: "1-Й, 1-ГО, 5 KEYS, 12 SEEDS", tokens: [["1", "ordinal"], ["1", "ordinal"], ["5", "price"], ["12", "count"]] },
    { text: `${"x".repeat(130)}\n661 - 1 gold stripe`, tokens: [["661", null], ["1", "count"]] },
    { text: "99.55-100%; 90-94.55%; 99,55%", tokens: [["99.55-100%", "percentage"], ["90-94.55%", "percentage"], ["99,55%", "percentage"]] },
    { text: "90-94x%", tokens: [["90", null], ["94", "part of a name"]] },
  ];
  for (const { text, tokens } of REASONS) {
    it(`reads ${JSON.stringify(text)} as the tokens ${JSON.stringify(tokens)}`, () => {
      expect(reader().numberTokens(text).map((token) => [token.text, token.not])).toEqual(tokens);
    });
  }

  it("reads a count after a seed from the start of the seed's line, at most 120 characters back", () => {
    const read = (text: string) => reader().numberTokens(text).map((token) => [token.text, token.not]);
    expect(read("#123 — 661 - 1 gold stripe")).toEqual([["123", null], ["661", null], ["1", "count"]]);
    expect(read("EXAMPLE CONTENT\n661 - 1 gold stripe")).toEqual([["661", null], ["1", "count"]]);
    expect(read(`${"=".repeat(100)} 661 - 1 gold stripe`)).toEqual([["661", null], ["1", "count"]]);
    expect(read(`${"=".repeat(130)} 661 - 1 gold stripe`)).toEqual([["661", null], ["1", null]]);
  });

  it("reads a name's number at the end of a long line", () => {
    expect(reader().numberTokens(`EXAMPLE CONTENT ${"x".repeat(130)} AK-47`).map((token) => [token.text, token.not])).toEqual([["47", "part of a name"]]);
  });

  it("reads a language's thousands separator as itself, even one that means more in a character class", () => {
    const dashed = numberReader([{ ...ENGLISH, code: "x-dash", thousandsSeparators: ["-"] }]);
    expect(dashed.numberTokens("12-481 views").map((token) => [token.text, token.not])).toEqual([["12-481", "count"]]);
  });

  it("groups digits only with the separators of the languages it reads", () => {
    const english = numberReader([ENGLISH]);
    const read = (text: string) => english.numberTokens(text).map((token) => [token.text, token.not]);
    expect(read("12\u00a0481")).toEqual([["12", null], ["481", null]]);
    expect(read("12481")).toEqual([["12481", "too long"]]);
    expect(read("1.200.000")).toEqual([["1.200.000", "grouped number"]]);
  });

  it("offers numbers up to 1000 as seeds, and gives each token's place and value", () => {
    expect(reader().seedCandidates("1000, 1001").map((token) => token.value)).toEqual([1000]);
    expect(reader().numberTokens("at 14:05, 95%, 661")).toEqual([
      { text: "14:05", start: 3, end: 8, value: Number.NaN, not: "time" },
      { text: "95", start: 10, end: 12, value: Number.NaN, not: "percentage" },
      { text: "661", start: 15, end: 18, value: 661, not: null },
    ]);
  });

  it("reads a price after a currency sign grouped with a space in any language", () => {
    expect(numberReader([ENGLISH]).numberTokens("$12 000").map((token) => [token.text, token.not])).toEqual([["12 000", "price"]]);
  });

  it("keeps a price's digits together, so no part of it is offered as a seed", () => {
    expect(numberTokens("$2,500 (")).toEqual([{ text: "2,500", start: 1, end: 6, value: Number.NaN, not: "price" }]);
  });

  it("gives check, guide:numbers and the draft the same seeds for a line", () => {
    const line = "Tier 1: 661 (99,5%) | 151 - sold for $2,500 | 419 like 555";
    const capture = prepareCapture("test/page.txt", new TextEncoder().encode(`${line}\n`)).readable;
    if ("problem" in capture) throw new Error(capture.problem);
    const seeds = seedCandidates(line).map((token) => token.value);
    expect(seeds).toEqual([1, 661, 151, 419, 555]);
    // What guide:numbers would list with nothing graded: the same tokens.
    expect(untranscribedNumbers(capture, { systems: [] }, { skip: [] }).map((found) => found.value)).toEqual(seeds);
    // What check accepts as a grading's seed in that quote: the same tokens.
    const system = { id: "s", label: "S", levels: [{ key: "l", label: "Tier 1" }], gradings: seeds.map((seed, position) => ({ seed, level: "l", quote: line, evidence: "text", position })) };
    expect(seedsOccurInTheirQuotes({ systems: [system] } as unknown as Guide)).toEqual([]);
    const wrong = { ...system, gradings: [99, 500, 2].map((seed, position) => ({ seed, level: "l", quote: line, evidence: "text", position })) };
    expect(seedsOccurInTheirQuotes({ systems: [wrong] } as unknown as Guide)).toHaveLength(3);
  });
});
