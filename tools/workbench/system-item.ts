import type { EditContext, GuideDocument } from "./document.ts";
import type { Edit } from "./edit.ts";
import { EditRefused } from "./listing.ts";
import { systemOf } from "./structure.ts";

// What a system grades: its item (a slug of the dataset's items) and the paints of that item it covers
// (`paint_indexes`, null for every paint: dataset/README.md, "Judgment calls"). A draft names the item the
// maintainer gave guide:draft for every system; a guide covering two items, or one phase per section, is put
// right here.

type Of<K extends Edit["kind"]> = Extract<Edit, { kind: K }>;

/** Another item; paints are kept when every one is a paint of the new item, else the system covers all of its paints. */
export function setItem(guide: GuideDocument, edit: Of<"set-item">, context: EditContext): void {
  const system = systemOf(guide, edit.system);
  const item = context.items.get(edit.item);
  if (item === undefined) throw new EditRefused(`no item ${JSON.stringify(edit.item)}: items/${edit.item}.json does not exist`);
  system.item = item.slug;
  const paints = new Set(item.paints.map((paint) => paint.paint_index));
  if (system.paint_indexes !== null && !system.paint_indexes.every((index) => paints.has(index))) system.paint_indexes = null;
}

/** Some of the item's paints (sorted, each once), or all of them (null). */
export function setPaints(guide: GuideDocument, edit: Of<"set-paints">, context: EditContext): void {
  const system = systemOf(guide, edit.system);
  if (edit.paints === null) {
    system.paint_indexes = null;
    return;
  }
  const item = context.items.get(system.item);
  if (item === undefined) throw new EditRefused(`no item file items/${system.item}.json: its paints are not known`);
  const known = new Set(item.paints.map((paint) => paint.paint_index));
  const unknown = edit.paints.filter((index) => !known.has(index));
  if (unknown.length > 0) throw new EditRefused(`${unknown.join(", ")} ${unknown.length === 1 ? "is not a paint index" : "are not paint indexes"} of ${item.slug} (${[...known].join(", ")})`);
  system.paint_indexes = [...new Set(edit.paints)].sort((a, b) => a - b);
}
