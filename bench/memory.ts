// `npm run bench:memory [-- --guides N] [--fresh]`: the peak memory of a full build of a large
// dataset, stage by stage. Target: under 4 GB of peak RSS for a build of 5,000 guides (the default),
// about sixteen times the API's stated scale. The build runs in a child process into an empty folder,
// so the peak is the build's own; the child samples its RSS every 20 ms and keeps the highest sample
// of each stage (fingerprint, check, version, documents, derive+emit), and the process's own maximum
// (`maxRSS`) is the peak reported against the target.
//
// The dataset is the synthetic scale fixture (tools/fixture/scale.ts) with N guides over the same
// 298 pairs, written into bench/out/scale-fixture-N-guides and reused while its marker matches. At
// 5,000 guides it is about 1.2 GB on disk and a build takes several minutes.

import { mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { hasParent, reportToParent, runInChild } from "./lib/child.ts";
import { folderStats } from "./lib/files.ts";
import { formatBytes, formatMs, formatTable, formatTargetCheck, passes, type TargetCheck } from "./lib/format.ts";
import { BENCH_OUT, prepareScaleFixture } from "./lib/scale-fixture.ts";

const TARGET_BYTES = 4e9;
const DEFAULT_GUIDES = 5000;
const THIS_FILE = fileURLToPath(import.meta.url);

interface WorkerResult {
  ok: boolean;
  /** Stage -> highest RSS sampled while it ran, in bytes, in the order the stages ran. */
  stages: [string, number][];
  wallMs: number;
}

/** Child mode: builds `datasetDir` into `outDir`, sampling RSS by stage. */
async function worker(datasetDir: string, outDir: string): Promise<void> {
  const { buildDist } = await import("../generator/build.ts");
  const peaks = new Map<string, number>();
  let stage = "start";
  const sample = () => peaks.set(stage, Math.max(peaks.get(stage) ?? 0, process.memoryUsage.rss()));
  const sampler = setInterval(sample, 20);
  const started = performance.now();
  const result = await buildDist({
    datasetDir,
    outDir,
    onStage: (next) => {
      sample();
      stage = next;
    },
  });
  sample();
  clearInterval(sampler);
  await reportToParent({ ok: result.ok, stages: [...peaks], wallMs: performance.now() - started } satisfies WorkerResult);
}

async function main(): Promise<number> {
  let values: { guides?: string; fresh?: boolean };
  try {
    ({ values } = parseArgs({ options: { guides: { type: "string" }, fresh: { type: "boolean" } } }));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\nusage: npm run bench:memory [-- --guides N] [--fresh]\n`);
    return 2;
  }
  const guides = values.guides === undefined ? DEFAULT_GUIDES : Number(values.guides);
  if (!Number.isInteger(guides) || guides < 1) {
    process.stderr.write(`--guides must be a positive integer, got ${JSON.stringify(values.guides)}\n`);
    return 2;
  }
  const prepared = await prepareScaleFixture(values.fresh === true, { guides });
  if ("error" in prepared) {
    process.stderr.write(`bench:memory: cannot write the fixture: ${prepared.error}\n`);
    return 1;
  }
  process.stdout.write(`${prepared.line}\n`);
  const onDisk = await folderStats(prepared.dir, ["guides"]);
  const captures = await folderStats(prepared.dir, ["snapshots"]);
  const outDir = await mkdtemp(path.join(BENCH_OUT, "memory-"));
  try {
    process.stdout.write(`building ${guides} guides (${formatBytes(onDisk.bytes)} of guide files, ${formatBytes(captures.bytes)} of captures) in a child process...\n`);
    const run = await runInChild<WorkerResult>(THIS_FILE, ["--worker", prepared.dir, outDir]);
    if (!run.result.ok) {
      process.stdout.write("FAIL the build refused the fixture\n");
      return 1;
    }
    const target: TargetCheck = { name: `peak RSS of a build of ${guides} guides`, measured: run.peakRssBytes, limit: TARGET_BYTES, format: formatBytes };
    process.stdout.write(
      [
        "",
        formatTable(["stage", "highest RSS sampled"], run.result.stages.map(([stage, bytes]) => [stage, formatBytes(bytes)])),
        "",
        `peak RSS ${formatBytes(run.peakRssBytes)} (${(run.peakRssBytes / onDisk.bytes).toFixed(1)}x the guide files); build ${formatMs(run.result.wallMs)}`,
        guides === DEFAULT_GUIDES ? formatTargetCheck(target) : `(the target is set for ${DEFAULT_GUIDES} guides)`,
        "",
      ].join("\n"),
    );
    return guides !== DEFAULT_GUIDES || passes(target) ? 0 : 1;
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

const args = process.argv.slice(2);
if (args[0] === "--worker" && hasParent()) {
  worker(args[1]!, args[2]!).catch((error: unknown) => {
    process.stderr.write(`bench:memory worker failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  });
} else {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`bench:memory failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
