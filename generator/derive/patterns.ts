import type { PatternEntry, PatternsResponse } from "../../contract/schema/responses.ts";
import { guideBlock, itemRefOf, standingsOf } from "./blocks.ts";
import type { Covering } from "./coverage.ts";
import type { Pair } from "./order.ts";
import { gradingExtras } from "./verdicts.ts";

/** `GET /items/{def}/{paint}/patterns`: every graded seed of the pair, without quotes; guides given once. */
export function patternsResponse(pair: Pair, covering: readonly Covering[]): PatternsResponse {
  const guides: PatternsResponse["guides"] = {};
  const entries = new Map<number, PatternEntry[]>();
  for (const { guide, system } of covering) {
    const { platform_id, ...block } = guideBlock(guide);
    const guideEntry = (guides[platform_id] ??= { ...block, systems: {} });
    guideEntry.systems[system.id] = {
      label: system.label,
      topic: system.topic,
      kind: system.scale.kind,
      levels: system.levels.map(({ key, label }) => ({ key, label })),
    };
    const standings = standingsOf(system);
    for (const grading of system.gradings) {
      const list = entries.get(grading.seed) ?? [];
      list.push({
        guide: platform_id,
        system: system.id,
        level: grading.level,
        place: standings.get(grading.level)!.place,
        ...gradingExtras(grading),
      });
      entries.set(grading.seed, list);
    }
  }
  const seeds: PatternsResponse["seeds"] = {};
  // An object lists integer keys in ascending order, whatever the order they are set in.
  for (const [seed, list] of entries) seeds[String(seed)] = list;
  return { item: itemRefOf(pair), guides, seeds };
}
