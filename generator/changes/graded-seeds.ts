// What a reader of the seed endpoint sees for every graded seed of a dataset, as lines of text: one
// block per graded item, paint and seed, one line per verdict. A diff of two of these texts shows a
// dataset change seed by seed. The shipped dataset's is committed as test/snapshots/graded-seeds.txt
// (docs/testing.md, "The graded seeds snapshot"); CI diffs a pull request's against its base's.

import type { SeedResponse, Verdict } from "../../contract/schema/responses.ts";
import type { Dataset } from "../dataset.ts";
import { coverageOf } from "../derive/coverage.ts";
import { pairsOf, sortGuides } from "../derive/order.ts";
import { seedResponses } from "../derive/verdicts.ts";

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
export function gradedSeeds(dataset: Dataset): string {
  const coverage = coverageOf(sortGuides(dataset.guides));
  const blocks: string[] = [];
  for (const pair of pairsOf(dataset.items)) {
    const covering = coverage(pair);
    const responseOf = seedResponses(pair, covering);
    const seeds = new Set(covering.flatMap(({ system }) => system.gradings.map((grading) => grading.seed)));
    for (const seed of [...seeds].sort((a, b) => a - b)) blocks.push(seedBlock(responseOf(seed)));
  }
  return `${blocks.join("\n\n")}\n`;
}
