// `npm run bench:tests [-- [--runs N] [vitest arguments]]`: how long the suite (`npm test`) and the
// runtimes tier (`npm run test:runtimes`) take, run N times (3 by default) one after another, with the
// machine's CPU during each run. Exits 0 when the suite's median is under the target, 1 when it is
// not, 2 when a run fails or the arguments are wrong.
//
// Each tier keeps this 2-core machine busy from start to end, so its wall time follows its CPU;
// the CPU is read for the whole machine (/proc/stat, Linux), as the runtimes tier's Chromium, Deno
// and workerd processes are not children `process.resourceUsage()` would count. Run it with nothing else busy.
// A fixed loop is timed before the runs, as the host's own speed varies by half over a day: runs
// taken at different times compare only with their loop figures beside them.

import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { formatMs, formatTable, formatTargetCheck, passes } from "./lib/format.ts";
import { median } from "./lib/stats.ts";

/** What `npm test` is meant to take on this 2-core machine (docs/testing.md), as a median of the runs. */
const TARGET_MS = 30_000;

/**
 * CPU time of the whole machine so far, in ms: busy (every process; idle, iowait and steal
 * excluded), and stolen by the host for other guests, which is one way its slow spells show.
 */
function machineCpuMs(): { busy: number; steal: number } | null {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
    const [user, nice, system, , , irq, softirq, steal] = fields;
    const ms = (ticks: number) => (ticks * 1000) / 100; // USER_HZ is 100 on Linux
    return { busy: ms(user! + nice! + system! + irq! + softirq!), steal: ms(steal ?? 0) };
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

/** `--runs N` or `--runs=N`, and the rest for vitest (a lone `--`, which vitest would not read as a filter, dropped). */
function parseArguments(argv: readonly string[]): { runs: number; vitest: string[] } | { error: string } {
  let runs = 3;
  const vitest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const argument = argv[i]!;
    if (argument === "--") continue;
    const value = argument === "--runs" ? argv[++i] : argument.startsWith("--runs=") ? argument.slice("--runs=".length) : undefined;
    if (value === undefined) {
      vitest.push(argument);
      continue;
    }
    runs = Number(value);
    if (!Number.isInteger(runs) || runs < 1) return { error: "--runs takes a whole number of runs, 1 or more" };
  }
  return { runs, vitest };
}

const parsed = parseArguments(process.argv.slice(2));
if ("error" in parsed) {
  console.error(parsed.error);
  process.exit(2);
}
const { runs, vitest } = parsed;
const loop = median([loopMs(), loopMs(), loopMs()]);
console.log(`fixed loop (10^8 additions): ${formatMs(loop)} (0.9 s on a quiet host here, up to 1.7 s on a busy one)`);

/** One tier's run: its wall time, the machine's CPU meanwhile and vitest's summary; exits 2 when it fails. */
function runTier(project: string): { wallMs: number; cpu: string; steal: string; summary: string } {
  const before = machineCpuMs();
  const started = performance.now();
  const result = spawnSync(process.execPath, ["node_modules/vitest/vitest.mjs", "run", "--project", project, "--reporter=dot", ...(vitest.length > 0 ? ["--passWithNoTests"] : []), ...vitest], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const wallMs = performance.now() - started;
  const after = machineCpuMs();
  const output = result.stdout ?? "";
  const summary = /Tests\s+(.*)/.exec(output.replace(/\x1b\[[0-9;]*m/g, ""))?.[1]?.trim() ?? "no summary";
  if (result.error !== undefined || result.status !== 0) {
    console.error(output.slice(-4000), (result.stderr ?? "").slice(-4000));
    console.error(`${project} failed (${result.error?.message ?? `exit ${result.status}`}): ${summary}`);
    process.exit(2);
  }
  const measured = before !== null && after !== null;
  return { wallMs, cpu: measured ? formatMs(after.busy - before.busy) : "n/a", steal: measured ? formatMs(after.steal - before.steal) : "n/a", summary };
}

// Each run times the suite (`npm test`), then the runtimes tier (`npm run test:runtimes`), one after the other.
const TIERS = ["suite", "runtimes"] as const;
const rows: string[][] = [];
const walls: Record<(typeof TIERS)[number], number[]> = { suite: [], runtimes: [] };
for (let run = 1; run <= runs; run++) {
  for (const tier of TIERS) {
    const { wallMs, cpu, steal, summary } = runTier(tier);
    walls[tier].push(wallMs);
    rows.push([String(run), tier, formatMs(wallMs), cpu, steal, summary]);
    console.log(`run ${run}, ${tier}: ${formatMs(wallMs)} wall, ${cpu} CPU, ${steal} stolen, ${summary}`);
  }
}

console.log(`\n${formatTable(["run", "tier", "wall", "machine CPU", "stolen", "tests"], rows)}\n`);
console.log(`median wall time of the runtimes tier: ${formatMs(median(walls.runtimes))} (no target: CI runs it after the suite)`);
if (vitest.length > 0) {
  // The target is the whole suite's; a part of it is only timed.
  console.log(`median wall time of the selected part of the suite: ${formatMs(median(walls.suite))} (the ${formatMs(TARGET_MS)} target is for the whole suite)`);
  process.exit(0);
}
const check = { name: "median wall time of the suite", measured: median(walls.suite), limit: TARGET_MS, format: formatMs };
console.log(formatTargetCheck(check));
process.exit(passes(check) ? 0 : 1);
