// Listings read the page by place, and a quote stands only where it cuts no number: a page holding `66` beside
// `661` and `32` beside `321` (example data, no browser, no files).

import { describe, expect, it } from "vitest";
import { applyEdit } from "../../../tools/workbench/apply.ts";
import { takings } from "../../../tools/workbench/listing.ts";
import type { EditContext, GuideDocument } from "../../../tools/workbench/document.ts";
import type { Edit } from "../../../tools/workbench/edit.ts";
import { applied as appliedTo, contextOf as contextOfLines, DOPPLER, grading as gradingOf, guideOf as guideOfSystems, level, refusal as refusalOf, shapeOf, spanIn, system } from "../../support/workbench-guides.ts";

const grading = (seed: number, key: string, quote: string, position: number) => gradingOf(seed, key, quote, { position });

const TEXT = [
  "EXAMPLE CONTENT: an example tier list",
  "Tier 1: 661, 321",
  "Also in Tier 1: 151",
  "66",
  "32",
  "Blue: 661, 32",
  "Blue: 661, 321 was a typo",
  "",
].join("\n");

const CONTEXT: EditContext = { text: TEXT, regions: [], items: new Map([[DOPPLER.slug, DOPPLER]]) };

/** The offsets of the line holding `part` whole. */
function line(part: string): { start: number; end: number } {
  const start = TEXT.indexOf(`\n${part}\n`) + 1;
  if (start === 0) throw new Error(`no line ${part}`);
  return { start, end: start + part.length };
}

/** The Tier 1 of lines 4 and 5 (`66`, `32`) graded right; the line `Tier 1: 661, 321` not yet listed. */
function guide(): GuideDocument {
  return {
    schema: "1.0",
    platform_id: "900000301",
    notes: "Example notes.",
    permission_quote: "",
    remarks: [],
    item_claims: [],
    callouts: [],
    discrepancies: [],
    systems: [
      system("tiers", "Tiers", [level("t1", "Tier 1")], [grading(66, "t1", "66", 0), grading(32, "t1", "32", 1)]),
      system("blue", "Blue", [level("in", "Blue")], [grading(661, "in", "Blue: 661, 32", 0), grading(32, "in", "Blue: 661, 32", 1)]),
    ],
  };
}

function applied(edit: Edit): GuideDocument {
  const result = applyEdit(guide(), edit, CONTEXT);
  if (!result.ok) throw new Error(result.message);
  return result.guide as unknown as GuideDocument;
}

function refusal(edit: Edit): string {
  const result = applyEdit(guide(), edit, CONTEXT);
  if (result.ok) throw new Error("the edit was applied");
  return result.message;
}

const gradingsOf = (document: GuideDocument, id: string) => document.systems.find((entry) => entry.id === id)!.gradings.map((entry) => [entry.seed, entry.quote]);

describe("a listing takes over only the gradings whose quotes stand inside it, cutting no number", () => {
  it("listing the line holding 661 and 321 leaves the gradings quoted 66 and 32 untouched", () => {
    const listed = applied({ kind: "assign", span: line("Tier 1: 661, 321"), quotes: "span", system: { id: "tiers" }, level: { key: "t1" } });
    expect(gradingsOf(listed, "tiers")).toEqual([
      [661, "Tier 1: 661, 321"],
      [321, "Tier 1: 661, 321"],
      [66, "66"],
      [32, "32"],
    ]);
    expect(gradingsOf(listed, "blue")).toEqual(gradingsOf(guide(), "blue"));
  });

  it("listing the line of 66 takes over the grading quoted 66 there, and only it", () => {
    const listed = applied({ kind: "assign", span: line("66"), quotes: "span", system: { id: "blue" }, level: { key: "in" } });
    expect(gradingsOf(listed, "tiers")).toEqual([[32, "32"]]);
    expect(gradingsOf(listed, "blue")).toEqual([
      [66, "66"],
      [661, "Blue: 661, 32"],
      [32, "Blue: 661, 32"],
    ]);
  });

  it("puts a listing before its level's gradings written after it on the page, not by where their quotes are cut out of longer numbers", () => {
    const listed = applied({ kind: "assign", span: line("Also in Tier 1: 151"), quotes: "span", system: { id: "tiers" }, level: { key: "t1" } });
    expect(gradingsOf(listed, "tiers").map(([seed]) => seed)).toEqual([151, 66, 32]);
  });

  it("is refused for a span cutting a number, which check would not find", () => {
    const cut = { start: line("Tier 1: 661, 321").start, end: line("Tier 1: 661, 321").start + "Tier 1: 66".length };
    expect(refusal({ kind: "assign", span: cut, quotes: "span", system: { id: "tiers" }, level: { key: "t1" } })).toBe(
      'the span cuts a number on line 2 ("Tier 1: 661"): a quote holds whole numbers',
    );
  });
});

