// Global setup: every temp folder of one run, including those of child processes (servers,
// builds a test kills on purpose, Chromium profiles), goes under one folder that is removed
// when the run ends. Workers and children inherit TMPDIR, and os.tmpdir() reads it on each call.
// Test files still remove their own folders (test/support/temporary.ts); what is left here at
// the end is named, so a leak is seen rather than silently swept.

import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/** Tool caches that are made once per run by design, not leaks of a test. */
const TOOL_CACHES = /^(tsx-\d+|\.?esbuild|node-compile-cache|v8-compile-cache.*|jiti|vitest.*)$/;

export default function setup(): () => void {
  const previous = process.env.TMPDIR;
  const sandbox = mkdtempSync(path.join(tmpdir(), "psg-test-run-"));
  process.env.TMPDIR = sandbox;
  return () => {
    const left = readdirSync(sandbox).filter((name) => !TOOL_CACHES.test(name));
    if (left.length > 0) console.warn(`tests left ${left.length} temp entries (removed now): ${left.slice(0, 20).join(", ")}`);
    rmSync(sandbox, { recursive: true, force: true });
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
  };
}
