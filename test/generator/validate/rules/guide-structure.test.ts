import { describe, expect, it } from "vitest";
import { gradingLevelsExist, imageOnlyLevelsHaveNoGradings, levelKeysAreUnique, systemIdsAreUnique } from "../../../../generator/validate/rules/guide-structure.ts";
import { sampleGuide } from "../../../fixtures/validate/sample-dataset.ts";

describe("systemIdsAreUnique", () => {
  it("accepts distinct system ids", () => {
    expect(systemIdsAreUnique(sampleGuide())).toEqual([]);
  });

  it("reports a system id used twice in one guide", () => {
    const guide = sampleGuide();
    guide.systems[1]!.id = "pink";
    expect(systemIdsAreUnique(guide)).toEqual([
      { path: "$.systems[1].id", message: 'system id "pink" is already used by $.systems[0]', expected: "a system id used once in the guide" },
    ]);
  });
});

describe("levelKeysAreUnique", () => {
  it("accepts distinct level keys, and the same key in two systems", () => {
    const guide = sampleGuide();
    guide.systems[1]!.levels[0]!.key = "t1";
    guide.systems[1]!.gradings.forEach((grading) => (grading.level = "t1"));
    expect(levelKeysAreUnique(guide)).toEqual([]);
  });

  it("reports a level key used twice in one system", () => {
    const guide = sampleGuide();
    guide.systems[0]!.levels[2]!.key = "t1";
    expect(levelKeysAreUnique(guide)).toEqual([
      { path: "$.systems[0].levels[2].key", message: 'level key "t1" is already used by $.systems[0].levels[0]', expected: "a level key used once in its system" },
    ]);
  });
});

describe("gradingLevelsExist", () => {
  it("accepts gradings that point at levels of their own system", () => {
    expect(gradingLevelsExist(sampleGuide())).toEqual([]);
  });

  it("reports a grading whose level is not a key of its system, with the likely key", () => {
    const guide = sampleGuide();
    guide.systems[0]!.gradings[2]!.level = "T2";
    expect(gradingLevelsExist(guide)).toEqual([
      { path: "$.systems[0].gradings[2].level", message: '"T2" is not a level key of system "pink"; did you mean "t2"?', expected: 'one of "t1", "t2", "t3"' },
    ]);
  });

  it("reports a grading pointing at a level of another system", () => {
    const guide = sampleGuide();
    guide.systems[1]!.gradings[1]!.level = "t1";
    expect(gradingLevelsExist(guide)).toEqual([
      { path: "$.systems[1].gradings[1].level", message: '"t1" is not a level key of system "blue"', expected: 'one of "members"' },
    ]);
  });
});

describe("imageOnlyLevelsHaveNoGradings", () => {
  it("accepts a gradings: null level that no grading points at", () => {
    expect(imageOnlyLevelsHaveNoGradings(sampleGuide())).toEqual([]);
  });

  it("reports a grading in a level shown only as images", () => {
    const guide = sampleGuide();
    guide.systems[0]!.gradings[4]!.level = "t3";
    guide.systems[0]!.gradings[4]!.position = 0;
    expect(imageOnlyLevelsHaveNoGradings(guide)).toEqual([
      {
        path: "$.systems[0].gradings[4].level",
        message: 'points at level "t3", which $.systems[0].levels[2] marks "gradings": null (shown only as images)',
        expected: 'no grading in an image-only level, or "gradings": null removed from $.systems[0].levels[2]',
      },
    ]);
  });
});
