// Global setup: every temp folder of one run, including those of child processes (servers,
// builds a test kills on purpose, Chromium profiles), goes under one folder that is removed
// when the run ends. Workers and children inherit TMPDIR, and os.tmpdir() reads it on each call.
// Test files still remove their own folders (test/support/temporary.ts); what is left here at
// the end is named, so a leak is seen rather than silently swept.
//
// The folder is made in memory (/dev/shm) when that has room. The suite writes and removes some
// hundred thousand small files (every build writes about 5,000), and on a disk-backed temp folder
// the kernel's work for that, not the tests, was most of the time: generator/build.test.ts alone
// took 14.4 s wall with 12.0 s of system CPU on this machine's ext4 /tmp, 4.5 s with 1.4 s on
// /dev/shm. Nothing is tested about the disk itself, so where there is no memory
// file system with room (a container's 64 MB /dev/shm), the folder goes to os.tmpdir() as before.

import { accessSync, constants, mkdtempSync, readdirSync, rmSync, statfsSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PAUSE_ENV } from "../../generator/emit/pause-point.ts";

/** Tool caches that are made once per run by design, not leaks of a test. */
const TOOL_CACHES = /^(tsx-\d+|\.?esbuild|node-compile-cache|v8-compile-cache.*|jiti|vitest.*)$/;

const MEMORY_FOLDER = "/dev/shm";
/** Free space wanted before the run goes in memory: the suite holds about 120 MB at its peak. */
const MEMORY_NEEDED_BYTES = 1024 ** 3;

/** /dev/shm when it is writable and has room for a whole run, else the usual temp folder. */
function sandboxParent(): string {
  try {
    accessSync(MEMORY_FOLDER, constants.W_OK);
    const { bavail, bsize } = statfsSync(MEMORY_FOLDER);
    if (bavail * bsize >= MEMORY_NEEDED_BYTES) return MEMORY_FOLDER;
  } catch {
    // No /dev/shm here (not Linux): the usual temp folder.
  }
  return tmpdir();
}

export default function setup(): () => void {
  const previous = process.env.TMPDIR;
  const sandbox = mkdtempSync(path.join(sandboxParent(), "psg-test-run-"));
  process.env.TMPDIR = sandbox;
  // The test workers are child processes with an IPC channel, which is what makes a build stop at
  // a pause point (generator/emit/pause-point.ts): one left set in the shell would stop every build
  // a test runs in-process. The kill tests set it for their own build children.
  delete process.env[PAUSE_ENV];
  return () => {
    const left = readdirSync(sandbox).filter((name) => !TOOL_CACHES.test(name));
    if (left.length > 0) console.warn(`tests left ${left.length} temp entries (removed now): ${left.slice(0, 20).join(", ")}`);
    rmSync(sandbox, { recursive: true, force: true });
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
  };
}
