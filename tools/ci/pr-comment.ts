// `node tools/ci/pr-comment.ts WORK [--pull-request N] [--graded-seeds-url URL] [--run-url URL] [--summary FILE]`: the
// pull-request job's last step. Reads what tools/ci/dataset-check.sh and dataset-changes.sh left in
// WORK and writes the pull request's comment into WORK/comment/ (`comment.md`; `changed`, "true"
// unless the dataset changes nothing; `pull-request`, its number), for dataset-comment.yml to post.
// Prints the comment, and adds it to FILE (the job's summary, $GITHUB_STEP_SUMMARY, in the workflow)
// with every response that changes, which the comment names only the first of.
//
// Nothing from node_modules: the commenting workflow imports COMMENT_MARKER without installing anything.

import { appendFile, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { MAX_RESPONSE_LINES } from "../../generator/changes/markdown.ts";
import { changeRuns, runCount, type Change } from "../../generator/changes/response-runs.ts";
import { isMain, runAsMain, type CliIo } from "../../generator/cli/main.ts";

/** The first line of every comment this job writes: how the next run finds the comment to update. */
export const COMMENT_MARKER = "<!-- pattern-seed-guides-api: dataset changes -->";

/** GitHub refuses a comment body longer than this. */
export const MAX_COMMENT_CHARS = 65_536;

/** GitHub keeps at most 1 MiB of a step's summary; the list of responses stops short of it. */
export const MAX_SUMMARY_CHARS = 1_000_000;

const SNAPSHOT = "test/snapshots/graded-seeds.txt";

/** What the job's steps found; null where a step did not run or did not finish. */
export interface JobOutcome {
  check: { status: number; output: string } | null;
  changes: { markdown: string; from: string | null; to: string } | null;
  /** Every response that changes, `changed /v1/...` a line (`npm run changes -- --responses`); null when not listed. */
  responses: string[] | null;
  gradedSeeds: { diff: string; committed: "current" | "stale" } | null;
  gradedSeedsUrl?: string;
  runUrl?: string;
}

export function pullRequestComment(outcome: JobOutcome): { body: string; changed: boolean } {
  const run = outcome.runUrl ? ` ([the run](${outcome.runUrl}))` : "";
  const { check, changes, gradedSeeds } = outcome;
  if (check === null) {
    return comment(["## Dataset changes not computed", "", `The job stopped before the dataset check: its log says why${run}.`], true);
  }
  if (check.status !== 0) {
    const lines = check.output.trimEnd().split("\n");
    const shown = firstLines(lines, MAX_CHECK_LINES, MAX_CHECK_CHARS);
    return comment(
      [
        "## Dataset check failed",
        "",
        `\`npm run check\` found problems in the pull request's dataset, so nothing was built or compared${run}. Its lines:`,
        "",
        ...fenced("text", shown),
        ...(shown.length < lines.length ? ["", `… and ${lineCount(lines.length - shown.length)} more in the job's log.`] : []),
        "",
        "`npm run check` prints the same on your machine (dataset/README.md, \"Adding a guide\").",
      ],
      true,
    );
  }
  if (changes === null || gradedSeeds === null) {
    return comment(["## Dataset changes not computed", "", `The dataset check passed, but building or comparing the two datasets failed: the job's log says why${run}.`], true);
  }
  if (changes.from === changes.to) {
    return comment(
      ["## Dataset changes", "", `None for API consumers: the pull request's dataset builds the same \`dataset_version\` as its base's (\`${changes.to}\`).`, ...snapshotNote(gradedSeeds.committed), ...footer(outcome)],
      false,
    );
  }
  const head = [changes.markdown.trimEnd(), ...everyResponseNote(outcome), "", "### Graded seeds", ""];
  const tail = [...snapshotNote(gradedSeeds.committed), ...footer(outcome)];
  return comment([...head, ...gradedSeedsSection(gradedSeeds.diff, outcome.gradedSeedsUrl, MAX_COMMENT_CHARS - length([COMMENT_MARKER, ...head, ...tail])), ...tail], true);
}

/** Where every response is listed, when the comment names only the first (markdown.ts, MAX_RESPONSE_LINES lines). */
function everyResponseNote({ responses, runUrl }: JobOutcome): string[] {
  if (responses === null || responseRuns(responses).length <= MAX_RESPONSE_LINES) return [];
  const where = runUrl ? `[this run's summary](${runUrl})` : "the job's summary";
  return ["", `All ${responses.length.toLocaleString("en")} responses that change are listed in ${where}.`];
}

/** `changed /v1/...` lines (`npm run changes -- --responses`) as runs, each line its kind and its request or run. */
function responseRuns(responses: readonly string[]): string[] {
  const byChange: Record<Change, string[]> = { changed: [], added: [], removed: [] };
  for (const line of responses) {
    const [change, request] = [line.slice(0, line.indexOf(" ")), line.slice(line.indexOf(" ") + 1)];
    if (change in byChange) byChange[change as Change].push(request);
  }
  return changeRuns(byChange).map((run) => `${run.change} ${run.text}${runCount(run)}`);
}

/** The summary's list of every response that changes, after the comment, as long as the summary has room. */
export function summaryList(responses: readonly string[] | null, room: number): string {
  if (responses === null || responses.length === 0) return "";
  const lines = responseRuns(responses);
  const wrap = (shown: string[], note: string[]) =>
    [`<details><summary>Every response that changes (${responses.length.toLocaleString("en")})</summary>`, "", ...fenced("text", shown), ...note, "", "</details>", ""].join("\n");
  let shown = lines;
  let text = wrap(shown, []);
  while (text.length > room && shown.length > 0) {
    shown = shown.slice(0, Math.max(0, Math.floor(shown.length * 0.8) - 1));
    text = wrap(shown, ["", `The first ${shown.length.toLocaleString("en")} of ${lines.length.toLocaleString("en")} lines; \`npm run changes -- --responses\` between the two builds lists them all.`]);
  }
  return `\n${text}`;
}

/** Of the check's output, what the comment shows: a dataset with thousands of problems is read in the log. */
const MAX_CHECK_LINES = 200;
const MAX_CHECK_CHARS = 50_000;

function firstLines(lines: string[], count: number, chars: number): string[] {
  const shown: string[] = [];
  let used = 0;
  for (const line of lines.slice(0, count)) {
    used += line.length + 1;
    if (used > chars) break;
    shown.push(line);
  }
  return shown;
}

function comment(lines: string[], changed: boolean): { body: string; changed: boolean } {
  return { body: `${[COMMENT_MARKER, ...lines].join("\n")}\n`, changed };
}

const length = (lines: string[]) => lines.reduce((sum, line) => sum + line.length + 1, 0);

/** A fenced block that no run of backticks inside it can close (quotes are the guides' own text). */
function fenced(language: string, lines: string[]): string[] {
  const longest = Math.max(0, ...lines.map((line) => Math.max(0, ...(line.match(/`+/g) ?? []).map((run) => run.length))));
  const fence = "`".repeat(Math.max(3, longest + 1));
  return [`${fence}${language}`, ...lines, fence];
}

function gradedSeedsSection(diff: string, url: string | undefined, room: number): string[] {
  const lines = diff.trimEnd() === "" ? [] : diff.trimEnd().split("\n");
  if (lines.length === 0) return [`No line of \`${SNAPSHOT}\` changes: no reader of a seed sees anything new.`];
  const added = lines.filter((line) => line.startsWith("+") && !line.startsWith("+++")).length;
  const removed = lines.filter((line) => line.startsWith("-") && !line.startsWith("---")).length;
  const where = url ? `[graded-seeds.diff](${url})` : "`graded-seeds.diff`, attached to the run";
  const intro = [`\`${SNAPSHOT}\`, what readers of the seed endpoint see, changes by ${lineCount(added)} added and ${removed.toLocaleString("en")} removed: ${where}.`, ""];
  const wrap = (shown: string[], note: string[]) => [...intro, "<details><summary>The diff</summary>", "", ...fenced("diff", shown), ...note, "", "</details>"];
  let shown = lines;
  let section = wrap(shown, []);
  // Long diffs are cut to what fits in one comment; the attached file has all of it.
  while (length(section) > room && shown.length > 0) {
    shown = shown.slice(0, Math.max(0, Math.floor(shown.length * 0.8) - 1));
    section = wrap(shown, ["", `The first ${shown.length.toLocaleString("en")} of ${lines.length.toLocaleString("en")} lines; ${where} has them all.`]);
  }
  return section;
}

const lineCount = (count: number) => `${count.toLocaleString("en")} line${count === 1 ? "" : "s"}`;

function snapshotNote(committed: "current" | "stale"): string[] {
  return committed === "current"
    ? ["", `The pull request's \`${SNAPSHOT}\` is the one its dataset gives.`]
    : ["", `**The pull request's \`${SNAPSHOT}\` is not the one its dataset gives**: run \`npx vitest run test/dataset/graded-seeds.test.ts -u\`, read its diff and commit it (dataset/README.md, "Adding a guide", step 8).`];
}

function footer(outcome: JobOutcome): string[] {
  const run = outcome.runUrl ? `[This run](${outcome.runUrl}) built` : "Built";
  return ["", `<sub>${run} the pull request's dataset and its base's with the pull request's code, so these are the dataset's changes alone.</sub>`];
}

/** The outcome the job's steps left in `work`. */
export async function readOutcome(work: string): Promise<Omit<JobOutcome, "gradedSeedsUrl" | "runUrl">> {
  const text = (name: string) => readFile(path.join(work, name), "utf8").catch(() => null);
  const [status, output, markdown, json, diff, committed, responses] = await Promise.all([
    text("check.status"),
    text("check.txt"),
    text("changes.md"),
    text("changes.json"),
    text("graded-seeds.diff"),
    text("graded-seeds.committed"),
    text("responses.txt"),
  ]);
  const check = status === null ? null : { status: Number(status.trim()), output: output ?? "" };
  let changes: JobOutcome["changes"] = null;
  if (markdown !== null && json !== null) {
    const { from, to } = JSON.parse(json) as { from: string | null; to: string };
    changes = { markdown, from, to };
  }
  const gradedSeeds = diff !== null && committed !== null ? { diff, committed: committed.trim() === "current" ? ("current" as const) : ("stale" as const) } : null;
  return { check, changes, responses: responses === null ? null : responses.split("\n").filter((line) => line !== ""), gradedSeeds };
}

/** Writes the comment for the outcome left in `work`; the CLI's work, callable from a test. */
export async function writeComment(work: string, options: { pullRequest?: string; gradedSeedsUrl?: string; runUrl?: string; summary?: string }, io: Pick<CliIo, "stdout">): Promise<void> {
  // Empty values are what the workflow passes for an output a skipped step did not set.
  const nonEmpty = (value: string | undefined) => (value === "" ? undefined : value);
  const outcome: JobOutcome = { ...(await readOutcome(work)), gradedSeedsUrl: nonEmpty(options.gradedSeedsUrl), runUrl: nonEmpty(options.runUrl) };
  const { body, changed } = pullRequestComment(outcome);
  const folder = path.join(work, "comment");
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, "comment.md"), body);
  await writeFile(path.join(folder, "changed"), `${changed}\n`);
  const pullRequest = nonEmpty(options.pullRequest);
  if (pullRequest !== undefined) await writeFile(path.join(folder, "pull-request"), `${pullRequest}\n`);
  const summary = nonEmpty(options.summary);
  if (summary !== undefined) await appendFile(summary, `${body}${summaryList(outcome.responses, MAX_SUMMARY_CHARS - body.length)}`);
  io.stdout(body);
}

export async function runPrComment(args: string[], io: CliIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args, options: { "pull-request": { type: "string" }, "graded-seeds-url": { type: "string" }, "run-url": { type: "string" }, summary: { type: "string" } }, allowPositionals: true });
  } catch (error) {
    io.stderr(`pr-comment: ${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  const { positionals, values } = parsed;
  if (positionals.length !== 1) {
    io.stderr(`${USAGE}\n`);
    return 2;
  }
  await writeComment(path.resolve(io.cwd, positionals[0]!), { pullRequest: values["pull-request"], gradedSeedsUrl: values["graded-seeds-url"], runUrl: values["run-url"], summary: values.summary }, io);
  return 0;
}

const USAGE = "usage: node tools/ci/pr-comment.ts WORK [--pull-request N] [--graded-seeds-url URL] [--run-url URL] [--summary FILE]";

if (isMain(import.meta.url)) {
  runAsMain("pr-comment", runPrComment);
}
