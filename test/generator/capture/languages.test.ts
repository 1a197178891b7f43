import { describe, expect, it } from "vitest";
import { dateWords, readAttribution } from "../../../generator/capture/attribution.ts";
import { prepareCapture, type ReadableCapture } from "../../../generator/capture/capture.ts";
import { localDateTime } from "../../../generator/capture/dates.ts";
import { endsUnspaced, framedAlternatives, LANGUAGES, literalSource, longestFirst, notGradedPhrase, opensUnspaced, phrasesSource, wordStart, type Language } from "../../../generator/capture/languages.ts";
import { numberReader, seedCandidates } from "../../../generator/capture/numbers.ts";
import { LABEL_BEFORE_NUMBER, LEVEL_LABELS, labelBeforeNumberOf, levelLabelsOf, LIST_FILLER, localPaintNames, UNGRADED_SECTIONS, ungradedSectionsOf, undecorated } from "../../../generator/capture/shapes.ts";

function readable(html: string): ReadableCapture {
  const { readable } = prepareCapture("test/page.html", new TextEncoder().encode(html));
  if ("problem" in readable) throw new Error(readable.problem);
  return readable;
}

/** A word after a number, as the language writes it: `12 seeds`, `3个月`. */
const afterNumber = (number: string, word: string) => (opensUnspaced(word) ? `${number}${word}` : `${number} ${word}`);
const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const isLevelLabel = (label: string, labels = LEVEL_LABELS) => labels.some(({ pattern }) => pattern.test(undecorated(label)));

/**
 * A date shape of languages.ts written out: each placeholder given its value, an optional part kept when it
 * holds a placeholder and left out otherwise (`[,]`, `[ @]`).
 */
function writtenDate(shape: string, values: Record<string, string>): string {
  let text = shape;
  for (let previous = ""; previous !== text; ) {
    previous = text;
    text = text.replace(/\[[^[\]{}]*\]/g, "");
  }
  return text.replace(/[[\]]/g, "").replace(/\{(\w+)\}/g, (_, name: string) => values[name]!);
}

/** November 4th, 2023 at 20:17, in the first of the language's date shapes, its month written `month`. */
function steamDate(language: Language, month: string, monthNumber: number): string {
  const shape = language.dates[0]!;
  const twelveHour = shape.includes("{ampm}");
  return writtenDate(shape, { day: "4", month, monthNumber: String(monthNumber), year: "2023", hour: twelveHour ? "8" : "20", minute: "17", ampm: language.dayPeriods.pm[0] ?? "" });
}

