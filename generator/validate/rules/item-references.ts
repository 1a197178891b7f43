import type { Guide } from "../../../contract/schema/guide.ts";
import { didYouMean } from "../did-you-mean.ts";
import { finding, type Finding } from "../finding.ts";
import type { GuideContext } from "./context.ts";
import { quotedList } from "./quoted-list.ts";

/**
 * `item` is an item slug and `paint_indexes` the paint indexes of that slug the system covers (null: all of
 * them; dataset/README.md, "Guide documents: guides/<platform_id>.json"). Item menus and verdicts are built
 * from these, so they must name real items.
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

/**
 * A system on an item with several paints (Doppler phases and gems) that leaves `paint_indexes` null applies
 * its levels to every one of them: a phase's tiers would grade all seven paints of a knife. That is right
 * only when the guide says so, so it must be quoted: an item claim tied to the system (`system` its id)
 * whose quote is the guide's statement that the system covers every paint (dataset/README.md, "Judgment
 * calls"). The quote is checked verbatim against the capture like every other.
 */
export function multiPaintSystemsAreNarrowedOrQuoted(guide: Guide, context: GuideContext): Finding[] {
  const findings: Finding[] = [];
  guide.systems.forEach((system, s) => {
    const item = context.items.get(system.item);
    if (item === undefined || item.paints.length < 2 || system.paint_indexes !== null) return;
    if (guide.item_claims.some((claim) => claim.system === system.id)) return;
    const paints = item.paints.map((paint) => `${paint.paint_index} ${paint.paint_label}`.trim());
    findings.push(
      finding(
        `$.systems[${s}].paint_indexes`,
        `is null, so system ${JSON.stringify(system.id)} grades every one of the ${item.paints.length} paints of ${item.slug} (${paints.join(", ")}), and the guide is not quoted saying so`,
        `the paint indexes the system covers (e.g. [${item.paints[0]!.paint_index}]), or an item claim {"quote": <the guide's words saying it covers every paint>, "note": ..., "system": ${JSON.stringify(system.id)}}`,
      ),
    );
  });
  return findings;
}
