// `npm run check [-- DIR]`: check a dataset folder (default: the repository's dataset/) and print every
// problem, one a line, then a summary. Exit 0 when the dataset is good, 1 when it has problems, 2 on a
// usage error. A mistake in the data is a problem line, never a stack trace.

import { stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { isMain, runAsMain, type CliIo } from "./main.ts";
import { DEFAULT_LIMITS, LIMIT_OPTIONS, formatByteSize, parseByteSize, type DatasetFolder } from "../load/limits.ts";
import { loadDataset } from "../validate/index.ts";
import { checkReport } from "../validate/report.ts";

const USAGE = [
  "usage: npm run check [-- [DIR] [--max-item-size SIZE] [--max-guide-size SIZE] [--max-capture-size SIZE]]",
  "  DIR: a dataset folder (default dataset/)",
  `  SIZE: the largest file read from items/, guides/ or snapshots/, e.g. 2MiB (defaults ${Object.values(DEFAULT_LIMITS.maxBytes).map(formatByteSize).join(", ")})`,
].join("\n");
const DEFAULT_DATASET = fileURLToPath(new URL("../../dataset/", import.meta.url));

export type CheckIo = CliIo;

/** Runs the check for the given arguments; resolves to the exit code. */
export async function runCheck(args: string[], io: CheckIo): Promise<number> {
  const usageError = (message: string) => {
    io.stderr(`check: ${message}\n${USAGE}\n`);
    return 2;
  };
  let positionals: string[];
  let values: { help?: boolean; "max-item-size"?: string; "max-guide-size"?: string; "max-capture-size"?: string };
  try {
    ({ positionals, values } = parseArgs({
      args,
      options: { help: { type: "boolean", short: "h" }, "max-item-size": { type: "string" }, "max-guide-size": { type: "string" }, "max-capture-size": { type: "string" } },
      allowPositionals: true,
    }));
  } catch (error) {
    return usageError((error as Error).message);
  }
  if (values.help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  const maxBytes = { ...DEFAULT_LIMITS.maxBytes };
  for (const [folder, option] of Object.entries(LIMIT_OPTIONS) as [DatasetFolder, string][]) {
    const given = values[option.slice(2) as keyof typeof values] as string | undefined;
    if (given === undefined) continue;
    const bytes = parseByteSize(given);
    if (bytes === null) return usageError(`${option} must be a size such as 2MiB, 512KiB or 100000, got ${JSON.stringify(given)}`);
    maxBytes[folder] = bytes;
  }
  if (positionals.length > 1) return usageError(`one dataset folder at most, got ${positionals.length}`);
  const dir = positionals[0] === undefined ? DEFAULT_DATASET : path.resolve(io.cwd, positionals[0]);
  if (!(await isDirectory(dir))) return usageError(`${positionals[0] ?? dir} is not a folder`);

  const checked = await loadDataset(dir, { ...DEFAULT_LIMITS, maxBytes });
  io.stdout(`${checkReport(checked).join("\n")}\n`);
  return checked.ok ? 0 : 1;
}

async function isDirectory(location: string): Promise<boolean> {
  try {
    return (await stat(location)).isDirectory();
  } catch {
    return false;
  }
}

if (isMain(import.meta.url)) {
  runAsMain("check", runCheck);
}
