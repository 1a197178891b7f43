// No silent change (tools/workbench/side-effects.ts): what an edit changed besides what it was about, found
// by comparing the guide before and after it, and said in the page's words. Literal guides, example data.

import { describe, expect, it } from "vitest";
import { pictureOf, scopeOf, sideEffects, sideEffectsSentence } from "../../../tools/workbench/side-effects.ts";
import type { DocumentGrading, GuideDocument } from "../../../tools/workbench/document.ts";
import { appliedWithEffects, contextOf, grading, guideOf, level, spanIn, system } from "../../support/workbench-guides.ts";

const CONTEXT = contextOf(["Example tiers, EXAMPLE CONTENT", "Tier 2: 32, 92", "Tier 1: 661", "Tier 2: 32, 92", "Honourable: 555, 71"]);

const tiers = () =>
  guideOf([
    system("tiers", "Tiers", [level("t1", "Tier 1"), level("t2", "Tier 2")], [grading(661, "t1", "Tier 1: 661"), grading(32, "t2", "Tier 2: 32, 92"), grading(92, "t2", "Tier 2: 32, 92")]),
    system("honourable", "Honourable", [level("in", "Honourable")], [grading(555, "in", "Honourable: 555, 71"), grading(71, "in", "Honourable: 555, 71")], { paint_indexes: [419] }),
  ]);

describe("what an edit changed outside what it was about", () => {
  it("names the gradings a listing took from another place of the text, and the level it emptied", () => {
    const secondLine = spanIn(CONTEXT, "Tier 2: 32, 92", spanIn(CONTEXT, "Tier 1: 661").end);
    const { guide, sideEffects: effects } = appliedWithEffects(tiers(), { kind: "assign", span: secondLine, quotes: "span", system: { id: "tiers" }, level: { new: { label: "Again" } } }, CONTEXT);
    expect(guide.systems[0]!.levels.map((entry) => entry.label)).toEqual(["Tier 1", "Again"]);
    expect(effects.gradings.map((change) => [change.change, change.seed, change.line, change.from.levelLabel, change.to?.levelLabel])).toEqual([
      ["moved", 32, 2, "Tier 2", "Again"],
      ["moved", 92, 2, "Tier 2", "Again"],
    ]);
    expect(sideEffectsSentence(effects)).toBe("also moved seeds 32, 92 from Tier 2 of Tiers (line 2); removed level Tier 2 of Tiers");
  });

  it("says nothing of the gradings a listing took from its own span, but names the system it emptied", () => {
    const { sideEffects: effects } = appliedWithEffects(tiers(), { kind: "assign", span: spanIn(CONTEXT, "Honourable: 555, 71"), quotes: "span", system: { id: "tiers" }, level: { key: "t1" } }, CONTEXT);
    expect(effects.gradings).toEqual([]);
    expect(sideEffectsSentence(effects)).toBe("also removed system Honourable");
  });

  it("says nothing of an edit that changed only the levels and systems it names", () => {
    const merged = appliedWithEffects(tiers(), { kind: "merge-levels", system: "tiers", level: "t2", into: "t1" }, CONTEXT);
    const removed = appliedWithEffects(tiers(), { kind: "remove-system", system: "honourable" }, CONTEXT);
    expect([sideEffectsSentence(merged.sideEffects), sideEffectsSentence(removed.sideEffects)]).toEqual([null, null]);
  });

  it("finds a grading removed, moved, given another quote or changed in place, whichever edit did it", () => {
    const before = tiers();
    const after = tiers();
    after.systems[0]!.gradings = [grading(661, "t1", "Tier 1: 661", { note: { quote: "661" } }), grading(32, "t1", "Tier 2: 32, 92")];
    after.systems[1]!.gradings[1]!.quote = "71";
    const effects = sideEffects(pictureOf(before, CONTEXT), scopeOf({ kind: "set-notes", text: "Example." }, before), after, CONTEXT);
    expect(effects.gradings.map((change) => [change.change, change.seed, change.line])).toEqual([
      ["changed", 661, 3],
      ["moved", 32, 2],
      ["removed", 92, 2],
      ["requoted", 71, 5],
    ]);
    expect(sideEffectsSentence(effects)).toBe("also changed seed 661 of Tier 1 of Tiers (line 3); moved seed 32 from Tier 2 of Tiers (line 2); removed seed 92 of Tier 2 of Tiers (line 2); changed the quote of seed 71 of Honourable (line 5)");
  });
});

