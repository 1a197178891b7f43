// What the workbench edits and what check says of it (tools/workbench/base.ts), on the phase-abbreviations
// fixture (test data): the edit context of a guide file's capture, the check of an edited document in memory,
// and the review page's input with the edits so far applied.

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { prepareCapture, type Capture } from "../../../generator/capture/capture.ts";
import { checkEdited, editContextOf, workingInput, type WorkbenchBase } from "../../../tools/workbench/base.ts";
import type { GuideDocument } from "../../../tools/workbench/document.ts";
import { WORKBENCH_CASES } from "../../fixtures/workbench/cases.ts";
import { capturePathOf, contextOf, expectedTextOf, FIXTURES } from "../../support/workbench-cases.ts";

const PHASES = WORKBENCH_CASES.find((workbenchCase) => workbenchCase.name === "phase abbreviations")!;
const BYTES = readFileSync(path.join(FIXTURES, PHASES.capture));
const FINISHED = () => JSON.parse(expectedTextOf(PHASES)) as GuideDocument;
const CHECKED = [{ file: `guides/${PHASES.platformId}.json`, path: "$.notes", message: "an example problem as read" }];

function baseOf(document: unknown, capture: Capture | null = prepareCapture(capturePathOf(PHASES), BYTES)): WorkbenchBase {
  return {
    platformId: PHASES.platformId,
    file: `guides/${PHASES.platformId}.json`,
    sha256: "0".repeat(64),
    raw: { file: `guides/${PHASES.platformId}.json`, name: PHASES.platformId, parsed: { json: document }, problems: [], capture: { ok: true, value: BYTES } },
    capture,
    problems: CHECKED,
    items: contextOf(PHASES).items,
    uncheckedSlugs: new Set<string>(),
  } as unknown as WorkbenchBase;
}

describe("what edits read", () => {
  it("is the capture's readable text, its regions and elements, and the dataset's items", () => {
    const base = baseOf(FINISHED());
    const readable = base.capture!.readable as { text: string; regions: unknown; elements: unknown };
    expect(editContextOf(base)).toEqual({ text: readable.text, regions: readable.regions, items: base.items, elements: readable.elements });
  });

  it("is nothing when the file names no capture that could be read, or its capture has no readable text", () => {
    expect(editContextOf(baseOf(FINISHED(), null))).toBeNull();
    expect(editContextOf(baseOf(FINISHED(), prepareCapture(`${PHASES.platformId}/page.pdf`, BYTES)))).toBeNull();
  });
});

