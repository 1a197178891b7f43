import { describe, expect, it } from "vitest";
import { gradedSeeds } from "../../../generator/changes/graded-seeds.ts";
import { tinyDataset } from "../../fixtures/derive/tiny-dataset.ts";

const TINY = [
  "7/44 ak-47-case-hardened, seed 151",
  '  200 | blue "Example system blue" (tier) | "Tier 1" [t1], place 1 of 2 | text | "151" | rank 2 | blue_pct 80 | same pattern as [955]',
  "",
  "7/44 ak-47-case-hardened, seed 661",
  '  30 | gold "Example system gold" (group) | "Gold gems" [member], place 1 of 1 | text | "661 gold"',
  '  200 | blue "Example system blue" (tier) | "Tier 1" [t1], place 1 of 2 | text | "661 best blue" | rank 1',
  '  200 | blue "Example system blue" (tier) | "Tier 2" [t2], place 2 of 2 | caption | "661 again"',
  "",
  "7/44 ak-47-case-hardened, seed 955",
  '  200 | blue "Example system blue" (tier) | "Tier 1" [t1], place 1 of 2 | text | "955" | same pattern as [151]',
  "",
  "507/415 karambit-doppler, seed 12",
  '  4000 | pattern "Example system pattern" (rank) | "P1" [p1], place 1 of 2 | image | "12"',
  "",
  "507/418 karambit-doppler, seed 12",
  '  4000 | pattern "Example system pattern" (rank) | "P1" [p1], place 1 of 2 | image | "12"',
  "",
];

describe("the graded seeds as text", () => {
  it("give a block per graded pair and seed, a line per verdict with its guide, system, level, evidence, quote, rank, value and equivalents", () => {
    expect(gradedSeeds(tinyDataset).split("\n")).toEqual(TINY);
  });

  it("list each seed's verdicts guide by guide in platform_id order, whatever the dataset's order", () => {
    expect(gradedSeeds({ ...tinyDataset, guides: [...tinyDataset.guides].reverse() }).split("\n")).toEqual(TINY);
  });

  it("of a dataset that grades nothing are an empty line", () => {
    expect(gradedSeeds({ ...tinyDataset, guides: [] })).toBe("\n");
  });
});
