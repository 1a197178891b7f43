import { defineConfig } from "vitest/config";
import { LongestFirstSequencer } from "./test/support/longest-first-sequencer.ts";

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

// Two projects. Unit tests (pure functions, in-memory derivations, small temp folders) share
// worker threads and their module cache (`isolate: false`): starting a worker and importing zod and
// the generator once per file was a third of the suite's time. Tests that start servers, child
// processes or a browser run in child processes (`forks`), which also share their module cache:
// each such file starts its servers on ephemeral ports in `beforeAll` and stops them in `afterAll`,
// so nothing of one file is left for the next, and importing the edge and the generator once per
// worker instead of once per file took 44 s of CPU down to 36 s for this project (2026-11-23).
const integration = ["test/http/**/*.test.ts", "test/e2e/**/*.test.ts", "test/client/**/*.test.ts"];

export default defineConfig({
  test: {
    globalSetup: ["test/support/temp-sandbox.ts"],
    // Twice the cores: most test files wait on the disk, child builds or a browser rather than
    // compute. On this 2-core machine, one run each on 2026-11-23: 2 workers (the default) 124 s,
    // 4 workers 77 s, 6 workers 88 s.
    maxWorkers: 4,
    // Long files first across both projects (test/support/longest-first-sequencer.ts says why).
    sequence: { sequencer: LongestFirstSequencer },
    testTimeout: 60_000,
    hookTimeout: 120_000,
    projects: [
      { extends: true, test: { name: "unit", include: ["test/**/*.test.ts"], exclude: integration, pool: "threads", isolate: false } },
      { extends: true, test: { name: "integration", include: integration, pool: "forks", isolate: false } },
    ],
  },
});
