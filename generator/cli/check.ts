// `npm run check [-- DIR]`: check a dataset folder (default: the repository's dataset/) and print every
// problem, one a line, then a summary. Exit 0 when the dataset is good, 1 when it has problems, 2 on a
// usage error. A mistake in the data is a problem line, never a stack trace.

import { stat } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { loadDataset } from "../validate/index.ts";
import { checkReport } from "../validate/report.ts";

const USAGE = "usage: npm run check [-- DIR]   (DIR: a dataset folder; default dataset/)";
const DEFAULT_DATASET = fileURLToPath(new URL("../../dataset/", import.meta.url));

export interface CheckIo {
  /** Where a relative DIR is resolved from. */
  cwd: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** Runs the check for the given arguments; resolves to the exit code. */
export async function runCheck(args: string[], io: CheckIo): Promise<number> {
  const usageError = (message: string) => {
    io.stderr(`check: ${message}\n${USAGE}\n`);
    return 2;
  };
  let positionals: string[];
  let help: boolean | undefined;
  try {
    ({ positionals, values: { help } } = parseArgs({ args, options: { help: { type: "boolean", short: "h" } }, allowPositionals: true }));
  } catch (error) {
    return usageError((error as Error).message);
  }
  if (help) {
    io.stdout(`${USAGE}\n`);
    return 0;
  }
  if (positionals.length > 1) return usageError(`one dataset folder at most, got ${positionals.length}`);
  const dir = positionals[0] === undefined ? DEFAULT_DATASET : path.resolve(io.cwd, positionals[0]);
  if (!(await isDirectory(dir))) return usageError(`${positionals[0] ?? dir} is not a folder`);

  const checked = await loadDataset(dir);
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

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runCheck(process.argv.slice(2), {
    // npm runs scripts from the package root; INIT_CWD is where the user typed the command.
    cwd: process.env.INIT_CWD ?? process.cwd(),
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      // Not a dataset mistake (every one of those is a problem line): a bug or an I/O failure.
      process.stderr.write(`check: failed unexpectedly: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
