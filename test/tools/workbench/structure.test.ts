// Levels and systems reordered, merged, split and removed (tools/workbench/structure.ts), on literal guides
// (example data): what each edit leaves in the guide, and what it refuses.

import { describe, expect, it } from "vitest";
import type { GuideDocument } from "../../../tools/workbench/document.ts";
import { applied, contextOf, grading, guideOf, level, refusal, shapeOf, spanIn, system } from "../../support/workbench-guides.ts";

const CONTEXT = contextOf(["Example tiers, EXAMPLE CONTENT", "Tier 1: 661, 151", "Tier 2: 32, 92", "Gold: 7", "Each tier is ranked, best first."]);

/** Three levels of one system, and a system of another item. */
function tiers(): GuideDocument {
  return guideOf([
    system("tiers", "Tiers", [level("t1", "Tier 1"), level("t2", "Tier 2"), level("t3", "Tier 3")], [grading(661, "t1", "Tier 1: 661, 151"), grading(151, "t1", "Tier 1: 661, 151"), grading(32, "t2", "Tier 2: 32, 92"), grading(92, "t2", "Tier 2: 32, 92")]),
    system("gold", "Gold", [level("in", "Gold")], [grading(7, "in", "Gold: 7")], { item: "ak-47-case-hardened", paint_indexes: null }),
  ]);
}

describe("levels", () => {
  it("move down one place, but not past their system's worst", () => {
    expect(shapeOf(applied(tiers(), { kind: "move-level", system: "tiers", level: "t1", direction: "down" }, CONTEXT))[0]).toBe("tiers: t2=Tier 2 | t1=Tier 1 | t3=Tier 3 / 661@t1#0 151@t1#1 32@t2#0 92@t2#1");
    expect(refusal(tiers(), { kind: "move-level", system: "tiers", level: "t3", direction: "down" }, CONTEXT)).toBe('level "Tier 3" is already the worst of its system');
    expect(refusal(tiers(), { kind: "move-level", system: "tiers", level: "t1", direction: "up" }, CONTEXT)).toBe('level "Tier 1" is already the best of its system');
    expect(refusal(tiers(), { kind: "move-level", system: "tiers", level: "t9", direction: "up" }, CONTEXT)).toBe('system "tiers" has no level "t9"');
  });

  it("keep their key when given the key they have", () => {
    expect(shapeOf(applied(tiers(), { kind: "rename-level-key", system: "tiers", level: "t2", key: "t2" }, CONTEXT))[0]).toBe("tiers: t1=Tier 1 | t2=Tier 2 | t3=Tier 3 / 661@t1#0 151@t1#1 32@t2#0 92@t2#1");
  });

  it("are marked ordered with the sentence that says so, and not ordered without one", () => {
    const ordered = applied(tiers(), { kind: "set-ordered", system: "tiers", level: "t2", sentence: spanIn(CONTEXT, "Each tier is ranked, best first.") }, CONTEXT);
    expect(ordered.systems[0]!.levels[1]).toMatchObject({ ordered: true, ordered_quote: "Each tier is ranked, best first." });
    const not = applied(ordered, { kind: "set-ordered", system: "tiers", level: "t2", sentence: null }, CONTEXT);
    expect(not.systems[0]!.levels[1]).toMatchObject({ ordered: false, ordered_quote: null });
  });

  it("still undecided become not ordered, their quotes cleared, those decided kept", () => {
    const document = tiers();
    document.systems[0]!.levels[0]!.ordered = "DRAFT-TODO: ordered?";
    document.systems[0]!.levels[0]!.ordered_quote = "DRAFT-TODO: the sentence";
    document.systems[0]!.levels[1]!.ordered = true;
    document.systems[0]!.levels[1]!.ordered_quote = "Each tier is ranked, best first.";
    const guide = applied(document, { kind: "undecided-not-ordered" }, CONTEXT);
    expect(guide.systems[0]!.levels.slice(0, 2).map((shown) => [shown.ordered, shown.ordered_quote])).toEqual([
      [false, null],
      [true, "Each tier is ranked, best first."],
    ]);
  });

  it("merge after the other level's last grading, before the gradings of the levels after it", () => {
    const document = tiers();
    document.systems[0]!.gradings.push(grading(5, "t3", "Gold: 7"));
    expect(shapeOf(applied(document, { kind: "merge-levels", system: "tiers", level: "t3", into: "t1" }, CONTEXT))[0]).toBe("tiers: t1=Tier 1 | t2=Tier 2 / 661@t1#0 151@t1#1 5@t1#2 32@t2#0 92@t2#1");
    expect(shapeOf(applied(tiers(), { kind: "merge-levels", system: "tiers", level: "t1", into: "t3" }, CONTEXT))[0]).toBe("tiers: t2=Tier 2 | t3=Tier 3 / 32@t2#0 92@t2#1 661@t3#0 151@t3#1");
  });

  it("merge keeping a rank already scoped to its level as it is, and leaving unranked gradings unranked", () => {
    const document = tiers();
    document.systems[0]!.gradings[0] = grading(661, "t1", "Tier 1: 661, 151", { rank: 1, rank_scope: "level", note: "Example." });
    const merged = applied(document, { kind: "merge-levels", system: "tiers", level: "t2", into: "t1" }, CONTEXT).systems[0]!.gradings;
    expect(Object.keys(merged[0]!)).toEqual(["seed", "level", "quote", "evidence", "position", "rank", "rank_scope", "note"]);
    expect(merged.slice(1).map((graded) => "rank" in graded || "rank_scope" in graded)).toEqual([false, false, false]);
  });

  it("merge scoping only the ranks of the level merged into, a ranked grading of another level left as it is", () => {
    const document = tiers();
    document.systems[0]!.gradings[2] = grading(32, "t2", "Tier 2: 32, 92", { rank: 1 });
    const merged = applied(document, { kind: "merge-levels", system: "tiers", level: "t3", into: "t1" }, CONTEXT).systems[0]!.gradings;
    expect(merged.find((graded) => graded.seed === 32)).not.toHaveProperty("rank_scope");
  });

  it("merge keeping a level-scoped rank's fields in the order they are written", () => {
    const document = tiers();
    document.systems[0]!.gradings[0] = grading(661, "t1", "Tier 1: 661, 151", { rank: 1, note: "Example.", rank_scope: "level" });
    const merged = applied(document, { kind: "merge-levels", system: "tiers", level: "t2", into: "t1" }, CONTEXT).systems[0]!.gradings;
    expect(Object.keys(merged[0]!)).toEqual(["seed", "level", "quote", "evidence", "position", "rank", "note", "rank_scope"]);
  });

  it("refuse to merge into themselves or into a level shown as images alone", () => {
    expect(refusal(tiers(), { kind: "merge-levels", system: "tiers", level: "t1", into: "t1" }, CONTEXT)).toBe("a level cannot be merged into itself");
    const document = tiers();
    document.systems[0]!.levels[2]!.gradings = null;
    expect(refusal(document, { kind: "merge-levels", system: "tiers", level: "t1", into: "t3" }, CONTEXT)).toBe('level "Tier 3" is shown as images alone and takes no gradings');
  });
});

