import type { Guide, GuideSystem } from "../../contract/schema/guide.ts";
import type { Pair } from "./order.ts";

/** One system of one guide, as it covers an item. */
export interface Covering {
  guide: Guide;
  system: GuideSystem;
}

/**
 * A system covers a pair when its `item` slug is the pair's slug and its `paint_indexes` is null
 * or lists the pair's paint index (a guide may rank only some phases of a Doppler slug).
 */
export function covers(system: GuideSystem, pair: Pair): boolean {
  return system.item === pair.item.slug && (system.paint_indexes === null || system.paint_indexes.includes(pair.paint.paint_index));
}

/**
 * Returns, for a pair, every covering system: guides in the order given, systems in guide order. A
 * reader sees guides by platform_id, so callers pass them sorted (`sortGuides`), once per build.
 */
export function coverageOf(guides: readonly Guide[]): (pair: Pair) => Covering[] {
  const bySlug = new Map<string, Covering[]>();
  for (const guide of guides) {
    for (const system of guide.systems) {
      const list = bySlug.get(system.item) ?? [];
      list.push({ guide, system });
      bySlug.set(system.item, list);
    }
  }
  return (pair) => (bySlug.get(pair.item.slug) ?? []).filter(({ system }) => covers(system, pair));
}
