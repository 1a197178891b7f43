// `npm run bench:build [-- --fresh]`: the build at the API's stated scale (the synthetic scale
// fixture: 298 items, 308 guides, about 2,400 files), against a baseline that derives the same files
// with the same derivation code and writes them with a plain loop, as fast as Node can, in the same
// run. Then: a rebuild with no change, a rebuild after one grading changed, and the deploy churn of
// that change (files whose bytes differ).
//
// The baseline derives as well as writes: a build is a few files per pair, so writing its bytes
// alone takes a fraction of a second, and what a full build's machinery (units, fingerprints, the
// index, links, the commit) must be measured against is the work it cannot avoid. The raw writes
// are timed too, and printed.
//
// Targets: full build's derivation and emit until the commit <= 1.5x the baseline; no-change rebuild < 1.5 s (whole process); one-grading
// rebuild serving in < 2 s and done in < 3 s (whole process: start-up, check, version, the
// incremental derivation, the changelog, pruning; the check takes every unchanged guide file's own
// outcome from the check cache the full build left in the folder); peak RSS < 1 GB; churn < 1% of files. Each timed step runs in its own
// child process so its peak RSS is its own. The disk is noisy: compare only figures of one run
// (`--rounds N` alternates baseline and full build N times, 2 by default, and compares medians;
// `--rebuilds K` times each rebuild K times, 3 by default, and reports the median run).

import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, promises as fs, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { buildDist, type BuildResult } from "../generator/build.ts";
import type { Dataset } from "../generator/dataset.ts";
import { buildFiles, bytesOf } from "../generator/derive/index.ts";
import { fingerprint } from "../generator/fingerprint.ts";
import type { Guide } from "../contract/schema/guide.ts";
import { loadDataset } from "../generator/validate/index.ts";
import { datasetVersion } from "../generator/version.ts";
import { hasParent, reportToParent, runInChild, type ChildRun } from "./lib/child.ts";
import { median } from "./lib/stats.ts";
import { formatBytes, formatCount, formatMs, formatTable, formatTargetCheck, passes, type TargetCheck } from "./lib/format.ts";
import { BENCH_OUT, prepareScaleFixture } from "./lib/scale-fixture.ts";

const THIS_FILE = fileURLToPath(import.meta.url);
const WORK = path.join(BENCH_OUT, "build");

type BuildReport = Extract<BuildResult, { ok: true }>;
interface BaselineReport {
  files: number;
  bytes: number;
  /** Deriving every file and writing it at once, one after another. */
  deriveAndWriteMs: number;
  /** Writing the derived bytes only. */
  syncMs: number;
  /** Only in the first round: it has never beaten the synchronous loop here. */
  asyncMs: number | null;
}

/** Child: one `npm run build` equivalent. */
async function buildWorker(datasetDir: string, outDir: string): Promise<void> {
  const result = await buildDist({ datasetDir, outDir });
  if (!result.ok) throw new Error(`the dataset is not valid: ${result.problems.length} problem(s), first: ${result.problems[0]?.message}`);
  await reportToParent(result);
}

/** Writes files at their paths under `root`, one after another. */
function writeAll(root: string, files: Iterable<{ path: string; body: string | Uint8Array }>): void {
  const made = new Set<string>();
  for (const file of files) {
    const target = path.join(root, file.path);
    const directory = path.dirname(target);
    if (!made.has(directory)) {
      mkdirSync(directory, { recursive: true });
      made.add(directory);
    }
    writeFileSync(target, bytesOf(file.body));
  }
}

/**
 * Child: the baseline. Derives the same files and writes each as it comes (timed), then writes
 * the derived bytes again, once with a synchronous loop and once with 64 concurrent async writes,
 * each into a fresh folder (the raw writes, printed).
 */
