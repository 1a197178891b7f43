// What a reviewer needs to see of a guide that a change adds or removes: the changelog names it by
// title only (its verdicts are implied), but a pull request adding one is reviewed by what it
// covers and how it grades: its items and paints, its systems, their levels and how many seeds
// each holds. A guide both builds hold is reviewed by what else changes in it (guide-edits.ts). Pure:
// the guides and the items come from the build snapshots compare.ts reads.

import type { Guide, GuideSystem } from "../../contract/schema/guide.ts";
import type { Item } from "../../contract/schema/responses.ts";
import type { Changes } from "../../contract/schema/changes.ts";
import { comparePlatformIds } from "../derive/order.ts";
import type { BuildSnapshot } from "./compare.ts";
import { guideEdits, type GuideEdits } from "./guide-edits.ts";

/** Paint labels, or "all paints" when a system covers every paint of its slug (`paint_indexes: null`). */
export type Paints = string[] | "all paints";

export interface LevelSummary {
  key: string;
  label: string;
  /** Distinct seeds graded in the level. */
  seeds: number;
}

export interface SystemSummary {
  id: string;
  label: string;
  item: string;
  paints: Paints;
  levels: LevelSummary[];
  /** Distinct seeds the system grades. */
  seeds: number;
}

export interface GuideSummary {
  platform_id: string;
  title: string;
  url: string;
  /** Each slug the guide's systems name, with the paints they cover together. */
  items: { slug: string; paints: Paints }[];
  systems: SystemSummary[];
}

/**
 * The changes, with the added guides read from the later build and the removed ones from the
 * earlier, and what else changes in the guides both hold (guide-edits.ts).
 */
export interface ChangesForReview {
  changes: Changes;
  guides: { added: GuideSummary[]; removed: GuideSummary[]; edited: GuideEdits[] };
}

export function changesForReview(a: BuildSnapshot, b: BuildSnapshot, changes: Changes): ChangesForReview {
  // The changes are those between these builds: an added guide is in `b`, a removed one in `a`.
  const summaries = (build: BuildSnapshot, ids: { platform_id: string }[]) =>
    ids.map(({ platform_id }) => guideSummary(build.guides.get(platform_id)!.read(), (slug) => build.slugs.get(slug)?.read() ?? []));
  return { changes, guides: { added: summaries(b, changes.guides.added), removed: summaries(a, changes.guides.removed), edited: editedGuides(a, b) } };
}

/** The guides of both builds whose files differ and whose differences guide-edits.ts names, by platform_id. */
function editedGuides(a: BuildSnapshot, b: BuildSnapshot): GuideEdits[] {
  return [...b.guides]
    .filter(([id, after]) => a.guides.has(id) && a.guides.get(id)!.print !== after.print)
    .sort(([x], [y]) => comparePlatformIds(x, y))
    .flatMap(([id, after]) => {
      const guide = after.read();
      const edits = guideEdits(a.guides.get(id)!.read(), guide);
      return edits.length === 0 ? [] : [{ platform_id: id, title: guide.title, edits }];
    });
}

/** `itemsOf(slug)`: the items (pairs) of a slug, as `/resolve` answers it. */
export function guideSummary(guide: Guide, itemsOf: (slug: string) => Item[]): GuideSummary {
  const systems = guide.systems.map((system) => systemSummary(system, itemsOf(system.item)));
  const slugs = [...new Set(guide.systems.map((system) => system.item))];
  const items = slugs.map((slug) => {
    const covering = guide.systems.filter((system) => system.item === slug);
    if (covering.some((system) => system.paint_indexes === null)) return { slug, paints: "all paints" as const };
    // No system here covers all paints: each names its own.
    const indexes = new Set(covering.flatMap((system) => system.paint_indexes!));
    return { slug, paints: paintLabels(itemsOf(slug), indexes) };
  });
  return { platform_id: guide.platform_id, title: guide.title, url: guide.url, items, systems };
}

function systemSummary(system: GuideSystem, items: Item[]): SystemSummary {
  const seedsOf = (gradings: GuideSystem["gradings"]) => new Set(gradings.map((grading) => grading.seed)).size;
  return {
    id: system.id,
    label: system.label,
    item: system.item,
    paints: system.paint_indexes === null ? "all paints" : paintLabels(items, new Set(system.paint_indexes)),
    levels: system.levels.map((level) => ({ key: level.key, label: level.label, seeds: seedsOf(system.gradings.filter((grading) => grading.level === level.key)) })),
    seeds: seedsOf(system.gradings),
  };
}

/** Labels in paint index order; a paint without a label (or unknown to the build) by its index. */
function paintLabels(items: Item[], indexes: ReadonlySet<number>): string[] {
  const labels = new Map(items.map((item) => [item.paint_index, item.paint_label]));
  return [...indexes].sort((x, y) => x - y).map((index) => labels.get(index) || `paint ${index}`);
}
