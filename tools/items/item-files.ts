// The bytes of dataset/items/<slug>.json and what a sync has to change to reach them. Pure, so the
// sync is deterministic: the same selection always gives the same files, and a second run changes nothing.

import type { ItemFile } from "../../contract/schema/item.ts";

export const itemFileName = (slug: string) => `${slug}.json`;

/** 2-space JSON with a trailing newline, keys in the order the brief fixes for item files. */
export function itemFileText(item: ItemFile): string {
  const ordered = {
    slug: item.slug,
    weapon: item.weapon,
    finish: item.finish,
    def_index: item.def_index,
    market_name: item.market_name,
    star: item.star,
    paints: item.paints.map((paint) => ({ paint_index: paint.paint_index, paint_label: paint.paint_label })),
  };
  return `${JSON.stringify(ordered, null, 2)}\n`;
}

export interface ItemSyncPlan {
  /** Files to create or overwrite, by file name, sorted. */
  write: { file: string; text: string; created: boolean }[];
  /** `.json` files present that no selected item produces any more, sorted. */
  remove: string[];
  unchanged: number;
}

/** `existing` maps each `.json` file name now in dataset/items/ to its text. */
export function planItemSync(existing: ReadonlyMap<string, string>, items: readonly ItemFile[]): ItemSyncPlan {
  const produced = new Map(items.map((item) => [itemFileName(item.slug), itemFileText(item)] as const));
  const write: ItemSyncPlan["write"] = [];
  let unchanged = 0;
  for (const [file, text] of [...produced].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const current = existing.get(file);
    if (current === text) unchanged += 1;
    else write.push({ file, text, created: current === undefined });
  }
  const remove = [...existing.keys()].filter((file) => !produced.has(file)).sort();
  return { write, remove, unchanged };
}