async function baselineWorker(datasetDir: string, outDir: string, withAsync: boolean): Promise<void> {
  const checked = await loadDataset(datasetDir);
  if (!checked.ok) throw new Error("the dataset is not valid");
  let started = performance.now();
  writeAll(path.join(outDir, "derived"), buildFiles(checked.value, "baseline"));
  const deriveAndWriteMs = performance.now() - started;
  const files = [...buildFiles(checked.value, "baseline")].map((file) => ({ path: file.path, body: bytesOf(file.body) }));
  const bytes = files.reduce((sum, file) => sum + file.body.byteLength, 0);

  flushDisk();
  started = performance.now();
  writeAll(path.join(outDir, "sync"), files);
  const syncMs = performance.now() - started;
  if (!withAsync) return reportToParent<BaselineReport>({ files: files.length, bytes, deriveAndWriteMs, syncMs, asyncMs: null });
  flushDisk();

  const asyncDir = path.join(outDir, "async");
  started = performance.now();
  const directories = new Map<string, Promise<unknown>>();
  const inFlight = new Set<Promise<void>>();
  for (const file of files) {
    const target = path.join(asyncDir, file.path);
    const directory = path.dirname(target);
    if (!directories.has(directory)) directories.set(directory, fs.mkdir(directory, { recursive: true }));
    const pending: Promise<void> = directories
      .get(directory)!
      .then(() => fs.writeFile(target, file.body))
      .finally(() => inFlight.delete(pending));
    inFlight.add(pending);
    if (inFlight.size >= 64) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  const asyncMs = performance.now() - started;
  await reportToParent<BaselineReport>({ files: files.length, bytes, deriveAndWriteMs, syncMs, asyncMs });
}

/** A copy of the dataset folder to edit. */
function copyDataset(datasetDir: string, copyDir: string): void {
  rmSync(copyDir, { recursive: true, force: true });
  cpSync(datasetDir, copyDir, { recursive: true });
}

/**
 * Changes one grading of the `which`-th guide file (in name order) in place: its evidence, which
 * every verdict on the seed shows. Says which.
 */
function changeOneGrading(datasetDir: string, which: number): string {
  const guidesDir = path.join(datasetDir, "guides");
  const file = readdirSync(guidesDir).filter((name) => name.endsWith(".json")).sort()[which]!;
  const guide = JSON.parse(readFileSync(path.join(guidesDir, file), "utf8")) as Guide;
  const grading = guide.systems[0]!.gradings[0]!;
  grading.evidence = grading.evidence === "text" ? "caption" : "text";
  writeFileSync(path.join(guidesDir, file), `${JSON.stringify(guide, null, 2)}\n`);
  return `${file}: systems[0].gradings[0] (seed ${grading.seed}) evidence -> ${grading.evidence}`;
}


/** Files whose bytes differ between the builds of two datasets (added and removed paths included). */
async function churn(before: string, after: string): Promise<{ changed: number; files: number }> {
  const prints = async (dir: string) => {
    const checked = await loadDataset(dir);
    if (!checked.ok) throw new Error(`${dir} is not valid`);
    const dataset: Dataset = checked.value;
    const version = datasetVersion(dataset);
    const map = new Map<string, string>();
    for (const file of buildFiles(dataset, version)) map.set(file.path, fingerprint(file.path, bytesOf(file.body)));
    return map;
  };
  const [a, b] = [await prints(before), await prints(after)];
  let changed = 0;
  for (const [file, print] of b) if (a.get(file) !== print) changed++;
  for (const file of a.keys()) if (!b.has(file)) changed++;
  return { changed, files: b.size };
}

/** Writes out every dirty page (sync(1)); where the command is missing, nothing. */
function flushDisk(): void {
  spawnSync("sync", { stdio: "ignore" });
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { fresh: { type: "boolean" }, rounds: { type: "string" }, rebuilds: { type: "string" } } });
  const rounds = Number(values.rounds ?? 2);
  const rebuilds = Number(values.rebuilds ?? 3);
  for (const [name, value, given] of [["rounds", rounds, values.rounds], ["rebuilds", rebuilds, values.rebuilds]] as const) {
    if (!Number.isInteger(value) || value < 1 || value > 9) {
      process.stderr.write(`--${name} must be 1..9, got ${JSON.stringify(given)}\n`);
      return 2;
    }
  }
  const prepared = await prepareScaleFixture(values.fresh === true);
  if ("error" in prepared) {
    process.stderr.write(`bench:build: cannot write the fixture: ${prepared.error}\n`);
    return 1;
  }
  process.stdout.write(`${prepared.line}\n`);
  // Everything from an earlier run goes first, so that neither the baseline nor the build pays for
  // freeing it (ext4 is slow to reuse freshly freed inodes) more than the other.
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  const changedDataset = path.join(WORK, "dataset-one-grading-changed");

  // The disk is noisy: baseline and full build alternate for a few rounds, each into a new folder
  // (nothing is deleted in between, for the reason above), and each step starts with the page
  // cache's dirty data written out so that none pays for the one before.
  const baselines: ChildRun<BaselineReport>[] = [];
  const fulls: ChildRun<BuildReport>[] = [];
  let outDir = "";
  for (let round = 1; round <= rounds; round++) {
    process.stdout.write(`round ${round}/${rounds}: baseline (same files and bytes${round === 1 ? "; sync loop, then 64 concurrent async writes" : ", sync loop"})...\n`);
    flushDisk();
    baselines.push(await runInChild<BaselineReport>(THIS_FILE, ["--baseline", prepared.dir, path.join(WORK, `baseline-${round}`), String(round === 1)]));
    process.stdout.write(`round ${round}/${rounds}: full build...\n`);
    outDir = path.join(WORK, `dist-${round}`);
    flushDisk();
    fulls.push(await runInChild<BuildReport>(THIS_FILE, ["--build", prepared.dir, outDir]));
  }
  const full = fulls.at(-1)!;
  // Each rebuild is timed `rebuilds` times and the run with the median figure is reported: one run
  // on this shared machine moves by a third. Each one-grading rebuild changes one more grading (in
  // another guide) of the copy the one before built: one grading away from the serving build, and a
  // version never built before (going back and forth would build a kept generation again).
  const agains: ChildRun<BuildReport>[] = [];
  for (let run = 1; run <= rebuilds; run++) {
    process.stdout.write(`rebuild, nothing changed (${run}/${rebuilds})...\n`);
    flushDisk();
    agains.push(await runInChild<BuildReport>(THIS_FILE, ["--build", prepared.dir, outDir]));
  }
  copyDataset(prepared.dir, changedDataset);
  const changeds: ChildRun<BuildReport>[] = [];
  for (let run = 1; run <= rebuilds; run++) {
    const change = changeOneGrading(changedDataset, run - 1);
    process.stdout.write(`rebuild after one grading changed (${run}/${rebuilds}: ${change})...\n`);
    flushDisk();
    changeds.push(await runInChild<BuildReport>(THIS_FILE, ["--build", changedDataset, outDir]));
  }
  process.stdout.write("deploy churn (deriving both builds in memory)...\n");
  copyDataset(prepared.dir, changedDataset);
  changeOneGrading(changedDataset, 0);
  const deploy = await churn(prepared.dir, changedDataset);

  const untilServing = (run: ChildRun<BuildReport>) =>
    run.result.emit.committedAfterMs +
    (run.result.timings.fingerprint ?? 0) +
    (run.result.timings.check ?? 0) +
    (run.result.timings.version ?? 0) +
    (run.result.timings.documents ?? 0);
  const baselineMs = median(baselines.map(({ result }) => result.deriveAndWriteMs));
  const rawWriteMs = median(baselines.map(({ result }) => Math.min(result.syncMs, result.asyncMs ?? Infinity)));
  const fullMs = median(fulls.map(untilServing));
  /** What the baseline does too: deriving and writing, until the commit (emit's own steps). */
  const fullEmitMs = median(fulls.map((run) => run.result.emit.committedAfterMs));
  /** The run whose figure is the median one (the lower middle of an even count). */
  const medianRun = (runs: ChildRun<BuildReport>[], figure: (run: ChildRun<BuildReport>) => number) => [...runs].sort((a, b) => figure(a) - figure(b))[Math.floor((runs.length - 1) / 2)]!;
  const again = medianRun(agains, (run) => run.wallMs);
  const changed = medianRun(changeds, untilServing);
  const changedWallMs = median(changeds.map((run) => run.wallMs));
  const row = (name: string, run: ChildRun<BuildReport>) => [
    name,
    formatMs(run.wallMs),
    formatMs(untilServing(run)),
    formatCount(run.result.emit.written),
    formatCount(run.result.emit.reused),
    formatBytes(run.peakRssBytes),
  ];
  const checks: TargetCheck[] = [
    // "<= 1.5x": a check passes strictly below its limit, so the limit is the next hundredth.
    { name: "full build (derive and emit until the commit) / baseline", measured: fullEmitMs / baselineMs, limit: 1.505, format: (r) => `${r.toFixed(2)}x` },
    { name: "rebuild, nothing changed (whole process)", measured: again.wallMs, limit: 1500, format: formatMs },
    { name: "rebuild, one grading changed, until serving", measured: untilServing(changed), limit: 2000, format: formatMs },
    { name: "rebuild, one grading changed (whole process)", measured: changedWallMs, limit: 3000, format: formatMs },
    { name: "peak RSS of a build", measured: Math.max(...[...fulls, ...agains, ...changeds].map((run) => run.peakRssBytes)), limit: 1e9, format: formatBytes },
    { name: "deploy churn", measured: (100 * deploy.changed) / deploy.files, limit: 1, format: (p) => `${p.toFixed(3)}%` },
  ];
  process.stdout.write(
    [
      "",
      `files ${formatCount(full.result.emit.files)}, bytes ${formatBytes(full.result.emit.bytes)} (dataset_version ${full.result.datasetVersion})`,
      `baseline (same ${formatCount(baselines[0]!.result.files)} files, ${formatBytes(baselines[0]!.result.bytes)}): derived and written ${baselines.map((b) => formatMs(b.result.deriveAndWriteMs)).join(", ")}; median ${formatMs(baselineMs)}`,
      `  raw writes of the same bytes: sync loop ${baselines.map((b) => formatMs(b.result.syncMs)).join(", ")}; 64 async ${formatMs(baselines[0]!.result.asyncMs!)}; median of the faster = ${formatMs(rawWriteMs)}`,
      `full build, derive and emit until the commit: ${fulls.map((run) => formatMs(run.result.emit.committedAfterMs)).join(", ")}; median ${formatMs(fullEmitMs)}`,
      `full build until serving (with fingerprint, check and version): ${fulls.map((run) => formatMs(untilServing(run))).join(", ")}; median ${formatMs(fullMs)}`,
      "",
      formatTable(["run", "wall (process)", "until serving", "written", "reused", "peak RSS"], [
        ...fulls.map((run, index) => row(`full build ${index + 1}`, run)),
        ...agains.map((run, index) => row(`rebuild, no change ${index + 1}`, run)),
        ...changeds.map((run, index) => row(`rebuild, one grading ${index + 1}`, run)),
      ]),
      `medians over ${rebuilds} rebuilds: no change ${formatMs(again.wallMs)} whole; one grading ${formatMs(untilServing(changed))} until serving, ${formatMs(changedWallMs)} whole`,
      "",
      `ratio full build / baseline: ${(fullEmitMs / baselineMs).toFixed(2)} (medians over ${rounds} rounds: derive + emit until the manifest commit, vs deriving and writing the same files)`,
      `full build until serving / raw writes of its bytes: ${(fullMs / rawWriteMs).toFixed(2)} (not a target: the check and the derivation, not writing, are a full build's time)`,
      `deploy churn after one grading: ${formatCount(deploy.changed)} of ${formatCount(deploy.files)} files differ (${((100 * deploy.changed) / deploy.files).toFixed(3)}%)`,
      `one-grading rebuild (the median run): ${Object.entries(changed.result.timings).map(([name, ms]) => `${name} ${formatMs(ms)}`).join(", ")}; committed ${formatMs(changed.result.emit.committedAfterMs)} into emit`,
      `  emit steps: ${Object.entries(changed.result.emit.timings ?? {}).map(([name, ms]) => `${name} ${formatMs(ms)}`).join(", ")}`,
      ...(changed.result.checked === undefined
        ? []
        : [`one-grading rebuild checked ${changed.result.checked.guideFiles - changed.result.checked.reused} of ${formatCount(changed.result.checked.guideFiles)} guide files (the others' own outcomes from the check cache the full build left)`]),
      ...checks.map(formatTargetCheck),
      "",
    ].join("\n"),
  );
  for (let round = 1; round <= rounds; round++) rmSync(path.join(WORK, `baseline-${round}`), { recursive: true, force: true });
  return checks.every(passes) ? 0 : 1;
}

const [mode, ...rest] = process.argv.slice(2);
const fail = (error: unknown) => {
  process.stderr.write(`bench:build failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
};
if (mode === "--build" && hasParent()) buildWorker(rest[0]!, rest[1]!).catch(fail);
else if (mode === "--baseline" && hasParent()) baselineWorker(rest[0]!, rest[1]!, rest[2] === "true").catch(fail);
else main().then((code) => process.exit(code), fail);