describe("every word of every language is read", () => {
  for (const language of LANGUAGES) {
    describe(`${language.name} (${language.code})`, () => {
      it("writes its words lowercase, its twelve months and at least one date shape", () => {
        const words = [...language.levelWords, ...language.levelWordsAfter, ...language.notGraded, ...language.ungradedSections, ...language.countWords, ...language.priceWords];
        expect(words.filter((word) => word !== word.toLowerCase())).toEqual([]);
        expect(language.months).toHaveLength(12);
        expect(language.dates.length).toBeGreaterThan(0);
      });

      it("reads each level word before a number or a grade, and each level word after one, as a level's label", () => {
        for (const word of language.levelWords) expect([word, isLevelLabel(`${capitalized(word)} 1`)]).toEqual([word, true]);
        for (const word of language.levelWordsAfter) expect([word, isLevelLabel(`S ${word}`)]).toEqual([word, true]);
        const after = language.levelWordsAfter[0];
        if (after === undefined) return;
        for (const suffix of language.ordinalSuffixes) expect([suffix, isLevelLabel(`1${suffix} ${after}`)]).toEqual([suffix, true]);
        for (const numeral of language.numerals) expect([numeral, isLevelLabel(`${numeral}${after}`)]).toEqual([numeral, true]);
        for (const prefix of language.levelPrefixes) expect([prefix, isLevelLabel(`${prefix}2${after}`)]).toEqual([prefix, true]);
        for (const adjective of language.levelAdjectives) expect([adjective, isLevelLabel(`${capitalized(adjective)} ${after}`)]).toEqual([adjective, true]);
      });

      it("reads each label word written before a number as naming a level or a ranking, not a seed", () => {
        for (const word of [...language.levelWords, ...language.labelWordsBeforeNumber]) expect([word, LABEL_BEFORE_NUMBER.test(`EXAMPLE ${word} `)]).toEqual([word, true]);
      });

      it("reads each heading naming a section it does not grade as ungraded", () => {
        for (const opening of language.ungradedSections) expect([opening, UNGRADED_SECTIONS.test(undecorated(`== ${capitalized(opening)}: ==`))]).toEqual([opening, true]);
        for (const heading of language.ungradedHeadings) expect([heading, UNGRADED_SECTIONS.test(undecorated(`${capitalized(heading)}:`))]).toEqual([heading, true]);
      });

      it("finds each not-graded phrase inside a line, as a whole word", () => {
        for (const phrase of language.notGraded) {
          const line = opensUnspaced(phrase) ? `例子${phrase}的图案` : `EXAMPLE CONTENT - ${capitalized(phrase)}: 661`;
          expect(notGradedPhrase(line)?.toLowerCase()).toBe(phrase);
        }
      });

      it("reads no seed in a count, a price, or a number grouped or with a decimal mark as it writes them", () => {
        for (const word of language.countWords) expect([word, seedCandidates(afterNumber("12", word))]).toEqual([word, []]);
        for (const word of language.priceWords) expect([word, seedCandidates(afterNumber("5", word))]).toEqual([word, []]);
        const counted = language.countWords.find((word) => !opensUnspaced(word)) ?? language.countWords[0]!;
        for (const separator of language.thousandsSeparators) expect([separator, seedCandidates(afterNumber(`12${separator}481`, counted))]).toEqual([separator, []]);
        expect(seedCandidates(afterNumber(`1${language.decimalMark}5`, counted))).toEqual([]);
      });

      it("keeps seeds joined by each of its conjunctions, and a small number after a seed followed by each word going on", () => {
        for (const conjunction of language.conjunctions) {
          expect([conjunction, seedCandidates(afterNumber("661", `${conjunction} 151`)).map((token) => token.value)]).toEqual([conjunction, [661, 151]]);
          expect([conjunction, LIST_FILLER.test(` ${conjunction} `)]).toEqual([conjunction, true]);
        }
        for (const word of language.seedContinuers) expect([word, seedCandidates(`661 - 15 ${word} 32`).map((token) => token.value)]).toEqual([word, [661, 15, 32]]);
      });

      it("reads a date of each month as Steam writes it, and no seed in it", () => {
        language.months.forEach((forms, index) => {
          const written = language.dates[0]!.includes("{month}") ? forms.map((form) => steamDate(language, form, index + 1)) : [steamDate(language, "", index + 1)];
          for (const date of written) {
            expect([date, localDateTime(date, 2024)]).toEqual([date, `2023-${String(index + 1).padStart(2, "0")}-04T20:17:00`]);
            expect([date, seedCandidates(date)]).toEqual([date, []]);
          }
        });
      });

      it("reads each of its Posted and Updated labels in Steam's markup", () => {
        const date = steamDate(language, language.months[10]![0]!, 11);
        for (const [label, field] of [...language.postedLabels.map((label) => [label, "posted"] as const), ...language.updatedLabels.map((label) => [label, "updated"] as const)]) {
          const html = `<html><body><div class="detailsStatLeft">${capitalized(label)}</div><div class="detailsStatRight">${date}</div><p>661</p></body></html>`;
          expect([label, readAttribution(readable(html), "990000001", "2024-03-02T09:30:00+00:00")[field]]).toEqual([label, "2023-11-04T20:17:00"]);
        }
      });
    });
  }
});

