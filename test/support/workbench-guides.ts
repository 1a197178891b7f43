// Literal guide documents for the workbench's edit tests (example data, no files): builders of gradings,
// levels and systems as guide:draft writes them, a context over a literal text, and an edit applied or
// refused.

import type { ItemFile } from "../../contract/schema/item.ts";
import { applyEdit } from "../../tools/workbench/apply.ts";
import type { DocumentGrading, DocumentLevel, DocumentSystem, EditContext, GuideDocument } from "../../tools/workbench/document.ts";
import type { Edit, Span } from "../../tools/workbench/edit.ts";
import type { SideEffects } from "../../tools/workbench/side-effects.ts";

export const DOPPLER: ItemFile = {
  slug: "karambit-doppler",
  weapon: "Karambit",
  finish: "Doppler",
  def_index: 507,
  market_name: "Karambit | Doppler",
  star: true,
  paints: [
    { paint_index: 418, paint_label: "Phase 1" },
    { paint_index: 419, paint_label: "Phase 2" },
    { paint_index: 420, paint_label: "Phase 3" },
  ],
};

export const CASE_HARDENED: ItemFile = {
  slug: "ak-47-case-hardened",
  weapon: "AK-47",
  finish: "Case Hardened",
  def_index: 7,
  market_name: "AK-47 | Case Hardened",
  star: false,
  paints: [{ paint_index: 44, paint_label: "" }],
};

/** A context over `lines` (joined by newlines), with the two example items; `comments` marks a line as the page's comment thread. */
export function contextOf(lines: readonly string[], comments?: string): EditContext {
  const text = `${lines.join("\n")}\n`;
  const start = comments === undefined ? -1 : text.indexOf(comments);
  return {
    text,
    regions: start === -1 ? [] : [{ region: "comment thread", start, end: start + comments!.length }],
    items: new Map([DOPPLER, CASE_HARDENED].map((item) => [item.slug, item])),
  };
}

/** The offsets of `part` in the context's text (its first occurrence from `from`). */
export function spanIn(context: EditContext, part: string, from = 0): Span {
  const start = context.text.indexOf(part, from);
  if (start === -1) throw new Error(`no ${part}`);
  return { start, end: start + part.length };
}

/** The place of the number `value` in the first line holding `line`. */
export function numberIn(context: EditContext, line: string, value: number): Span {
  const lineStart = spanIn(context, line).start;
  const at = new RegExp(`(?<!\\d)${value}(?!\\d)`).exec(line);
  if (at === null) throw new Error(`no ${value} in ${line}`);
  return { start: lineStart + at.index, end: lineStart + at.index + String(value).length };
}

export function grading(seed: number, level: string, quote: string, more: Record<string, unknown> = {}): DocumentGrading {
  return { seed, level, quote, evidence: "text", position: 0, ...more };
}

export function level(key: string, label: string, more: Record<string, unknown> = {}): DocumentLevel {
  return { key, label, images: [], ordered: false, ordered_quote: null, ...more };
}

export function system(id: string, label: string, levels: DocumentLevel[], gradings: DocumentGrading[], more: Partial<DocumentSystem> = {}): DocumentSystem {
  return { id, label, item: "karambit-doppler", paint_indexes: [418], alias: null, topic: null, scale: { kind: "tier", best: null, worst: null }, remarks: [], levels, gradings, ...more };
}

export function guideOf(systems: DocumentSystem[], more: Partial<GuideDocument> = {}): GuideDocument {
  return {
    schema: "1.0",
    platform_id: "900000150",
    title: "Example Guide",
    notes: "Example notes.",
    snapshot: { path: "900000150/page.html", retrieved_at: "2024-05-03T10:00:00+02:00", sha256: "0".repeat(64) },
    remarks: [],
    item_claims: [],
    callouts: [],
    discrepancies: [],
    systems,
    ...more,
  };
}

export function applied(document: unknown, edit: Edit, context: EditContext): GuideDocument {
  return appliedWithEffects(document, edit, context).guide;
}

/** The guide an edit makes, with what the edit changed outside its scope. */
export function appliedWithEffects(document: unknown, edit: Edit, context: EditContext): { guide: GuideDocument; sideEffects: SideEffects } {
  const outcome = applyEdit(document, edit, context);
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome;
}

export function refusal(document: unknown, edit: Edit, context: EditContext): string {
  const outcome = applyEdit(document, edit, context);
  if (outcome.ok) throw new Error("the edit was applied");
  return outcome.message;
}

/** Each system's id with its levels' `key=label`, and its gradings as `seed@level#position`. */
export function shapeOf(guide: GuideDocument): string[] {
  return guide.systems.map((entry) => `${entry.id}: ${entry.levels.map((one) => `${one.key}=${one.label}`).join(" | ")} / ${entry.gradings.map((one) => `${one.seed}@${one.level}#${one.position}`).join(" ")}`);
}
