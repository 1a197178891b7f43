import type { Guide } from "../../../contract/schema/guide.ts";
import { didYouMean } from "../did-you-mean.ts";
import { finding, type Finding } from "../finding.ts";
import type { GuideContext } from "./context.ts";
import { quotedList } from "./quoted-list.ts";

/**
 * Spec, System: `item` is an item slug and `paint_indexes` the paint indexes of that slug the system covers
 * (null: all of them). Item menus and verdicts are built from these, so they must name real items.
 */
export function systemItemsAreKnown(guide: Guide, context: GuideContext): Finding[] {
  const findings: Finding[] = [];
  guide.systems.forEach((system, s) => {
    if (context.uncheckedSlugs.has(system.item)) return;
    const item = context.items.get(system.item);
    if (item === undefined) {
      const hint = didYouMean(system.item, context.items.keys());
      findings.push(finding(`$.systems[${s}].item`, `${JSON.stringify(system.item)} is not the slug of any item file${hint}`, "the slug of an item in items/"));
      return;
    }
    const paints = item.paints.map((paint) => paint.paint_index);
    (system.paint_indexes ?? []).forEach((paintIndex, p) => {
      if (paints.includes(paintIndex)) return;
      findings.push(finding(`$.systems[${s}].paint_indexes[${p}]`, `${paintIndex} is not a paint index of ${item.slug}`, `one of ${quotedList(paints)}`));
    });
  });
  return findings;
}
