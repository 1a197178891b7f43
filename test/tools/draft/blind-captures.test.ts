import { describe, expect, it } from "vitest";
import { BLIND_CAPTURES } from "../../fixtures/draft/blind/expected.ts";
import { blindFigures, itemFile } from "../../support/draft-agreement.ts";

// Steam-shaped example pages transcribed by hand without the drafter's rules at hand: the draft must agree
// with the transcription on at least 95% of the (level, seed) pairs, both ways and in order, quote the page
// verbatim, and narrow every system of a page that ranks each paint apart to the paint its section names.

const AT_LEAST = 0.95;

describe("guide:draft on Steam-shaped pages transcribed apart from its rules", () => {
  for (const capture of BLIND_CAPTURES) {
    it(`drafts ${capture.file} with >= 95% recall, precision and order, quoting verbatim`, () => {
      const { agreement, quoteMisses } = blindFigures(capture);
      expect(agreement.recall).toBeGreaterThanOrEqual(AT_LEAST);
      expect(agreement.precision).toBeGreaterThanOrEqual(AT_LEAST);
      expect(agreement.order).toBeGreaterThanOrEqual(AT_LEAST);
      expect(quoteMisses).toEqual([]);
    });

    it(`lists every seed the draft of ${capture.file} misses as a number not transcribed, and names every seed it takes wrongly under "check these"`, () => {
      const { missed, wrong } = blindFigures(capture);
      expect(missed.listed).toBe(missed.count);
      expect(wrong.named).toBe(wrong.count);
    });

    it(`reads the title and authors of ${capture.file}, and narrows each system to the paints its section names`, () => {
      const { drafted } = blindFigures(capture);
      expect(drafted.guide.title).toBe(capture.title);
      expect(drafted.guide.authors).toEqual(capture.authors);
      const item = itemFile(capture.item);
      const paintIndex = (label: string) => item.paints.find((paint) => paint.paint_label === label)!.paint_index;
      const narrowed = capture.systems.filter((system) => system.paints !== null);
      if (narrowed.length === 0) {
        // One reading may make one system or several of a section; none of them is narrowed.
        expect(drafted.systems.every((system) => system.paint_indexes === null)).toBe(true);
      } else {
        expect(drafted.systems.map((system) => system.paint_indexes)).toEqual(narrowed.map((system) => system.paints!.map(paintIndex)));
      }
    });

    if (capture.systems.some((system) => system.values !== undefined)) {
      it(`reads the measurements written beside the seeds of ${capture.file}`, () => {
        const { drafted } = blindFigures(capture);
        const gradings = drafted.systems.flatMap((system) => system.gradings as { seed: number; value?: { name: string; value: number } }[]);
        for (const [seed, value] of capture.systems.flatMap((system) => Object.entries(system.values ?? {}))) {
          expect(gradings.filter((grading) => grading.seed === Number(seed)).map((grading) => grading.value)).toEqual([value]);
        }
      });
    }

    it(`makes no level of the sections of ${capture.file} that grade nothing`, () => {
      const { drafted } = blindFigures(capture);
      const levels = drafted.systems.flatMap((system) => system.levels.map((level) => level.label.toLowerCase()));
      const systems = drafted.systems.map((system) => system.label.toLowerCase());
      for (const { label } of capture.ungraded) {
        expect(levels).not.toContain(label.toLowerCase());
        expect(systems).not.toContain(label.toLowerCase());
      }
      const callouts = (drafted.guide.callouts as { kind: string; label: string }[]).map(({ kind, label }) => ({ kind, label }));
      expect(callouts).toEqual(capture.ungraded.filter(({ callout }) => callout !== null).map(({ label, callout }) => ({ kind: callout, label })));
    });
  }
});