describe("the check of an edited document", () => {
  it("finds nothing wrong in the finished guide, its quotes found in its capture", () => {
    expect(checkEdited(baseOf(FINISHED()), FINISHED())).toEqual([]);
  });

  it("reports what npm run check reports for the file: a quote the capture does not hold, an item the dataset does not have", () => {
    const edited = FINISHED();
    edited.systems[0]!.gradings[0]!.quote = "Example quote, EXAMPLE CONTENT";
    edited.systems[1]!.item = "m9-bayonet-lore";
    const problems = checkEdited(baseOf(FINISHED()), edited);
    expect(problems.map((problem) => `${problem.file} ${problem.path}`)).toEqual(expect.arrayContaining([`guides/${PHASES.platformId}.json $.systems[0].gradings[0].quote`, `guides/${PHASES.platformId}.json $.systems[1].item`]));
  });

  it("reports a document not in a guide's shape by its shape alone", () => {
    const problems = checkEdited(baseOf(FINISHED()), { ...FINISHED(), systems: "none" });
    expect(problems.map((problem) => problem.path)).toContain("$.systems");
    for (const problem of problems) expect(problem).toMatchObject({ file: `guides/${PHASES.platformId}.json`, path: expect.stringMatching(/^\$/), message: expect.any(String) });
  });

  it("reports a file that names no capture, or is no object, without reading a capture", () => {
    const { snapshot: _, ...unsaved } = FINISHED();
    const uncaptured = { ...baseOf(unsaved, null), raw: { file: `guides/${PHASES.platformId}.json`, name: PHASES.platformId, parsed: { json: unsaved }, problems: [], capture: null } } as unknown as WorkbenchBase;
    expect(checkEdited(uncaptured, unsaved).map((problem) => problem.path)).toContain("$.snapshot");
    expect(checkEdited(uncaptured, null)).not.toEqual([]);
  });

  it("holds the quotes to the capture the document's snapshot names, as npm run check reads it", () => {
    const quoted = (snapshotPath: string) => {
      const edited = FINISHED();
      (edited.snapshot as { path: string }).path = snapshotPath;
      edited.systems[0]!.gradings[0]!.quote = "Example quote, EXAMPLE CONTENT";
      return edited;
    };
    const quoteProblems = (base: WorkbenchBase, document: GuideDocument) =>
      checkEdited(base, document)
        .filter((problem) => problem.path === "$.systems[0].gradings[0].quote")
        .map((problem) => problem.message.split(":")[0]);
    expect(quoteProblems(baseOf(FINISHED()), quoted(capturePathOf(PHASES)))).toEqual([`not found in snapshots/${capturePathOf(PHASES)}`]);
    expect(quoteProblems(baseOf(FINISHED(), null), quoted(capturePathOf(PHASES)))).toEqual([`not found in snapshots/${capturePathOf(PHASES)}`]);
    expect(quoteProblems(baseOf(FINISHED()), quoted(`${PHASES.platformId}/other.html`))).toEqual([`not found in snapshots/${PHASES.platformId}/other.html`]);
  });
});

describe("the review page's input with the edits so far", () => {
  it("is the file as read, with the problems check reported for it, when no edit is made", () => {
    const finished = FINISHED();
    const base = baseOf(finished);
    expect(workingInput(base, [])).toEqual({
      ok: true,
      document: finished,
      sideEffects: { gradings: [], levels: [], systems: [] },
      input: { platformId: PHASES.platformId, file: `guides/${PHASES.platformId}.json`, document: finished, capture: base.capture, problems: CHECKED },
    });
  });

  it("is no document, with the problems check reported, for a file that is not JSON", () => {
    const unread = { ...baseOf(null), raw: { file: `guides/${PHASES.platformId}.json`, name: PHASES.platformId, parsed: null, problems: [], capture: { ok: true, value: BYTES } } } as unknown as WorkbenchBase;
    expect(workingInput(unread, [])).toMatchObject({ ok: true, document: null, input: { document: null, problems: CHECKED } });
  });

  it("is the edited document, checked again, with what the last edit changed besides", () => {
    const base = baseOf(FINISHED());
    const working = workingInput(base, [{ kind: "set-notes", text: "Example notes, EXAMPLE CONTENT." }, { kind: "rename-system", system: "p2", label: "Phase 2" }]);
    if (!working.ok) throw new Error(working.message);
    expect((working.document as GuideDocument).notes).toBe("Example notes, EXAMPLE CONTENT.");
    expect((working.document as GuideDocument).systems.find((system) => system.id === "p2")?.label).toBe("Phase 2");
    expect(working.input).toEqual({ platformId: PHASES.platformId, file: `guides/${PHASES.platformId}.json`, document: working.document, capture: base.capture, problems: [] });
    expect(working.sideEffects).toEqual({ gradings: [], levels: [], systems: [] });
  });

  it("is refused at the first edit that cannot be applied, or at the first edit when the capture has no readable text", () => {
    expect(workingInput(baseOf(FINISHED()), [{ kind: "set-notes", text: "Example." }, { kind: "remove-entry", list: "callouts", index: 99 }])).toEqual({ ok: false, index: 1, message: "$.callouts has no entry 99" });
    expect(workingInput(baseOf(FINISHED(), null), [{ kind: "set-notes", text: "Example." }])).toEqual({ ok: false, index: 0, message: "the guide's capture has no readable text to quote from (see the check's problems)" });
  });
});
