import type { ItemMenu } from "../../contract/schema/responses.ts";
import { guideBlock, itemOf, gradingCount } from "./blocks.ts";
import type { Covering } from "./coverage.ts";
import type { Pair } from "./order.ts";

/**
 * `GET /items/{def}/{paint}`: identity plus a menu of every guide covering the pair (no seeds: identity apart
 * from opinion, docs/README.md, "What the API says, and what it never says").
 * With a topic, only systems carrying that topic stay, and guides left with none are dropped.
 */
export function itemMenu(pair: Pair, covering: readonly Covering[], topic: string | null = null): ItemMenu {
  const guides: ItemMenu["guides"] = [];
  for (const { guide, system } of covering) {
    if (topic !== null && system.topic !== topic) continue;
    let entry = guides.at(-1);
    if (entry?.platform_id !== guide.platform_id) {
      entry = { ...guideBlock(guide), systems: [] };
      guides.push(entry);
    }
    entry.systems.push({
      id: system.id,
      label: system.label,
      alias: system.alias,
      topic: system.topic,
      kind: system.scale.kind,
      levels: system.levels.length,
      seeds: gradingCount(system),
    });
  }
  return { item: itemOf(pair), guides };
}
