import { dropPlacesGone, numberPositions, recordDuplicateSeeds } from "./bookkeeping.ts";
import { editableGuide, type EditContext, type GuideDocument } from "./document.ts";
import type { Edit } from "./edit.ts";
import { addCallout, addRemark, removeEntry, setNotes, setPermissionQuote } from "./entries.ts";
import { assign, dropNumber, EditRefused } from "./listing.ts";
import { applyReading } from "./reading.ts";
import { readTable } from "./table.ts";
import { mergeLevels, mergeSystems, moveLevel, removeLevel, removeSystem, renameLevel, renameSystem, setOrdered, setScale, splitPerPaint } from "./structure.ts";

// The workbench's one way of changing a guide: an edit (edit.ts) applied to the guide document, pure. The
// page sends the edits a maintainer made since the file was read; the server applies them all to the file's
// document for every view and for the save, so undo is one edit fewer. After each edit the bookkeeping that
// follows from the gradings is redone (bookkeeping.ts).

export type Applied = { ok: true; guide: GuideDocument } | { ok: false; message: string };

type Handler<K extends Edit["kind"]> = (guide: GuideDocument, edit: Extract<Edit, { kind: K }>, context: EditContext) => void;

const HANDLERS: { [K in Edit["kind"]]: Handler<K> } = {
  assign,
  "drop-number": dropNumber,
  "move-level": moveLevel,
  "rename-level": renameLevel,
  "set-ordered": setOrdered,
  "merge-levels": mergeLevels,
  "remove-level": removeLevel,
  "rename-system": renameSystem,
  "set-scale": setScale,
  "merge-systems": mergeSystems,
  "split-per-paint": splitPerPaint,
  "remove-system": removeSystem,
  callout: addCallout,
  remark: addRemark,
  "item-claim": addRemark,
  "remove-entry": removeEntry,
  "set-notes": setNotes,
  "set-permission-quote": setPermissionQuote,
  "read-table": readTable,
  "apply-reading": applyReading,
};

/** The document with one edit applied (the input is not changed), or why the edit cannot be applied to it. */
export function applyEdit(document: unknown, edit: Edit, context: EditContext): Applied {
  const editable = editableGuide(document);
  if (!editable.ok) return { ok: false, message: `the guide cannot be edited here: ${editable.message} (npm run check says more)` };
  const { guide } = editable;
  try {
    (HANDLERS[edit.kind] as Handler<Edit["kind"]>)(guide, edit, context);
  } catch (error) {
    if (error instanceof EditRefused) return { ok: false, message: error.message };
    throw error;
  }
  dropPlacesGone(guide);
  recordDuplicateSeeds(guide);
  numberPositions(guide);
  return { ok: true, guide };
}

/** The edits applied in order; the first that cannot be applied stops them, named by its index. */
export function applyEdits(document: unknown, edits: readonly Edit[], context: EditContext): { ok: true; guide: unknown } | { ok: false; index: number; message: string } {
  let guide = document;
  for (const [index, edit] of edits.entries()) {
    const applied = applyEdit(guide, edit, context);
    if (!applied.ok) return { ok: false, index, message: applied.message };
    guide = applied.guide;
  }
  return { ok: true, guide };
}
