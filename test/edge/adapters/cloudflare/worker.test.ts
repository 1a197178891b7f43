// The Worker's entry in this process, with a fake assets binding over a fixture build: what it
// does when wrangler.jsonc's rate-limiting bindings are missing. Under workerd: test/http/workers.test.ts.

import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorker, type WorkerEnv } from "../../../../edge/adapters/cloudflare/worker.ts";
import { writeDistFixture, type DistFixture } from "../../../support/dist-fixture.ts";

let fixture: DistFixture;
let env: WorkerEnv;

beforeAll(async () => {
  fixture = await writeDistFixture(undefined, {});
  env = {
    ASSETS: {
      async fetch(request) {
        try {
          return new Response(await readFile(join(fixture.dir, new URL(request.url).pathname)));
        } catch {
          return new Response("not found", { status: 404 });
        }
      },
    },
  };
});
afterAll(() => fixture?.remove());

const request = (path: string, ip: string) => new Request(`https://api.example${path}`, { headers: { "cf-connecting-ip": ip } });

describe("a Worker deployed without its rate-limiting bindings", () => {
  it("says so once and keeps the edge burst limit in the isolate's memory: the 171st request in 10 s is a plain 429", async () => {
    const logged: string[] = [];
    const time = 1_000_000;
    const worker = createWorker({ now: () => time, log: (message) => logged.push(message) });
    for (let i = 0; i < 170; i++) expect((await worker.fetch(request("/v1/meta", "192.0.2.1"), env)).status).toBe(200);
    const refused = await worker.fetch(request("/v1/meta", "192.0.2.1"), env);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
    expect(refused.headers.get("retry-after")).toBe("10");
    expect((await worker.fetch(request("/health", "192.0.2.1"), env)).status).toBe(200);
    expect(logged).toEqual([
      "no APP_RATE_LIMIT binding: the app limit is counted per isolate",
      "no BURST_RATE_LIMIT binding: the edge burst limit is counted per isolate",
    ]);
  });

  it("keeps the app limit in the isolate's memory: the core answers 429 rate_limited with CORS", async () => {
    const now = () => 1_000_000;
    const worker = createWorker({ rateLimit: { limit: 5, windowMs: 60_000, now }, now, log: () => {} });
    for (let i = 0; i < 5; i++) expect((await worker.fetch(request("/v1/meta", "192.0.2.2"), env)).status).toBe(200);
    const refused = await worker.fetch(request("/v1/meta", "192.0.2.2"), env);
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.code).toBe("rate_limited");
    expect(refused.headers.get("access-control-allow-origin")).toBe("*");
    expect(refused.headers.get("retry-after")).toBe("60");
  });
});

describe("reading the build's files in a Worker", () => {
  it("concurrent requests for seeds of one chunk each read it through their own binding: none awaits a read another request started", async () => {
    const worker = createWorker({ log: () => {} });
    const readsOf = [1, 2].map(() => [] as string[]);
    const envOf = (reads: string[]): WorkerEnv => ({
      ASSETS: {
        fetch: (request) => {
          reads.push(new URL(request.url).pathname);
          return env.ASSETS.fetch(request);
        },
      },
    });
    const answers = await Promise.all([1, 2].map((seed, at) => worker.fetch(request(`/v1/items/7/44/seeds/${seed}`, "192.0.2.3"), envOf(readsOf[at]!))));
    expect(await Promise.all(answers.map(async (answer) => (await answer.json()).data.seed))).toEqual([1, 2]);
    for (const reads of readsOf) expect(reads.filter((path) => path.endsWith(".pack"))).toEqual([`/${fixture.manifest.generation}/v1/items/7/44/seeds/0.pack`]);
  });

  it("a seed reads the one chunk holding it; asked again it is answered from the isolate's memory, and a seed beside it reads the chunk again", async () => {
    const worker = createWorker({ log: () => {} });
    const reads: string[] = [];
    const counted: WorkerEnv = {
      ASSETS: {
        fetch: (request) => {
          reads.push(new URL(request.url).pathname);
          return env.ASSETS.fetch(request);
        },
      },
    };
    expect((await (await worker.fetch(request("/v1/items/7/44/seeds/1000", "192.0.2.4"), counted)).json()).data.seed).toBe(1000);
    const chunks = reads.filter((path) => path.endsWith(".pack"));
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).not.toBe(`/${fixture.manifest.generation}/v1/items/7/44/seeds/0.pack`);
    expect((await (await worker.fetch(request("/v1/items/7/44/seeds/1000", "192.0.2.4"), counted)).json()).data.seed).toBe(1000);
    expect(reads.filter((path) => path.endsWith(".pack"))).toEqual(chunks);
    expect((await (await worker.fetch(request("/v1/items/7/44/seeds/999", "192.0.2.4"), counted)).json()).data.seed).toBe(999);
    expect(reads.filter((path) => path.endsWith(".pack"))).toEqual([...chunks, ...chunks]);
  });
});
