// The workbench's edits applied to literal guides (example data, no browser, no files): what each edit does to
// the guide document a maintainer saves, and the bookkeeping every edit keeps (positions, duplicate seeds,
// discrepancy places, references to systems).

import { describe, expect, it } from "vitest";
import type { ItemFile } from "../../../contract/schema/item.ts";
import { applyEdit, applyEdits } from "../../../tools/workbench/apply.ts";
import type { DocumentGrading, DocumentLevel, DocumentSystem, EditContext, GuideDocument } from "../../../tools/workbench/document.ts";
import type { Edit } from "../../../tools/workbench/edit.ts";

const TEXT = [
  "Example tiers",
  "Tier 1: 661, 151",
  "Tier 2: 32, 92",
  "Honourable mentions: 71",
  "Pattern #412",
  "2 gold stripes",
  "Tiers are ranked inside, best first.",
  "Comments: 777 is better",
  "",
].join("\n");

const DOPPLER: ItemFile = {
  slug: "karambit-doppler",
  weapon: "Karambit",
  finish: "Doppler",
  def_index: 507,
  market_name: "Karambit | Doppler",
  star: true,
  paints: [
    { paint_index: 418, paint_label: "Phase 1" },
    { paint_index: 419, paint_label: "Phase 2" },
  ],
};

const CONTEXT: EditContext = {
  text: TEXT,
  regions: [{ region: "comment thread", start: TEXT.indexOf("Comments"), end: TEXT.indexOf("better") + 6 }],
  items: new Map([[DOPPLER.slug, DOPPLER]]),
};

/** The offsets of `part` in the text (its first occurrence from `from`). */
function span(part: string, from = 0): { start: number; end: number } {
  const start = TEXT.indexOf(part, from);
  if (start === -1) throw new Error(`no ${part}`);
  return { start, end: start + part.length };
}

function grading(seed: number, level: string, quote: string, position: number, more: Record<string, unknown> = {}): DocumentGrading {
  return { seed, level, quote, evidence: "text", position, ...more };
}

function level(key: string, label: string, more: Record<string, unknown> = {}): DocumentLevel {
  return { key, label, images: [], ordered: false, ordered_quote: null, ...more };
}

function system(id: string, label: string, levels: DocumentLevel[], gradings: DocumentGrading[], more: Partial<DocumentSystem> = {}): DocumentSystem {
  return { id, label, item: "karambit-doppler", paint_indexes: [418], alias: null, topic: null, scale: { kind: "tier", best: 1, worst: 2 }, remarks: [], levels, gradings, ...more };
}

/** A draft as guide:draft writes one: Tier 1 read, Tier 2 made a group of its own. */
function draft(): GuideDocument {
  return {
    schema: "1.0",
    platform_id: "900000101",
    notes: "DRAFT-TODO: the service's own notes",
    permission_quote: "DRAFT-TODO: the author's reuse statement",
    remarks: [],
    item_claims: [],
    callouts: [],
    discrepancies: [],
    systems: [
      system("tiers", "Tiers", [level("tier_1", "Tier 1")], [grading(661, "tier_1", "Tier 1: 661, 151", 0), grading(151, "tier_1", "Tier 1: 661, 151", 1)]),
      system("tier_2", "Tier 2", [level("in", "Tier 2")], [grading(32, "in", "Tier 2: 32, 92", 0, { note: { quote: "32" } }), grading(92, "in", "Tier 2: 32, 92", 1)], { scale: { kind: "group", best: null, worst: null } }),
    ],
  };
}

type Guide = GuideDocument;

function apply(document: unknown, edit: Edit): Guide {
  const applied = applyEdit(document, edit, CONTEXT);
  if (!applied.ok) throw new Error(applied.message);
  return applied.guide as unknown as Guide;
}

function refusal(document: unknown, edit: Edit): string {
  const applied = applyEdit(document, edit, CONTEXT);
  if (applied.ok) throw new Error("the edit was applied");
  return applied.message;
}

const seedsOf = (guide: Guide, systemId: string) => guide.systems.find((candidate) => candidate.id === systemId)!.gradings.map((entry) => [entry.seed, entry.level, entry.position]);

