// Runs build-child.ts as a real child process (node with tsx), optionally stopped at a pause point
// (generator/emit/pause-point.ts), so that a test can kill it with SIGKILL exactly there.

import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { PAUSE_ENV, type PauseMessage, type PausePoint } from "../../generator/emit/pause-point.ts";

const CHILD = fileURLToPath(new URL("./build-child.ts", import.meta.url));

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
  resume(): void;
  /** SIGKILL, and wait until the process is gone. */
  kill(): Promise<BuildExit>;
}

export function startBuild(outDir: string, variant: string, options: { pauseAt?: PausePoint; verify?: boolean } = {}): BuildProcess {
  const env = { ...process.env };
  delete env[PAUSE_ENV];
  if (options.pauseAt !== undefined) env[PAUSE_ENV] = options.pauseAt;
  const child = fork(CHILD, [outDir, variant, ...(options.verify ? ["--verify"] : [])], {
    execArgv: ["--import", "tsx"],
    env,
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk.toString("utf8")));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
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
    resume: () => child.send({ resume: true }),
    kill: () => {
      child.kill("SIGKILL");
      return closed;
    },
  };
}

/** Runs a build to its end. */
export function runBuild(outDir: string, variant: string, options: { verify?: boolean } = {}): Promise<BuildExit> {
  return startBuild(outDir, variant, options).exited;
}
