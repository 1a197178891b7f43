// Netlify's edge functions under Netlify's local emulation, in one file so that one test process
// loads @netlify/dev once (seconds of CPU each time): the HTTP contract (test/contract/cases.ts) on
// a server with the production limits, what is Netlify's own (which part of Netlify's request chain
// answers, the CDN's part the server in front of the emulation plays) on a server of its own, and
// `npm run serve:netlify`'s life as a child process, with every request shape answered in the
// envelope through it. What the emulation does not do is declared below, with why.

import { once } from "node:events";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CASES } from "../contract/cases.ts";
import { runContract, type Adapter } from "../contract/contract.ts";
import { writeDistFixture, type DistFixture } from "../support/dist-fixture.ts";
import { rawRequest } from "../support/edge-server.ts";
import { startNetlifyServer } from "../support/netlify-server.ts";
import { requestShapeCases } from "../support/request-shapes.ts";
import type { ServeScript } from "../support/serve-script.ts";
import { startNetlifyEmulation } from "../../edge/adapters/netlify/emulation.ts";
import { startNetlifyLocalServer, type NetlifyLocalServer } from "../../edge/adapters/netlify/local-server.ts";
import { EDGE_BURST_LIMIT } from "../../edge/burst-limit.ts";

// `npm run serve:netlify` is started first, as a child: it loads @netlify/dev on its own while this
// process runs the contract, and its test at the end of the file stops it.
let served: Promise<{ server: ServeScript; fixture: DistFixture; temporary: string }>;
beforeAll(() => {
  served = (async () => {
    const [fixture, temporary] = await Promise.all([writeDistFixture(undefined, { datasetVersion: "serve-v1" }), mkdtemp(join(tmpdir(), "serve-netlify-tmp-"))]);
    const server = await startNetlifyServer(fixture.dir, { env: { TMPDIR: temporary } }).catch(async (error: unknown) => {
      await Promise.all([fixture.remove(), rm(temporary, { recursive: true, force: true })]);
      throw error;
    });
    return { server, fixture, temporary };
  })();
  // Reported by its test; not an unhandled rejection meanwhile.
  served.catch(() => {});
});
afterAll(async () => {
  const started = await served.catch(() => null);
  if (started === null) return;
  await started.server.close();
  await Promise.all([started.fixture.remove(), rm(started.temporary, { recursive: true, force: true })]);
});

const adapter: Adapter = {
  name: "Netlify's emulation",
  // In this process, as `npm run serve:netlify` starts it (its own life is the last test here).
  start: (distDir) => startNetlifyLocalServer({ publishDir: distDir, port: 0 }),
  missing: {
    edgeBurstLimit:
      "the server in front of the emulation enforces it (below, with a lower limit), but 170 requests through the emulation take about a minute: it starts Deno workers for every request",
    exactBurstCount: "as for edgeBurstLimit: 170 requests through the emulation take about a minute",
    redirectsToClient: "the emulation follows an edge function's redirect itself and answers with where it leads",
    appLimitAlone: "the emulation runs every request in a new Deno worker, so the app limiter's counts never outlive one request",
  },
};
describe.concurrent(`the HTTP contract on ${adapter.name}`, () => runContract(adapter, CASES));

