import type { DocumentSystem, GuideDocument } from "./document.ts";
import type { Edit } from "./edit.ts";
import { sameLabel } from "./level-labels.ts";
import { EditRefused } from "./listing.ts";
import { mergeLevels, mergeSystems, systemOf } from "./structure.ts";

// Merging by label, in one edit: a table the drafter read as one system per row (26 systems of the same
// label, each with the same levels) is one system again, its levels of one label one level. Each merge is the
// single merge of structure.ts, applied in the guide's order, so the gradings keep the page's order inside
// every level and the references follow as they do for one merge.

type Of<K extends Edit["kind"]> = Extract<Edit, { kind: K }>;

/** The systems of this system's label and item, in the guide's order (the system among them). */
export function systemsOfLabel(guide: GuideDocument, system: DocumentSystem): DocumentSystem[] {
  return guide.systems.filter((other) => other.item === system.item && sameLabel(other.label, system.label));
}

/**
 * Every system of the label and item joins the first of them; the merged system's levels of one label then
 * become one (a system per row of a table has the same levels in every row).
 */
export function mergeSystemsByLabel(guide: GuideDocument, edit: Of<"merge-systems-by-label">): void {
  const group = systemsOfLabel(guide, systemOf(guide, edit.system));
  if (group.length < 2) throw new EditRefused(`no other system of ${group[0]!.item} is labelled ${JSON.stringify(group[0]!.label)}`);
  mergeAllInto(guide, group[0]!, group.slice(1));
}

/** Every other system of the item joins this one, in the guide's order; its levels of one label then become one. */
export function mergeItemSystems(guide: GuideDocument, edit: Of<"merge-item-systems">): void {
  const into = systemOf(guide, edit.into);
  const others = guide.systems.filter((other) => other !== into && other.item === into.item);
  if (others.length === 0) throw new EditRefused(`system ${JSON.stringify(into.id)} is the only system of ${into.item}`);
  mergeAllInto(guide, into, others);
}

function mergeAllInto(guide: GuideDocument, into: DocumentSystem, others: readonly DocumentSystem[]): void {
  for (const other of others) mergeSystems(guide, { kind: "merge-systems", system: other.id, into: into.id });
  collapseLevels(guide, into);
}

/** In the system, every level sharing a label with an earlier one joins the first of that label. */
export function mergeLevelsByLabel(guide: GuideDocument, edit: Of<"merge-levels-by-label">): void {
  const system = systemOf(guide, edit.system);
  if (!collapseLevels(guide, system)) throw new EditRefused(`no two levels of system ${JSON.stringify(system.id)} that take gradings share a label`);
}

/**
 * Merges each level into the first earlier level of its label, both taking gradings (a level shown as
 * images alone is left as it is); returns whether any level went. The first level of a label is never
 * merged itself, so every level joins one the system still has.
 */
function collapseLevels(guide: GuideDocument, system: DocumentSystem): boolean {
  const graded = system.levels.filter((level) => level.gradings !== null);
  let merged = false;
  for (const [index, level] of graded.entries()) {
    const first = graded.slice(0, index).find((earlier) => sameLabel(earlier.label, level.label));
    if (first === undefined) continue;
    mergeLevels(guide, { kind: "merge-levels", system: system.id, level: level.key, into: first.key });
    merged = true;
  }
  return merged;
}
