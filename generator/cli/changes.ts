// `npm run changes -- --from A --to B [--json | --markdown] [--out FILE]`: what build B changes for
// API consumers against build A (each a build folder, whose serving generation is read, or a
// generation folder such as dist/g-...). Plain text grouped by kind, totals first, each added or
// removed guide with its items and systems; `--markdown` the same for a pull request comment;
// `--json` the changelog document every build also publishes at /changes/{dataset_version}.json.
//
// npm writes its own banner ("> pattern-seed-guides-api@0.1.0 changes ...") to stdout before the
// command starts, so `npm run changes -- --json > file` is not JSON, and no command can prevent it
// (only npm's `--silent` does, and setting that for the project would also hide npm's own errors).
// `--out FILE` writes the document itself, whatever runs the command; `npm run -s changes` also
// prints nothing but it.

import { writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { changesBetween } from "../changes/compare.ts";
import { formatChanges } from "../changes/format.ts";
import { changesForReview } from "../changes/guide-summary.ts";
import { markdownChanges } from "../changes/markdown.ts";
import { countResponseChanges, openBuild, snapshotOf } from "../changes/read-build.ts";
import { isMain, runAsMain, type CliIo } from "./main.ts";

const USAGE = [
  "usage: npm run changes -- --from BUILD --to BUILD [--json | --markdown] [--out FILE]",
  "  BUILD: a build folder such as dist/, or a generation folder dist/g-...",
  "  --json      the changelog document (the one a build publishes), nothing else",
  "  --markdown  headings and tables for a pull request comment",
  "  --out FILE  write to FILE instead of stdout (npm prints a banner to stdout; or use npm run -s)",
].join("\n");

export async function runChanges(args: string[], io: CliIo): Promise<number> {
  const usageError = (message: string) => {
    io.stderr(`changes: ${message}\n${USAGE}\n`);
    return 2;
  };
  let values: { from?: string; to?: string; json?: boolean; markdown?: boolean; out?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      args,
      options: {
        from: { type: "string" },
        to: { type: "string" },
        json: { type: "boolean" },
        markdown: { type: "boolean" },
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
  if (values.from === undefined || values.to === undefined) return usageError("both --from and --to are required");
  if (values.json && values.markdown) return usageError("--json and --markdown are two formats: give one");
  if (values.out === "") return usageError("--out needs a file name");
  const from = openBuild(path.resolve(io.cwd, values.from));
  if (!from.ok) return usageError(`--from: ${from.message}`);
  const to = openBuild(path.resolve(io.cwd, values.to));
  if (!to.ok) return usageError(`--to: ${to.message}`);
  const [before, after] = [snapshotOf(from.build), snapshotOf(to.build)];
  const changes = changesBetween(before, after, countResponseChanges(from.build, to.build));
  const { guides } = changesForReview(before, after, changes);
  const text = values.json ? `${JSON.stringify(changes, null, 2)}\n` : values.markdown ? markdownChanges(changes, guides) : formatChanges(changes, guides);
  if (values.out === undefined) {
    io.stdout(text);
    return 0;
  }
  const file = path.resolve(io.cwd, values.out);
  try {
    await writeFile(file, text);
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
