import { describe, expect, it } from "vitest";
import { positionsCountFromZero } from "../../../../generator/validate/rules/positions.ts";
import { sampleGuide } from "../../../fixtures/validate/sample-dataset.ts";

describe("positionsCountFromZero", () => {
  it("accepts positions 0, 1, 2 ... per level in array order, even when levels interleave", () => {
    // In the sample, Tier 1's third grading comes after a Tier 2 grading in the array.
    expect(positionsCountFromZero(sampleGuide())).toEqual([]);
  });

  it("reports a level whose positions start at 1", () => {
    const guide = sampleGuide();
    guide.systems[1]!.gradings[0]!.position = 1;
    guide.systems[1]!.gradings[1]!.position = 2;
    expect(positionsCountFromZero(guide)).toEqual([
      {
        path: "$.systems[1].gradings[0].position",
        message: 'is 1, but this is grading 0 (from 0) of level "members" in array order; 1 later grading of the level also off',
        expected: "0: positions count 0, 1, 2, ... within a level, in the order the gradings appear",
      },
    ]);
  });

  it("reports positions that disagree with the array order", () => {
    const guide = sampleGuide();
    guide.systems[0]!.gradings[0]!.position = 1;
    guide.systems[0]!.gradings[1]!.position = 0;
    expect(positionsCountFromZero(guide).map((found) => found.path)).toEqual(["$.systems[0].gradings[0].position"]);
  });

  it("reports a position used twice in a level", () => {
    const guide = sampleGuide();
    guide.systems[0]!.gradings[3]!.position = 1;
    expect(positionsCountFromZero(guide)).toEqual([
      {
        path: "$.systems[0].gradings[3].position",
        message: 'is 1, but this is grading 2 (from 0) of level "t1" in array order',
        expected: "2: positions count 0, 1, 2, ... within a level, in the order the gradings appear",
      },
    ]);
  });

  it("leaves out a grading whose level is not a level of the system (reported on its own)", () => {
    const guide = sampleGuide();
    guide.systems[0]!.gradings[4]!.level = "t9";
    expect(positionsCountFromZero(guide)).toEqual([]);
  });
});
