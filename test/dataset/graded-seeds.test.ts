// What a reader of the seed endpoint sees for every graded seed of the shipped dataset, as one
// reviewed text file (test/snapshots/graded-seeds.txt): a wrong level label, place or quote shows
// up as a readable line in a diff. Adding or correcting a guide changes this file on purpose; the
// diff is reviewed and the file updated with `npx vitest run test/dataset/graded-seeds.test.ts -u`
// (docs/testing.md, "The graded seeds snapshot").

import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { formatProblem, type Dataset } from "../../generator/dataset.ts";
import { coverageOf } from "../../generator/derive/coverage.ts";
import { pairsOf } from "../../generator/derive/order.ts";
import { seedResponses } from "../../generator/derive/verdicts.ts";
import type { SeedResponse, Verdict } from "../../contract/schema/responses.ts";
import { loadDataset } from "../../generator/validate/index.ts";

const datasetDir = fileURLToPath(new URL("../../dataset", import.meta.url));

/** One verdict on one line; JSON strings, so that a quote's odd spacing and any quote mark are visible. */
function verdictLine(verdict: Verdict): string {
  const { guide, system, level } = verdict;
  const parts = [
    guide.platform_id,
    `${system.id} ${JSON.stringify(system.label)} (${system.kind})`,
    `${JSON.stringify(level.label)} [${level.key}], place ${level.place} of ${level.of}`,
    verdict.evidence,
    JSON.stringify(verdict.quote),
  ];
  if (verdict.rank !== null) parts.push(`rank ${verdict.rank}`);
  if (verdict.value !== null) parts.push(`${verdict.value.name} ${verdict.value.value}`);
  if (verdict.equivalent_to !== null) parts.push(`same pattern as ${JSON.stringify(verdict.equivalent_to)}`);
  return `  ${parts.join(" | ")}`;
}

function seedBlock(response: SeedResponse): string {
  const { item, seed, verdicts } = response;
  return [`${item.def_index}/${item.paint_index} ${item.slug}, seed ${seed}`, ...verdicts.map(verdictLine)].join("\n");
}

/** Every seed response of the dataset that has a verdict, pairs in def_index/paint_index order, seeds ascending. */
function gradedSeeds(dataset: Dataset): string {
  const coverage = coverageOf(dataset);
  const blocks: string[] = [];
  for (const pair of pairsOf(dataset.items)) {
    const covering = coverage(pair);
    const responseOf = seedResponses(pair, covering);
    const seeds = new Set(covering.flatMap(({ system }) => system.gradings.map((grading) => grading.seed)));
    for (const seed of [...seeds].sort((a, b) => a - b)) blocks.push(seedBlock(responseOf(seed)));
  }
  return `${blocks.join("\n\n")}\n`;
}

it("every graded seed of the shipped dataset reads as reviewed: each verdict's guide, system, level and quote", async () => {
  const checked = await loadDataset(datasetDir);
  if (!checked.ok) throw new Error(`the shipped dataset does not load:\n${checked.problems.map(formatProblem).join("\n")}`);
  await expect(gradedSeeds(checked.value)).toMatchFileSnapshot(path.join("..", "snapshots", "graded-seeds.txt"));
});
