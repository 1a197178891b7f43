// The workbench fixtures (test/fixtures/workbench/) without a browser: each case's actions, as the edits the
// page sends for them, take its draft to the expected guide, byte for byte through guide:draft's formatter,
// and the result passes the check's rules for its file. The cases made from the pages of
// test/fixtures/draft/fresh/ are also held to those pages' hand transcription (FRESH_CAPTURES), so that their
// expected guides are what the page says, not only what the actions happen to make.
// test/browser/workbench.test.ts performs the same actions on the page in Chromium.

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { prepareCapture } from "../../../generator/capture/capture.ts";
import { guideText } from "../../../tools/cli/guide-draft.ts";
import { applyEdits } from "../../../tools/workbench/apply.ts";
import { checkEdited, type WorkbenchBase } from "../../../tools/workbench/base.ts";
import type { GuideDocument } from "../../../tools/workbench/document.ts";
import { FRESH_CAPTURES, type FreshCapture } from "../../fixtures/draft/fresh/expected.ts";
import { WORKBENCH_CASES, type WorkbenchCase } from "../../fixtures/workbench/cases.ts";
import { captureFileOf, capturePathOf, contextOf, draftOf, editsOf, expectedTextOf } from "../../support/workbench-cases.ts";

function checkProblems(workbenchCase: WorkbenchCase, guide: unknown): unknown[] {
  const bytes = readFileSync(captureFileOf(workbenchCase));
  const base = {
    platformId: workbenchCase.platformId,
    file: `guides/${workbenchCase.platformId}.json`,
    raw: { capture: { ok: true, value: bytes } },
    capture: prepareCapture(capturePathOf(workbenchCase), bytes),
    items: contextOf(workbenchCase).items,
    uncheckedSlugs: new Set<string>(),
  } as unknown as WorkbenchBase;
  return checkEdited(base, guide);
}

describe("the workbench fixtures' actions, applied as edits", () => {
  for (const workbenchCase of WORKBENCH_CASES) {
    it(`take the ${workbenchCase.name} draft to its expected guide, which passes check`, () => {
      const context = contextOf(workbenchCase);
      const applied = applyEdits(draftOf(workbenchCase), editsOf(workbenchCase, context), context);
      if (!applied.ok) throw new Error(applied.message);
      expect(guideText(applied.guide)).toBe(expectedTextOf(workbenchCase));
      expect(checkProblems(workbenchCase, applied.guide)).toEqual([]);
      expect(checkProblems(workbenchCase, draftOf(workbenchCase)).length).toBeGreaterThan(0);
    });
  }
});

/**
 * The levels of the transcription best first: in the order its pairs first name them, except where the page
 * ranks them otherwise than it writes them (the table sorted by seed, whose legend says S > A > B > C).
 */
const RANKED_OTHERWISE: Readonly<Record<string, readonly string[]>> = { "04-gut-knife-seed-sorted-table.html": ["S", "A", "B", "C"] };

interface SystemShape {
  label: string;
  item: string;
  paints: string[] | null;
  levels: string[];
  pairs: string[];
}

function transcribed(capture: FreshCapture): SystemShape[] {
  return capture.systems.map((system) => ({
    label: system.label,
    item: system.item ?? capture.item,
    paints: system.paints === null ? null : [...system.paints],
    levels: [...(RANKED_OTHERWISE[capture.file] ?? new Set(system.pairs.map(([level]) => level)))],
    pairs: system.pairs.map(([level, seed]) => `${level}: ${seed}`),
  }));
}

function saved(guide: GuideDocument, workbenchCase: WorkbenchCase): SystemShape[] {
  const items = contextOf(workbenchCase).items;
  return guide.systems.map((system) => {
    const labelOf = (key: string) => system.levels.find((level) => level.key === key)!.label;
    const paints = items.get(system.item)!.paints;
    return {
      label: system.label,
      item: system.item,
      paints: system.paint_indexes === null ? null : system.paint_indexes.map((index) => paints.find((paint) => paint.paint_index === index)!.paint_label),
      levels: system.levels.map((level) => level.label),
      pairs: system.gradings.map((grading) => `${labelOf(grading.level)}: ${grading.seed}`),
    };
  });
}

describe("the fixtures made from the fresh pages", () => {
  const fresh = WORKBENCH_CASES.filter((workbenchCase) => workbenchCase.folder === "draft/fresh/");

  it("are every page of test/fixtures/draft/fresh/", () => {
    expect(fresh.map((workbenchCase) => workbenchCase.capture)).toEqual(FRESH_CAPTURES.map((capture) => capture.file));
  });

  for (const workbenchCase of fresh) {
    const capture = FRESH_CAPTURES.find((candidate) => candidate.file === workbenchCase.capture)!;
    it(`end, for ${workbenchCase.name}, with the hand transcription's systems, items, paints, levels best first and seeds in page order, its callouts and attribution`, () => {
      const guide = JSON.parse(expectedTextOf(workbenchCase)) as GuideDocument;
      expect(saved(guide, workbenchCase)).toEqual(transcribed(capture));
      expect(guide.callouts.map((callout) => callout.kind)).toEqual(capture.ungraded.flatMap((section) => section.callout ?? []));
      expect([guide.title, guide.authors, guide.posted, guide.updated]).toEqual([capture.title, capture.authors, capture.posted, capture.updated]);
      expect([guide.notes, guide.permission_quote]).toEqual([expect.stringMatching(/^Example data/), ""]);
      expect(guide.systems.flatMap((system) => system.levels).every((level) => level.ordered === false)).toBe(true);
    });
  }
});