describe("systems", () => {
  it("keep their id when renamed to the id they have, and move down but not past the guide's last", () => {
    expect(applied(tiers(), { kind: "rename-system", system: "tiers", label: "Example tiers", id: "tiers" }, CONTEXT).systems[0]).toMatchObject({ id: "tiers", label: "Example tiers" });
    expect(applied(tiers(), { kind: "move-system", system: "tiers", direction: "down" }, CONTEXT).systems.map((shown) => shown.id)).toEqual(["gold", "tiers"]);
    expect(refusal(tiers(), { kind: "move-system", system: "gold", direction: "down" }, CONTEXT)).toBe('system "gold" is already the last of the guide');
    expect(refusal(tiers(), { kind: "remove-system", system: "nope" }, CONTEXT)).toBe('the guide has no system "nope"');
  });

  it("refuse to merge into themselves or into a system of another item", () => {
    expect(refusal(tiers(), { kind: "merge-systems", system: "tiers", into: "tiers" }, CONTEXT)).toBe("a system cannot be merged into itself");
    expect(refusal(tiers(), { kind: "merge-systems", system: "gold", into: "tiers" }, CONTEXT)).toBe("systems of two items (ak-47-case-hardened, karambit-doppler) cannot be one system");
  });

  it("merge their remarks and discrepancy places, a level whose key is taken keyed anew, and cover every paint when either does", () => {
    const document = tiers();
    document.systems.push(system("more", "More", [level("t1", "Tier 1"), level("x", "Extra")], [grading(32, "t1", "Tier 2: 32, 92"), grading(92, "x", "Tier 2: 32, 92")], { paint_indexes: null, remarks: [{ quote: "Gold: 7" }] as never }));
    document.discrepancies.push({ kind: "count_mismatch", where: ["more:t1", "more:x", "gold:in"], note: "Example." } as never, { kind: "count_mismatch", note: "Example without places." } as never);
    const guide = applied(document, { kind: "merge-systems", system: "more", into: "tiers" }, CONTEXT);
    expect(shapeOf(guide)[0]).toBe("tiers: t1=Tier 1 | t2=Tier 2 | t3=Tier 3 | tier_1=Tier 1 | x=Extra / 661@t1#0 151@t1#1 32@t2#0 92@t2#1 32@tier_1#0 92@x#0");
    expect(guide.systems[0]!.remarks).toEqual([{ quote: "Gold: 7" }]);
    expect(guide.systems[0]!.paint_indexes).toBeNull();
    expect(guide.discrepancies.map((entry) => (entry as { where?: string[] }).where)).toContainEqual(["tiers:tier_1", "tiers:x", "gold:in"]);
  });

  it("merge the paints they cover, sorted and each once", () => {
    const document = tiers();
    document.systems[0]!.paint_indexes = [420, 418];
    document.systems.push(system("more", "More", [level("m", "More")], [], { paint_indexes: [419, 418] }));
    expect(applied(document, { kind: "merge-systems", system: "more", into: "tiers" }, CONTEXT).systems[0]!.paint_indexes).toEqual([418, 419, 420]);
  });

  it("merge a level of symbols whose key is taken as `level`, each such level keyed anew", () => {
    const document = tiers();
    document.systems.push(system("stars", "Stars", [level("t1", "★★★"), level("t2", "★★")], [grading(32, "t1", "Tier 2: 32, 92"), grading(92, "t2", "Tier 2: 32, 92")], { paint_indexes: null }));
    const guide = applied(document, { kind: "merge-systems", system: "stars", into: "tiers" }, CONTEXT);
    expect(guide.systems[0]!.levels.map((shown) => shown.key)).toEqual(["t1", "t2", "t3", "level", "level_2"]);
  });

  it("merge a system covering some paints into one covering every paint as covering every paint", () => {
    const document = tiers();
    document.systems[0]!.paint_indexes = null;
    document.systems.push(system("more", "More", [level("m", "More")], [], { paint_indexes: [419] }));
    expect(applied(document, { kind: "merge-systems", system: "more", into: "tiers" }, CONTEXT).systems[0]!.paint_indexes).toBeNull();
  });

  it("split per paint key two copies whose paints' labels make one id apart", () => {
    const document = tiers();
    document.systems[0]!.paint_indexes = [418, 419];
    const context = { ...CONTEXT, items: new Map([...CONTEXT.items].map(([slug, item]) => [slug, slug === "karambit-doppler" ? { ...item, paints: [{ paint_index: 418, paint_label: "Emerald" }, { paint_index: 419, paint_label: "emerald" }] } : item])) };
    const guide = applied(document, { kind: "split-per-paint", system: "tiers" }, context);
    expect(guide.systems.map((shown) => shown.id)).toEqual(["tiers_emerald", "tiers_emerald_2", "gold"]);
  });

  it("split per paint name each copy by its paint's label, else its index, the first copy taking the callouts and remarks, every copy the discrepancy places", () => {
    const document = tiers();
    document.systems[0]!.paint_indexes = [418, 420];
    document.callouts.push({ kind: "mention", label: "", quote: "Gold: 7", system: "tiers" } as never);
    document.remarks.push({ quote: "Gold: 7", note: null, system: "tiers" } as never, { quote: "Gold: 7", note: null, system: "gold" } as never);
    document.item_claims.push({ quote: "Gold: 7", note: null, system: "gold" } as never);
    document.discrepancies.push({ kind: "count_mismatch", where: ["tiers:t1", "gold:in"], note: "Example." } as never, { kind: "count_mismatch", note: "Example without places." } as never);
    const context = { ...CONTEXT, items: new Map([...CONTEXT.items].map(([slug, item]) => [slug, slug === "karambit-doppler" ? { ...item, paints: [{ paint_index: 418, paint_label: "Phase 1" }, { paint_index: 419, paint_label: "" }, { paint_index: 420, paint_label: "" }] } : item])) };
    const guide = applied(document, { kind: "split-per-paint", system: "tiers" }, context);
    expect(guide.systems.map((shown) => [shown.id, shown.label, shown.paint_indexes])).toEqual([
      ["tiers_phase_1", "Tiers (Phase 1)", [418]],
      ["tiers_420", "Tiers (420)", [420]],
      ["gold", "Gold", null],
    ]);
    expect(guide.callouts.map((entry) => entry.system)).toEqual(["tiers_phase_1"]);
    expect(guide.remarks.map((entry) => entry.system)).toEqual(["tiers_phase_1", "gold"]);
    expect(guide.item_claims.map((entry) => entry.system)).toEqual(["gold"]);
    expect(guide.discrepancies.find((entry) => entry.kind === "count_mismatch" && "where" in entry)).toMatchObject({ where: ["tiers_phase_1:t1", "tiers_420:t1", "gold:in"] });
  });

  it("split per paint keys a copy apart from another system of the guide with its id", () => {
    const document = tiers();
    document.systems[0]!.paint_indexes = [418, 419];
    document.systems[1]!.id = "tiers_emerald";
    const context = { ...CONTEXT, items: new Map([...CONTEXT.items].map(([slug, item]) => [slug, slug === "karambit-doppler" ? { ...item, paints: [{ paint_index: 418, paint_label: "Emerald" }, { paint_index: 419, paint_label: "Ruby" }] } : item])) };
    const guide = applied(document, { kind: "split-per-paint", system: "tiers" }, context);
    expect(guide.systems.map((shown) => shown.id)).toEqual(["tiers_emerald_2", "tiers_ruby", "tiers_emerald"]);
  });

  it("split per paint of a system whose id is as long as a copy's id is cut to gives the first copy that id", () => {
    const document = tiers();
    const long = `tiers_${"x".repeat(58)}`;
    document.systems[0]!.id = long;
    document.systems[0]!.paint_indexes = [418, 419];
    const context = { ...CONTEXT, items: new Map([...CONTEXT.items].map(([slug, item]) => [slug, slug === "karambit-doppler" ? { ...item, paints: [{ paint_index: 418, paint_label: "Emerald" }, { paint_index: 419, paint_label: "Ruby" }] } : item])) };
    const guide = applied(document, { kind: "split-per-paint", system: long }, context);
    expect(guide.systems[0]!.id).toBe(long);
    expect(new Set(guide.systems.map((shown) => shown.id)).size).toBe(3);
  });

  it("split per paint is refused for an item the dataset does not have", () => {
    const document = tiers();
    document.systems[0]!.item = "example-unknown-item";
    expect(refusal(document, { kind: "split-per-paint", system: "tiers" }, CONTEXT)).toBe("no item file items/example-unknown-item.json: its paints are not known");
  });
});

