// `npm run changes -- --from A --to B [--json]`: what build B changes for API consumers against
// build A (each a build folder, whose serving generation is read, or a generation folder such as
// dist/g-...). Plain text grouped by kind, totals first; `--json` prints the changelog document
// every build also publishes at /changes/{dataset_version}.json.

import path from "node:path";
import { parseArgs } from "node:util";
import { changesBetween } from "../changes/compare.ts";
import { formatChanges } from "../changes/format.ts";
import { countResponseChanges, openBuild, snapshotOf } from "../changes/read-build.ts";
import { isMain, runAsMain, type CliIo } from "./main.ts";

const USAGE = "usage: npm run changes -- --from BUILD --to BUILD [--json]   (BUILD: a build folder such as dist/, or a generation folder dist/g-...)";

export async function runChanges(args: string[], io: CliIo): Promise<number> {
  const usageError = (message: string) => {
    io.stderr(`changes: ${message}\n${USAGE}\n`);
    return 2;
  };
  let values: { from?: string; to?: string; json?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({ args, options: { from: { type: "string" }, to: { type: "string" }, json: { type: "boolean" }, help: { type: "boolean", short: "h" } } }));
  } catch (error) {
    return usageError((error as Error).message);
  }
  if (values.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  if (values.from === undefined || values.to === undefined) return usageError("both --from and --to are required");
  const from = openBuild(path.resolve(io.cwd, values.from));
  if (!from.ok) return usageError(`--from: ${from.message}`);
  const to = openBuild(path.resolve(io.cwd, values.to));
  if (!to.ok) return usageError(`--to: ${to.message}`);
  const changes = changesBetween(snapshotOf(from.build), snapshotOf(to.build), countResponseChanges(from.build, to.build));
  io.stdout(values.json ? `${JSON.stringify(changes, null, 2)}\n` : formatChanges(changes));
  return 0;
}

if (isMain(import.meta.url)) {
  runAsMain("changes", runChanges);
}
