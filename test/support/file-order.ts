// The order test files start in (used by test/support/longest-first-sequencer.ts): longest first.
// The suite keeps this machine's cores busy from start to end and ends when its last file ends, so
// a long file started late is what the whole run waits for at its end; vitest's own order (larger
// files first among the uncached) starts some long files late.
//
// Expected time is the longer of the duration vitest cached from the file's last run and the
// figure below for the files known to be long, else a short time. The list is what CI has (it
// starts from a clean clone, with no cache); the cache finds long files the list does not name.
// The cache alone misleads: it holds the last run of each file, and a file run alone, or one of
// its tests with -t, takes a fraction of its time in a whole run (the explorer page's file 5 s
// for one test, 20 s in the suite), which sent it behind files a quarter its length.

/**
 * Files that take seconds, with their time in a whole run on this 2-core machine (ms, from vitest's
 * JSON report of a run at 00:06 UTC on 2026-11-24, rounded). Only their order matters; a file missing
 * here runs among the short ones.
 */
export const LONG_FILES: Readonly<Record<string, number>> = {
  // Alone on this machine: about 60 s, nearly all of it Netlify's emulation starting Deno workers for each request.
  "test/contract/netlify.test.ts": 60_000,
  "test/http/netlify.test.ts": 13_000,
  "test/http/explorer-page.test.ts": 11_000,
  // workerd started for the shared cases and for each case with a server of its own.
  "test/contract/workers.test.ts": 9_000,
  "test/generator/emit/kill-safety.test.ts": 8_000,
  "test/generator/build.test.ts": 4_000,
  "test/generator/cli/launch.test.ts": 3_000,
  "test/e2e/every-route.test.ts": 3_000,
  "test/generator/validate/cache.test.ts": 3_000,
  "test/generator/emit/reuse.test.ts": 3_000,
  "test/edge/routes.property.test.ts": 2_000,
  "test/generator/emit/emit-build.test.ts": 2_000,
  "test/generator/validate/index.fuzz.test.ts": 2_000,
  "test/http/limits.test.ts": 1_500,
  "test/e2e/dataset-to-http.test.ts": 1_500,
};

/** What a file neither cached nor listed is taken to need: less than every listed file. */
export const SHORT_FILE_MS = 1_000;

export interface TestFile {
  /** Path from the repository root, with forward slashes. */
  path: string;
  /** Duration of the last run from vitest's cache, if it has one. */
  cachedMs?: number;
}

export function expectedMs(file: TestFile): number {
  return Math.max(file.cachedMs ?? SHORT_FILE_MS, LONG_FILES[file.path] ?? SHORT_FILE_MS);
}

/** The order to start `files` in, longest expected first; ties keep the order they came in. */
export function runOrder<F extends TestFile>(files: readonly F[]): F[] {
  return files
    .map((file, index) => ({ file, index, ms: expectedMs(file) }))
    .sort((a, b) => b.ms - a.ms || a.index - b.index)
    .map(({ file }) => file);
}
