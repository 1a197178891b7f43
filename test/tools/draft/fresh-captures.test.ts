import { describe, expect, it } from "vitest";
import { FRESH_CAPTURES } from "../../fixtures/draft/fresh/expected.ts";
import { freshFigures } from "../../support/draft-agreement.ts";

// Steam-shaped example pages in layouts the drafter was not built on (test/fixtures/draft/fresh/). The draft may
// read them badly; what must hold is its review: nothing it got wrong goes unnoticed. Every seed of the
// transcription it grades nowhere is listed as a number not transcribed, every grading the transcription does
// not have is named under "check these", and every system is on its item or named as guessed there.

describe("guide:draft's review on pages in layouts it was not built on", () => {
  for (const capture of FRESH_CAPTURES) {
    it(`lists every seed the draft of ${capture.file} misses as a number not transcribed`, () => {
      const { missed } = freshFigures(capture);
      expect(missed.listed).toBe(missed.count);
    });

    it(`names under "check these" every seed the draft of ${capture.file} takes wrongly`, () => {
      const { wrong, wrongPairs } = freshFigures(capture);
      expect({ named: wrong.named, wrongPairs }).toEqual({ named: wrong.count, wrongPairs });
    });

    it(`puts each system of ${capture.file} on its item, or says it guessed the item`, () => {
      const { placement, drafted } = freshFigures(capture);
      const guessedItem = drafted.summary.some((line) => / no heading names its item; /.test(line));
      for (const system of placement.filter((one) => one.home !== null)) expect(system.rightItem || guessedItem, `${system.label} drafted on ${system.home}`).toBe(true);
    });

    it(`quotes ${capture.file} verbatim in every drafted quote`, () => {
      expect(freshFigures(capture).quoteMisses).toEqual([]);
    });
  }
});
