// The workbench fixtures (test/fixtures/workbench/) without a browser: each case's actions, as the edits the
// page sends for them, take its draft to the expected guide, byte for byte through guide:draft's formatter,
// and the result passes the check's rules for its file. test/browser/workbench.test.ts performs the same
// actions on the page in Chromium.

import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { prepareCapture } from "../../../generator/capture/capture.ts";
import { guideText } from "../../../tools/cli/guide-draft.ts";
import { applyEdits } from "../../../tools/workbench/apply.ts";
import { checkEdited, type WorkbenchBase } from "../../../tools/workbench/base.ts";
import { WORKBENCH_CASES } from "../../fixtures/workbench/cases.ts";
import { capturePathOf, contextOf, draftOf, editsOf, expectedTextOf, FIXTURES } from "../../support/workbench-cases.ts";

describe("the workbench fixtures' actions, applied as edits", () => {
  for (const workbenchCase of WORKBENCH_CASES) {
    it(`take the ${workbenchCase.name} draft to its expected guide, which passes check`, () => {
      const context = contextOf(workbenchCase);
      const applied = applyEdits(draftOf(workbenchCase), editsOf(workbenchCase, context), context);
      if (!applied.ok) throw new Error(applied.message);
      expect(guideText(applied.guide)).toBe(expectedTextOf(workbenchCase));
      const bytes = readFileSync(path.join(FIXTURES, workbenchCase.capture));
      const base = {
        platformId: workbenchCase.platformId,
        file: `guides/${workbenchCase.platformId}.json`,
        raw: { capture: { ok: true, value: bytes } },
        capture: prepareCapture(capturePathOf(workbenchCase), bytes),
        items: context.items,
        uncheckedSlugs: new Set<string>(),
      } as unknown as WorkbenchBase;
      expect(checkEdited(base, applied.guide)).toEqual([]);
      expect(checkEdited(base, draftOf(workbenchCase)).length).toBeGreaterThan(0);
    });
  }
});
