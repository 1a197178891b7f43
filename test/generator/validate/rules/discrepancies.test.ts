import { describe, expect, it } from "vitest";
import { discrepancyPlacesExist, duplicateSeedPlacesAreExact, duplicateSeedsAreRecorded } from "../../../../generator/validate/rules/discrepancies.ts";
import { sampleGuide } from "../../../fixtures/validate/sample-dataset.ts";

describe("discrepancyPlacesExist", () => {
  it("accepts where entries naming levels of the guide's systems", () => {
    expect(discrepancyPlacesExist(sampleGuide())).toEqual([]);
  });

  it("reports an unknown system and an unknown level", () => {
    const guide = sampleGuide();
    guide.discrepancies[0]!.where = ["pinks:t1", "blue:t1"];
    expect(discrepancyPlacesExist(guide)).toEqual([
      { path: "$.discrepancies[0].where[0]", message: 'names system "pinks", which this guide does not have', expected: '"<system id>:<level key>" with a system id of this guide: "pink", "blue"' },
      { path: "$.discrepancies[0].where[1]", message: 'names level "t1", which system "blue" does not have', expected: 'one of "blue:members"' },
    ]);
  });
});

describe("duplicateSeedsAreRecorded", () => {
  it("accepts a seed listed in two systems of one item when a duplicate_seed names it", () => {
    expect(duplicateSeedsAreRecorded(sampleGuide())).toEqual([]);
  });

  it("reports a seed listed in two systems of one item without a duplicate_seed", () => {
    const guide = sampleGuide();
    guide.discrepancies = [];
    expect(duplicateSeedsAreRecorded(guide)).toEqual([
      {
        path: "$.systems[1].gradings[0].seed",
        message: 'seed 661 is listed again (first at $.systems[0].gradings[0]) but no "duplicate_seed" discrepancy names it',
        expected: 'an entry {"kind": "duplicate_seed", "seed": 661, ...} in $.discrepancies',
      },
    ]);
  });

  it("reports a seed graded twice in one system without a duplicate_seed", () => {
    const guide = sampleGuide();
    guide.systems[0]!.gradings[4]!.seed = 42;
    expect(duplicateSeedsAreRecorded(guide).map((found) => found.message)).toEqual([
      'seed 42 is listed again (first at $.systems[0].gradings[2]) but no "duplicate_seed" discrepancy names it',
    ]);
  });

  it("counts one seed in two systems as listed twice, whatever items the systems cover", () => {
    const guide = sampleGuide();
    guide.discrepancies = [];
    guide.systems[1]!.item = "ak-47-case-hardened";
    expect(duplicateSeedsAreRecorded(guide).map((found) => found.path)).toEqual(["$.systems[1].gradings[0].seed"]);
  });

  it("reports a duplicate_seed naming a seed listed once, or naming none", () => {
    const guide = sampleGuide();
    guide.discrepancies.push({ kind: "duplicate_seed", seed: 555 }, { kind: "duplicate_seed", where: ["pink:t1"] });
    expect(duplicateSeedsAreRecorded(guide)).toEqual([
      { path: "$.discrepancies[1].seed", message: "seed 555 is not listed twice in this guide", expected: "a seed graded twice in the guide, in one system or in two" },
      { path: "$.discrepancies[2].seed", message: "is missing", expected: 'the seed listed twice (a "duplicate_seed" names its seed)' },
    ]);
  });
});

describe("duplicateSeedPlacesAreExact", () => {
  it("accepts a where naming every level the seed is graded in, in any order", () => {
    const guide = sampleGuide();
    expect(duplicateSeedPlacesAreExact(guide)).toEqual([]);
    guide.discrepancies[0]!.where = ["blue:members", "pink:t1"];
    expect(duplicateSeedPlacesAreExact(guide)).toEqual([]);
  });

  it("reports a where naming the wrong level: the level left out and the one named without the seed", () => {
    const guide = sampleGuide();
    guide.discrepancies[0]!.where = ["pink:t2", "blue:members"];
    expect(duplicateSeedPlacesAreExact(guide)).toEqual([
      {
        path: "$.discrepancies[0].where",
        message: 'leaves out "pink:t1", where seed 661 is graded; names "pink:t2", where seed 661 is not graded',
        expected: 'exactly the levels seed 661 is graded in: ["pink:t1","blue:members"]',
      },
    ]);
  });

  it("reports a where naming only one of the two levels", () => {
    const guide = sampleGuide();
    guide.discrepancies[0]!.where = ["blue:members"];
    expect(duplicateSeedPlacesAreExact(guide).map((found) => found.message)).toEqual(['leaves out "pink:t1", where seed 661 is graded']);
  });

  it("says what a missing where should be", () => {
    const guide = sampleGuide();
    delete guide.discrepancies[0]!.where;
    expect(duplicateSeedPlacesAreExact(guide)).toEqual([
      {
        path: "$.discrepancies[0].where",
        message: 'is missing: a "duplicate_seed" names the levels its seed is listed in',
        expected: 'exactly the levels seed 661 is graded in: ["pink:t1","blue:members"]',
      },
    ]);
  });

  it("names a level once for a seed listed twice in that one level", () => {
    const guide = sampleGuide();
    guide.systems[0]!.gradings[3]!.seed = 321;
    guide.discrepancies.push({ kind: "duplicate_seed", seed: 321, where: ["pink:t1"] });
    expect(duplicateSeedPlacesAreExact(guide)).toEqual([]);
    guide.discrepancies[1]!.where = ["pink:t1", "pink:t2"];
    expect(duplicateSeedPlacesAreExact(guide).map((found) => found.message)).toEqual(['names "pink:t2", where seed 321 is not graded']);
  });

  it("leaves a where entry naming no level of the guide to discrepancyPlacesExist", () => {
    const guide = sampleGuide();
    guide.discrepancies[0]!.where = ["pinks:t1", "blue:members"];
    expect(duplicateSeedPlacesAreExact(guide).map((found) => found.message)).toEqual(['leaves out "pink:t1", where seed 661 is graded']);
  });

  it("leaves a duplicate_seed naming a seed listed once to duplicateSeedsAreRecorded", () => {
    const guide = sampleGuide();
    guide.discrepancies.push({ kind: "duplicate_seed", seed: 12, where: ["pink:t1"] });
    expect(duplicateSeedPlacesAreExact(guide)).toEqual([]);
  });
});