describe("what an edit is about", () => {
  const guide = () =>
    guideOf([
      system("blue", "Blue", [level("t1", "Tier 1")], []),
      system("blue_2", " blue ", [level("t1", "Tier 1")], []),
      system("gold", "Gold", [level("t1", "Tier 1")], [], { item: "ak-47-case-hardened" }),
    ]);
  const span = { start: 2, end: 5 };
  const other = { start: 7, end: 9 };
  const named = (edit: Parameters<typeof scopeOf>[0]) => {
    const scope = scopeOf(edit, guide());
    return { spans: scope.spans, levels: [...scope.levels], systems: [...scope.systems] };
  };

  it("is the text an edit selected: a listing's span, a number, every place of a reading", () => {
    expect(named({ kind: "drop-number", number: span })).toEqual({ spans: [span], levels: [], systems: [] });
    expect(named({ kind: "not-graded", number: span })).toEqual({ spans: [span], levels: [], systems: [] });
    expect(named({ kind: "read-table", span, columns: { level: 0, seeds: 1 }, system: { id: "blue" } })).toEqual({ spans: [span], levels: [], systems: [] });
    expect(named({ kind: "apply-reading", reading: { as: "listing", system: { id: "blue" }, places: [{ label: span, listing: other }] } }).spans).toEqual([span, other]);
    expect(named({ kind: "apply-reading", reading: { as: "not-graded", places: [{ heading: span, section: other }] } }).spans).toEqual([span, other]);
  });

  it("is the levels and systems an edit names, and for a merge by label or item every system it merges", () => {
    expect(named({ kind: "merge-levels", system: "blue", level: "t1", into: "t2" }).levels).toEqual(["blue:t1", "blue:t2"]);
    expect(named({ kind: "remove-level", system: "blue", level: "t1" })).toEqual({ spans: [], levels: ["blue:t1"], systems: [] });
    expect(named({ kind: "merge-systems", system: "blue", into: "gold" }).systems).toEqual(["blue", "gold"]);
    expect(named({ kind: "merge-systems-by-label", system: "blue" }).systems).toEqual(["blue", "blue_2"]);
    expect(named({ kind: "merge-systems-by-label", system: "nope" }).systems).toEqual([]);
    expect(named({ kind: "merge-item-systems", into: "gold" }).systems).toEqual(["gold"]);
    expect(named({ kind: "merge-item-systems", into: "blue_2" }).systems).toEqual(["blue", "blue_2"]);
    expect(named({ kind: "merge-item-systems", into: "nope" }).systems).toEqual([]);
  });

  it("is nothing for an edit of the guide's own fields", () => {
    for (const edit of [{ kind: "set-notes", text: "Example." }, { kind: "undecided-not-ordered" }, { kind: "remove-entry", list: "remarks", index: 0 }] as const) expect(named(edit)).toEqual({ spans: [], levels: [], systems: [] });
  });
});

