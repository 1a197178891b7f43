// `npm run changes -- --against REF [--dataset DIR] [--out FILE]`: the comment a pull request of this
// checkout's dataset would get against REF (a branch, a tag, a commit), before any push. The
// dataset at REF is checked out in a temporary git worktree, then the pull-request job's own steps
// run on the two datasets (tools/ci/dataset-check.sh, dataset-changes.sh; the job of
// .github/workflows/dataset-changes.yml), both built with this checkout's code, and
// tools/ci/pr-comment.ts writes the same markdown the job would. The worktree and the temporary
// folder are removed afterwards, whatever happened, Ctrl-C included. The steps' lines go to stderr,
// the comment to stdout (or FILE).

import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { CliIo } from "../../generator/cli/main.ts";
import { writeComment } from "./pr-comment.ts";

const HERE = path.dirname(fileURLToPath(import.meta.url));

export interface AgainstOptions {
  /** What the pull request would be compared with: a branch, a tag, a commit. */
  ref: string;
  /** The pull request's dataset; by default the `dataset` folder of the repository `io.cwd` is in. */
  dataset?: string;
  /** Where the comment goes; stdout when absent. */
  out?: string;
}

interface Ran {
  code: number;
  output: string;
}

/** Runs a command, its output (both streams) handed to `echo` as it comes and kept; the child is `track`ed while it runs. */
function run(command: string, args: string[], cwd: string, echo: (text: string) => void, track: (child: ChildProcess | null) => void): Promise<Ran> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"] });
    track(child);
    let output = "";
    const take = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      echo(chunk.toString("utf8"));
    };
    child.stdout.on("data", take);
    child.stderr.on("data", take);
    child.on("error", (error) => take(Buffer.from(`${command}: ${error.message}\n`)));
    child.on("close", (code, signal) => {
      track(null);
      resolve({ code: code ?? (signal === null ? 1 : 128), output });
    });
  });
}

/** The preview's work; returns the exit code: 0 when the dataset checks and both builds compare, else 1 (the comment says why). */
export async function previewAgainst(options: AgainstOptions, io: CliIo): Promise<number> {
  const quiet = () => {};
  let child: ChildProcess | null = null;
  const track = (running: ChildProcess | null) => {
    child = running;
  };
  const git = (args: string[], echo: (text: string) => void = quiet) => run("git", args, io.cwd, echo, track);

  const top = await git(["rev-parse", "--show-toplevel"]);
  if (top.code !== 0) {
    io.stderr(`changes: --against needs a git repository: ${io.cwd} is in none\n`);
    return 2;
  }
  const repository = top.output.trim();
  const commit = await git(["rev-parse", "--verify", "--quiet", `${options.ref}^{commit}`]);
  if (commit.code !== 0) {
    io.stderr(`changes: --against: ${JSON.stringify(options.ref)} names no commit of ${repository}\n`);
    return 2;
  }
  const dataset = path.resolve(io.cwd, options.dataset ?? path.join(repository, "dataset"));
  const inRepository = path.relative(repository, dataset);
  if (inRepository.startsWith("..") || path.isAbsolute(inRepository) || !existsSync(dataset)) {
    io.stderr(`changes: --against: ${dataset} is not a folder of ${repository}\n`);
    return 2;
  }

  const temporary = mkdtempSync(path.join(tmpdir(), "psg-changes-against-"));
  const worktree = path.join(temporary, "base");
  const job = path.join(temporary, "job");
  // The children see a Ctrl-C from the terminal as well and stop; this process waits for them and cleans up.
  const onSignal = (signal: NodeJS.Signals) => child?.kill(signal);
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  let added = false;
  try {
    const add = await git(["worktree", "add", "--detach", "--quiet", worktree, commit.output.trim()], io.stderr);
    if (add.code !== 0) {
      io.stderr(`changes: --against: cannot check ${options.ref} out in ${worktree}\n`);
      return 1;
    }
    added = true;
    io.stderr(`changes: ${options.ref} (${commit.output.trim().slice(0, 12)}) checked out in ${worktree}\n`);
    const base = path.join(worktree, inRepository);
    if (!existsSync(base)) {
      io.stderr(`changes: --against: ${options.ref} has no ${inRepository || "."} folder to compare with\n`);
      return 1;
    }
    const step = (script: string, args: string[]) => run("bash", [path.join(HERE, script), ...args], io.cwd, io.stderr, track);
    const checked = await step("dataset-check.sh", [dataset, job]);
    const compared = checked.code === 0 ? await step("dataset-changes.sh", [base, dataset, job]) : checked;
    let comment = "";
    await writeComment(job, {}, { stdout: (text) => (comment += text) });
    if (options.out === undefined) io.stdout(comment);
    else {
      writeFileSync(path.resolve(io.cwd, options.out), comment);
      io.stderr(`changes: wrote ${path.resolve(io.cwd, options.out)}\n`);
    }
    return compared.code === 0 ? 0 : 1;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    if (added) {
      const removed = await git(["worktree", "remove", "--force", worktree]);
      if (removed.code !== 0) io.stderr(`changes: could not remove the worktree ${worktree}: ${removed.output.trim()}\n`);
    }
    rmSync(temporary, { recursive: true, force: true });
    // A worktree whose folder is gone is forgotten by git too.
    if (added) await git(["worktree", "prune"]);
  }
}
