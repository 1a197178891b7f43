// `npm run build [-- --dataset DIR --out DIR]`: check the dataset, refuse to build an invalid one,
// and write the static API into the build folder (default dist/).

import path from "node:path";
import { parseArgs } from "node:util";
import { formatProblem } from "../dataset.ts";
import { buildDist } from "../build.ts";
import { CHECK_CACHE_FILE } from "../validate/cache.ts";
import { progressPrinter } from "./progress.ts";

function usage(message: string): never {
  process.stderr.write(`${message}\nusage: npm run build [-- --dataset DIR] [--out DIR] [--verify]\n`);
  process.exit(2);
}

async function main(): Promise<number> {
  let values: { dataset?: string; out?: string; verify?: boolean };
  try {
    ({ values } = parseArgs({ options: { dataset: { type: "string" }, out: { type: "string" }, verify: { type: "boolean" } }, allowPositionals: false }));
  } catch (error) {
    usage((error as Error).message);
  }
  const datasetDir = path.resolve(values.dataset ?? "dataset");
  const outDir = path.resolve(values.out ?? "dist");
  const progress = progressPrinter(process.stderr);
  const started = performance.now();

  const result = await buildDist({ datasetDir, outDir, verify: values.verify === true, onStage: progress.stage, onProgress: progress.files, onLockWait: (message) => process.stderr.write(`${message}\n`) });
  progress.done();
  if (!result.ok) {
    for (const problem of result.problems) process.stderr.write(`${formatProblem(problem)}\n`);
    process.stderr.write(`build refused: ${result.problems.length} problem(s) in ${path.relative(process.cwd(), datasetDir) || "."}; ${path.relative(process.cwd(), outDir) || outDir} is unchanged\n`);
    return 1;
  }
  const { emit } = result;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (emit.mode === "unchanged") {
    process.stdout.write(
      `dataset_version ${result.datasetVersion} is already built in ${path.relative(process.cwd(), outDir) || outDir}/${emit.generation}; no response to write (${seconds} s), documents in ${result.documents}. \`--verify\` reads every file back.\n`,
    );
    return 0;
  }
  process.stdout.write(
    [
      `built dataset_version ${result.datasetVersion} into ${path.relative(process.cwd(), outDir) || outDir}/${emit.generation} in ${seconds} s`,
      ...(result.checked === undefined ? [] : [checkedLine(result.checked)]),
      `  ${emit.files} files, ${(emit.bytes / 1e6).toFixed(1)} MB: ${emit.written} written, ${emit.reused} ${emit.mode === "new" ? "reused unchanged" : "already up to date"}${emit.removed ? `, ${emit.removed} stray removed` : ""}`,
      `  serving after ${(emit.committedAfterMs / 1000).toFixed(1)} s${emit.pruned.length ? `; pruned ${emit.pruned.join(", ")}` : ""}`,
      `  description document, reference page and explorer in ${result.documents}`,
      "",
    ].join("\n"),
  );
  return 0;
}

function checkedLine({ guideFiles, reused }: { guideFiles: number; reused: number }): string {
  const kept = reused === 0 ? "" : ` (the other ${reused} unchanged since the last check, their outcome kept in ${CHECK_CACHE_FILE})`;
  return `  checked ${guideFiles - reused} of ${guideFiles} guide files${kept}`;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    // Not a dataset mistake (those are listed above): an I/O failure such as a full disk. The
    // serving build is untouched because only the manifest rename commits a new one.
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`build failed: ${message}\nthe previous build (if any) keeps serving\n`);
    process.exit(1);
  },
);
