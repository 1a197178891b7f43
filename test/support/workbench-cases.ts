// The workbench fixtures (test/fixtures/workbench/) read as a dataset and as edits: a small dataset folder
// holding the drafts, their captures and their items, and each case's actions as the edits the page
// sends for them (for the tests that apply them without a browser).

import { cpSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { prepareCapture, type ReadableCapture } from "../../generator/capture/capture.ts";
import { seedCandidates } from "../../generator/capture/numbers.ts";
import type { Scale } from "../../contract/schema/guide.ts";
import type { ItemFile } from "../../contract/schema/item.ts";
import { editSchema, type Edit, type Span } from "../../tools/workbench/edit.ts";
import { listingPlaces, notGradedPlaces } from "../../tools/workbench/reading.ts";
import type { EditContext } from "../../tools/workbench/document.ts";
import { WORKBENCH_CASES, type Selection, type WorkbenchAction, type WorkbenchCase } from "../fixtures/workbench/cases.ts";

export const FIXTURES = fileURLToPath(new URL("../fixtures/workbench/", import.meta.url));
const ALL_FIXTURES = fileURLToPath(new URL("../fixtures/", import.meta.url));
const SHIPPED_ITEMS = fileURLToPath(new URL("../../dataset/items/", import.meta.url));

/** The capture's path in the dataset, as guide:draft wrote it into the draft's snapshot block. */
export function capturePathOf(workbenchCase: WorkbenchCase): string {
  return `${workbenchCase.platformId}/${workbenchCase.capture}`;
}

/** Where the capture is in the checkout. */
export function captureFileOf(workbenchCase: WorkbenchCase): string {
  return path.join(ALL_FIXTURES, workbenchCase.folder ?? "workbench/", workbenchCase.capture);
}

/** Every item the case's draft was made with: its `item`, then its other ones. */
export function itemsOf(workbenchCase: WorkbenchCase): string[] {
  return [workbenchCase.item, ...(workbenchCase.otherItems ?? [])];
}

/** Writes a dataset folder holding every case's draft, capture and items (item files as items:sync writes them). */
export function writeCasesDataset(datasetDir: string): void {
  for (const folder of ["items", "guides", "snapshots"]) mkdirSync(path.join(datasetDir, folder), { recursive: true });
  for (const workbenchCase of WORKBENCH_CASES) {
    for (const item of itemsOf(workbenchCase)) cpSync(path.join(SHIPPED_ITEMS, `${item}.json`), path.join(datasetDir, "items", `${item}.json`));
    cpSync(path.join(FIXTURES, "drafts", `${workbenchCase.platformId}.json`), path.join(datasetDir, "guides", `${workbenchCase.platformId}.json`));
    mkdirSync(path.join(datasetDir, "snapshots", workbenchCase.platformId), { recursive: true });
    cpSync(captureFileOf(workbenchCase), path.join(datasetDir, "snapshots", capturePathOf(workbenchCase)));
  }
}

export function readableCaptureOf(workbenchCase: WorkbenchCase): ReadableCapture {
  const capture = prepareCapture(capturePathOf(workbenchCase), readFileSync(captureFileOf(workbenchCase)));
  if ("problem" in capture.readable) throw new Error(capture.readable.problem);
  return capture.readable;
}

export function contextOf(workbenchCase: WorkbenchCase): EditContext {
  const readable = readableCaptureOf(workbenchCase);
  const items = itemsOf(workbenchCase).map((slug) => JSON.parse(readFileSync(path.join(SHIPPED_ITEMS, `${slug}.json`), "utf8")) as ItemFile);
  return { text: readable.text, regions: readable.regions, items: new Map(items.map((item) => [item.slug, item])), elements: readable.elements };
}

export function draftOf(workbenchCase: WorkbenchCase): unknown {
  return JSON.parse(readFileSync(path.join(FIXTURES, "drafts", `${workbenchCase.platformId}.json`), "utf8"));
}

export function expectedTextOf(workbenchCase: WorkbenchCase): string {
  return readFileSync(path.join(FIXTURES, "expected", `${workbenchCase.platformId}.json`), "utf8");
}

/** Where a selection is in the text: from the first occurrence of `from` outside the non-guide regions (anywhere, when it says so). */
export function spanOf(selection: Selection & { after?: string }, context: Pick<EditContext, "text" | "regions">): Span {
  const inGuide = (at: number) => selection.anywhere === true || !context.regions.some((region) => region.start <= at && at < region.end);
  const from = selection.after === undefined ? 0 : spanOf({ from: selection.after }, context).end;
  let start = context.text.indexOf(selection.from, from);
  while (start !== -1 && !inGuide(start)) start = context.text.indexOf(selection.from, start + 1);
  if (start === -1) throw new Error(`the capture has no ${JSON.stringify(selection.from)}`);
  if (selection.to === undefined) return { start, end: start + selection.from.length };
  const to = context.text.indexOf(selection.to, start);
  if (to === -1) throw new Error(`the capture has no ${JSON.stringify(selection.to)} after ${JSON.stringify(selection.from)}`);
  return { start, end: to + selection.to.length };
}

/** The place of the number `value` on the line holding `line` (the first such line after the first `after`, when given). */
export function numberOn(line: string, value: number, context: Pick<EditContext, "text" | "regions">, after?: string): Span {
  const { start } = spanOf({ from: line, ...(after === undefined ? {} : { after }) }, context);
  const lineStart = context.text.lastIndexOf("\n", start) + 1;
  const lineEnd = context.text.indexOf("\n", start);
  const token = seedCandidates(context.text.slice(lineStart, lineEnd === -1 ? undefined : lineEnd)).find((candidate) => candidate.value === value);
  if (token === undefined) throw new Error(`no number ${value} on the line of ${JSON.stringify(line)}`);
  return { start: lineStart + token.start, end: lineStart + token.end };
}

/** The edits a case's actions send, in order (an undo takes the last one back; a save sends none). */
export function editsOf(workbenchCase: WorkbenchCase, context: EditContext): Edit[] {
  const edits: Edit[] = [];
  for (const action of workbenchCase.actions) {
    if (action.do === "undo") edits.pop();
    // Parsed as the server parses what the page sends.
    else if (action.do !== "save") edits.push(editSchema.parse(editOf(action, workbenchCase, context)));
  }
  return edits;
}

function editOf(action: Exclude<WorkbenchAction, { do: "undo" | "save" }>, workbenchCase: WorkbenchCase, context: EditContext): Edit {
  switch (action.do) {
    case "assign": {
      const system = "id" in action.system ? { id: action.system.id } : { new: { label: action.system.new, kind: action.system.kind, item: workbenchCase.item } };
      const level = "key" in action.level ? { key: action.level.key } : { new: { label: action.level.new } };
      return { kind: "assign", span: spanOf(action.select, context), quotes: action.quotes, system, level };
    }
    case "drop":
      return { kind: "drop-number", number: numberOn(action.line, action.value, context) };
    case "not-graded":
      return { kind: "not-graded", number: numberOn(action.line, action.value, context, action.after) };
    case "undecided-not-ordered":
      return { kind: "undecided-not-ordered" };
    case "ordered":
      return { kind: "set-ordered", system: action.system, level: action.level, sentence: spanOf(action.select, context) };
    case "not-ordered":
      return { kind: "set-ordered", system: action.system, level: action.level, sentence: null };
    case "merge-levels":
    case "move-level":
    case "rename-level":
    case "remove-level":
    case "set-scale":
    case "merge-systems":
    case "merge-systems-by-label":
    case "merge-levels-by-label":
    case "merge-item-systems":
    case "move-system":
    case "rename-level-key":
    case "set-item":
    case "set-paints":
    case "split-per-paint":
    case "remove-system":
    case "remove-entry": {
      const { do: kind, ...rest } = action;
      return { kind, ...rest } as Edit;
    }
    case "rename-system":
      return action.id === undefined ? { kind: "rename-system", system: action.system, label: action.label } : { kind: "rename-system", system: action.system, label: action.label, id: action.id };
    case "callout":
      return { kind: "callout", span: spanOf(action.select, context), callout: action.callout, label: action.label, system: action.system };
    case "remark":
    case "item-claim":
      return { kind: action.do, span: spanOf(action.select, context), note: action.note, system: action.system };
    case "notes":
      return { kind: "set-notes", text: action.text };
    case "permission":
      return { kind: "set-permission-quote", span: action.select === null ? null : spanOf(action.select, context) };
    case "fill":
      return { kind: "fill", field: action.field, span: spanOf(action.select, context) };
    case "read-table":
      return { kind: "read-table", span: spanOf(action.select, context), columns: { level: action.levelColumn, seeds: action.seedsColumn }, system: systemOf(action.system, workbenchCase) };
    case "apply-reading":
      return readingEditOf(action, workbenchCase, context);
  }
}

function systemOf(system: { id: string } | { new: string; kind: Scale["kind"] }, workbenchCase: WorkbenchCase): { id: string } | { new: { label: string; kind: Scale["kind"]; item: string } } {
  return "id" in system ? { id: system.id } : { new: { label: system.new, kind: system.kind, item: workbenchCase.item } };
}

/** The places the page offers for the example (the same pure reading the server runs for its preview), all applied. */
function readingEditOf(action: Extract<WorkbenchAction, { do: "apply-reading" }>, workbenchCase: WorkbenchCase, context: EditContext): Edit {
  const capture = readableCaptureOf(workbenchCase);
  const example = spanOf(action.select, context);
  const offered = <T>(found: { places: T[] } | { problem: string }): T[] => {
    if ("problem" in found) throw new Error(found.problem);
    if (found.places.length !== action.places) throw new Error(`the page offers ${found.places.length} places for ${JSON.stringify(action.select)}, not ${action.places}`);
    return found.places;
  };
  if (action.as === "listing") return { kind: "apply-reading", reading: { as: "listing", system: systemOf(action.system, workbenchCase), places: offered(listingPlaces(capture, example)).map((place) => place.spans) } };
  return { kind: "apply-reading", reading: { as: "not-graded", places: offered(notGradedPlaces(capture, example)).map((place) => place.spans) } };
}