describe("whole words in text written without spaces", () => {
  it("finds a Chinese phrase inside Chinese text, and an English one written against it", () => {
    expect(notGradedPhrase("这些不是蓝宝石的图案")).toBe("不是蓝宝石");
    expect(notGradedPhrase("常见问题FAQ：661")).toBe("常见问题");
    expect(notGradedPhrase("下面是FAQ")).toBe("FAQ");
    expect(notGradedPhrase("FAQs are below")).toBeNull();
  });

  it("tells a word written against its number or grade by its first or last letter alone", () => {
    expect([opensUnspaced("个月"), opensUnspaced("FAQ常见"), opensUnspaced("")]).toEqual([true, false, false]);
    expect([endsUnspaced("等级"), endsUnspaced("常见FAQ"), endsUnspaced("")]).toEqual([true, false, false]);
  });

  it("reads a spaced word whole only when no letter or digit of a spaced script stands before it", () => {
    const whole = new RegExp(`${wordStart("faq")}faq`, "iu");
    expect(["FAQ", "常见问题FAQ", "xFAQ", "1FAQ"].map((text) => whole.test(text))).toEqual([true, true, false, false]);
    expect(new RegExp(`${wordStart("常见")}常见`, "iu").test("x常见")).toBe(true);
  });
});

describe("phrases as patterns", () => {
  it("reads any run of spacing for each run of spaces in a phrase, and its other characters literally", () => {
    const pattern = new RegExp(`^${literalSource("not  blue (gem)?")}$`, "iu");
    expect(["not blue (gem)?", "not \u00a0\tblue  (gem)?"].map((text) => pattern.test(text))).toEqual([true, true]);
    expect(["notblue (gem)?", "not blue gem"].map((text) => pattern.test(text))).toEqual([false, false]);
  });

  it("tries the longest phrase first, each once", () => {
    expect(longestFirst(["not", "not blue gem", "not blue", "not"])).toEqual(["not blue gem", "not blue", "not"]);
  });
});

/** A tenth language, written as a maintainer would add it to languages.ts: one entry, no code. */
const ITALIAN: Language = {
  code: "it",
  name: "Italian",
  levelWords: ["livello", "fascia"],
  levelWordsAfter: ["livello", "fascia"],
  levelPrefixes: [],
  numerals: [],
  ordinalSuffixes: ["º", "°"],
  levelAdjectives: [],
  labelWordsBeforeNumber: ["livelli"],
  notGraded: ["quasi", "menzioni d'onore", "domande frequenti"],
  ungradedSections: ["domande frequenti", "registro delle modifiche", "ringraziament"],
  ungradedHeadings: ["chi sono"],
  conjunctions: ["e", "o"],
  seedContinuers: ["poi", "è"],
  countWords: ["visualizzazioni", "mesi", "giorni", "semi"],
  priceWords: ["chiavi", "euro"],
  thousandsSeparators: [".", "\u00a0"],
  decimalMark: ",",
  months: [
    ["gennaio", "gen"],
    ["febbraio", "feb"],
    ["marzo", "mar"],
    ["aprile", "apr"],
    ["maggio", "mag"],
    ["giugno", "giu"],
    ["luglio", "lug"],
    ["agosto", "ago"],
    ["settembre", "set"],
    ["ottobre", "ott"],
    ["novembre", "nov"],
    ["dicembre", "dic"],
  ],
  dates: ["{day} {month}[ {year}][, ore {hour}:{minute}]"],
  dayPeriods: { am: [], pm: [] },
  postedLabels: ["pubblicato"],
  updatedLabels: ["aggiornato"],
  phaseWords: ["fase"],
  gemNames: { Ruby: ["rubino"], Sapphire: ["zaffiro"], Emerald: ["smeraldo"], "Black Pearl": ["perla nera"] },
};

