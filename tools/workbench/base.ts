import type { ItemFile } from "../../contract/schema/item.ts";
import type { Capture } from "../../generator/capture/capture.ts";
import type { Problem } from "../../generator/dataset.ts";
import type { RawGuideFile } from "../../generator/load/raw-dataset.ts";
import { checkGuideFile, crossFileFindings, guideFileProblems, ruledGuide } from "../../generator/validate/guide-file.ts";
import type { ReviewInput } from "../review/view.ts";
import { applyEdits } from "./apply.ts";
import type { EditContext } from "./document.ts";
import type { Edit } from "./edit.ts";
import type { SideEffects } from "./side-effects.ts";

// What the workbench edits: one guide file as read from the dataset folder (its bytes' sha256 names the
// version the page's edits were made on), with its capture and the dataset's items, and what `npm run check`
// says of a document made from it. The check of an edited document is the check's own per-file rules
// (generator/validate/guide-file.ts) run on it in memory: the same problems `npm run check` reports for the
// file once it is saved, without reading the rest of the dataset again.

export interface WorkbenchBase {
  platformId: string;
  /** `guides/<platform_id>.json`, relative to the dataset folder. */
  file: string;
  /** Of the file's bytes as read; null when they could not be read (then nothing is saved over them). */
  sha256: string | null;
  /** The file as loading read it: its parsed JSON, its loading problems, its capture's bytes. */
  raw: RawGuideFile;
  /** The capture its `snapshot.path` names, prepared once; null when none could be read. */
  capture: Capture | null;
  /** What `npm run check` reports for the file as read. */
  problems: readonly Problem[];
  /** The dataset's checked item files by slug, and the slugs of item files that did not pass. */
  items: ReadonlyMap<string, ItemFile>;
  uncheckedSlugs: ReadonlySet<string>;
}

/** What edits read: the capture's readable text and the items; null when the capture has no readable text. */
export function editContextOf(base: WorkbenchBase): EditContext | null {
  const readable = base.capture?.readable;
  if (readable === undefined || "problem" in readable) return null;
  return { text: readable.text, regions: readable.regions, items: base.items, elements: readable.elements };
}

/** The problems `npm run check` reports for the guide file holding `document` (made from `base` by edits). */
export function checkEdited(base: WorkbenchBase, document: unknown): Problem[] {
  const raw: RawGuideFile = { file: base.file, name: base.platformId, parsed: { json: document }, problems: [], capture: base.raw.capture };
  const snapshotPath = (document as { snapshot?: { path?: unknown } } | null)?.snapshot?.path;
  const captures = new Map<string, Capture>();
  if (base.capture !== null && typeof snapshotPath === "string" && base.capture.shownPath === `snapshots/${snapshotPath}`) captures.set(snapshotPath, base.capture);
  const check = checkGuideFile(raw, captures);
  const ruled = ruledGuide(check, document);
  return guideFileProblems(base.file, check, ruled === null ? [] : crossFileFindings(ruled, { items: base.items, uncheckedSlugs: base.uncheckedSlugs }));
}

/** The review page's input for the file with `edits` applied and what the last changed outside its scope, or why they cannot be applied. */
export function workingInput(
  base: WorkbenchBase,
  edits: readonly Edit[],
): { ok: true; input: ReviewInput; document: unknown; sideEffects: SideEffects } | { ok: false; index: number; message: string } {
  const document = base.raw.parsed?.json ?? null;
  if (edits.length === 0) return { ok: true, document, sideEffects: { gradings: [], levels: [], systems: [] }, input: { platformId: base.platformId, file: base.file, document, capture: base.capture, problems: base.problems } };
  const context = editContextOf(base);
  if (context === null) return { ok: false, index: 0, message: "the guide's capture has no readable text to quote from (see the check's problems)" };
  const applied = applyEdits(document, edits, context);
  if (!applied.ok) return applied;
  return { ok: true, document: applied.guide, sideEffects: applied.sideEffects, input: { platformId: base.platformId, file: base.file, document: applied.guide, capture: base.capture, problems: checkEdited(base, applied.guide) } };
}
