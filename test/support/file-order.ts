// The order test files start in (used by test/support/longest-first-sequencer.ts). Both vitest
// projects share one pool of workers (same group order and maxWorkers), which takes the files in
// this order as workers come free. Two things decide the suite's time on this 2-core machine:
//
// - The longest files must start first. Vitest's own order runs one project after the other (by
//   name: every integration file, then every unit file), so the long unit files (builds, kill
//   tests, the check cache) started after every integration file and the run ended on them.
// - Workers must be reused. A worker that finishes a file takes the next one only if it is of its
//   own project (a thread for unit files, a child process for integration files); otherwise it is
//   stopped and a new one started, which imports vitest, zod, ajv and the generator again (about
//   a second of CPU). Files ordered by length alone alternate between the projects: a whole run
//   started 18 workers that way, 10 with the order below (2026-11-23).
//
// So: the files expected to take 10 s or more first, longest first, whatever their project; then
// the others project by project (the project with more left to run first), longest first.
//
// Expected time is the longer of the duration vitest cached from the file's last run and the
// figure below for the files known to be long, else a short time. The list is what CI has (it
// starts from a clean clone, with no cache); the cache finds long files the list does not name.
// The cache alone misleads: it holds the last run of each file, and a file run alone, or one of
// its tests with -t, takes a fraction of its time in a whole run (the explorer page's file 5 s
// for one test, 20 s in the suite), which sent it behind files a quarter its length.

/**
 * Files that take seconds, with their time in a whole run on this 2-core machine (ms, 2026-11-23,
 * rounded). Only their order matters; a file missing here runs among the short ones.
 */
export const LONG_FILES: Readonly<Record<string, number>> = {
  "test/http/netlify.test.ts": 20_000,
  "test/http/explorer-page.test.ts": 19_000,
  "test/generator/emit/kill-safety.test.ts": 13_000,
  "test/generator/build.test.ts": 10_000,
  "test/generator/validate/cache.test.ts": 9_000,
  "test/generator/emit/reuse.test.ts": 7_000,
  "test/e2e/dataset-to-http.test.ts": 6_000,
  "test/generator/validate/index.fuzz.test.ts": 5_000,
  "test/generator/cli/check.test.ts": 4_000,
  "test/generator/emit/emit-build.test.ts": 4_000,
  "test/http/repair.test.ts": 4_000,
  "test/http/reference-page.test.ts": 3_000,
  "test/edge/routes.property.test.ts": 3_000,
  "test/generator/fixture/scale.test.ts": 3_000,
};

/** What a file neither cached nor listed is taken to need: less than every listed file. */
export const SHORT_FILE_MS = 1_000;

/** Files expected to take this long start first, whatever their project. */
export const FIRST_FROM_MS = 10_000;

export interface TestFile {
  /** Path from the repository root, with forward slashes. */
  path: string;
  /** The vitest project that runs it. */
  project: string;
  /** Duration of the last run from vitest's cache, if it has one. */
  cachedMs?: number;
}

export function expectedMs(file: TestFile): number {
  return Math.max(file.cachedMs ?? SHORT_FILE_MS, LONG_FILES[file.path] ?? SHORT_FILE_MS);
}

/** The order to start `files` in (see the top of this file); ties keep the order they came in. */
export function runOrder<F extends TestFile>(files: readonly F[]): F[] {
  const sorted = files
    .map((file, index) => ({ file, index, ms: expectedMs(file) }))
    .sort((a, b) => b.ms - a.ms || a.index - b.index);
  const first = sorted.filter(({ ms }) => ms >= FIRST_FROM_MS);
  const byProject = new Map<string, typeof sorted>();
  for (const entry of sorted) {
    if (entry.ms >= FIRST_FROM_MS) continue;
    const group = byProject.get(entry.file.project) ?? [];
    group.push(entry);
    byProject.set(entry.file.project, group);
  }
  const total = (group: typeof sorted) => group.reduce((sum, { ms }) => sum + ms, 0);
  const groups = [...byProject.values()].sort((a, b) => total(b) - total(a));
  return [first, ...groups].flat().map(({ file }) => file);
}