describe("the side effects found and said", () => {
  it("places a grading where its quote is written in the guide's text, not where the comment thread writes it first", () => {
    const context = contextOf(["Example tiers, EXAMPLE CONTENT", "Tier 1: 661", "Tier 1: 661", "Tier 1: 661"], "Tier 1: 661");
    const before = guideOf([system("tiers", "Tiers", [level("t1", "Tier 1")], [grading(661, "t1", "Tier 1: 661")])]);
    const after = guideOf([system("tiers", "Tiers", [level("t1", "Tier 1")], [])]);
    const effects = sideEffects(pictureOf(before, context), scopeOf({ kind: "set-notes", text: "" }, before), after, context);
    expect(effects.gradings.map((change) => [change.change, change.seed, change.line, change.to])).toEqual([["removed", 661, 3, null]]);
    // The span of the comment thread's line is not where the grading is: it is still a side effect there.
    const thread = spanIn(context, "Tier 1: 661");
    expect(sideEffects(pictureOf(before, context), { spans: [thread], levels: new Set(), systems: new Set() }, after, context).gradings).toHaveLength(1);
    const own = spanIn(context, "Tier 1: 661", thread.end);
    expect(sideEffects(pictureOf(before, context), { spans: [own], levels: new Set(), systems: new Set() }, after, context).gradings).toEqual([]);
  });

  it("places a grading at its quote written right before or right after the comment thread, outside it", () => {
    const removed = (lines: string[], thread: string) => {
      const context = contextOf(lines, thread);
      const before = guideOf([system("tiers", "Tiers", [level("t1", "Tier 1")], [grading(661, "t1", "Tier 1: 661")])]);
      const after = guideOf([system("tiers", "Tiers", [level("t1", "Tier 1")], [])]);
      return sideEffects(pictureOf(before, context), scopeOf({ kind: "set-notes", text: "" }, before), after, context).gradings.map((change) => change.line);
    };
    expect(removed(["EXAMPLE CONTENT", "Tier 1: 661, says the thread", "Tier 1: 661"], ", says the thread")).toEqual([2]);
    expect(removed(["EXAMPLE CONTENT", "In the thread: Tier 1: 661", "Tier 1: 661"], "In the thread: ")).toEqual([2]);
  });

  it("holds a grading in a span from its number's first character, not from where the span ends", () => {
    const before = tiers();
    const after = tiers();
    after.systems[0]!.gradings = after.systems[0]!.gradings.filter((graded) => graded.seed !== 661);
    const number = spanIn(CONTEXT, "661");
    const scope = (spans: { start: number; end: number }[]) => ({ spans, levels: new Set<string>(), systems: new Set<string>() });
    expect(sideEffects(pictureOf(before, CONTEXT), scope([number]), after, CONTEXT).gradings).toEqual([]);
    expect(sideEffects(pictureOf(before, CONTEXT), scope([{ start: number.start - 3, end: number.start }]), after, CONTEXT).gradings).toHaveLength(1);
    expect(sideEffects(pictureOf(before, CONTEXT), scope([{ start: number.start + 1, end: number.end + 3 }]), after, CONTEXT).gradings).toHaveLength(1);
  });

  it("names a grading whose quote is not in the text without a line, and gradings of one level on two lines apart", () => {
    const before = guideOf([system("tiers", "Tiers", [level("t2", "Tier 2")], [grading(32, "t2", "Tier 2: 32, 92"), grading(92, "t2", "Tier 2: 32, 92"), grading(661, "t2", "Tier 1: 661"), grading(7, "t2", "Tier 2: 7")])]);
    const after = guideOf([system("tiers", "Tiers", [level("t2", "Tier 2")], [])]);
    const effects = sideEffects(pictureOf(before, CONTEXT), scopeOf({ kind: "set-notes", text: "" }, before), after, CONTEXT);
    expect(effects.gradings.map((change) => [change.seed, change.line])).toEqual([[32, 2], [92, 2], [661, 3], [7, null]]);
    expect(sideEffectsSentence(effects)).toBe("also removed seeds 32, 92 of Tier 2 of Tiers (line 2); removed seed 661 of Tier 2 of Tiers (line 3); removed seed 7 of Tier 2 of Tiers");
  });

  it("names the levels and systems an edit removed outside its scope, a level of its system's label once", () => {
    const before = tiers();
    const after = tiers();
    after.systems[0]!.levels = after.systems[0]!.levels.filter((shown) => shown.key !== "t2");
    after.systems[0]!.gradings = after.systems[0]!.gradings.filter((graded) => graded.level !== "t2");
    after.systems = [after.systems[0]!];
    const effects = sideEffects(pictureOf(before, CONTEXT), scopeOf({ kind: "rename-level", system: "tiers", level: "t1", label: "Tier 1" }, before), after, CONTEXT);
    expect(effects.levels).toEqual([{ system: "tiers", systemLabel: "Tiers", level: "t2", label: "Tier 2" }]);
    expect(effects.systems).toEqual([{ system: "honourable", label: "Honourable" }]);
    expect(sideEffectsSentence(effects)).toBe("also removed seeds 32, 92 of Tier 2 of Tiers (line 2); removed seeds 555, 71 of Honourable (line 5); removed system Honourable; removed level Tier 2 of Tiers");
    const inScope = sideEffects(pictureOf(before, CONTEXT), scopeOf({ kind: "merge-levels", system: "tiers", level: "t2", into: "t1" }, before), after, CONTEXT);
    expect(inScope.levels).toEqual([]);
    const ofSystem = sideEffects(pictureOf(before, CONTEXT), scopeOf({ kind: "set-scale", system: "tiers", scale: "rank" }, before), after, CONTEXT);
    expect(ofSystem.levels).toEqual([]);
    expect(ofSystem.systems).toEqual([{ system: "honourable", label: "Honourable" }]);
    expect(sideEffects(pictureOf(before, CONTEXT), scopeOf({ kind: "remove-system", system: "honourable" }, before), after, CONTEXT).systems).toEqual([]);
  });

  it("says nothing of a grading moved back to its own place, and matches a grading given another quote to the same seed of its level", () => {
    const before = tiers();
    const after = tiers();
    after.systems[0]!.gradings.reverse();
    after.systems[0]!.gradings[1]!.quote = "32, 92";
    const effects = sideEffects(pictureOf(before, CONTEXT), scopeOf({ kind: "set-notes", text: "" }, before), after, CONTEXT);
    expect(effects.gradings.map((change) => [change.change, change.seed, change.to?.level])).toEqual([["requoted", 32, "t2"]]);
    expect(sideEffectsSentence({ gradings: [], levels: [], systems: [{ system: "a", label: "A" }, { system: "b", label: "B" }] })).toBe("also removed systems A, B");
    expect(sideEffectsSentence({ gradings: [], levels: [], systems: [] })).toBeNull();
  });

  it("places a grading past its quote written inside the comment thread, and without a line when only the thread writes it", () => {
    const lines = (text: string[], thread: string) => {
      const context = contextOf(text, thread);
      const before = guideOf([system("tiers", "Tiers", [level("t1", "Tier 1")], [grading(661, "t1", "Tier 1: 661")])]);
      const after = guideOf([system("tiers", "Tiers", [level("t1", "Tier 1")], [])]);
      return sideEffects(pictureOf(before, context), scopeOf({ kind: "set-notes", text: "" }, before), after, context).gradings.map((change) => change.line);
    };
    expect(lines(["(Tier 1: 661, says the thread)", "EXAMPLE CONTENT", "Tier 1: 661"], "(Tier 1: 661, says the thread)")).toEqual([3]);
    expect(lines(["Tier 1: 661, says the thread", "EXAMPLE CONTENT"], "Tier 1: 661, says the thread")).toEqual([null]);
  });

  it("holds a grading in the span of the number it takes, not of the same digits in its level's label", () => {
    const context = contextOf(["Example blues, EXAMPLE CONTENT", "Blue 5: 5, 32"]);
    const before = guideOf([system("blue", "Blue", [level("b5", "Blue 5")], [grading(5, "b5", "Blue 5: 5, 32"), grading(32, "b5", "Blue 5: 5, 32")])]);
    const after = guideOf([system("blue", "Blue", [level("b5", "Blue 5")], [grading(32, "b5", "Blue 5: 5, 32")])]);
    const seed = spanIn(context, "5, 32").start;
    const label = spanIn(context, "Blue 5").start + "Blue ".length;
    const within = (start: number) => sideEffects(pictureOf(before, context), { spans: [{ start, end: start + 1 }], levels: new Set(), systems: new Set() }, after, context).gradings;
    expect(within(seed)).toEqual([]);
    expect(within(label).map((change) => [change.change, change.seed, change.line])).toEqual([["removed", 5, 2]]);
  });

  it("places a grading of a level its system does not list at its seed all the same", () => {
    const context = contextOf(["Example tiers, EXAMPLE CONTENT", "Tier 9: 8"]);
    const before = guideOf([system("tiers", "Tiers", [level("t1", "Tier 1")], [grading(8, "t9", "Tier 9: 8")])]);
    const after = guideOf([system("tiers", "Tiers", [level("t1", "Tier 1")], [])]);
    const seed = spanIn(context, "8");
    expect(sideEffects(pictureOf(before, context), { spans: [seed], levels: new Set(), systems: new Set() }, after, context).gradings).toEqual([]);
    expect(sideEffects(pictureOf(before, context), scopeOf({ kind: "set-notes", text: "" }, before), after, context).gradings.map((change) => [change.seed, change.line, change.from.levelLabel])).toEqual([[8, 2, "t9"]]);
  });

  it("never holds a grading whose quote is not in the text in a selected span, even one from the text's start", () => {
    const before = guideOf([system("tiers", "Tiers", [level("t2", "Tier 2")], [grading(7, "t2", "Tier 2: 7")])]);
    const after = guideOf([system("tiers", "Tiers", [level("t2", "Tier 2")], [])]);
    const effects = sideEffects(pictureOf(before, CONTEXT), { spans: [{ start: 0, end: CONTEXT.text.length }], levels: new Set(), systems: new Set() }, after, CONTEXT);
    expect(effects.gradings.map((change) => [change.change, change.seed, change.line])).toEqual([["removed", 7, null]]);
  });

  it("names gradings of two levels apart even when their level keys and lines would run together", () => {
    const where = (level: string, levelLabel: string) => ({ system: "tiers", systemLabel: "Tiers", level, levelLabel });
    const effects = {
      gradings: [
        { change: "removed" as const, seed: 5, line: 12, from: where("t", "Top"), to: null },
        { change: "removed" as const, seed: 7, line: 2, from: where("t1", "Tier 1"), to: null },
      ],
      levels: [],
      systems: [],
    };
    expect(sideEffectsSentence(effects)).toBe("also removed seed 5 of Top of Tiers (line 12); removed seed 7 of Tier 1 of Tiers (line 2)");
  });
});

