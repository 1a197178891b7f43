import { dropPlacesGone, numberPositions, recordDuplicateSeeds } from "./bookkeeping.ts";
import { editableGuide, type EditContext, type GuideDocument } from "./document.ts";
import type { Edit } from "./edit.ts";
import { fillField } from "./attribution.ts";
import { addCallout, addRemark, removeEntry, setNotes, setPermissionQuote } from "./entries.ts";
import { assign, dropNumber, EditRefused } from "./listing.ts";
import { mergeItemSystems, mergeLevelsByLabel, mergeSystemsByLabel } from "./merge-by-label.ts";
import { notGraded } from "./not-graded.ts";
import { pictureOf, scopeOf, sideEffects, type SideEffects } from "./side-effects.ts";
import { mergeLevels, mergeSystems, moveLevel, moveSystem, removeLevel, removeSystem, renameLevel, renameLevelKey, renameSystem, setOrdered, setScale, splitPerPaint, undecidedNotOrdered } from "./structure.ts";
import { setItem, setPaints } from "./system-item.ts";
import { applyReading } from "./reading.ts";
import { readTable } from "./table.ts";

// The workbench's one way of changing a guide: an edit (edit.ts) applied to the guide document, pure. The
// page sends the edits a maintainer made since the file was read; the server applies them all to the file's
// document for every view and for the save, so undo is one edit fewer. After each edit the bookkeeping that
// follows from the gradings is redone (bookkeeping.ts), and what the edit changed besides what it was about
// is reported (side-effects.ts), so that the page can say it.

export type Applied = { ok: true; guide: GuideDocument; sideEffects: SideEffects } | { ok: false; message: string };

type Handler<K extends Edit["kind"]> = (guide: GuideDocument, edit: Extract<Edit, { kind: K }>, context: EditContext) => void;

const HANDLERS: { [K in Edit["kind"]]: Handler<K> } = {
  assign,
  "drop-number": dropNumber,
  "not-graded": notGraded,
  "move-level": moveLevel,
  "rename-level": renameLevel,
  "rename-level-key": renameLevelKey,
  "set-ordered": setOrdered,
  "undecided-not-ordered": undecidedNotOrdered,
  "merge-levels": mergeLevels,
  "merge-levels-by-label": mergeLevelsByLabel,
  "remove-level": removeLevel,
  "rename-system": renameSystem,
  "set-scale": setScale,
  "move-system": moveSystem,
  "set-item": setItem,
  "set-paints": setPaints,
  "merge-systems": mergeSystems,
  "merge-systems-by-label": mergeSystemsByLabel,
  "merge-item-systems": mergeItemSystems,
  "split-per-paint": splitPerPaint,
  "remove-system": removeSystem,
  callout: addCallout,
  remark: addRemark,
  "item-claim": addRemark,
  "remove-entry": removeEntry,
  "set-notes": setNotes,
  "set-permission-quote": setPermissionQuote,
  fill: fillField,
  "read-table": readTable,
  "apply-reading": applyReading,
};

/** The document with one edit applied (the input is not changed) and what it changed outside its scope, or why the edit cannot be applied to it. */
export function applyEdit(document: unknown, edit: Edit, context: EditContext): Applied {
  const editable = editableGuide(document);
  if (!editable.ok) return refusedDocument(editable.message);
  const { guide } = editable;
  const was = pictureOf(guide, context);
  const scope = scopeOf(edit, guide);
  const refused = run(guide, edit, context);
  if (refused !== null) return { ok: false, message: refused };
  return { ok: true, guide, sideEffects: sideEffects(was, scope, guide, context) };
}

/** The edits applied in order, with what the last changed outside its scope; the first that cannot be applied stops them, named by its index. */
export function applyEdits(
  document: unknown,
  edits: readonly Edit[],
  context: EditContext,
): { ok: true; guide: unknown; sideEffects: SideEffects } | { ok: false; index: number; message: string } {
  let guide = document;
  for (const [index, edit] of edits.slice(0, -1).entries()) {
    const editable = editableGuide(guide);
    if (!editable.ok) return { index, ...refusedDocument(editable.message) };
    const refused = run(editable.guide, edit, context);
    if (refused !== null) return { ok: false, index, message: refused };
    guide = editable.guide;
  }
  if (edits.length === 0) return { ok: true, guide, sideEffects: { gradings: [], levels: [], systems: [] } };
  const last = applyEdit(guide, edits[edits.length - 1]!, context);
  return last.ok ? last : { ...last, index: edits.length - 1 };
}

/** Applies the edit to the editable guide in place, and the bookkeeping after it; says why when it cannot be applied. */
function run(guide: GuideDocument, edit: Edit, context: EditContext): string | null {
  try {
    (HANDLERS[edit.kind] as Handler<Edit["kind"]>)(guide, edit, context);
  } catch (error) {
    if (error instanceof EditRefused) return error.message;
    throw error;
  }
  dropPlacesGone(guide);
  recordDuplicateSeeds(guide);
  numberPositions(guide);
  return null;
}

function refusedDocument(message: string): { ok: false; message: string } {
  return { ok: false, message: `the guide cannot be edited here: ${message} (npm run check says more)` };
}
