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

// One worker keeps its modules from run to run (no `isolate`): StrykerJS switches a mutant on in a
// hook, after the test file's modules have loaded, so reloading them for every mutant changes no
// result; mutants reached only as a module loads are not run (stryker.config.mjs, `ignoreStatic`).
// Not reloading makes the first run about four times faster and each mutant a tenth faster.
export default defineConfig({
  ...base,
  test: { ...base.test, isolate: false, projects: [{ extends: true, test: { name: "suite", isolate: false, include: UNIT_TESTS, exclude: [...configDefaults.exclude, ...STARTS_PROCESSES] } }] },
});
