// What a reader of the seed endpoint sees for every graded seed of the shipped dataset, as one
// reviewed text file (test/snapshots/graded-seeds.txt, written by generator/changes/graded-seeds.ts):
// a wrong level label, place or quote shows up as a readable line in a diff. Adding or correcting a
// guide changes this file on purpose; the diff is reviewed and the file updated with
// `npx vitest run test/dataset/graded-seeds.test.ts -u` (docs/testing.md, "The graded seeds snapshot").

import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { formatProblem } from "../../generator/dataset.ts";
import { gradedSeeds } from "../../generator/changes/graded-seeds.ts";
import { loadDataset } from "../../generator/validate/index.ts";

const datasetDir = fileURLToPath(new URL("../../dataset", import.meta.url));

it("every graded seed of the shipped dataset reads as reviewed: each verdict's guide, system, level and quote", async () => {
  const checked = await loadDataset(datasetDir);
  if (!checked.ok) throw new Error(`the shipped dataset does not load:\n${checked.problems.map(formatProblem).join("\n")}`);
  await expect(gradedSeeds(checked.value)).toMatchFileSnapshot(path.join("..", "snapshots", "graded-seeds.txt"));
});