describe("a span made a level's listing", () => {
  it("grades each number of the span with the span as its quote, leaving out the level's own label", () => {
    const guide = apply(draft(), { kind: "assign", span: span("Tier 2: 32, 92"), quotes: "span", system: { id: "tiers" }, level: { new: { label: "Tier 2" } } });
    const tiers = guide.systems[0]!;
    expect(tiers.levels.map((entry) => [entry.key, entry.label, entry.ordered])).toEqual([["tier_1", "Tier 1", false], ["tier_2", "Tier 2", false]]);
    expect(tiers.gradings.slice(2)).toEqual([grading(32, "tier_2", "Tier 2: 32, 92", 0, { note: { quote: "32" } }), grading(92, "tier_2", "Tier 2: 32, 92", 1)]);
    expect(tiers.scale).toEqual({ kind: "tier", best: 1, worst: 2 });
  });

  it("moves the gradings whose quotes lie inside the span, and drops the levels and systems it empties", () => {
    const guide = apply(draft(), { kind: "assign", span: span("Tier 2: 32, 92"), quotes: "span", system: { id: "tiers" }, level: { new: { label: "Tier 2" } } });
    expect(guide.systems.map((entry) => entry.id)).toEqual(["tiers"]);
    expect(seedsOf(guide, "tiers")).toEqual([[661, "tier_1", 0], [151, "tier_1", 1], [32, "tier_2", 0], [92, "tier_2", 1]]);
  });

  it("quotes each line of the span on its own with one quote per line, skipping lines without numbers", () => {
    const guide = apply(draft(), { kind: "assign", span: { start: span("Honourable").start, end: span("2 gold stripes").end }, quotes: "lines", system: { new: { label: "Pictures", kind: "group", item: "karambit-doppler" } }, level: { new: { label: "Shown" } } });
    const pictures = guide.systems.find((entry) => entry.id === "pictures")!;
    expect(pictures).toMatchObject({ label: "Pictures", item: "karambit-doppler", paint_indexes: null, scale: { kind: "group", best: null, worst: null } });
    expect(pictures.gradings.map((entry) => [entry.seed, entry.quote])).toEqual([[71, "Honourable mentions: 71"], [412, "Pattern #412"], [2, "2 gold stripes"]]);
  });

  it("takes no number written after a level's word for a seed", () => {
    const guide = apply(draft(), { kind: "assign", span: span("Tier 2: 32, 92"), quotes: "span", system: { id: "tiers" }, level: { key: "tier_1" } });
    expect(seedsOf(guide, "tiers").map(([seed]) => seed)).toEqual([661, 151, 32, 92]);
  });

  it("puts a listing among its level's others in page order", () => {
    const first = apply(draft(), { kind: "assign", span: span("Pattern #412"), quotes: "span", system: { id: "tiers" }, level: { key: "tier_1" } });
    const guide = apply(first, { kind: "assign", span: span("Tier 2: 32, 92"), quotes: "span", system: { id: "tiers" }, level: { key: "tier_1" } });
    expect(guide.systems[0]!.gradings.map((entry) => [entry.seed, entry.position])).toEqual([[661, 0], [151, 1], [32, 2], [92, 3], [412, 4]]);
  });

  it("is refused for a span without a seed, one reaching into the comment thread, and a system or level the guide lacks", () => {
    expect(refusal(draft(), { kind: "assign", span: span("Example tiers"), quotes: "span", system: { id: "tiers" }, level: { key: "tier_1" } })).toBe("the span (line 1) holds no number that could be a seed");
    expect(refusal(draft(), { kind: "assign", span: span("777"), quotes: "span", system: { id: "tiers" }, level: { key: "tier_1" } })).toBe("the span reaches into the page's comment thread, which is not the guide's text");
    expect(refusal(draft(), { kind: "assign", span: span("Pattern #412"), quotes: "span", system: { id: "nope" }, level: { key: "tier_1" } })).toBe('the guide has no system "nope"');
    expect(refusal(draft(), { kind: "assign", span: span("Pattern #412"), quotes: "span", system: { id: "tiers" }, level: { key: "nope" } })).toBe('system "tiers" has no level "nope"');
    expect(refusal(draft(), { kind: "assign", span: { start: 0, end: TEXT.length + 5 }, quotes: "span", system: { id: "tiers" }, level: { key: "tier_1" } })).toMatch(/past the end of the capture's text/);
  });

  it("leaves the document it was given as it was", () => {
    const before = draft();
    apply(before, { kind: "assign", span: span("Tier 2: 32, 92"), quotes: "span", system: { id: "tiers" }, level: { new: { label: "Tier 2" } } });
    expect(before).toEqual(draft());
  });
});

describe("a number dropped where it is written", () => {
  it("removes the grading taking it there, and renumbers the level's positions", () => {
    const guide = apply(draft(), { kind: "drop-number", number: span("661") });
    expect(seedsOf(guide, "tiers")).toEqual([[151, "tier_1", 0]]);
  });

  it("keeps the same seed graded at another place", () => {
    const twice = apply(draft(), { kind: "assign", span: span("Pattern #412"), quotes: "span", system: { id: "tier_2" }, level: { key: "in" } });
    const withCopy = { ...twice, systems: [...twice.systems, system("copy", "Copy", [level("a", "A")], [grading(412, "a", "Pattern #412", 0)], { paint_indexes: [419] })] };
    const guide = apply(withCopy, { kind: "drop-number", number: span("151") });
    expect(seedsOf(guide, "copy")).toEqual([[412, "a", 0]]);
    expect(seedsOf(guide, "tiers")).toEqual([[661, "tier_1", 0]]);
  });

  it("drops a count a listing took for a seed, from every system that took it there", () => {
    const lines = { kind: "assign", span: { start: span("Pattern #412").start, end: span("2 gold stripes").end }, quotes: "lines", system: { id: "tiers" }, level: { key: "tier_1" } } as const;
    const count = span("2 gold stripes").start;
    const guide = apply(apply(draft(), lines), { kind: "drop-number", number: { start: count, end: count + 1 } });
    expect(seedsOf(guide, "tiers").map(([seed]) => seed)).toEqual([661, 151, 412]);
  });

  it("is refused where no grading takes the number, or where no number is written", () => {
    expect(refusal(draft(), { kind: "drop-number", number: span("71") })).toBe("no grading takes the 71 on line 4");
    expect(refusal(draft(), { kind: "drop-number", number: span("Tier") })).toMatch(/^no number at /);
  });
});

describe("levels", () => {
  const twoLevels = () => apply(draft(), { kind: "assign", span: span("Tier 2: 32, 92"), quotes: "span", system: { id: "tiers" }, level: { new: { label: "Tier 2" } } });

  it("move up and down, the scale's bounds following their labels", () => {
    const guide = apply(twoLevels(), { kind: "move-level", system: "tiers", level: "tier_2", direction: "up" });
    expect(guide.systems[0]!.levels.map((entry) => entry.key)).toEqual(["tier_2", "tier_1"]);
    expect(guide.systems[0]!.scale).toEqual({ kind: "tier", best: 2, worst: 1 });
    expect(refusal(guide, { kind: "move-level", system: "tiers", level: "tier_2", direction: "up" })).toBe('level "Tier 2" is already the best of its system');
  });

  it("are renamed, their key kept", () => {
    const guide = apply(twoLevels(), { kind: "rename-level", system: "tiers", level: "tier_2", label: "Tier B" });
    expect(guide.systems[0]!.levels[1]).toMatchObject({ key: "tier_2", label: "Tier B" });
    expect(guide.systems[0]!.scale).toEqual({ kind: "tier", best: null, worst: null });
  });

  it("are marked ordered with the guide's sentence saying so, or not ordered", () => {
    const ordered = apply(twoLevels(), { kind: "set-ordered", system: "tiers", level: "tier_1", sentence: { start: span("Tiers are ranked").start - 1, end: span("best first.").end + 1 } });
    expect(ordered.systems[0]!.levels[0]).toMatchObject({ ordered: true, ordered_quote: "Tiers are ranked inside, best first." });
    expect(apply(ordered, { kind: "set-ordered", system: "tiers", level: "tier_1", sentence: null }).systems[0]!.levels[0]).toMatchObject({ ordered: false, ordered_quote: null });
  });

  it("still undecided are all marked not ordered in one edit, those decided kept, and then there is none left to mark", () => {
    const document = twoLevels();
    document.systems[0]!.levels[0]!.ordered = "DRAFT-TODO: true when the guide says the seeds within this level are ranked";
    document.systems[1] = system("other", "Other", [level("in", "Other", { ordered: "DRAFT-TODO: ordered?" }), level("ranked", "Ranked", { ordered: true, ordered_quote: "Tiers are ranked inside, best first." })], []);
    const guide = apply(document, { kind: "undecided-not-ordered" });
    expect(guide.systems.flatMap((shown) => shown.levels.map((entry) => [entry.key, entry.ordered, entry.ordered_quote]))).toEqual([
      ["tier_1", false, null],
      ["tier_2", false, null],
      ["in", false, null],
      ["ranked", true, "Tiers are ranked inside, best first."],
    ]);
    expect(refusal(guide, { kind: "undecided-not-ordered" })).toBe("every level is already marked ordered or not");
  });

  it("merge: the gradings follow after the other level's, ranks become ranks inside the level, discrepancy places follow", () => {
    const ranked = draft();
    ranked.systems[0] = system("top", "Top", [level("1", "1"), level("2", "2")], [grading(661, "1", "Tier 1: 661, 151", 0, { rank: 1, note: { quote: "661" } }), grading(151, "2", "Tier 1: 661, 151", 0, { rank: 2 })], { scale: { kind: "rank", best: 1, worst: 2 } });
    (ranked.discrepancies as unknown[]).push({ kind: "count_mismatch", where: ["top:2"], note: "Example." });
    const guide = apply(ranked, { kind: "merge-levels", system: "top", level: "2", into: "1" });
    expect(guide.systems[0]!.levels.map((entry) => entry.key)).toEqual(["1"]);
    expect(guide.systems[0]!.gradings).toEqual([
      grading(661, "1", "Tier 1: 661, 151", 0, { rank: 1, rank_scope: "level", note: { quote: "661" } }),
      grading(151, "1", "Tier 1: 661, 151", 1, { rank: 2, rank_scope: "level" }),
    ]);
    expect(Object.keys(guide.systems[0]!.gradings[0]!)).toEqual(["seed", "level", "quote", "evidence", "position", "rank", "rank_scope", "note"]);
    expect(guide.discrepancies).toEqual([{ kind: "count_mismatch", where: ["top:1"], note: "Example." }]);
  });

  it("are given a new key, unique in their system, their gradings and discrepancy places following", () => {
    const document = twoLevels();
    (document.discrepancies as unknown[]).push({ kind: "count_mismatch", where: ["tiers:tier_2"], note: "Example." });
    const guide = apply(document, { kind: "rename-level-key", system: "tiers", level: "tier_2", key: "second" });
    expect(guide.systems[0]!.levels.map((entry) => [entry.key, entry.label])).toEqual([["tier_1", "Tier 1"], ["second", "Tier 2"]]);
    expect(seedsOf(guide, "tiers")).toEqual([[661, "tier_1", 0], [151, "tier_1", 1], [32, "second", 0], [92, "second", 1]]);
    expect(guide.discrepancies).toEqual([{ kind: "count_mismatch", where: ["tiers:second"], note: "Example." }]);
    expect(refusal(guide, { kind: "rename-level-key", system: "tiers", level: "second", key: "tier_1" })).toBe('system "tiers" already has a level "tier_1"');
  });

  it("are removed with their gradings, but never a system's last", () => {
    const guide = apply(twoLevels(), { kind: "remove-level", system: "tiers", level: "tier_1" });
    expect(seedsOf(guide, "tiers")).toEqual([[32, "tier_2", 0], [92, "tier_2", 1]]);
    expect(refusal(guide, { kind: "remove-level", system: "tiers", level: "tier_2" })).toBe('level "Tier 2" is the only level of system "tiers": remove the system instead');
  });
});

describe("systems", () => {
  it("merge: levels and gradings join the other system, keys kept unique, references and paints following", () => {
    const document = draft();
    document.systems[1]!.levels[0]!.key = "tier_1";
    document.systems[1]!.gradings.forEach((entry) => (entry.level = "tier_1"));
    document.systems[1]!.paint_indexes = [419];
    (document.callouts as unknown[]).push({ kind: "mention", label: "Honourable mentions", quote: "Honourable mentions: 71", system: "tier_2" });
    const guide = apply(document, { kind: "merge-systems", system: "tier_2", into: "tiers" });
    expect(guide.systems.map((entry) => entry.id)).toEqual(["tiers"]);
    expect(guide.systems[0]!.levels.map((entry) => [entry.key, entry.label])).toEqual([["tier_1", "Tier 1"], ["tier_2", "Tier 2"]]);
    expect(seedsOf(guide, "tiers")).toEqual([[661, "tier_1", 0], [151, "tier_1", 1], [32, "tier_2", 0], [92, "tier_2", 1]]);
    expect(guide.systems[0]!.paint_indexes).toEqual([418, 419]);
    expect(guide.callouts[0]).toMatchObject({ system: "tiers" });
  });

  it("are renamed, and given a new id every reference follows", () => {
    const document = draft();
    (document.callouts as unknown[]).push({ kind: "mention", label: "", quote: "Honourable mentions: 71", system: "tier_2" });
    (document.discrepancies as unknown[]).push({ kind: "unparseable", where: ["tier_2:in"], note: "Example." });
    const guide = apply(document, { kind: "rename-system", system: "tier_2", label: "Second tier", id: "second" });
    expect(guide.systems[1]).toMatchObject({ id: "second", label: "Second tier" });
    expect(guide.callouts[0]).toMatchObject({ system: "second" });
    expect(guide.discrepancies[0]).toMatchObject({ where: ["second:in"] });
    expect(refusal(guide, { kind: "rename-system", system: "second", label: "Tiers", id: "tiers" })).toBe('the guide already has a system "tiers"');
  });

  it("move up and down in the guide, but not past its ends", () => {
    const guide = apply(draft(), { kind: "move-system", system: "tier_2", direction: "up" });
    expect(guide.systems.map((entry) => entry.id)).toEqual(["tier_2", "tiers"]);
    expect(refusal(guide, { kind: "move-system", system: "tier_2", direction: "up" })).toBe('system "tier_2" is already the first of the guide');
  });

  it("change their scale's kind", () => {
    expect(apply(draft(), { kind: "set-scale", system: "tier_2", scale: "band" }).systems[1]!.scale).toEqual({ kind: "band", best: 2, worst: 2 });
  });

  it("split per paint: one copy narrowed to each paint, each seed then recorded as listed twice", () => {
    const document = draft();
    document.systems[0]!.paint_indexes = null as unknown as number[];
    (document.item_claims as unknown[]).push({ quote: "Example tiers", note: "Covers every phase.", system: "tiers" });
    const guide = apply(document, { kind: "split-per-paint", system: "tiers" });
    expect(guide.systems.map((entry) => [entry.id, entry.label, entry.paint_indexes])).toEqual([
      ["tiers_phase_1", "Tiers (Phase 1)", [418]],
      ["tiers_phase_2", "Tiers (Phase 2)", [419]],
      ["tier_2", "Tier 2", [418]],
    ]);
    expect(guide.item_claims).toEqual([]);
    expect(guide.discrepancies).toEqual([
      { kind: "duplicate_seed", seed: 661, where: ["tiers_phase_1:tier_1", "tiers_phase_2:tier_1"], note: "Seed 661 is listed 2 times (tiers_phase_1:tier_1, tiers_phase_2:tier_1); every grading is kept.", quote_a: "Tier 1: 661, 151", quote_b: "Tier 1: 661, 151" },
      { kind: "duplicate_seed", seed: 151, where: ["tiers_phase_1:tier_1", "tiers_phase_2:tier_1"], note: "Seed 151 is listed 2 times (tiers_phase_1:tier_1, tiers_phase_2:tier_1); every grading is kept.", quote_a: "Tier 1: 661, 151", quote_b: "Tier 1: 661, 151" },
    ]);
    expect(refusal(guide, { kind: "split-per-paint", system: "tier_2" })).toBe('system "tier_2" covers one paint: there is nothing to split');
  });

  it("are removed: callouts naming one name the whole guide, its item claims go", () => {
    const document = draft();
    (document.callouts as unknown[]).push({ kind: "mention", label: "", quote: "Honourable mentions: 71", system: "tier_2" });
    (document.item_claims as unknown[]).push({ quote: "Example tiers", note: null, system: "tier_2" });
    const guide = apply(document, { kind: "remove-system", system: "tier_2" });
    expect(guide.systems.map((entry) => entry.id)).toEqual(["tiers"]);
    expect(guide.callouts[0]).toMatchObject({ system: null });
    expect(guide.item_claims).toEqual([]);
  });
});

describe("duplicate seeds", () => {
  it("are recorded when a seed is graded twice, and the record goes when it no longer is", () => {
    const twice = apply(draft(), { kind: "assign", span: span("Tier 1: 661, 151"), quotes: "span", system: { new: { label: "Copy", kind: "tier", item: "karambit-doppler" } }, level: { new: { label: "Tier 1" } } });
    // The span's gradings moved: nothing is listed twice.
    expect(twice.discrepancies).toEqual([]);
    const copy = { ...draft(), systems: [...draft().systems, system("copy", "Copy", [level("a", "A")], [grading(661, "a", "Tier 1: 661, 151", 0)], { paint_indexes: [419] })] };
    const recorded = apply(copy, { kind: "set-notes", text: "Example." });
    expect(recorded.discrepancies).toEqual([{ kind: "duplicate_seed", seed: 661, where: ["tiers:tier_1", "copy:a"], note: "Seed 661 is listed 2 times (tiers:tier_1, copy:a); every grading is kept.", quote_a: "Tier 1: 661, 151", quote_b: "Tier 1: 661, 151" }]);
    expect(apply(recorded, { kind: "remove-system", system: "copy" }).discrepancies).toEqual([]);
  });
});

describe("callouts, remarks, item claims and the guide's own fields", () => {
  it("quote the span, name a system or the whole guide, and are removed by their place", () => {
    let guide = apply(draft(), { kind: "callout", span: span("Honourable mentions: 71"), callout: "mention", label: "Honourable mentions", system: "tiers" });
    guide = apply(guide, { kind: "remark", span: span("Tiers are ranked inside, best first."), note: " The author's order. ", system: null });
    guide = apply(guide, { kind: "item-claim", span: span("Example tiers"), note: "", system: "tiers" });
    expect(guide.callouts).toEqual([{ kind: "mention", label: "Honourable mentions", quote: "Honourable mentions: 71", system: "tiers" }]);
    expect(guide.remarks).toEqual([{ quote: "Tiers are ranked inside, best first.", note: "The author's order.", system: null }]);
    expect(guide.item_claims).toEqual([{ quote: "Example tiers", note: null, system: "tiers" }]);
    expect(apply(guide, { kind: "remove-entry", list: "callouts", index: 0 }).callouts).toEqual([]);
    expect(refusal(guide, { kind: "remove-entry", list: "remarks", index: 3 })).toBe("$.remarks has no entry 3");
  });

  it("set the notes and the author's reuse statement, or that the page has none", () => {
    const guide = apply(apply(draft(), { kind: "set-notes", text: "  Example notes. " }), { kind: "set-permission-quote", span: span("Example tiers") });
    expect([guide.notes, guide.permission_quote]).toEqual(["Example notes.", "Example tiers"]);
    expect(apply(guide, { kind: "set-permission-quote", span: null }).permission_quote).toBe("");
  });
});

describe("applying edits in order", () => {
  it("stops at the first that cannot be applied, naming it", () => {
    const edits: Edit[] = [
      { kind: "set-notes", text: "Example." },
      { kind: "move-level", system: "tiers", level: "tier_1", direction: "down" },
    ];
    expect(applyEdits(draft(), edits, CONTEXT)).toEqual({ ok: false, index: 1, message: 'level "Tier 1" is already the worst of its system' });
  });

  it("applies each edit once, the last included, and leaves the document it was given as it was", () => {
    const document = draft();
    const callout = (label: string): Edit => ({ kind: "callout", span: span("Honourable mentions: 71"), callout: "mention", label, system: null });
    const applied = applyEdits(document, [callout("First"), callout("Second"), { kind: "remove-entry", list: "callouts", index: 0 }], CONTEXT);
    if (!applied.ok) throw new Error(applied.message);
    expect((applied.guide as Guide).callouts.map((entry) => entry.label)).toEqual(["Second"]);
    expect(document).toEqual(draft());
  });

  it("give the document back as it is, with nothing changed besides, when there are none", () => {
    const document = { title: "Example Guide", systems: "not read" };
    expect(applyEdits(document, [], CONTEXT)).toEqual({ ok: true, guide: document, sideEffects: { gradings: [], levels: [], systems: [] } });
  });

  it("names the first edit by its place when it cannot be applied, or when the document cannot be edited at all", () => {
    const edits: Edit[] = [
      { kind: "remove-entry", list: "remarks", index: 0 },
      { kind: "set-notes", text: "Example." },
      { kind: "set-notes", text: "Example again." },
    ];
    expect(applyEdits(draft(), edits, CONTEXT)).toEqual({ ok: false, index: 0, message: "$.remarks has no entry 0" });
    expect(applyEdits({ systems: {} }, edits.slice(1), CONTEXT)).toEqual({ ok: false, index: 0, message: "the guide cannot be edited here: $.systems is not a list (npm run check says more)" });
    expect(applyEdits({ systems: {} }, edits.slice(2), CONTEXT)).toEqual({ ok: false, index: 0, message: "the guide cannot be edited here: $.systems is not a list (npm run check says more)" });
  });

  it("drops the discrepancy places of a system an edit removes, and a place list emptied with them", () => {
    const noted = { ...draft(), discrepancies: [
      { kind: "count_mismatch", where: ["tiers:tier_1", "tier_2:in"], note: "Example." },
      { kind: "count_mismatch", where: ["tier_2:in"], note: "Example." },
    ] };
    expect(apply(noted, { kind: "remove-system", system: "tier_2" }).discrepancies).toEqual([
      { kind: "count_mismatch", where: ["tiers:tier_1"], note: "Example." },
      { kind: "count_mismatch", note: "Example." },
    ]);
  });

  it("lets a fault of the workbench itself surface rather than show it as a refused edit", () => {
    const noItems = { ...CONTEXT, items: undefined as unknown as EditContext["items"] };
    expect(() => applyEdit(draft(), { kind: "set-item", system: "tiers", item: "karambit-doppler" }, noItems)).toThrow(TypeError);
  });

  it("merges levels of a guide whose discrepancy places are not a list, leaving them for check", () => {
    const odd = { ...draft(), discrepancies: [{ kind: "count_mismatch", where: "tiers:tier_1", note: "Example." }] };
    const twoLevels = apply(odd, { kind: "assign", span: span("Tier 2: 32, 92"), quotes: "span", system: { id: "tiers" }, level: { new: { label: "Tier 2" } } });
    const merged = apply(twoLevels, { kind: "merge-levels", system: "tiers", level: "tier_2", into: "tier_1" });
    expect(merged.discrepancies).toEqual([{ kind: "count_mismatch", where: "tiers:tier_1", note: "Example." }]);
    expect(apply(merged, { kind: "rename-system", system: "tiers", label: "Best tiers", id: "best_tiers" }).discrepancies).toEqual([{ kind: "count_mismatch", where: "tiers:tier_1", note: "Example." }]);
  });

  it("refuses a document whose systems are not in the guide's shape", () => {
    expect(applyEdit({ systems: [{ id: "x" }] }, { kind: "set-notes", text: "Example." }, CONTEXT)).toEqual({ ok: false, message: "the guide cannot be edited here: $.systems[0] needs a string id, label and item (npm run check says more)" });
  });
});
