// `npm run test:mutation` ends here: the score of each folder under mutation, and of the files held to
// a higher bar, from StrykerJS's JSON report (stryker.config.mjs), each against its threshold. The
// score is the share of mutants the tests detect (killed, or timed out) among those they could
// (killed, survived, no coverage), leaving out the mutants stryker.equivalent.json lists as unable
// to change behaviour, and counting apart those reached only while a module loads (not tested, see
// stryker.config.mjs). A listed mutant that no longer survives is named, so the list stays true.
// `node tools/mutation/scores.ts [REPORT]`; exit 1 when a threshold is missed or the list is stale.

import { readFileSync } from "node:fs";
import path from "node:path";
import { isMain, runAsMain, type CliIo } from "../../generator/cli/main.ts";

/** What a threshold holds: a folder (ending in `/`, every file under it) or one file. */
export interface Threshold {
  scope: string;
  minimum: number;
}

/**
 * The checks that keep a damaged file from being served (the fingerprint, the pack's directory and
 * its chunks, the serving index, the reader, conditional requests) at 95 %; every folder under mutation at 85 %.
 */
export const THRESHOLDS: readonly Threshold[] = [
  { scope: "contract/fingerprint.ts", minimum: 95 },
  { scope: "contract/pack.ts", minimum: 95 },
  { scope: "contract/pack-chunks.ts", minimum: 95 },
  { scope: "contract/serving-index.ts", minimum: 95 },
  { scope: "edge/build-reader.ts", minimum: 95 },
  { scope: "edge/conditional.ts", minimum: 95 },
  { scope: "contract/", minimum: 85 },
  { scope: "edge/", minimum: 85 },
  { scope: "generator/derive/", minimum: 85 },
  { scope: "generator/emit/", minimum: 85 },
  { scope: "generator/changes/", minimum: 85 },
  { scope: "generator/capture/", minimum: 85 },
  { scope: "tools/workbench/", minimum: 85 },
];

/** The part of StrykerJS's JSON report (mutation-testing-report-schema) read here. */
export interface MutationReport {
  files: Record<string, { source: string; mutants: readonly ReportedMutant[] }>;
}
export interface ReportedMutant {
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}

/** A mutant that cannot change behaviour: its file, the source line it is on (trimmed), its mutator and replacement, and why. */
export interface Equivalent {
  file: string;
  code: string;
  mutator: string;
  replacement: string;
  reason: string;
}

export interface Counts {
  killed: number;
  survived: number;
  noCoverage: number;
  equivalent: number;
  /** Reached only while a module loads or a test file sets up, never inside a test: not run (StrykerJS's `ignoreStatic`). */
  loadOnly: number;
}

const DETECTED = new Set(["Killed", "Timeout"]);
const UNDETECTED: Record<string, keyof Counts> = { Survived: "survived", NoCoverage: "noCoverage" };
/** StrykerJS's status for a mutant it did not run; with `ignoreStatic`, one reached only as a module loads. */
const IGNORED = "Ignored";

const collapsed = (text: string) => text.replace(/\s+/g, " ").trim();

/** Counts per file, and the listed equivalents that match no undetected mutant of a file in the report. */
export function tally(report: MutationReport, equivalents: readonly Equivalent[]): { files: Map<string, Counts>; stale: Equivalent[] } {
  const files = new Map<string, Counts>();
  const matched = new Set<Equivalent>();
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    const lines = source.split("\n");
    const counts: Counts = { killed: 0, survived: 0, noCoverage: 0, equivalent: 0, loadOnly: 0 };
    for (const mutant of mutants) {
      if (DETECTED.has(mutant.status)) counts.killed++;
      if (mutant.status === IGNORED) counts.loadOnly++;
      const undetected = UNDETECTED[mutant.status];
      if (undetected === undefined) continue;
      const code = collapsed(lines[mutant.location.start.line - 1] ?? "");
      const listed = equivalents.filter((entry) => entry.file === file && collapsed(entry.code) === code && entry.mutator === mutant.mutatorName && collapsed(entry.replacement) === collapsed(mutant.replacement ?? ""));
      for (const entry of listed) matched.add(entry);
      counts[listed.length > 0 ? "equivalent" : undetected]++;
    }
    files.set(file, counts);
  }
  const stale = equivalents.filter((entry) => Object.hasOwn(report.files, entry.file) && !matched.has(entry));
  return { files, stale };
}

export interface ScoreRow extends Counts {
  scope: string;
  minimum: number;
  /** Detected among those that could be, in percent; null when the scope has no such mutant in the report. */
  score: number | null;
}

const inScope = (scope: string, file: string) => (scope.endsWith("/") ? file.startsWith(scope) : file === scope);

export function scoreRows(files: ReadonlyMap<string, Counts>, thresholds: readonly Threshold[]): ScoreRow[] {
  return thresholds.map(({ scope, minimum }) => {
    const sum: Counts = { killed: 0, survived: 0, noCoverage: 0, equivalent: 0, loadOnly: 0 };
    for (const [file, counts] of files) {
      if (!inScope(scope, file)) continue;
      for (const key of Object.keys(sum) as (keyof Counts)[]) sum[key] += counts[key];
    }
    const counted = sum.killed + sum.survived + sum.noCoverage;
    return { scope, minimum, ...sum, score: counted === 0 ? null : (100 * sum.killed) / counted };
  });
}

export const missed = (row: ScoreRow): boolean => row.score !== null && row.score < row.minimum;

/** The table printed after a run: one line per scope, then the stale equivalents. */
export function scoreText(rows: readonly ScoreRow[], stale: readonly Equivalent[]): string {
  const header = ["scope", "score", "minimum", "killed", "survived", "no coverage", "equivalent", "load only"];
  const body = rows.map((row) => [row.scope, row.score === null ? "-" : `${row.score.toFixed(1)} %`, `${row.minimum} %`, row.killed, row.survived, row.noCoverage, row.equivalent, row.loadOnly].map(String));
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => cells[column]!.length)));
  const line = (cells: readonly string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ");
  const below = rows.filter(missed).map((row) => `below its minimum: ${row.scope} (${row.score!.toFixed(1)} %, at least ${row.minimum} %)`);
  const stalely = stale.map((entry) => `listed as equivalent but not among the survivors (stryker.equivalent.json): ${entry.file}: ${entry.mutator} ${JSON.stringify(entry.code)}`);
  return `${[line(header), ...body.map(line), ...below, ...stalely].join("\n")}\n`;
}

export async function runScores(args: string[], io: CliIo): Promise<number> {
  const root = new URL("../../", import.meta.url);
  const report = JSON.parse(readFileSync(args[0] === undefined ? new URL("reports/mutation/mutation.json", root) : path.resolve(io.cwd, args[0]), "utf8")) as MutationReport;
  const equivalents = JSON.parse(readFileSync(new URL("stryker.equivalent.json", root), "utf8")) as Equivalent[];
  const { files, stale } = tally(report, equivalents);
  const rows = scoreRows(files, THRESHOLDS);
  io.stdout(scoreText(rows, stale));
  return rows.some(missed) || stale.length > 0 ? 1 : 0;
}

if (isMain(import.meta.url)) runAsMain("test:mutation", runScores);
