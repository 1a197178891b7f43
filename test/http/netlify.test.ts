// What is Netlify's own: which part of Netlify's request chain answers (the edge functions, not the
// deploy's static files), the CDN's part the server in front of the emulation plays, and
// `npm run serve:netlify`'s life. The answers themselves are the HTTP contract's, run on Netlify's
// emulation by test/contract/netlify.test.ts.

import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeDistFixture, type DistFixture } from "../support/dist-fixture.ts";
import { startNetlifyServer } from "../support/netlify-server.ts";
import { startNetlifyLocalServer, type NetlifyLocalServer } from "../../edge/adapters/netlify/local-server.ts";

// One emulation for the tests in this process (starting one takes seconds), behind the server that
// plays Netlify's CDN, with a burst limit of 3 on an injected clock.
let fixture: DistFixture;
let server: NetlifyLocalServer;
let now = 0;
beforeAll(async () => {
  fixture = await writeDistFixture(undefined, { datasetVersion: "netlify-v1" });
  server = await startNetlifyLocalServer({ publishDir: fixture.dir, port: 0, burstLimit: { limit: 3, windowMs: 10_000, blockMs: 10_000, now: () => now } });
});
afterAll(async () => {
  await server?.close();
  await fixture?.remove();
});

describe("under Netlify's edge runtime", () => {
  it("the API, its documents, the explorer, the changelog and health are answered by the edge functions, not by the deploy's files", async () => {
    for (const path of ["/v1/meta", "/v1/nope", "/health", "/openapi.json", "/docs/", "/", "/explorer.js", "/changes/latest.json"]) {
      const answer = await server.emulation.dev.handleAndIntrospect(new Request(`http://localhost${path}`));
      await answer?.response.body?.cancel();
      expect(answer?.type, path).toBe("edge-function");
    }
  });
});

describe("the server in front of Netlify's emulation", () => {
  it("plays Netlify's edge burst limit: once over, a client gets a plain 429 without CORS headers, and /health still answers", async () => {
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
});

describe("npm run serve:netlify", () => {
  it("stops on SIGTERM with exit code 0 and removes its temporary site folder", async () => {
    const [fixture, temporary] = await Promise.all([writeDistFixture(undefined, { datasetVersion: "serve-v1" }), mkdtemp(join(tmpdir(), "serve-netlify-tmp-"))]);
    try {
      const server = await startNetlifyServer(fixture.dir, { env: { TMPDIR: temporary } });
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const sites = async () => (await readdir(temporary)).filter((name) => name.startsWith("netlify-site-"));
      expect(await sites()).toHaveLength(1);
      expect(await server.close()).toBe(0);
      expect(await sites()).toEqual([]);
    } finally {
      await Promise.all([fixture.remove(), rm(temporary, { recursive: true, force: true })]);
    }
    // A new process loads @netlify/dev and starts Deno before it prints its URL: most of a minute
    // when the suite's other servers and browser keep both cores busy.
  }, 180_000);
});
