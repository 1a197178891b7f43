// `npm run bench:tests [-- --runs N] [-- vitest arguments]`: how long the whole test suite takes,
// run N times (3 by default) one after another, with the machine's CPU during each run.
//
// The suite keeps this 2-core machine busy from start to end, so its wall time follows its CPU;
// the CPU is read for the whole machine (/proc/stat, Linux), as the suite's Chromium and Deno
// processes are not children `process.resourceUsage()` would count. Run it with nothing else busy.
// A fixed loop is timed before the runs, as the host's own speed varies by half over a day: runs
// taken at different times compare only with their loop figures beside them.

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { formatMs, formatTable, formatTargetCheck, passes } from "./lib/format.ts";
import { median } from "./lib/stats.ts";

/** What `npm test` is meant to take here (the hardening issue's target), as a median of the runs. */
const TARGET_MS = 30_000;

/** CPU time the machine spent busy so far, in ms (every process; idle, iowait and steal excluded). */
function machineBusyMs(): number | null {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
    const [user, nice, system, , , irq, softirq] = fields;
    return ((user! + nice! + system! + irq! + softirq!) * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

/** The fixed loop: 10^8 additions in a fresh Node process. */
function loopMs(): number {
  const started = performance.now();
  spawnSync(process.execPath, ["-e", "let x = 0; for (let i = 0; i < 1e8; i++) x += i; if (x < 0) console.log(x);"], { stdio: "ignore" });
  return performance.now() - started;
}

function parseArguments(argv: readonly string[]): { runs: number; vitest: string[] } {
  const at = argv.indexOf("--runs");
  if (at === -1) return { runs: 3, vitest: [...argv] };
  const runs = Number(argv[at + 1]);
  if (!Number.isInteger(runs) || runs < 1) {
    console.error("--runs takes a whole number of runs, 1 or more");
    process.exit(2);
  }
  return { runs, vitest: argv.filter((_, i) => i !== at && i !== at + 1) };
}

const { runs, vitest } = parseArguments(process.argv.slice(2));
const loop = median([loopMs(), loopMs(), loopMs()]);
console.log(`fixed loop (10^8 additions): ${formatMs(loop)} (0.9 s in quiet hours here on 2026-11-23, up to 1.7 s in busy ones)`);

const rows: string[][] = [];
const walls: number[] = [];
for (let run = 1; run <= runs; run++) {
  const busyBefore = machineBusyMs();
  const started = performance.now();
  const result = spawnSync(process.execPath, ["node_modules/vitest/vitest.mjs", "run", "--reporter=dot", ...vitest], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const wallMs = performance.now() - started;
  const busyAfter = machineBusyMs();
  const summary = /Tests\s+(.*)/.exec(result.stdout.replace(/\x1b\[[0-9;]*m/g, ""))?.[1]?.trim() ?? "no summary";
  if (result.status !== 0) {
    console.error(result.stdout.slice(-4000), result.stderr.slice(-4000));
    console.error(`run ${run} failed (exit ${result.status}): ${summary}`);
    process.exit(1);
  }
  walls.push(wallMs);
  const cpu = busyBefore === null || busyAfter === null ? "n/a" : formatMs(busyAfter - busyBefore);
  rows.push([String(run), formatMs(wallMs), cpu, summary]);
  console.log(`run ${run}: ${formatMs(wallMs)} wall, ${cpu} CPU, ${summary}`);
}

console.log(`\n${formatTable(["run", "wall", "machine CPU", "tests"], rows)}\n`);
const check = { name: "median wall time of the suite", measured: median(walls), limit: TARGET_MS, format: formatMs };
console.log(formatTargetCheck(check));
process.exit(passes(check) ? 0 : 1);