describe("Netlify's own", () => {
  // One emulation for these tests, behind the server that plays Netlify's CDN, with a burst limit
  // of 3 on an injected clock; a restart of the emulation waits for `restartHeld`.
  let fixture: DistFixture;
  let server: NetlifyLocalServer;
  let now = 0;
  let restartHeld: Promise<void> | undefined;
  beforeAll(async () => {
    fixture = await writeDistFixture(undefined, { datasetVersion: "netlify-v1" });
    server = await startNetlifyLocalServer({
      publishDir: fixture.dir,
      port: 0,
      burstLimit: { limit: 3, windowMs: 10_000, blockMs: 10_000, now: () => now },
      log: () => {},
      startEmulation: async (options) => {
        await restartHeld;
        return startNetlifyEmulation(options);
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await fixture?.remove();
  });

  describe("under Netlify's edge runtime", () => {
    it("the API, its documents, the explorer, the changelog and health are answered by the edge functions, not by the deploy's files", async () => {
      for (const path of ["/v1/meta", "/v1/nope", "/health", "/openapi.json", "/docs/", "/", "/explorer.js", "/changes/latest.json"]) {
        const answer = await server.emulation!.dev.handleAndIntrospect(new Request(`http://localhost${path}`));
        await answer?.response.body?.cancel();
        expect(answer?.type, path).toBe("edge-function");
      }
    });
  });

  describe("the server in front of Netlify's emulation", () => {
    it("plays Netlify's edge burst limit: once over, a client gets a plain 429 without CORS headers, and /health still answers", async () => {
      now = 0;
      for (let request = 1; request <= 3; request++) expect((await fetch(`${server.url}/v1/meta`)).status).toBe(200);
      const refused = await fetch(`${server.url}/v1/meta`);
      expect(refused.status).toBe(429);
      expect(refused.headers.get("access-control-allow-origin")).toBeNull();
      expect(refused.headers.get("retry-after")).toBe("10");
      expect(await refused.text()).toBe("Too Many Requests\n");
      expect((await fetch(`${server.url}/health`)).status).toBe(200);
      now = 10_001;
      expect((await fetch(`${server.url}/v1/meta`)).status).toBe(200);
    });

    it("starts the emulation again when its Deno process dies: meanwhile requests are 503, no-store, with Retry-After, and then it answers again", async () => {
      now += 100_000;
      const dead = server.emulation!;
      const deno = dead.deno!;
      let release = () => {};
      restartHeld = new Promise((resolve) => (release = resolve));
      const exited = once(deno, "exit");
      deno.kill("SIGKILL");
      await exited;

      const meta = await rawRequest(server.url, "/v1/meta", "GET", {});
      expect(meta.status).toBe(503);
      expect(meta.json()).toEqual({ dataset_version: "netlify-v1", error: { code: "internal_error", message: expect.any(String) } });
      expect(meta.headers["cache-control"]).toBe("no-store");
      expect(meta.headers["access-control-allow-origin"]).toBe("*");
      // About what a fresh emulation takes to start.
      expect(meta.headers["retry-after"]).toBe("10");
      const unhealthy = await rawRequest(server.url, "/health", "GET", {});
      expect([unhealthy.status, unhealthy.json(), unhealthy.headers["cache-control"]]).toEqual([503, { status: "error" }, "no-store"]);

      release();
      await server.ready();
      expect(server.emulation).not.toBeNull();
      expect(server.emulation).not.toBe(dead);
      const health = await rawRequest(server.url, "/health", "GET", {});
      expect([health.status, health.json()]).toEqual([200, { status: "ok" }]);
      expect((await rawRequest(server.url, "/v1/meta", "GET", {})).json().dataset_version).toBe("netlify-v1");
    });

    it("hands over to a fresh emulation once the Deno process holds more than its budget, without a failed request", async () => {
      // A budget every process is past: the first look at its memory starts a fresh one.
      const budgeted = await startNetlifyLocalServer({ publishDir: fixture.dir, port: 0, memoryBudget: 1, burstLimit: { ...EDGE_BURST_LIMIT, limit: 1_000_000 }, log: () => {} });
      try {
        const first = budgeted.emulation!;
        const statuses: number[] = [];
        // Eight clients asking for seeds, one after another each, until a fresh emulation answers and the first's Deno process is gone.
        const handedOver = () => budgeted.emulation !== first && (first.deno!.exitCode !== null || first.deno!.signalCode !== null);
        const client = async (at: number) => {
          for (let seed = at; !handedOver(); seed = (seed + 8) % 1001) {
            statuses.push((await rawRequest(budgeted.url, `/v1/items/7/44/seeds/${seed}`, "GET", {})).status);
          }
          statuses.push((await rawRequest(budgeted.url, `/v1/items/7/44/seeds/${at}`, "GET", {})).status);
        };
        await Promise.all(Array.from({ length: 8 }, (_, at) => client(at)));
        expect(statuses.length).toBeGreaterThan(8);
        expect(statuses.filter((status) => status !== 200)).toEqual([]);
      } finally {
        await budgeted.close();
      }
    });
  });
});

requestShapeCases("npm run serve:netlify", async () => {
  const { server, fixture } = await served;
  return { url: server.url, distDir: fixture.dir, version: "serve-v1" };
});

describe("npm run serve:netlify", () => {
  it(
    "stops on SIGTERM with exit code 0 and removes its temporary site folder",
    async () => {
      const { server, temporary } = await served;
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const sites = async () => (await readdir(temporary)).filter((name) => name.startsWith("netlify-site-"));
      expect(await sites()).toHaveLength(1);
      expect(await server.close()).toBe(0);
      expect(await sites()).toEqual([]);
    },
    // Started at the top of the file; a new process loads @netlify/dev and starts Deno before it
    // prints its URL, most of a minute when the suite's other servers and browser keep both cores busy.
    180_000,
  );
});
