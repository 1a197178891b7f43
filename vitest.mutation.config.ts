import { configDefaults, defineConfig } from "vitest/config";
import base from "./vitest.config.ts";

/**
 * The tests StrykerJS runs a mutant against (stryker.config.mjs): the suite's unit tests of the
 * mutated folders, which test/ mirrors. Left out are the runtimes, whose browsers, Deno and workerd
 * run code that is not the mutated copy in this process, and the files that start a server or a
 * child build (the HTTP contract suite, the kill cases): they prove the adapters and the processes,
 * take seconds each to start, and would start again for every mutant they cover.
 */
const UNIT_TESTS = [
  "test/contract/**/*.test.ts",
  "test/edge/*.test.ts",
  "test/generator/derive/**/*.test.ts",
  "test/generator/emit/**/*.test.ts",
  "test/generator/changes/**/*.test.ts",
  "test/generator/capture/**/*.test.ts",
  "test/tools/workbench/**/*.test.ts",
  "test/tools/mutation/**/*.test.ts",
  "test/docs/*.test.ts",
  // What holds the registrations' prose and schemas: the committed description document and the
  // endpoint listings must be what they give.
  "test/generator/openapi/*.test.ts",
  "test/generator/docs/endpoint-listings.test.ts",
];
const STARTS_PROCESSES = ["test/contract/node.test.ts", "test/contract/workers.test.ts", "test/generator/emit/kill-safety.test.ts"];

// Each file imports the code afresh (`isolate`): a mutant of what a module computes as it loads (a
// constant, a table, a schema) is active only in a module loaded after it was switched on, and a
// worker that kept its modules from an earlier run would not see it.
export default defineConfig({
  ...base,
  test: { ...base.test, isolate: true, projects: [{ extends: true, test: { name: "suite", include: UNIT_TESTS, exclude: [...configDefaults.exclude, ...STARTS_PROCESSES] } }] },
});
