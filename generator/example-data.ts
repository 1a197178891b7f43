// The one builder of small example datasets: the description document's (openapi/example-dataset.ts)
// and the tests' (test/fixtures/, test/support/dist-fixture.ts). The items are real, identities as
// the game has them, so an example request works against any build that has them; the guides are
// example data written for this repository, not transcriptions of real guides, and say so. Every
// call returns fresh objects, so a test may change its copy.
//
// A guide or system is its defaults followed by the fields given: a field given in place of a default
// keeps the default's place, a field without a default comes after them. Guide files are served as
// stored, key order included, so that order is part of what a dataset built here derives.

import type { Guide, GuideSystem, Level } from "../contract/schema/guide.ts";
import type { ItemFile } from "../contract/schema/item.ts";

const KARAMBIT_DOPPLER_PAINTS = [
  { paint_index: 415, paint_label: "Ruby" },
  { paint_index: 416, paint_label: "Sapphire" },
  { paint_index: 417, paint_label: "Black Pearl" },
  { paint_index: 418, paint_label: "Phase 1" },
  { paint_index: 419, paint_label: "Phase 2" },
  { paint_index: 420, paint_label: "Phase 3" },
  { paint_index: 421, paint_label: "Phase 4" },
] as const;

export type KarambitDopplerPaint = (typeof KARAMBIT_DOPPLER_PAINTS)[number]["paint_index"];

export const akCaseHardened = (): ItemFile => ({
  slug: "ak-47-case-hardened",
  weapon: "AK-47",
  finish: "Case Hardened",
  def_index: 7,
  market_name: "AK-47 | Case Hardened",
  star: false,
  paints: [{ paint_index: 44, paint_label: "" }],
});

/** The Karambit | Doppler with the paints named, in the order given (all seven by default). */
export const karambitDoppler = (paints: readonly KarambitDopplerPaint[] = KARAMBIT_DOPPLER_PAINTS.map((paint) => paint.paint_index)): ItemFile => ({
  slug: "karambit-doppler",
  weapon: "Karambit",
  finish: "Doppler",
  def_index: 507,
  market_name: "Karambit | Doppler",
  star: true,
  paints: paints.map((paintIndex) => ({ ...KARAMBIT_DOPPLER_PAINTS.find((paint) => paint.paint_index === paintIndex)! })),
});

export const glockMoonrise = (): ItemFile => ({
  slug: "glock-18-moonrise",
  weapon: "Glock-18",
  finish: "Moonrise",
  def_index: 4,
  market_name: "Glock-18 | Moonrise",
  star: false,
  paints: [{ paint_index: 694, paint_label: "" }],
});

/** A level holding gradings, unordered, without images. */
export const level = (key: string, label: string): Level => ({ key, label, images: [], ordered: false, ordered_quote: null });

/** A tier system on the AK-47 | Case Hardened: two tiers, no gradings. */
export function system(fields: Partial<GuideSystem> & Pick<GuideSystem, "id">): GuideSystem {
  return {
    label: `Example system ${fields.id}`,
    item: "ak-47-case-hardened",
    paint_indexes: null,
    alias: null,
    topic: null,
    scale: { kind: "tier", best: 1, worst: 2 },
    remarks: [],
    levels: [level("t1", "Tier 1"), level("t2", "Tier 2")],
    gradings: [],
    ...fields,
  };
}

/** A guide on example.com, captured as `<platform_id>.html`, that says it is example data. */
export function guide(fields: Partial<Guide> & Pick<Guide, "platform_id" | "systems">): Guide {
  return {
    schema: "1.0",
    title: `Example guide ${fields.platform_id}`,
    authors: ["Example Author"],
    url: `https://example.com/guides/${fields.platform_id}`,
    updated: "2024-05-01T10:00:00",
    permission: "unknown",
    collaborators: 0,
    posted: "2024-04-01T10:00:00",
    snapshot: { path: `${fields.platform_id}.html`, retrieved_at: "2024-05-02T08:00:00+00:00", sha256: "0".repeat(64) },
    permission_quote: "",
    incomplete: null,
    complete: null,
    notes: "Example data written for these tests; not a transcription of a real guide.",
    related_guides: [],
    remarks: [],
    item_claims: [],
    callouts: [],
    discrepancies: [],
    ...fields,
  };
}
