// No silent change (tools/workbench/side-effects.ts): what an edit changed besides what it was about, found
// by comparing the guide before and after it, and said in the page's words. Literal guides, example data.

import { describe, expect, it } from "vitest";
import { pictureOf, scopeOf, sideEffects, sideEffectsSentence } from "../../../tools/workbench/side-effects.ts";
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