describe("a number is dropped only from the gradings whose quotes stand whole where it is written", () => {
  it("dropping the 661 of the line that writes 321 leaves the grading quoting the line with 32", () => {
    const typo = line("Blue: 661, 321 was a typo").start + "Blue: ".length;
    expect(refusal({ kind: "drop-number", number: { start: typo, end: typo + 3 } })).toBe("no grading takes the 661 on line 7");
    const own = line("Blue: 661, 32").start + "Blue: ".length;
    expect(gradingsOf(applied({ kind: "drop-number", number: { start: own, end: own + 3 } }), "blue")).toEqual([[32, "Blue: 661, 32"]]);
  });
});

describe("a level's word before a number names a level in every language the drafter reads", () => {
  const text = ["EXAMPLE CONTENT", "Уровень 2: 32, 92", "Stufe 3 — 104, 7", "Fase 2: 418", "Nº 661", ""].join("\n");
  const context: EditContext = { text, regions: [], items: new Map([[DOPPLER.slug, DOPPLER]]) };
  const seedsListed = (part: string) => {
    const start = text.indexOf(part);
    const result = applyEdit(guide(), { kind: "assign", span: { start, end: start + part.length }, quotes: "span", system: { id: "tiers" }, level: { key: "t1" } }, context);
    if (!result.ok) throw new Error(result.message);
    return (result.guide as unknown as GuideDocument).systems.find((entry) => entry.id === "tiers")!.gradings.filter((entry) => entry.quote === part).map((entry) => entry.seed);
  };

  it("takes the seeds after a Russian, German or Portuguese level's or phase's word, not its number", () => {
    expect(seedsListed("Уровень 2: 32, 92")).toEqual([32, 92]);
    expect(seedsListed("Stufe 3 — 104, 7")).toEqual([104, 7]);
    expect(seedsListed("Fase 2: 418")).toEqual([418]);
  });

  it("takes a seed after a word for number, which stands before seeds as often as before ranks", () => {
    expect(seedsListed("Nº 661")).toEqual([661]);
  });
});