describe("which grading after an edit is which before it", () => {
  const SHARED = contextOf(["Example phases, EXAMPLE CONTENT", "Tier 2: 32, 92"]);
  const phase = (id: string, label: string, seeds: number[]) => system(id, label, [level("t2", "Tier 2")], seeds.map((seed) => grading(seed, "t2", "Tier 2: 32, 92")));
  const found = (before: GuideDocument, after: GuideDocument, context = SHARED) =>
    sideEffects(pictureOf(before, context), scopeOf({ kind: "set-notes", text: "" }, before), after, context).gradings.map((change) => [change.change, change.seed, change.from.system, change.to?.system ?? null, change.to?.level ?? null]);

  it("says nothing of the gradings of a system moved past another that quotes the same line", () => {
    const guide = guideOf([phase("blue", "Blue", [32]), phase("gold", "Gold", [32])]);
    const { guide: moved, sideEffects: effects } = appliedWithEffects(guide, { kind: "move-system", system: "gold", direction: "up" }, SHARED);
    expect(moved.systems.map((entry) => entry.id)).toEqual(["gold", "blue"]);
    expect(sideEffectsSentence(effects)).toBeNull();
  });

  it("names a grading removed from one system though another grading of the same number stays in another", () => {
    expect(found(guideOf([phase("blue", "Blue", [32]), phase("gold", "Gold", [32])]), guideOf([phase("blue", "Blue", [32]), phase("gold", "Gold", [])]))).toEqual([["removed", 32, "gold", null, null]]);
  });

  it("names a grading moved to another system under a level of the same key", () => {
    expect(found(guideOf([phase("blue", "Blue", [32]), phase("gold", "Gold", [])]), guideOf([phase("blue", "Blue", []), phase("gold", "Gold", [32])]))).toEqual([["moved", 32, "blue", "gold", "t2"]]);
  });

  it("says nothing of a grading left in place when another system gains one of the same number", () => {
    expect(found(guideOf([phase("blue", "Blue", [32]), phase("gold", "Gold", [])]), guideOf([phase("blue", "Blue", [32]), phase("gold", "Gold", [32])]))).toEqual([]);
  });

  it("matches gradings of one seed given other quotes, in order, to those of their level", () => {
    const context = contextOf(["Example tiers, EXAMPLE CONTENT", "Tier 2: 32, 92", "Tier 2 again: 32"]);
    const before = guideOf([system("tiers", "Tiers", [level("t2", "Tier 2")], [grading(32, "t2", "Tier 2: 32, 92"), grading(32, "t2", "Tier 2 again: 32")])]);
    const after = guideOf([system("tiers", "Tiers", [level("t2", "Tier 2")], [grading(32, "t2", "Tier two: 32"), grading(32, "t2", "Tier two again: 32")])]);
    const effects = sideEffects(pictureOf(before, context), scopeOf({ kind: "set-notes", text: "" }, before), after, context);
    expect(effects.gradings.map((change) => [change.change, change.seed, change.line])).toEqual([
      ["requoted", 32, 2],
      ["requoted", 32, 3],
    ]);
  });

  it("matches a grading to one at the same place of the text whatever its quote, and never by a seed alone", () => {
    const tier = (...gradings: DocumentGrading[]) => guideOf([system("tiers", "Tiers", [level("t1", "Tier 1"), level("t2", "Tier 2")], gradings)]);
    // The same number of the text, taken by a shorter quote in another level: moved there.
    expect(found(tier(grading(32, "t2", "Tier 2: 32, 92")), tier(grading(32, "t1", "32, 92")))).toEqual([["moved", 32, "tiers", "tiers", "t1"]]);
    // A seed written nowhere in the text, then under another quote in another level: not the same grading.
    expect(found(tier(grading(7, "t2", "Tier 2: 7")), tier(grading(7, "t1", "Tier 1: 7")))).toEqual([["removed", 7, "tiers", null, null]]);
    // A grading removed while another seed is added elsewhere: removed, not moved.
    expect(found(tier(grading(92, "t1", "Tier 2: 32, 92")), tier(grading(32, "t2", "Tier 2: 32, 92")))).toEqual([["removed", 92, "tiers", null, null]]);
  });
});
