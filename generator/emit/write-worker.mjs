// The build's file writer thread (plain JavaScript: worker threads load it without the TypeScript
// loader). It executes, in order, the file operations the emit stage decides on, so that writing
// (system time) runs on one core while deriving responses (JavaScript) runs on the other.
// Protocol: each message is {job, batch} (a batch of one build's operations), answered with
// {job, done} or {job, error}, or {job, end} when that build is done with the thread (no answer).

import { linkSync, mkdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { parentPort } from "node:worker_threads";

const apply = ([op, a, b]) => {
  switch (op) {
    case "mkdir":
      return mkdirSync(a, { recursive: true });
    case "write":
      return writeFileSync(a, b);
    case "link":
      return linkSync(a, b);
    case "symlink":
      return symlinkSync(a, b);
    case "rename":
      return renameSync(a, b);
    case "rm":
      return rmSync(a, { recursive: true, force: true });
    default:
      throw new Error(`unknown file operation ${op}`);
  }
};

/** The first failure of each job (one job per build: file-writer.ts); a job's later batches are skipped, as they may depend on what failed. */
const failures = new Map();
let operation = null;
parentPort.on("message", ({ job, batch, end }) => {
  if (end) {
    failures.delete(job);
    return;
  }
  let failed = failures.get(job) ?? null;
  if (failed === null) {
    try {
      for (operation of batch) apply(operation);
    } catch (error) {
      // Node names no file in a failed write's message ("ENOSPC: no space left on device, write").
      const named = String(error.message).includes(operation[1]);
      failed = { code: error.code, message: named ? error.message : `${error.message} (${operation[0]} ${operation[1]})` };
      failures.set(job, failed);
    }
  }
  parentPort.postMessage(failed === null ? { job, done: true } : { job, error: failed });
});
