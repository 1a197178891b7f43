import { configDefaults, defineConfig } from "vitest/config";

/**
 * The files that drive another runtime: the pages in Chromium, the edge functions under Netlify's
 * emulation (a Deno worker per request), the Worker in workerd, the client package in Deno. They
 * take more CPU than every file that runs on Node alone: `npm run test:runtimes` runs them, `npm test`
 * the rest (docs/testing.md, "Two tiers").
 */
const RUNTIMES = [
  "test/browser/**/*.test.ts",
  "test/http/netlify.test.ts",
  "test/contract/workers.test.ts",
  "test/http/workers.test.ts",
  "test/bench/lib/workerd-alone.test.ts",
  "test/http/concurrency-damage.test.ts",
  "test/client/package.test.ts",
];

// One pool of child-process workers (`forks`) whose workers keep their module cache from file to
// file (`isolate: false`): zod, ajv, the generator and the edge are imported once per worker, not
// once per file. Every file that starts servers, builds, child processes or a browser starts them
// in `beforeAll` on ephemeral ports and temp folders and stops them in `afterAll`, and undoes what
// it changed in the process (edge/adapters/netlify/emulation.ts), so nothing of one file is left
// for the next.
export default defineConfig({
  test: {
    globalSetup: ["test/support/temp-sandbox.ts"],
    // More workers than this 2-core machine's cores, as some files wait on child builds or a browser;
    // not many more, as the suite keeps both cores busy and each worker imports everything once.
    maxWorkers: 3,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // A poll waits for what a person would see (a page's status after a save and rebuild); on a loaded
    // machine that can take seconds, and the condition, not the clock, decides when it is over.
    expect: { poll: { timeout: 20_000 } },
    pool: "forks",
    isolate: false,
    projects: [
      { extends: true, test: { name: "suite", include: ["test/**/*.test.ts"], exclude: [...configDefaults.exclude, ...RUNTIMES] } },
      { extends: true, test: { name: "runtimes", include: RUNTIMES } },
    ],
  },
});
