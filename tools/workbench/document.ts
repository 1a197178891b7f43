import type { TextElement } from "../../generator/capture/capture-text.ts";
import type { Region } from "../../generator/capture/regions.ts";
import type { ItemFile } from "../../contract/schema/item.ts";
import { slugId } from "../draft/systems.ts";

// The guide document as the workbench edits it: a draft under review (placeholders where a boolean belongs,
// fields not written yet) as much as a finished guide. Only the parts edits touch are typed; every other field
// is carried through untouched, in its place. `editableGuide` says whether a document has those parts at all:
// one that does not (a systems entry that is not an object, levels that are not a list) is not edited, and
// `npm run check` says what is wrong with it.

export interface DocumentGrading {
  seed: number;
  level: string;
  quote: string;
  evidence: string;
  position: number;
  rank?: number;
  rank_scope?: "level";
  [field: string]: unknown;
}

export interface DocumentLevel {
  key: string;
  label: string;
  images: unknown[];
  /** A boolean, or guide:draft's placeholder until a maintainer decides. */
  ordered: unknown;
  ordered_quote: string | null;
  gradings?: null;
  [field: string]: unknown;
}

export interface DocumentSystem {
  id: string;
  label: string;
  item: string;
  paint_indexes: number[] | null;
  scale: { kind: string; best: unknown; worst: unknown; [field: string]: unknown };
  remarks: unknown[];
  levels: DocumentLevel[];
  gradings: DocumentGrading[];
  [field: string]: unknown;
}

/** A callout, remark or item claim: each quotes the guide and may name a system. */
export interface DocumentEntry {
  quote: string;
  system: string | null;
  [field: string]: unknown;
}

export interface DocumentDiscrepancy {
  kind: string;
  seed?: number;
  where?: string[];
  [field: string]: unknown;
}

export interface GuideDocument {
  systems: DocumentSystem[];
  callouts: DocumentEntry[];
  remarks: DocumentEntry[];
  item_claims: DocumentEntry[];
  discrepancies: DocumentDiscrepancy[];
  [field: string]: unknown;
}

/** What edits read besides the guide: the capture's readable text its quotes come from, and its items. */
export interface EditContext {
  text: string;
  /** The spans of the text that are not the guide's (comment thread, sidebar, ...): never quoted. */
  regions: readonly Region[];
  /** The item files the guide's systems name (and any a new system may name), by slug. */
  items: ReadonlyMap<string, ItemFile>;
  /** The capture's elements with their text spans (an HTML capture's; none for a text capture): what reads a table by its columns. */
  elements?: readonly TextElement[];
}

type Fields = Record<string, unknown>;

function isFields(value: unknown): value is Fields {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * The document typed for editing, or the first place that keeps it from being edited. Lists the workbench
 * adds to (`callouts`, `remarks`, `item_claims`, `discrepancies`) may be missing: they are made empty.
 */
export function editableGuide(document: unknown): { ok: true; guide: GuideDocument } | { ok: false; message: string } {
  if (!isFields(document)) return { ok: false, message: "the guide file is not a JSON object" };
  const guide = structuredClone(document);
  for (const list of ["callouts", "remarks", "item_claims", "discrepancies"] as const) {
    if (guide[list] === undefined) guide[list] = [];
    if (!Array.isArray(guide[list]) || !(guide[list] as unknown[]).every(isFields)) return { ok: false, message: `$.${list} is not a list of objects` };
  }
  if (!Array.isArray(guide.systems)) return { ok: false, message: "$.systems is not a list" };
  for (const [s, system] of (guide.systems as unknown[]).entries()) {
    const at = `$.systems[${s}]`;
    if (!isFields(system)) return { ok: false, message: `${at} is not an object` };
    if (typeof system.id !== "string" || typeof system.label !== "string" || typeof system.item !== "string") return { ok: false, message: `${at} needs a string id, label and item` };
    if (!isFields(system.scale) || typeof system.scale.kind !== "string") return { ok: false, message: `${at}.scale needs a kind` };
    system.remarks ??= [];
    if (!Array.isArray(system.levels) || !Array.isArray(system.gradings) || !Array.isArray(system.remarks)) return { ok: false, message: `${at} needs lists of levels, gradings and remarks` };
    for (const [l, level] of (system.levels as unknown[]).entries()) {
      if (!isFields(level) || typeof level.key !== "string" || typeof level.label !== "string") return { ok: false, message: `${at}.levels[${l}] needs a string key and label` };
    }
    for (const [g, grading] of (system.gradings as unknown[]).entries()) {
      if (!isFields(grading) || !Number.isInteger(grading.seed) || typeof grading.level !== "string" || typeof grading.quote !== "string") {
        return { ok: false, message: `${at}.gradings[${g}] needs an integer seed, a level key and a quote` };
      }
    }
  }
  return { ok: true, guide: guide as GuideDocument };
}

/** A system id or level key made from a label, as guide:draft makes them. */
export const idFromLabel = slugId;

/** `base`, or `base_2`, `base_3`, ... : the first not in `taken`. */
export function unique(base: string, taken: ReadonlySet<string>): string {
  let candidate = base;
  for (let n = 2; taken.has(candidate); n++) candidate = `${base}_${n}`;
  return candidate;
}
