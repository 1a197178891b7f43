// The dataset the description document's examples are derived from: example data written for
// this repository, not a transcription of any real guide (titles start with "Example", pages are
// on example.com). It is fixed, apart from the shipped dataset, so that adding or editing a real
// guide never changes docs/openapi.json. The items are real: an example request works against any
// build that has them.

import type { Dataset } from "../dataset.ts";
import type { Guide, GuideSystem } from "../../contract/schema/guide.ts";
import { akCaseHardened, karambitDoppler, level } from "../example-data.ts";

/** The dataset_version the examples show: the shape of a real one, fixed like the rest. */
export const EXAMPLE_DATASET_VERSION = "0123456789abcdef0123";

/**
 * The items come from example-data.ts; the guides are built here, as the description document shows
 * them key by key, in an order of their own.
 */
function exampleGuide(fields: Pick<Guide, "platform_id" | "title" | "authors" | "systems"> & Partial<Guide>): Guide {
  return {
    schema: "1.0",
    url: `https://example.com/guides/${fields.platform_id}`,
    updated: "2024-05-01T10:00:00",
    permission: "unknown",
    collaborators: 0,
    posted: "2024-04-01T10:00:00",
    snapshot: { path: `examples/${fields.platform_id}.html`, retrieved_at: "2024-05-02T08:00:00+00:00", sha256: "0".repeat(64) },
    permission_quote: "",
    incomplete: null,
    complete: null,
    notes: "Example data written for this repository; not a transcription of a real guide.",
    related_guides: [],
    remarks: [],
    item_claims: [],
    callouts: [],
    discrepancies: [],
    ...fields,
  };
}

const blueGemTiers: GuideSystem = {
  id: "blue_gem",
  label: "Blue Gem Tiers",
  item: "ak-47-case-hardened",
  paint_indexes: null,
  alias: "blue gem",
  topic: null,
  scale: { kind: "tier", best: "Tier 1", worst: "Tier 3" },
  remarks: [],
  levels: [level("t1", "Tier 1"), level("t2", "Tier 2"), level("t3", "Tier 3")],
  gradings: [
    { seed: 661, level: "t1", quote: "Tier 1: 661, 151", evidence: "text", position: 0 },
    { seed: 151, level: "t1", quote: "Tier 1: 661, 151", evidence: "text", position: 1 },
    { seed: 955, level: "t2", quote: "Tier 2: 955, 179", evidence: "text", position: 0 },
    { seed: 179, level: "t2", quote: "Tier 2: 955, 179", evidence: "text", position: 1 },
    { seed: 387, level: "t3", quote: "Tier 3: 387", evidence: "text", position: 0 },
  ],
};

const topSeeds: GuideSystem = {
  id: "top",
  label: "Top Seeds",
  item: "ak-47-case-hardened",
  paint_indexes: null,
  alias: null,
  topic: null,
  scale: { kind: "rank", best: "P1", worst: "P2" },
  remarks: [],
  levels: [level("p1", "P1"), level("p2", "P2")],
  gradings: [
    { seed: 151, level: "p1", quote: "#1 151", evidence: "text", position: 0, rank: 1 },
    { seed: 661, level: "p2", quote: "#2 661", evidence: "text", position: 0, rank: 2 },
  ],
};

const pinkPhase: GuideSystem = {
  id: "phase2",
  label: "Phase 2 Pink",
  item: "karambit-doppler",
  paint_indexes: [419],
  alias: null,
  topic: null,
  scale: { kind: "sublevel", best: "Max pink", worst: "Pink" },
  remarks: [],
  levels: [level("max", "Max pink"), level("pink", "Pink")],
  gradings: [
    { seed: 661, level: "max", quote: "Max pink: 661", evidence: "text", position: 0 },
    { seed: 12, level: "pink", quote: "Pink: 12", evidence: "text", position: 0 },
  ],
};

/** Two guides on one item that disagree on seed 661 (the point of the API: side by side, never merged), and one on a single Doppler phase. */
export const EXAMPLE_DATASET: Dataset = {
  items: [akCaseHardened(), karambitDoppler()],
  guides: [
    exampleGuide({ platform_id: "900000101", title: "Example Guide: AK-47 | Case Hardened Blue Gem Tiers", authors: ["Example Author A"], systems: [blueGemTiers] }),
    exampleGuide({ platform_id: "900000102", title: "Example Guide: Top AK-47 | Case Hardened Seeds", authors: ["Example Author B"], systems: [topSeeds] }),
    exampleGuide({ platform_id: "900000103", title: "Example Guide: Karambit | Doppler Phase 2 Pink", authors: ["Example Author C"], systems: [pinkPhase] }),
  ],
};
