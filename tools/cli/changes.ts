// `npm run changes -- --from A --to B [--json | --markdown | --responses] [--out FILE]`: what build B
// changes for API consumers against build A (each a build folder, whose serving generation is read,
// or a generation folder such as dist/g-...). Plain text grouped by kind, totals first, each added or
// removed guide with its items and systems, each guide both hold with what else changes in it;
// `--markdown` the same for a pull request comment, naming the first responses that change;
// `--responses` every response that changes, one request a line; `--json` the changelog document
// every build also publishes at /changes/{dataset_version}.json.
//
// `npm run changes -- --against [REF] [--dataset DIR] [--out FILE]` previews a dataset change instead:
// the comment a pull request of this checkout's dataset would get against REF, `main` by default
// (tools/ci/against.ts).
//
// npm writes its own banner ("> pattern-seed-guides-api@0.1.0 changes ...") to stdout before the
// command starts, so `npm run changes -- --json > file` is not JSON, and no command can prevent it
// (only npm's `--silent` does, and setting that for the project would also hide npm's own errors).
// `--out FILE` writes the document itself, whatever runs the command; `npm run -s changes` also
// prints nothing but it.

import { writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { previewAgainst } from "../ci/against.ts";
import { changesBetween } from "../../generator/changes/compare.ts";
import { formatChanges } from "../../generator/changes/format.ts";
import { changesForReview } from "../../generator/changes/guide-summary.ts";
import { markdownChanges } from "../../generator/changes/markdown.ts";
import { eachResponseChange, openBuild, snapshotOf, type ResponseRef } from "../../generator/changes/read-build.ts";
import { responseNames, type ResponseNames } from "../../generator/changes/response-names.ts";
import type { Change } from "../../generator/changes/response-runs.ts";
import { isMain, runAsMain, type CliIo } from "../../generator/cli/main.ts";

const USAGE = [
  "usage: npm run changes -- --from BUILD --to BUILD [--json | --markdown | --responses] [--out FILE]",
  "       npm run changes -- --against [REF] [--dataset DIR] [--out FILE]",
  "  BUILD: a build folder such as dist/, or a generation folder dist/g-...",
  "  --json       the changelog document (the one a build publishes), nothing else",
  "  --markdown   headings and tables for a pull request comment",
  "  --responses  every response that changes, one request a line",
  "  --against    the comment a pull request of the dataset (DIR, by default the repository's dataset/)",
  "               would get against REF (a branch, a tag, a commit; main by default)",
  "  --out FILE   write to FILE instead of stdout (npm prints a banner to stdout; or use npm run -s)",
].join("\n");

interface Values {
  from?: string;
  to?: string;
  against?: string;
  dataset?: string;
  json?: boolean;
  markdown?: boolean;
  responses?: boolean;
  out?: string;
  help?: boolean;
}

/** `--against` without a ref (last, or followed by another option) compares with main. */
const DEFAULT_REF = "main";
const withDefaultRef = (args: string[]) => args.flatMap((arg, at) => (arg === "--against" && (args[at + 1] === undefined || args[at + 1]!.startsWith("-")) ? [arg, DEFAULT_REF] : [arg]));

/** `--responses`: one line per response, `changed /v1/...`, the changed first, then the added and the removed. */
const responseLines = (names: ResponseNames) => (["changed", "added", "removed"] as const).flatMap((change) => names[change].map((request) => `${change} ${request}\n`)).join("");

/** The text of a comparison of two builds, in the format asked for; a string is a usage mistake. */
function compared(values: Values, io: CliIo): { text: string } | string {
  if (values.from === undefined || values.to === undefined) return "both --from and --to are required (or --against REF)";
  if ([values.json, values.markdown, values.responses].filter(Boolean).length > 1) return "--json, --markdown and --responses are three formats: give one";
  if (values.dataset !== undefined) return "--dataset goes with --against";
  const from = openBuild(path.resolve(io.cwd, values.from));
  if (!from.ok) return `--from: ${from.message}`;
  const to = openBuild(path.resolve(io.cwd, values.to));
  if (!to.ok) return `--to: ${to.message}`;
  const [before, after] = [snapshotOf(from.build), snapshotOf(to.build)];
  const refs: Record<Change, ResponseRef[]> = { changed: [], added: [], removed: [] };
  eachResponseChange(from.build, to.build, (change, response) => refs[change].push(response));
  const changes = changesBetween(before, after, { changed: refs.changed.length, added: refs.added.length, removed: refs.removed.length });
  if (values.json) return { text: `${JSON.stringify(changes, null, 2)}\n` };
  if (values.responses) return { text: responseLines(responseNames(before, after, refs)) };
  const { guides } = changesForReview(before, after, changes);
  return { text: values.markdown ? markdownChanges(changes, guides, responseNames(before, after, refs)) : formatChanges(changes, guides) };
}

export async function runChanges(args: string[], io: CliIo): Promise<number> {
  const usageError = (message: string) => {
    io.stderr(`changes: ${message}\n${USAGE}\n`);
    return 2;
  };
  let values: Values;
  try {
    ({ values } = parseArgs({
      args: withDefaultRef(args),
      options: {
        from: { type: "string" },
        to: { type: "string" },
        against: { type: "string" },
        dataset: { type: "string" },
        json: { type: "boolean" },
        markdown: { type: "boolean" },
        responses: { type: "boolean" },
        out: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    }));
  } catch (error) {
    return usageError((error as Error).message);
  }
  if (values.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  if (values.out === "") return usageError("--out needs a file name");
  if (values.against !== undefined) {
    if (values.from !== undefined || values.to !== undefined) return usageError("--against compares with a git ref: leave --from and --to out");
    if (values.json || values.markdown || values.responses) return usageError("--against prints the pull request's comment: leave the format out");
    if (values.against === "") return usageError("--against needs a git ref, such as main");
    return previewAgainst({ ref: values.against, dataset: values.dataset, out: values.out }, io);
  }
  const result = compared(values, io);
  if (typeof result === "string") return usageError(result);
  if (values.out === undefined) {
    io.stdout(result.text);
    return 0;
  }
  const file = path.resolve(io.cwd, values.out);
  try {
    await writeFile(file, result.text);
  } catch (error) {
    io.stderr(`changes: cannot write ${file}: ${(error as Error).message}\n`);
    return 1;
  }
  io.stderr(`changes: wrote ${file}\n`);
  return 0;
}

if (isMain(import.meta.url)) {
  runAsMain("changes", runChanges);
}