describe("a language added as one entry is read by every reader", () => {
  const withItalian = [...LANGUAGES, ITALIAN];

  it("reads its level words in level labels and before numbers", () => {
    expect(isLevelLabel("Livello 1")).toBe(false);
    expect(isLevelLabel("Livello 1", levelLabelsOf(withItalian))).toBe(true);
    expect(isLevelLabel("1º livello", levelLabelsOf(withItalian))).toBe(true);
    expect(labelBeforeNumberOf(withItalian).test("nei livelli ")).toBe(true);
  });

  it("reads its names of a Doppler's phases and gems as the item files' paint labels", () => {
    const labelOf = (text: string, languages: readonly Language[]) => localPaintNames(languages).find(({ pattern }) => pattern.test(text))?.label ?? null;
    expect(labelOf("Zaffiro", LANGUAGES)).toBeNull();
    expect(labelOf("Zaffiro", withItalian)).toBe("Sapphire");
    expect(labelOf("Perla nera", withItalian)).toBe("Black Pearl");
    expect("Fase 3".replace(localPaintNames(withItalian)[0]!.pattern, "Phase $<n>").trim()).toBe("Phase 3");
  });

  it("reads its headings of sections it does not grade", () => {
    expect(UNGRADED_SECTIONS.test("Domande frequenti")).toBe(false);
    expect(ungradedSectionsOf(withItalian).test("Domande frequenti")).toBe(true);
    expect(ungradedSectionsOf(withItalian).test("Ringraziamenti")).toBe(true);
  });

  it("reads its counts and grouped numbers as no seeds, and its conjunctions as joining seeds", () => {
    const { seedCandidates: italianSeeds } = numberReader(withItalian);
    expect(seedCandidates("3 mesi, 12 visualizzazioni").map((token) => token.value)).toEqual([3, 12]);
    expect(italianSeeds("3 mesi, 12 visualizzazioni")).toEqual([]);
    expect(italianSeeds("12.481 visualizzazioni e 5 chiavi")).toEqual([]);
    expect(italianSeeds("661 - 15 poi 32").map((token) => token.value)).toEqual([661, 15, 32]);
    expect(italianSeeds("4 nov 2023, ore 20:17")).toEqual([]);
  });

  it("reads its not-graded phrases", () => {
    expect(new RegExp(phrasesSource(withItalian.flatMap((language) => language.notGraded)), "iu").exec("EXAMPLE CONTENT - Menzioni d'onore: 661")?.[0]).toBe("Menzioni d'onore");
  });

  it("reads Steam's Posted and Updated labels and dates in it", () => {
    const html = `<html><body><div class="detailsStatLeft">Pubblicato</div><div class="detailsStatLeft">Aggiornato</div>
<div class="detailsStatRight">4 nov 2023, ore 20:17</div><div class="detailsStatRight">1 mar, ore 18:20</div><p>661</p></body></html>`;
    expect(readAttribution(readable(html), "990000001", "2024-03-02T09:30:00+00:00")).toMatchObject({ posted: null, updated: null });
    expect(readAttribution(readable(html), "990000001", "2024-03-02T09:30:00+00:00", dateWords(withItalian))).toMatchObject({ posted: "2023-11-04T20:17:00", updated: "2024-03-01T18:20:00" });
  });
});

describe("alternatives framed alike are written with their frame once", () => {
  const framed = [
    { before: "", source: "ab", after: "(?!x)" },
    { before: "", source: "a", after: "(?!x)" },
    { before: "<", source: "c", after: "" },
    { before: "", source: "d", after: "(?!x)" },
  ];

  it("joins each run of neighbours with the same frame, in the order given", () => {
    expect(framedAlternatives(framed)).toBe("(?:(?:ab|a)(?!x)|<c|d(?!x))");
    expect(framedAlternatives([])).toBe("(?:(?!))");
  });

  it("joins neighbours only when both what stands before and what follows are the same", () => {
    const sameAfter = [
      { before: "<", source: "a", after: ">" },
      { before: "", source: "b", after: ">" },
    ];
    const sameBefore = [
      { before: "<", source: "a", after: ">" },
      { before: "<", source: "b", after: "" },
    ];
    expect(framedAlternatives(sameAfter)).toBe("(?:<a>|b>)");
    expect(framedAlternatives(sameBefore)).toBe("(?:<a>|<b)");
  });

  it("matches what the alternatives framed one by one match, the earlier one first", () => {
    const joined = new RegExp(`^${framedAlternatives(framed)}`);
    const oneByOne = new RegExp(`^(?:${framed.map(({ before, source, after }) => `${before}${source}${after}`).join("|")})`);
    for (const text of ["ab", "abx", "a", "ax", "<c", "c", "d", "dx", "x"]) expect(joined.exec(text)?.[0], text).toBe(oneByOne.exec(text)?.[0]);
  });

  it("keeps the patterns of every language's words small enough to compile", () => {
    // A whole word's frame repeated for each word made the count words' pattern 35,000 characters long.
    expect(phrasesSource(LANGUAGES.flatMap((language) => [...language.conjunctions, ...language.seedContinuers])).length).toBeLessThan(5_000);
  });
});
