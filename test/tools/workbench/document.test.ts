// The guide document as the workbench edits it (tools/workbench/document.ts): a document is edited only when it
// has the parts edits touch, the lists the workbench adds to made empty when missing; and the ids it makes.

import { describe, expect, it } from "vitest";
import { editableGuide, idFromLabel, unique } from "../../../tools/workbench/document.ts";

const LEVEL = { key: "t1", label: "Tier 1", images: [], ordered: false, ordered_quote: null };
const GRADING = { seed: 661, level: "t1", quote: "Tier 1: 661", evidence: "text", position: 0 };
const SYSTEM = { id: "tiers", label: "Tiers", item: "karambit-doppler", paint_indexes: null, scale: { kind: "tier", best: 1, worst: 2 }, remarks: [], levels: [LEVEL], gradings: [GRADING] };
const GUIDE = { schema: "1.0", platform_id: "900000150", title: "Example Guide, EXAMPLE CONTENT", callouts: [], remarks: [], item_claims: [], discrepancies: [], systems: [SYSTEM] };

/** The guide with its second system changed (the first is a good one). */
const withSystem = (system: unknown) => ({ ...GUIDE, systems: [SYSTEM, system] });

describe("a document the workbench edits", () => {
  it("is the guide with every field carried through, and a copy: editing it leaves the document read as it was", () => {
    const document = structuredClone(GUIDE);
    const editable = editableGuide(document);
    if (!editable.ok) throw new Error(editable.message);
    expect(editable.guide).toEqual(GUIDE);
    editable.guide.systems[0]!.gradings[0]!.seed = 151;
    editable.guide.callouts.push({ quote: "Tier 1: 661", system: null });
    expect(document).toEqual(GUIDE);
  });

  it("has empty callouts, remarks, item claims and discrepancies, and systems without remarks, where the file has none", () => {
    const { callouts: _c, remarks: _r, item_claims: _i, discrepancies: _d, ...bare } = GUIDE;
    const { remarks: _s, ...system } = SYSTEM;
    const editable = editableGuide({ ...bare, systems: [system] });
    if (!editable.ok) throw new Error(editable.message);
    expect(editable.guide).toEqual(GUIDE);
  });

  it("is refused when the file is not a JSON object", () => {
    for (const document of [null, [GUIDE], "guide", 1]) expect(editableGuide(document)).toEqual({ ok: false, message: "the guide file is not a JSON object" });
  });

  it("is refused when a list the workbench adds to is not a list of objects", () => {
    for (const list of ["callouts", "remarks", "item_claims", "discrepancies"]) {
      expect(editableGuide({ ...GUIDE, [list]: {} })).toEqual({ ok: false, message: `$.${list} is not a list of objects` });
      expect(editableGuide({ ...GUIDE, [list]: [{ quote: "x" }, "Tier 1: 661"] })).toEqual({ ok: false, message: `$.${list} is not a list of objects` });
    }
  });

  it("is refused when its systems are not a list", () => {
    expect(editableGuide({ ...GUIDE, systems: { tiers: SYSTEM } })).toEqual({ ok: false, message: "$.systems is not a list" });
    const { systems: _, ...none } = GUIDE;
    expect(editableGuide(none)).toEqual({ ok: false, message: "$.systems is not a list" });
  });

  it("is refused at the first system not in a system's shape, named by its place", () => {
    const refusals: [unknown, string][] = [
      [[SYSTEM], "$.systems[1] is not an object"],
      [null, "$.systems[1] is not an object"],
      [{ ...SYSTEM, id: 1 }, "$.systems[1] needs a string id, label and item"],
      [{ ...SYSTEM, label: null }, "$.systems[1] needs a string id, label and item"],
      [{ ...SYSTEM, item: undefined }, "$.systems[1] needs a string id, label and item"],
      [{ ...SYSTEM, scale: "tier" }, "$.systems[1].scale needs a kind"],
      [{ ...SYSTEM, scale: { best: 1 } }, "$.systems[1].scale needs a kind"],
      [{ ...SYSTEM, levels: {} }, "$.systems[1] needs lists of levels, gradings and remarks"],
      [{ ...SYSTEM, gradings: null }, "$.systems[1] needs lists of levels, gradings and remarks"],
      [{ ...SYSTEM, remarks: "none" }, "$.systems[1] needs lists of levels, gradings and remarks"],
    ];
    for (const [system, message] of refusals) expect(editableGuide(withSystem(system))).toEqual({ ok: false, message });
  });

  it("is refused at the first level without a string key and label, named by its place", () => {
    for (const level of ["Tier 2", { ...LEVEL, key: 2 }, { ...LEVEL, label: null }]) {
      expect(editableGuide(withSystem({ ...SYSTEM, levels: [LEVEL, level] }))).toEqual({ ok: false, message: "$.systems[1].levels[1] needs a string key and label" });
    }
  });

  it("is refused at the first grading without an integer seed, a level key and a quote, named by its place", () => {
    for (const grading of [661, { ...GRADING, seed: 66.1 }, { ...GRADING, seed: "661" }, { ...GRADING, level: null }, { ...GRADING, quote: 661 }]) {
      expect(editableGuide(withSystem({ ...SYSTEM, gradings: [GRADING, grading] }))).toEqual({ ok: false, message: "$.systems[1].gradings[1] needs an integer seed, a level key and a quote" });
    }
  });
});

describe("the ids the workbench makes", () => {
  it("are made from a label as guide:draft makes them", () => {
    expect(idFromLabel("Tier 1")).toBe("tier_1");
  });

  it("are the id itself when it is free, else the first of id_2, id_3, ... that is", () => {
    expect(unique("tier_1", new Set(["tier_2"]))).toBe("tier_1");
    expect(unique("tier_1", new Set(["tier_1"]))).toBe("tier_1_2");
    expect(unique("tier_1", new Set(["tier_1", "tier_1_2", "tier_1_4"]))).toBe("tier_1_3");
  });
});