describe("a listing's span, system and level", () => {
  const context = contextOfLines(["EXAMPLE CONTENT", "Blue: 661, 32", "   ", "★★★: 5, 6", "Gold 7"]);
  const draft = () => guideOfSystems([system("system", "S", [level("level", "L"), level("pics", "Pictures", { gradings: null })], [gradingOf(32, "level", "Blue: 661, 32"), gradingOf(661, "level", "Blue: 661, 32")])]);
  const stars = spanIn(context, "★★★: 5, 6");

  it("quotes a span of several lines as one quote, or each line on its own without the spaces around it", () => {
    const lines = contextOfLines(["EXAMPLE CONTENT", "Tier 1:", "   661, 321  ", "", "151", "Example comment"]);
    const span = { start: spanIn(lines, "661").start, end: spanIn(lines, "151").end };
    const listed = (quotes: "span" | "lines") => appliedTo(draft(), { kind: "assign", span, quotes, system: { id: "system" }, level: { key: "level" } }, lines).systems[0]!.gradings.filter((entry) => entry.quote !== "Blue: 661, 32").map((entry) => [entry.seed, entry.quote]);
    expect(listed("lines")).toEqual([[661, "661, 321"], [321, "661, 321"], [151, "151"]]);
    expect(listed("span")).toEqual([[661, "661, 321  \n\n151"], [321, "661, 321  \n\n151"], [151, "661, 321  \n\n151"]]);
  });

  it("keeps a draft grading's note on the seed it graded when the listing quotes several seeds", () => {
    const noted = guideOfSystems([system("system", "S", [level("level", "L")], [gradingOf(32, "level", "Blue: 661, 32", { note: "the gold one" })])]);
    const guide = appliedTo(noted, { kind: "assign", span: spanIn(context, "Blue: 661, 32"), quotes: "span", system: { id: "system" }, level: { key: "level" } }, context);
    expect(guide.systems[0]!.gradings.map((entry) => [entry.seed, entry.note ?? null])).toEqual([[661, null], [32, "the gold one"]]);
  });

  it("keeps each draft grading's note on the line it quoted when two lines of the listing write the same seed", () => {
    const lines = contextOfLines(["EXAMPLE CONTENT", "Blue: 661", "Gold: 661"]);
    const noted = guideOfSystems([system("system", "S", [level("level", "L")], [gradingOf(661, "level", "Gold: 661", { note: "the gold one" }), gradingOf(661, "level", "Blue: 661")])]);
    const span = { start: spanIn(lines, "Blue: 661").start, end: spanIn(lines, "Gold: 661").end };
    const guide = appliedTo(noted, { kind: "assign", span, quotes: "lines", system: { id: "system" }, level: { key: "level" } }, lines);
    expect(guide.systems[0]!.gradings.map((entry) => [entry.quote, entry.note ?? null])).toEqual([["Blue: 661", null], ["Gold: 661", "the gold one"]]);
  });

  it("puts a listing after a grading whose quote starts where the listing starts", () => {
    const lines = contextOfLines(["EXAMPLE CONTENT", "Blue: 661, 32", "Gold 7"]);
    const longer = guideOfSystems([system("system", "S", [level("level", "L")], [gradingOf(7, "level", "Blue: 661, 32\nGold 7")])]);
    const guide = appliedTo(longer, { kind: "assign", span: spanIn(lines, "Blue: 661, 32"), quotes: "span", system: { id: "system" }, level: { key: "level" } }, lines);
    expect(guide.systems[0]!.gradings.map((entry) => entry.seed)).toEqual([7, 661, 32]);
  });

  it("takes a span right beside the comment thread, which ends where the thread starts or starts where it ends", () => {
    const beside = contextOfLines(["EXAMPLE CONTENT", "Tier 1: 661|Example comment|Tier 2: 321"], "|Example comment|");
    for (const [part, seed] of [["Tier 1: 661", 661], ["Tier 2: 321", 321]] as const) {
      const guide = appliedTo(draft(), { kind: "assign", span: spanIn(beside, part), quotes: "span", system: { id: "system" }, level: { key: "level" } }, beside);
      expect(guide.systems[0]!.gradings.map((entry) => entry.quote)).toContain(part);
      expect(guide.systems[0]!.gradings.find((entry) => entry.quote === part)!.seed).toBe(seed);
    }
  });

  it("quotes the span without the spaces and line ends around it, and refuses a span of spaces alone", () => {
    const blue = spanIn(context, "Blue: 661, 32");
    const guide = appliedTo(draft(), { kind: "assign", span: { start: blue.start - 1, end: blue.end + 2 }, quotes: "span", system: { id: "system" }, level: { key: "level" } }, context);
    expect(guide.systems[0]!.gradings.map((entry) => [entry.seed, entry.quote])).toEqual([[661, "Blue: 661, 32"], [32, "Blue: 661, 32"]]);
    const spaces = spanIn(context, "   ");
    expect(refusalOf(draft(), { kind: "assign", span: { start: spaces.start - 1, end: spaces.end + 1 }, quotes: "span", system: { id: "system" }, level: { key: "level" } }, context)).toBe("the span holds only spaces");
    expect(refusalOf(draft(), { kind: "assign", span: { start: spaces.start, end: spaces.end - 1 }, quotes: "span", system: { id: "system" }, level: { key: "level" } }, context)).toBe("the span holds only spaces");
  });

  it("makes a new system and level whose labels give no id, keyed apart from those the guide has", () => {
    const guide = appliedTo(draft(), { kind: "assign", span: stars, quotes: "span", system: { new: { label: "★★★", kind: "tier", item: DOPPLER.slug } }, level: { new: { label: "★★★" } } }, context);
    expect(shapeOf(guide)[1]).toBe("system_2: level=★★★ / 5@level#0 6@level#1");
    const inOwn = appliedTo(draft(), { kind: "assign", span: stars, quotes: "span", system: { id: "system" }, level: { new: { label: "★★★" } } }, context);
    expect(shapeOf(inOwn)[0]).toBe("system: level=L | pics=Pictures | level_2=★★★ / 32@level#0 661@level#1 5@level_2#0 6@level_2#1");
  });

  it("refuses a level shown as images alone, and a new system of an item the dataset does not have", () => {
    expect(refusalOf(draft(), { kind: "assign", span: stars, quotes: "span", system: { id: "system" }, level: { key: "pics" } }, context)).toBe('level "Pictures" is shown as images alone (gradings: null) and grades no seed');
    expect(refusalOf(draft(), { kind: "assign", span: stars, quotes: "span", system: { new: { label: "S", kind: "tier", item: "example-unknown-item" } }, level: { new: { label: "x" } } }, context)).toBe(
      'no item "example-unknown-item": items/example-unknown-item.json does not exist',
    );
  });

  it("drops a number from the grading taking it even when the level lists its seeds in another order than the quote", () => {
    expect(shapeOf(appliedTo(draft(), { kind: "drop-number", number: spanIn(context, "661") }, context))).toEqual(["system: level=L | pics=Pictures / 32@level#0"]);
  });

  it("refuses to drop what is no number, or a place past the text", () => {
    expect(refusalOf(draft(), { kind: "drop-number", number: spanIn(context, "Gold") }, context)).toMatch(/^no number at \d+\.\.\d+ of the capture's text$/);
    expect(refusalOf(draft(), { kind: "drop-number", number: { start: context.text.length - 1, end: context.text.length + 2 } }, context)).toMatch(/^no number at /);
  });
});

describe("what a listing makes and a dropped number takes", () => {
  const context = contextOfLines(["EXAMPLE CONTENT", "Blue: 32, 661, 32", "661, 151", "Gold 7"]);
  const blue = () => guideOfSystems([system("blue", "Blue", [level("in", "Blue")], [gradingOf(661, "in", "Blue: 32, 661, 32"), gradingOf(32, "in", "Blue: 32, 661, 32"), gradingOf(32, "in", "Blue: 32, 661, 32"), gradingOf(661, "in", "661, 151"), gradingOf(151, "in", "661, 151")])]);
  const numberAt = (line: string, index: number) => ({ start: spanIn(context, line).start + index, end: spanIn(context, line).start + index + 2 });

  it("makes a new system and a new level not ordered, with nothing but the gradings listed", () => {
    const guide = appliedTo(guideOfSystems([]), { kind: "assign", span: spanIn(context, "Gold 7"), quotes: "span", system: { new: { label: "Gold", kind: "band", item: DOPPLER.slug } }, level: { new: { label: "Gold" } } }, context);
    expect(guide.systems).toEqual([
      {
        id: "gold",
        label: "Gold",
        item: DOPPLER.slug,
        paint_indexes: null,
        alias: null,
        topic: null,
        scale: { kind: "band", best: null, worst: null },
        remarks: [],
        levels: [{ key: "gold", label: "Gold", images: [], ordered: false, ordered_quote: null }],
        gradings: [{ seed: 7, level: "gold", quote: "Gold 7", evidence: "text", position: 0 }],
      },
    ]);
  });

  it("takes a span reaching the text's very end, trimmed", () => {
    const start = spanIn(context, "Gold 7").start;
    const guide = appliedTo(guideOfSystems([]), { kind: "assign", span: { start, end: context.text.length }, quotes: "span", system: { new: { label: "Gold", kind: "band", item: DOPPLER.slug } }, level: { new: { label: "Gold" } } }, context);
    expect(guide.systems[0]!.gradings.map((entry) => entry.quote)).toEqual(["Gold 7"]);
  });

  it("drops a number at either end of a quote, and a seed written twice from the grading taking it there", () => {
    expect(appliedTo(blue(), { kind: "drop-number", number: numberAt("Blue: 32, 661, 32", 15) }, context).systems[0]!.gradings.map((entry) => `${entry.seed} ${entry.quote}`)).toEqual([
      "661 Blue: 32, 661, 32",
      "32 Blue: 32, 661, 32",
      "661 661, 151",
      "151 661, 151",
    ]);
    expect(appliedTo(blue(), { kind: "drop-number", number: numberAt("Blue: 32, 661, 32", 6) }, context).systems[0]!.gradings).toHaveLength(4);
    expect(appliedTo(blue(), { kind: "drop-number", number: { start: spanIn(context, "661, 151").start, end: spanIn(context, "661, 151").start + 3 } }, context).systems[0]!.gradings.map((entry) => entry.quote)).toEqual([
      "Blue: 32, 661, 32",
      "Blue: 32, 661, 32",
      "Blue: 32, 661, 32",
      "661, 151",
    ]);
  });

  it("refuses to drop a number reaching past the text, even where the text ends in digits", () => {
    const text = "EXAMPLE CONTENT\nTier 1: 661";
    const bare = { text, regions: [], items: context.items };
    const guide = guideOfSystems([system("t", "T", [level("t1", "Tier 1")], [gradingOf(661, "t1", "Tier 1: 661")])]);
    expect(refusalOf(guide, { kind: "drop-number", number: { start: text.length - 3, end: text.length + 1 } }, bare)).toMatch(/^no number at /);
  });

  it("drops a number ending the text's very end, and refuses a selection holding more than a number", () => {
    const text = "EXAMPLE CONTENT\nTier 1: 661";
    const bare = { text, regions: [], items: context.items };
    const guide = guideOfSystems([system("t", "T", [level("t1", "Tier 1"), level("t2", "Tier 2")], [gradingOf(661, "t1", "Tier 1: 661"), gradingOf(5, "t2", "Tier 2: 5")])]);
    expect(appliedTo(guide, { kind: "drop-number", number: { start: text.length - 3, end: text.length } }, bare).systems[0]!.gradings.map((entry) => entry.seed)).toEqual([5]);
    expect(refusalOf(guide, { kind: "drop-number", number: { start: text.length - 5, end: text.length } }, bare)).toMatch(/^no number at /);
    expect(refusalOf(guide, { kind: "drop-number", number: { start: text.length - 6, end: text.length - 3 } }, bare)).toMatch(/^no number at /);
  });

  it("drops the seed a level's label does not write, and refuses a number of the quote no grading takes", () => {
    const text = "EXAMPLE CONTENT\nBlue 3: 3, 661, 321\n";
    const bare = { text, regions: [], items: context.items };
    const guide = guideOfSystems([system("b", "B", [level("b3", "Blue 3")], [gradingOf(5, "b3", "Blue 3: 3, 661, 321"), gradingOf(3, "b3", "Blue 3: 3, 661, 321"), gradingOf(661, "b3", "Blue 3: 3, 661, 321")])]);
    const seedThree = text.indexOf(": 3,") + 2;
    expect(appliedTo(guide, { kind: "drop-number", number: { start: seedThree, end: seedThree + 1 } }, bare).systems[0]!.gradings.map((entry) => entry.seed)).toEqual([5, 661]);
    const untaken = text.indexOf("321");
    expect(refusalOf(guide, { kind: "drop-number", number: { start: untaken, end: untaken + 3 } }, bare)).toBe("no grading takes the 321 on line 2");
  });

  it("lets each grading of a level take the first number equal to its seed after the one before took, else the first left, else none", () => {
    const startsTaken = (quote: string, seeds: number[]) => takings(quote, seeds.map((seed) => gradingOf(seed, "in", quote)), "").map((number) => number?.start ?? null);
    expect(startsTaken("32, 661, 32", [661, 32, 32])).toEqual([4, 9, 0]);
    expect(startsTaken("32, 661", [32, 661, 32])).toEqual([0, 4, null]);
  });
});
