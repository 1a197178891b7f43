import { describe, expect, it } from "vitest";
import type { Changes } from "../../../contract/schema/changes.ts";
import { formatChanges, paintsText } from "../../../generator/changes/format.ts";
import type { GuideSummary } from "../../../generator/changes/guide-summary.ts";
import { initialChanges } from "../../../generator/changes/compare.ts";

const ak = { def_index: 7, paint_index: 44, slug: "ak-47-case-hardened" };
const place = { item: ak, seed: 661, platform_id: "200", system: "blue" };
/** One change of every kind, each total its own number, so each line shows its own count. */
const changes: Changes = {
  from: "vA",
  to: "vB",
  totals: {
    guides_added: 1,
    guides_removed: 2,
    guides_retitled: 3,
    systems_added: 4,
    systems_removed: 5,
    levels_added: 6,
    levels_removed: 7,
    levels_renamed: 8,
    verdicts_added: 9,
    verdicts_removed: 10,
    verdicts_moved: 11,
    items_added: 12,
    items_removed: 13,
    responses_changed: 1,
    responses_added: 1500,
    responses_removed: 16,
  },
  guides: {
    added: [
      { platform_id: "300", title: "Example guide 300" },
      { platform_id: "301", title: "Example guide 301" },
    ],
    removed: [{ platform_id: "30", title: "Example guide 30" }],
    retitled: [{ platform_id: "200", from: "Old", to: "New" }],
  },
  systems: { added: [{ platform_id: "200", system: "gold", label: "Gold" }], removed: [{ platform_id: "200", system: "red", label: "Red" }] },
  levels: {
    added: [{ platform_id: "200", system: "blue", key: "t3", label: "Tier 3" }],
    removed: [{ platform_id: "200", system: "blue", key: "t4", label: "Tier 4" }],
    renamed: [{ platform_id: "200", system: "blue", key: "t1", from: "Tier 1", to: "Tier One" }],
  },
  verdicts: {
    added: [{ ...place, level: { key: "t1", label: "Tier 1" } }],
    removed: [{ ...place, seed: 151, level: { key: "t2", label: "Tier 2" } }],
    moved: [{ ...place, seed: 955, from: { key: "t1", label: "Tier 1" }, to: { key: "t2", label: "Tier 2" } }],
  },
  items: {
    added: [
      { def_index: 507, paint_index: 418, slug: "karambit-doppler", weapon: "Karambit", finish: "Doppler", paint_label: "Phase 1" },
      { def_index: 7, paint_index: 44, slug: "ak-47-case-hardened", weapon: "AK-47", finish: "Case Hardened", paint_label: "" },
    ],
    removed: [
      { def_index: 4, paint_index: 694, slug: "glock-18-moonrise", weapon: "Glock-18", finish: "Moonrise", paint_label: "" },
      { def_index: 507, paint_index: 415, slug: "karambit-doppler", weapon: "Karambit", finish: "Doppler", paint_label: "Ruby" },
    ],
  },
};
const added: GuideSummary = {
  platform_id: "300",
  title: "Example guide 300",
  url: "https://example.com/guides/300",
  items: [
    { slug: "karambit-doppler", paints: ["Ruby", "Phase 1"] },
    { slug: "ak-47-case-hardened", paints: "all paints" },
  ],
  systems: [{ id: "pattern", label: "Pattern", item: "karambit-doppler", paints: ["Ruby", "Phase 1"], levels: [{ key: "p1", label: "P1", seeds: 1 }, { key: "p2", label: "P2", seeds: 2 }], seeds: 3 }],
};

describe("the changes as text", () => {
  it("give the totals, then each kind of change line by line, an added guide with what it covers, an edited one with its fields", () => {
    const alsoAdded: GuideSummary = { platform_id: "301", title: "Example guide 301", url: "https://example.com/guides/301", items: [{ slug: "ak-47-case-hardened", paints: "all paints" }], systems: [] };
    const edited = [{ platform_id: "900", title: "Example guide 900", edits: [{ field: "updated", before: '"2026-01-01T10:00"', after: '"2026-03-01T10:00"' }, { field: "systems.blue.label", before: '"Blue"', after: '"Blue gems"' }] }];
    expect(formatChanges(changes, { added: [alsoAdded, added], removed: [], edited }).split("\n")).toEqual([
      "changes from dataset_version vA to vB",
      "  guides:    1 added, 2 removed, 3 retitled",
      "  systems:   4 added, 5 removed",
      "  levels:    6 added, 7 removed, 8 renamed",
      "  verdicts:  9 added, 10 removed, 11 moved",
      "  items:     12 added, 13 removed",
      "  responses: 1 file changed, 1,500 added, 16 removed",
      "",
      "guides added (2)",
      '  300 "Example guide 300"',
      "    items: karambit-doppler (Ruby, Phase 1); ak-47-case-hardened (all paints)",
      '    system pattern "Pattern": karambit-doppler (Ruby, Phase 1), 2 levels, 3 seeds',
      "      P1: 1 seed",
      "      P2: 2 seeds",
      '  301 "Example guide 301"',
      "    items: ak-47-case-hardened (all paints)",
      "",
      "guides removed (1)",
      '  30 "Example guide 30"',
      "",
      "guides retitled (1)",
      '  200 "Old" -> "New"',
      "",
      "guides edited (1)",
      '  900 "Example guide 900"',
      '    updated: "2026-01-01T10:00" -> "2026-03-01T10:00"',
      '    systems.blue.label: "Blue" -> "Blue gems"',
      "",
      "systems added (1)",
      '  guide 200, system gold "Gold"',
      "",
      "systems removed (1)",
      '  guide 200, system red "Red"',
      "",
      "levels added (1)",
      '  guide 200, system blue: t3 "Tier 3"',
      "",
      "levels removed (1)",
      '  guide 200, system blue: t4 "Tier 4"',
      "",
      "levels renamed (1)",
      '  guide 200, system blue: t1 "Tier 1" -> "Tier One"',
      "",
      "verdicts moved (1)",
      "  seed 955 of ak-47-case-hardened (7/44) in guide 200, system blue: Tier 1 -> Tier 2",
      "",
      "verdicts added (1)",
      "  seed 661 of ak-47-case-hardened (7/44) in guide 200, system blue: Tier 1",
      "",
      "verdicts removed (1)",
      "  seed 151 of ak-47-case-hardened (7/44) in guide 200, system blue: was Tier 2",
      "",
      "items added (2)",
      "  karambit-doppler (507/418) Karambit | Doppler (Phase 1)",
      "  ak-47-case-hardened (7/44) AK-47 | Case Hardened",
      "",
      "items removed (2)",
      "  glock-18-moonrise (4/694) Glock-18 | Moonrise",
      "  karambit-doppler (507/415) Karambit | Doppler (Ruby)",
      "",
    ]);
  });

  it("of a first build say there is nothing to compare with, and list nothing", () => {
    expect(formatChanges(initialChanges("vA")).split("\n").slice(0, 1)).toEqual(["dataset_version vA: the first build here, nothing to compare with"]);
    expect(formatChanges(initialChanges("vA"))).not.toContain("(");
    expect(formatChanges(initialChanges("vA"))).toContain("  responses: 0 files changed, 0 added, 0 removed\n");
  });

  it("name a system over every paint of its slug as all paints", () => {
    expect(paintsText("all paints")).toBe("all paints");
    expect(paintsText(["Ruby"])).toBe("Ruby");
  });
});
