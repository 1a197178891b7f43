import { defineConfig } from "vitest/config";

// vitest 5 declares Node >= 22 and runs on Node 20 except for its failure report, which calls
// Map.groupBy (Node 21+). Without this, a failing test crashes the reporter instead of printing.
if (typeof (Map as { groupBy?: unknown }).groupBy !== "function") {
  Object.defineProperty(Map, "groupBy", {
    configurable: true,
    writable: true,
    value<K, V>(items: Iterable<V>, keyOf: (item: V, index: number) => K): Map<K, V[]> {
      const groups = new Map<K, V[]>();
      let index = 0;
      for (const item of items) {
        const key = keyOf(item, index++);
        const group = groups.get(key);
        if (group) group.push(item);
        else groups.set(key, [item]);
      }
      return groups;
    },
  });
}

// One pool of child-process workers (`forks`) for every file, each worker keeping its module cache
// from file to file (`isolate: false`): zod, ajv, the generator and the edge are imported once per
// worker, not once per file. Every file that starts servers, builds, child processes or a browser
// starts them in `beforeAll` on ephemeral ports and temp folders and stops them in `afterAll`, and
// undoes what it changed in the process (edge/adapters/netlify/emulation.ts), so nothing of one file is
// left for the next. One project, not one for pure files (in threads) and one for the rest (in
// processes): vitest hands a finished worker the next file only when that file is of the worker's own
// project, otherwise it stops the worker and starts another, which imports everything again.
export default defineConfig({
  test: {
    globalSetup: ["test/support/temp-sandbox.ts"],
    // More workers than this 2-core machine's cores, as some files wait on child builds or a browser;
    // not many more, as the suite keeps both cores busy and each worker imports everything once.
    maxWorkers: 3,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    include: ["test/**/*.test.ts"],
    pool: "forks",
    isolate: false,
  },
});
