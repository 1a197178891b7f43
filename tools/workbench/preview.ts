import { z } from "zod";
import type { ReadableCapture } from "../../generator/capture/capture.ts";
import { editableGuide, type GuideDocument } from "./document.ts";
import { editRequestSchema, spanSchema, type Span } from "./edit.ts";
import { naturalOrder, sameLabel } from "./level-labels.ts";
import { lineOf } from "../../generator/capture/capture-text.ts";
import { listingPlaces, notGradedPlaces, type ListingPlace, type SectionPlace } from "./reading.ts";
import { takeOverStanding } from "./standing.ts";
import { columnNames, guessColumns, readRows, rowsAt, type SkippedRow } from "./table.ts";

// What the page shows before an edit that changes many places at once: the table's columns and what each
// row would become, or every place a reading fits. The server computes it for the page with the edits made so
// far (a request to `/review/<platform_id>/preview`); it changes nothing. The edit the maintainer then makes
// holds what the preview showed (the columns, or the places' spans), so it replays without the preview.

const column = z.int().min(0).max(1000);

export const previewSchema = z.discriminatedUnion("of", [
  /** The table (or list read as one) holding the span: its columns and, by the columns given (or the ones its header names), its rows. */
  z.object({ of: z.literal("table"), span: spanSchema, columns: z.object({ level: column, seeds: column }).strict().nullable() }).strict(),
  /** Every place of the example's shape: a level's label and its listing. */
  z.object({ of: z.literal("listing"), example: spanSchema }).strict(),
  /** Every heading of the example heading's shape, and its section. */
  z.object({ of: z.literal("not-graded"), example: spanSchema }).strict(),
]);
export type Preview = z.infer<typeof previewSchema>;

/** What the page sends: the edits made so far, on the file whose bytes had this sha256, and what to preview. */
export const previewRequestSchema = editRequestSchema.extend({ preview: previewSchema }).strict();

/** The draft's gradings quoting text in the places, and the levels (`System › Level`) they leave with none. */
export interface TakenOver {
  gradings: number;
  levelsLeftEmpty: string[];
}

export interface GradingShown {
  system: string;
  level: string;
  seed: number;
}

export type PreviewAnswer =
  | {
      of: "table";
      /** The table's first line. */
      line: number;
      /** Each column's name: its header cell, or its first row's cell. */
      columns: string[];
      /** The columns read (the ones asked for, else the ones guessed), or null when no column holds seeds. */
      chosen: { level: number; seeds: number } | null;
      /** The levels the rows make, in the order they are created, with their seeds in row order. */
      levels: { label: string; seeds: number[] }[];
      rows: number;
      skipped: SkippedRow[];
      takenOver: TakenOver;
    }
  | { of: "listing"; places: ListingPlace[]; takenOver: TakenOver }
  | { of: "not-graded"; places: (SectionPlace & { gradings: GradingShown[] })[]; takenOver: TakenOver }
  | { of: Preview["of"]; problem: string };

/** The preview of `preview` on the page, for the guide `document` (the file with the edits so far applied). */
export function previewOf(capture: ReadableCapture, document: unknown, preview: Preview): PreviewAnswer {
  const editable = editableGuide(document);
  if (!editable.ok) return { of: preview.of, problem: `the guide cannot be edited here: ${editable.message}` };
  const { guide } = editable;
  if (preview.of === "table") return tablePreview(capture, guide, preview.span, preview.columns);
  if (preview.of === "listing") {
    const found = listingPlaces(capture, preview.example);
    if ("problem" in found) return { of: "listing", problem: found.problem };
    return { of: "listing", places: found.places, takenOver: takenOverBy(guide, found.places.map((place) => place.spans.listing), capture).takenOver };
  }
  const found = notGradedPlaces(capture, preview.example);
  if ("problem" in found) return { of: "not-graded", problem: found.problem };
  const taken = takenOverBy(guide, found.places.map((place) => place.spans.section), capture);
  return { of: "not-graded", places: found.places.map((place, index) => ({ ...place, gradings: taken.each[index]! })), takenOver: taken.takenOver };
}

function tablePreview(capture: ReadableCapture, guide: GuideDocument, span: Span, columns: { level: number; seeds: number } | null): PreviewAnswer {
  const table = rowsAt(capture.elements, capture.text, span);
  if (table === null) return { of: "table", problem: `the selection (line ${lineOf(capture.text, span.start)}) is in no table or list: select a part of one` };
  const chosen = columns ?? guessColumns(table, capture.text);
  const read = chosen === null || chosen.level === chosen.seeds ? { rows: [], skipped: [] } : readRows(table, chosen, capture.text);
  const levels = naturalOrder(read.rows.map((row) => row.label)).map((label) => ({
    label,
    seeds: read.rows.filter((row) => sameLabel(row.label, label)).flatMap((row) => row.quotes.flatMap((quote) => quote.seeds)),
  }));
  const line = lineOf(capture.text, table.start + Math.max(0, capture.text.slice(table.start, table.end).search(/\S/u)));
  return { of: "table", line, columns: columnNames(table, capture.text), chosen, levels, rows: read.rows.length, skipped: read.skipped, takenOver: takenOverBy(guide, [table], capture).takenOver };
}

/** The gradings standing in each span (taken in order, each once), and what taking them all leaves empty. */
function takenOverBy(guide: GuideDocument, spans: readonly Span[], capture: ReadableCapture): { each: GradingShown[][]; takenOver: TakenOver } {
  const copy = structuredClone(guide);
  const owners = new Map(copy.systems.flatMap((system) => system.gradings.map((grading) => [grading, system] as const)));
  const from = new Set<string>();
  const each = spans.map((span) => {
    const taken = takeOverStanding(copy, span, capture);
    for (const level of taken.from) from.add(level);
    return taken.moved.map((grading): GradingShown => {
      const system = owners.get(grading)!;
      return { system: system.label, level: system.levels.find((level) => level.key === grading.level)?.label ?? grading.level, seed: grading.seed };
    });
  });
  // Each place names a system of the copy: one its gradings were taken from.
  const left = [...from].flatMap((place) => {
    const at = place.indexOf(":");
    const [systemId, key] = [place.slice(0, at), place.slice(at + 1)];
    const system = copy.systems.find((candidate) => candidate.id === systemId)!;
    return system.gradings.some((grading) => grading.level === key) ? [] : [`${system.label} › ${system.levels.find((level) => level.key === key)?.label ?? key}`];
  });
  return { each, takenOver: { gradings: each.reduce((sum, moved) => sum + moved.length, 0), levelsLeftEmpty: left } };
}
