import type { Guide, GuideSystem } from "../../contract/schema/guide.ts";
import type { GuideBlock, Item, ItemRef } from "../../contract/schema/responses.ts";
import type { Pair } from "./order.ts";

/**
 * The attribution block every response carries for every guide it mentions
 * (docs/README.md, "What the API says, and what it never says").
 */
export function guideBlock(guide: Guide): GuideBlock {
  return {
    platform_id: guide.platform_id,
    title: guide.title,
    authors: guide.authors,
    url: guide.url,
    permission: guide.permission,
    updated: guide.updated,
  };
}

export function itemOf({ item, paint }: Pair): Item {
  return {
    def_index: item.def_index,
    paint_index: paint.paint_index,
    slug: item.slug,
    weapon: item.weapon,
    finish: item.finish,
    paint_label: paint.paint_label,
  };
}

/** Seed and patterns responses carry only the item's identity and slug. */
export function itemRefOf({ item, paint }: Pair): ItemRef {
  return { def_index: item.def_index, paint_index: paint.paint_index, slug: item.slug };
}

/** Where a level stands in its system: 1-based `place`, best first, `of` levels. */
export interface Standing {
  key: string;
  label: string;
  place: number;
  of: number;
}

export function standingsOf(system: GuideSystem): Map<string, Standing> {
  const of = system.levels.length;
  return new Map(system.levels.map((level, index) => [level.key, { key: level.key, label: level.label, place: index + 1, of }]));
}

/**
 * A seed listed twice is two gradings and two verdicts
 * (docs/README.md, "What the API says, and what it never says"), so the menu counts gradings. That keeps it
 * equal to the length of the system's `gradings`, its entries in `/patterns` and its verdicts
 * (docs/serving.md, "Decisions").
 */
export function gradingCount(system: GuideSystem): number {
  return system.gradings.length;
}
