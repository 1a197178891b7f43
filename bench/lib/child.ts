// Running a measurement in a child process, so its peak memory is its own (not the parent's, which may
// have just generated a fixture) and every run starts from a cold process.
//
// Parent:  const run = await runInChild<MyResult>("bench/x.ts", ["--worker", dir]);
//          run.result, run.peakRssBytes, run.wallMs
// Child:   (started with those arguments) ... reportToParent(result);
//
// The child is a TypeScript file Node runs itself, as the project's commands run, over an IPC
// channel; its stdout and stderr are passed through to the parent's. The peak RSS is the child's own `process.resourceUsage().maxRSS`,
// read at the moment it reports, which covers the whole life of the process up to then.

import { fork } from "node:child_process";

export interface ChildOptions {
  /** Extra Node flags, e.g. ["--expose-gc"]. */
  nodeFlags?: readonly string[];
  cwd?: string;
  /** Kill the child and reject after this many milliseconds. */
  timeoutMs?: number;
}

export interface ChildRun<T> {
  result: T;
  /** Peak resident set size of the child process, in bytes. */
  peakRssBytes: number;
  /** From starting the child to its exit, process start-up included. */
  wallMs: number;
}

interface ChildReport<T> {
  type: "bench-report";
  result: T;
  maxRssKilobytes: number;
}

/**
 * Runs `script` (a .ts file) with `args` in a new Node process and resolves with what it passed to
 * `reportToParent`. Rejects when the child exits without reporting, exits non-zero, or times out.
 */
export function runInChild<T>(script: string, args: readonly string[], options: ChildOptions = {}): Promise<ChildRun<T>> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = fork(script, [...args], {
      cwd: options.cwd,
      execArgv: [...(options.nodeFlags ?? [])],
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    let report: ChildReport<T> | undefined;
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            child.kill("SIGKILL");
            reject(new Error(`${script} did not finish within ${options.timeoutMs} ms`));
          }, options.timeoutMs);
    child.on("message", (message: unknown) => {
      if ((message as ChildReport<T> | null)?.type === "bench-report") report = message as ChildReport<T>;
    });
    child.on("error", (error) => {
      if (timer) clearTimeout(timer);
      reject(error);
    });
    child.on("exit", (code, signal) => {
      if (timer) clearTimeout(timer);
      const wallMs = performance.now() - started;
      if (report === undefined) return reject(new Error(`${script} exited (${signal ?? `code ${code}`}) without reporting a result`));
      if (code !== 0) return reject(new Error(`${script} reported a result but exited with ${signal ?? `code ${code}`}`));
      resolve({ result: report.result, peakRssBytes: report.maxRssKilobytes * 1024, wallMs });
    });
  });
}

/** True in a process started by `runInChild` (it has an IPC channel to its parent). */
export function hasParent(): boolean {
  return typeof process.send === "function";
}

/**
 * Sends the result (JSON-serialisable) and this process's peak RSS to the parent, then lets the process
 * exit once the message is out. Call it once, at the end of the child's work.
 */
export function reportToParent<T>(result: T): Promise<void> {
  const send = process.send?.bind(process);
  if (!send) return Promise.reject(new Error("reportToParent called in a process not started by runInChild"));
  const report: ChildReport<T> = { type: "bench-report", result, maxRssKilobytes: process.resourceUsage().maxRSS };
  return new Promise((resolve, reject) => {
    send(report, undefined, {}, (error: Error | null) => {
      if (error) return reject(error);
      process.disconnect?.();
      resolve();
    });
  });
}
