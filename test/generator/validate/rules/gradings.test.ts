import { describe, expect, it } from "vitest";
import { equivalenceIsSymmetric, rankScopeNeedsRank } from "../../../../generator/validate/rules/gradings.ts";
import { sampleGuide } from "../../../fixtures/validate/sample-dataset.ts";

describe("equivalenceIsSymmetric", () => {
  it("accepts a pair of seeds that list each other", () => {
    expect(equivalenceIsSymmetric(sampleGuide())).toEqual([]);
  });

  it("reports a seed whose partner does not list it back", () => {
    const guide = sampleGuide();
    delete guide.systems[0]!.gradings[1]!.equivalent_to;
    expect(equivalenceIsSymmetric(guide)).toEqual([
      {
        path: "$.systems[0].gradings[0].equivalent_to[0]",
        message: 'lists 321, but no grading of 321 in system "pink" lists 661 back',
        expected: '"equivalent_to" of seed 321 in this system to include 661',
      },
    ]);
  });

  it("reports a partner that is not graded in the same system", () => {
    const guide = sampleGuide();
    guide.systems[1]!.gradings[1]!.equivalent_to = [42];
    expect(equivalenceIsSymmetric(guide)).toEqual([
      { path: "$.systems[1].gradings[1].equivalent_to[0]", message: 'lists 42, which is not graded in system "blue"', expected: "a seed graded in the same system (each of a pair lists the other)" },
    ]);
  });

  it("reports a seed listed as equivalent to itself", () => {
    const guide = sampleGuide();
    guide.systems[0]!.gradings[3]!.equivalent_to = [555];
    expect(equivalenceIsSymmetric(guide)).toEqual([{ path: "$.systems[0].gradings[3].equivalent_to[0]", message: "lists the grading's own seed 555", expected: "other seeds only" }]);
  });
});

describe("rankScopeNeedsRank", () => {
  it("accepts rank_scope next to a rank", () => {
    expect(rankScopeNeedsRank(sampleGuide())).toEqual([]);
  });

  it("reports rank_scope on a grading without a rank", () => {
    const guide = sampleGuide();
    delete guide.systems[0]!.gradings[1]!.rank;
    expect(rankScopeNeedsRank(guide)).toEqual([
      { path: "$.systems[0].gradings[1].rank_scope", message: "is set but the grading has no rank", expected: '"rank_scope" only together with "rank"' },
    ]);
  });
});