describe("the scale's bounds", () => {
  const bounds = (guide: GuideDocument, id = "tiers") => {
    const { best, worst } = guide.systems.find((shown) => shown.id === id)!.scale;
    return [best, worst];
  };

  it("follow the level labels' numbers after a level is renamed, removed or merged", () => {
    expect(bounds(applied(tiers(), { kind: "rename-level", system: "tiers", level: "t3", label: "Tier 5" }, CONTEXT))).toEqual([1, 5]);
    expect(bounds(applied(tiers(), { kind: "remove-level", system: "tiers", level: "t1" }, CONTEXT))).toEqual([2, 3]);
    expect(bounds(applied(tiers(), { kind: "merge-levels", system: "tiers", level: "t3", into: "t2" }, CONTEXT))).toEqual([1, 2]);
  });

  it("follow the largest rank once a system's scale is made a rank scale", () => {
    const document = tiers();
    document.systems[0]!.gradings[1]!.rank = 4;
    expect(bounds(applied(document, { kind: "set-scale", system: "tiers", scale: "rank" }, CONTEXT))).toEqual([1, 4]);
  });

  it("follow the levels a merged system brings", () => {
    const document = tiers();
    document.systems.push(system("more", "More", [level("t7", "Tier 7")], [grading(5, "t7", "Gold: 7")]));
    expect(bounds(applied(document, { kind: "merge-systems", system: "more", into: "tiers" }, CONTEXT))).toEqual([1, 7]);
  });
});
