// Mutation testing (`npm run test:mutation`, docs/testing.md, "Mutation testing"): StrykerJS changes the
// core's code one small mutation at a time and runs the tests that cover it; a mutant no test notices
// is a line no test holds. Mutants that cannot change behaviour are listed, each with its reason, in
// stryker.equivalent.json, beside this file; tools/mutation/scores.ts prints the score per folder from
// the JSON report and holds each folder to its threshold.

/**
 * The code under mutation: the contract, the edge's core (not the local servers of edge/adapters/), the
 * generator's stages that derive, emit and compare builds, and the capture reader and workbench edits. Not the
 * workbench's page script (client*.ts): it runs in the browser, bundled, where the switch that turns a mutant
 * on in the test process does not reach; the browser tests of the review page hold it.
 */
export const MUTATED = [
  "contract/**/*.ts",
  "edge/*.ts",
  "generator/derive/**/*.ts",
  "generator/emit/**/*.ts",
  "generator/changes/**/*.ts",
  "generator/capture/**/*.ts",
  "tools/workbench/**/*.ts",
  "!tools/workbench/client*.ts",
];

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  // The suite's unit tests of these folders (vitest.mutation.config.ts), those that import the mutated file.
  vitest: { configFile: "vitest.mutation.config.ts", related: true, pool: "forks" },
  mutate: MUTATED,
  coverageAnalysis: "perTest",
  // A mutant reached only while a module loads or a test file sets up (a table, a schema, a fixture
  // built in beforeAll) can only be tried by reloading every module and running every test that
  // imports its file, which took most of a run's time. Such mutants are not
  // run; tools/mutation/scores.ts counts them per folder ("load only"), so none goes unseen. A mutant
  // reached both as a module loads and inside tests is still run against those tests.
  ignoreStatic: true,
  // Only what changed since the last report is mutated again; the report is the machine's own
  // (reports/ is not committed), so a fresh clone's first run mutates everything.
  incremental: true,
  incrementalFile: "reports/mutation/stryker-incremental.json",
  reporters: ["progress", "clear-text", "html", "json"],
  htmlReporter: { fileName: "reports/mutation/mutation.html" },
  jsonReporter: { fileName: "reports/mutation/mutation.json" },
  clearTextReporter: { reportScoreTable: false, reportMutants: false, reportTests: false },
  // A busy machine runs tests slowly; a mutant is only a timeout when it takes this much longer.
  timeoutMS: 10_000,
  tempDirName: ".stryker-tmp",
  // tsconfig.json has no `extends` or `references` for Stryker to rewrite in its sandbox, and the
  // rewriting calls TypeScript 5's API, which the project's TypeScript 7 does not have: no file is named.
  tsconfigFile: "",
  // Nothing type-checks a mutant, so no file needs `// @ts-nocheck`; by default StrykerJS writes it
  // into every test/**/*.html file's scripts too, changing the bytes of the captures the tests check.
  disableTypeChecks: false,
  ignorePatterns: ["dist", ".dist-*", "bench/out", "reports", "coverage", ".scratch-*"],
};
