import type { Guide } from "../../contract/schema/guide.ts";
import type { ItemFile, Paint } from "../../contract/schema/item.ts";
import { byCodeUnits } from "../../contract/code-units.ts";

/** platform_ids are digit strings: order them as numbers, without losing precision on long ones. */
export function comparePlatformIds(a: string, b: string): number {
  return a.length - b.length || byCodeUnits(a, b);
}

export function sortGuides(guides: readonly Guide[]): Guide[] {
  return [...guides].sort((a, b) => comparePlatformIds(a.platform_id, b.platform_id));
}

/**
 * One `(def_index, paint_index)` pair: the canonical item
 * (docs/README.md, "What the API says, and what it never says").
 */
export interface Pair {
  item: ItemFile;
  paint: Paint;
}

/** Every pair of the dataset, ordered by def_index then paint_index. */
export function pairsOf(items: readonly ItemFile[]): Pair[] {
  return items
    .flatMap((item) => item.paints.map((paint) => ({ item, paint })))
    .sort((a, b) => a.item.def_index - b.item.def_index || a.paint.paint_index - b.paint.paint_index);
}
