// Runs build-child.ts as a real child process, optionally stopped at a pause point
// (generator/emit/pause-point.ts), so that a test can kill it with SIGKILL exactly there.
// The child is bundled once per test file with esbuild into a temporary folder: a kill test starts
// dozens of children, and each then loads one file instead of stripping the types of every module of
// the emit stage and zod again. The bundle is the same code (the emit stage and its pause points).

import { fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { PAUSE_ENV, type PauseMessage, type PausePoint } from "../../generator/emit/pause-point.ts";

const CHILD_SOURCE = fileURLToPath(new URL("./build-child.ts", import.meta.url));

export interface BuildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface BuildProcess {
  pid: number;
  /** Resolves when the build reaches its pause point; rejects if it exits first. */
  paused: Promise<PauseMessage>;
  exited: Promise<BuildExit>;
  /** Resolves once the build has printed `text` to stderr. */
  printed(text: string): Promise<void>;
  resume(): void;
  /** SIGKILL, and wait until the process is gone. */
  kill(): Promise<BuildExit>;
}

export interface BuildOptions {
  pauseAt?: PausePoint;
  verify?: boolean;
  /** How long the build waits for another one holding the folder (default: the build's own). */
  lockWaitMs?: number;
}

export interface BuildChild {
  /** Starts a build of `variant` (build-variants.ts) into `outDir`. */
  start(outDir: string, variant: string, options?: BuildOptions): BuildProcess;
  /** Runs a build to its end. */
  run(outDir: string, variant: string, options?: BuildOptions): Promise<BuildExit>;
  /** Deletes the bundle (for `afterAll`). */
  remove(): void;
}

/** Bundles build-child.ts into a new temporary folder. */
export async function prepareBuildChild(): Promise<BuildChild> {
  const folder = mkdtempSync(path.join(tmpdir(), "psg-build-child-"));
  try {
    const script = path.join(folder, "build-child.mjs");
    await build({ entryPoints: [CHILD_SOURCE], outfile: script, bundle: true, platform: "node", format: "esm", target: "node20", logLevel: "error" });
    return {
      start: (outDir, variant, options) => startBuild(script, outDir, variant, options),
      run: (outDir, variant, options) => startBuild(script, outDir, variant, options).exited,
      remove: () => rmSync(folder, { recursive: true, force: true }),
    };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

function startBuild(script: string, outDir: string, variant: string, options: BuildOptions = {}): BuildProcess {
  const env = { ...process.env };
  delete env[PAUSE_ENV];
  if (options.pauseAt !== undefined) env[PAUSE_ENV] = options.pauseAt;
  const flags = [...(options.verify ? ["--verify"] : []), ...(options.lockWaitMs === undefined ? [] : [`--lock-wait-ms=${options.lockWaitMs}`])];
  const child = fork(script, [outDir, variant, ...flags], {
    execArgv: [],
    env,
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
  const awaited: { text: string; resolve: () => void }[] = [];
  child.stderr!.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
    for (const wait of awaited.filter(({ text }) => stderr.includes(text))) {
      awaited.splice(awaited.indexOf(wait), 1);
      wait.resolve();
    }
  });
  const exited = new Promise<BuildExit>((resolve) => child.once("exit", (code, signal) => resolve({ code, signal, stdout, stderr })));
  // Also wait for the output pipes to close, so the strings are complete.
  const closed = new Promise<BuildExit>((resolve) => child.once("close", (code, signal) => resolve({ code, signal, stdout, stderr })));
  const paused = new Promise<PauseMessage>((resolve, reject) => {
    child.once("message", (message) => resolve(message as PauseMessage));
    void exited.then((exit) => reject(new Error(`the build exited (${exit.signal ?? exit.code}) before pausing at ${options.pauseAt}: ${exit.stderr}`)));
  });
  paused.catch(() => {});
  return {
    pid: child.pid!,
    paused,
    exited: closed,
    printed: (text) =>
      stderr.includes(text) ? Promise.resolve() : new Promise<void>((resolve) => awaited.push({ text, resolve })),
    resume: () => child.send({ resume: true }),
    kill: () => {
      child.kill("SIGKILL");
      return closed;
    },
  };
}
