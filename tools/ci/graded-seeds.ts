// `node tools/ci/graded-seeds.ts DATASET OUT`: writes the graded seeds text of a dataset folder
// (generator/changes/graded-seeds.ts), the text test/snapshots/graded-seeds.txt holds for the shipped
// dataset, for tools/ci/dataset-changes.sh to diff. A dataset that does not load is named with its
// problems (exit 1).

import { writeFile } from "node:fs/promises";
import path from "node:path";
import { gradedSeeds } from "../../generator/changes/graded-seeds.ts";
import { isMain, runAsMain, type CliIo } from "../../generator/cli/main.ts";
import { formatProblem } from "../../generator/dataset.ts";
import { loadDataset } from "../../generator/validate/index.ts";

export async function runGradedSeeds(args: string[], io: CliIo): Promise<number> {
  if (args.length !== 2) {
    io.stderr("usage: node tools/ci/graded-seeds.ts DATASET OUT\n");
    return 2;
  }
  const [dataset, out] = args.map((arg) => path.resolve(io.cwd, arg)) as [string, string];
  const checked = await loadDataset(dataset);
  if (!checked.ok) {
    io.stderr(`${checked.problems.map(formatProblem).join("\n")}\ngraded-seeds: ${dataset} does not load\n`);
    return 1;
  }
  await writeFile(out, gradedSeeds(checked.value));
  return 0;
}

if (isMain(import.meta.url)) {
  runAsMain("graded-seeds", runGradedSeeds);
}
