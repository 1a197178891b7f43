import { describe, expect, it } from "vitest";
import { CAPTURES } from "../../fixtures/draft/captures.ts";
import { captureFigures, EXAMPLE_GUIDES, exampleFigures, itemFile } from "../../support/draft-agreement.ts";

// Whole example pages in the layouts guide:draft reads, and the shipped example guides' captures: the draft
// must agree with a careful transcription on at least 95% of the (level, seed) pairs, both ways and in
// order, on every capture, and every quote it writes must be the page's text verbatim.

const AT_LEAST = 0.95;

describe("guide:draft on example pages of each layout", () => {
  for (const fixture of CAPTURES) {
    it(`drafts ${fixture.file} (${fixture.layout}) with >= 95% recall, precision and order, quoting verbatim`, () => {
      const { agreement, quoteMisses } = captureFigures(fixture);
      expect(agreement.recall).toBeGreaterThanOrEqual(AT_LEAST);
      expect(agreement.precision).toBeGreaterThanOrEqual(AT_LEAST);
      expect(agreement.order).toBeGreaterThanOrEqual(AT_LEAST);
      expect(quoteMisses).toEqual([]);
    });

    it(`gives each system of ${fixture.file} the page's name for it, the paints it covers, and the callouts' kinds`, () => {
      const { drafted } = captureFigures(fixture);
      const item = itemFile(fixture.item);
      const paintIndex = (label: string) => item.paints.find((paint) => paint.paint_label === label)!.paint_index;
      expect(drafted.systems.map((system) => system.paint_indexes)).toEqual(fixture.systems.map((system) => system.paints?.map(paintIndex) ?? null));
      // An empty label in the fixture: the page names no section, so the label is a guess the summary flags.
      fixture.systems.forEach((system, index) => {
        if (system.label !== "") expect(drafted.systems[index]!.label).toBe(system.label);
      });
      expect((drafted.guide.callouts as { kind: string }[]).map((callout) => callout.kind)).toEqual(fixture.callouts);
    });
  }
});

describe("guide:draft on the shipped example captures", () => {
  for (const id of EXAMPLE_GUIDES) {
    it(`agrees with the hand transcription of example ${id} on >= 95% of its text-listed (level, seed) pairs, in order`, () => {
      const { agreement, quoteMisses } = exampleFigures(id);
      expect(agreement.recall).toBeGreaterThanOrEqual(AT_LEAST);
      expect(agreement.precision).toBeGreaterThanOrEqual(AT_LEAST);
      expect(agreement.order).toBeGreaterThanOrEqual(AT_LEAST);
      expect(quoteMisses).toEqual([]);
    });
  }
});
