// The parts of a guide document the review page shows, read leniently: a draft under review often does not
// have the guide's shape yet (a `DRAFT-TODO:` where a boolean belongs), and the page must still show every
// system, level and grading it can. Whatever is not of the expected type is left out here; `check`
// reports it, and the page lists that problem.

import { fields, list, text, type Fields } from "../../generator/capture/lenient.ts";

export interface OutlineGrading {
  /** Where the grading is in its system's `gradings`. */
  index: number;
  seed: number;
  level: string;
  quote: string;
  rank?: number;
}

export interface OutlineLevel {
  index: number;
  key: string;
  label: string;
  /** `ordered` when it is a boolean; null while undecided (a placeholder) or missing. */
  ordered: boolean | null;
  /** Shown as images alone (`gradings: null`): no seed may be graded in it. */
  imagesOnly: boolean;
}

export interface OutlineSystem {
  index: number;
  id: string;
  label: string;
  /** The scale's kind (`tier`, `rank`, ...), or "" when the document has none. */
  kind: string;
  item: string;
  /** The paints it is narrowed to; null for every paint of its item. */
  paintIndexes: number[] | null;
  levels: OutlineLevel[];
  gradings: OutlineGrading[];
}

/** A callout, remark or item claim, by its list and place in it. */
export interface OutlineEntry {
  list: "callouts" | "remarks" | "item_claims";
  index: number;
  /** The callout's kind (`mention`, ...), `remark` or `item claim`. */
  kind: string;
  /** A callout's label; "" for the others. */
  label: string;
  quote: string;
  /** The entry's note (the service's words), or null. */
  note: string | null;
  system: string | null;
}

export interface GuideOutline {
  title: string | null;
  snapshotPath: string | null;
  retrievedAt: string | null;
  systems: OutlineSystem[];
  entries: OutlineEntry[];
  notes: string | null;
  permissionQuote: string | null;
}

function integer(value: unknown): number | null {
  return typeof value === "number" && Number.isInteger(value) ? value : null;
}

export function guideOutline(document: unknown): GuideOutline {
  const guide = fields(document);
  const snapshot = fields(guide?.snapshot);
  return {
    title: text(guide?.title),
    snapshotPath: text(snapshot?.path),
    retrievedAt: text(snapshot?.retrieved_at),
    systems: list(guide?.systems).flatMap((value, index) => {
      const system = fields(value);
      return system === null ? [] : [outlineSystem(system, index)];
    }),
    entries: (["callouts", "remarks", "item_claims"] as const).flatMap((name) =>
      list(guide?.[name]).flatMap((value, index): OutlineEntry[] => {
        const entry = fields(value);
        const quote = text(entry?.quote);
        if (entry === null || quote === null) return [];
        const kind = name === "callouts" ? (text(entry.kind) ?? "callout") : name === "remarks" ? "remark" : "item claim";
        return [{ list: name, index, kind, label: text(entry.label) ?? "", quote, note: text(entry.note), system: text(entry.system) }];
      }),
    ),
    notes: text(guide?.notes),
    permissionQuote: text(guide?.permission_quote),
  };
}

function outlineSystem(system: Fields, index: number): OutlineSystem {
  const levels = list(system.levels).flatMap((value, levelIndex): OutlineLevel[] => {
    const level = fields(value);
    const key = text(level?.key);
    if (key === null) return [];
    const ordered = typeof level?.ordered === "boolean" ? level.ordered : null;
    return [{ index: levelIndex, key, label: text(level?.label) ?? "", ordered, imagesOnly: level?.gradings === null }];
  });
  const gradings = list(system.gradings).flatMap((value, gradingIndex): OutlineGrading[] => {
    const grading = fields(value);
    const seed = integer(grading?.seed);
    const quote = text(grading?.quote);
    if (grading === null || seed === null || quote === null) return [];
    const rank = integer(grading.rank);
    const read: OutlineGrading = { index: gradingIndex, seed, level: text(grading.level) ?? "", quote };
    if (rank !== null) read.rank = rank;
    return [read];
  });
  const paints = Array.isArray(system.paint_indexes) ? system.paint_indexes.filter((paint): paint is number => Number.isInteger(paint)) : null;
  return { index, id: text(system.id) ?? "", label: text(system.label) ?? "", kind: text(fields(system.scale)?.kind) ?? "", item: text(system.item) ?? "", paintIndexes: paints, levels, gradings };
}
