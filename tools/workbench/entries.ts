import type { EditContext, GuideDocument } from "./document.ts";
import type { Edit } from "./edit.ts";
import { EditRefused, quotedSpan } from "./listing.ts";
import { systemOf } from "./structure.ts";

// What a guide says besides its listings, each quoting a span of the capture: callouts (mention, exclusion,
// common, example), remarks and item claims; and the fields a draft leaves as placeholders that a maintainer
// decides on the page: the service's notes and the author's reuse statement.

type Of<K extends Edit["kind"]> = Extract<Edit, { kind: K }>;

function systemReference(guide: GuideDocument, id: string | null): string | null {
  return id === null ? null : systemOf(guide, id).id;
}

export function addCallout(guide: GuideDocument, edit: Of<"callout">, context: EditContext): void {
  const { quote } = quotedSpan(edit.span, context);
  guide.callouts.push({ kind: edit.callout, label: edit.label.trim(), quote, system: systemReference(guide, edit.system) });
}

/** A remark (`remarks`) or an item claim (`item_claims`): `{quote, note, system}`. */
export function addRemark(guide: GuideDocument, edit: Of<"remark"> | Of<"item-claim">, context: EditContext): void {
  const { quote } = quotedSpan(edit.span, context);
  const note = edit.note === null || edit.note.trim() === "" ? null : edit.note.trim();
  (edit.kind === "remark" ? guide.remarks : guide.item_claims).push({ quote, note, system: systemReference(guide, edit.system) });
}

export function removeEntry(guide: GuideDocument, edit: Of<"remove-entry">): void {
  const list = guide[edit.list];
  if (edit.index >= list.length) throw new EditRefused(`$.${edit.list} has no entry ${edit.index}`);
  list.splice(edit.index, 1);
}

export function setNotes(guide: GuideDocument, edit: Of<"set-notes">): void {
  guide.notes = edit.text.trim();
}

export function setPermissionQuote(guide: GuideDocument, edit: Of<"set-permission-quote">, context: EditContext): void {
  guide.permission_quote = edit.span === null ? "" : quotedSpan(edit.span, context).quote;
}
