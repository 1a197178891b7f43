// The local server's limits with small limits and a clock injected, so no test depends on where
// the wall clock falls: the app limit's windows and Retry-After, the client IP both limits key on,
// and switching them off. The answers at the production numbers every adapter gives (the burst
// limit's plain 429, the app limit's enveloped one) are the HTTP contract's (test/contract/cases.ts).

import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { EDGE_BURST_LIMIT } from "../../edge/burst-limit.ts";
import { writeDistFixture, type DistFixture } from "../support/dist-fixture.ts";
import { createEdgeServer } from "../../edge/adapters/node/server.ts";
import { rawRequest, startServer, type RunningServer } from "../support/edge-server.ts";

let fixture: DistFixture;
const ETAG = '"limits-v1"';

beforeAll(async () => {
  fixture = await writeDistFixture(undefined, { datasetVersion: "limits-v1" });
});
afterAll(() => fixture.remove());

describe("app rate limit", () => {
  const opened: RunningServer[] = [];
  afterEach(async () => {
    for (const server of opened.splice(0)) await server.close();
  });
  /** A server of the test's own allowing 3 requests a minute, on a clock the test sets (`clock.time`). */
  async function limitedServer() {
    const clock = { time: 0 };
    const server = await startServer({ distDir: fixture.dir, rateLimit: { limit: 3, windowMs: 60_000, now: () => clock.time }, burstLimit: false });
    opened.push(server);
    return { server, clock };
  }
  /** The same, with the client's 3 requests of the minute sent at time 0. */
  async function spentServer() {
    const limited = await limitedServer();
    for (let i = 0; i < 3; i++) expect((await limited.server.request("/v1/meta")).status).toBe(200);
    return limited;
  }

  it("past the limit a client gets 429 rate_limited in the envelope, with Retry-After, ETag and CORS", async () => {
    const { server, clock } = await spentServer();
    clock.time = 15_200;
    const response = await server.request("/v1/meta", { headers: { origin: "https://example.org" } });
    expect(response.status).toBe(429);
    expect(response.json()).toEqual({ dataset_version: "limits-v1", error: { code: "rate_limited", message: expect.any(String) } });
    expect(response.headers["retry-after"]).toBe("45");
    expect(response.headers.etag).toBe(ETAG);
    expect(response.headers["access-control-allow-origin"]).toBe("*");
    expect(response.headers["access-control-expose-headers"]).toBe("ETag, Retry-After");
    expect(response.headers["cache-control"]).toBe("no-store");
  });
  it("Retry-After is whole seconds and at least one", async () => {
    const { server, clock } = await spentServer();
    clock.time = 59_999;
    expect((await server.request("/v1/meta")).headers["retry-after"]).toBe("1");
  });
  it("once the earlier requests have left the window the client is let in again", async () => {
    const { server, clock } = await spentServer();
    clock.time = 60_000;
    expect((await server.request("/v1/meta")).status).toBe(200);
  });
  it("a full limit just before a minute turns and another just after are not both let through", async () => {
    const { server, clock } = await limitedServer();
    clock.time = 120_000 + 59_500;
    for (let i = 0; i < 3; i++) expect((await server.request("/v1/meta")).status).toBe(200);
    clock.time = 180_000 + 300;
    expect((await server.request("/v1/meta")).status).toBe(429);
  });
});

describe("client IP", () => {
  const appLimitOfOne = { limit: 1, windowMs: 60_000, now: () => 0 };
  it("X-Forwarded-For is ignored unless the proxy is trusted", async () => {
    const server = await startServer({ distDir: fixture.dir, rateLimit: appLimitOfOne, burstLimit: false });
    try {
      expect((await server.request("/v1/meta", { headers: { "x-forwarded-for": "198.51.100.1" } })).status).toBe(200);
      expect((await server.request("/v1/meta", { headers: { "x-forwarded-for": "198.51.100.2" } })).status).toBe(429);
    } finally {
      await server.close();
    }
  });
  it("behind a trusted proxy each forwarded client has its own limit", async () => {
    const server = await startServer({ distDir: fixture.dir, rateLimit: appLimitOfOne, burstLimit: false, trustProxy: true });
    try {
      expect((await server.request("/v1/meta", { headers: { "x-forwarded-for": "198.51.100.1" } })).status).toBe(200);
      expect((await server.request("/v1/meta", { headers: { "x-forwarded-for": "198.51.100.2" } })).status).toBe(200);
      expect((await server.request("/v1/meta", { headers: { "x-forwarded-for": "198.51.100.1" } })).status).toBe(429);
    } finally {
      await server.close();
    }
  });
  it("behind a trusted proxy the addresses of one IPv6 /64 are one client, and an IPv4-mapped address its IPv4 client", async () => {
    const server = await startServer({ distDir: fixture.dir, rateLimit: appLimitOfOne, burstLimit: false, trustProxy: true });
    const statusFor = async (address: string) => (await server.request("/v1/meta", { headers: { "x-forwarded-for": address } })).status;
    try {
      expect(await statusFor("2001:db8:5:6::1")).toBe(200);
      expect(await statusFor("2001:db8:5:6:a:b:c:d")).toBe(429);
      expect(await statusFor("2001:db8:5:7::1")).toBe(200);
      expect(await statusFor("203.0.113.9")).toBe(200);
      expect(await statusFor("::ffff:203.0.113.9")).toBe(429);
    } finally {
      await server.close();
    }
  });
  it("on a dual-stack socket an IPv4 peer (::ffff:127.0.0.1) is the same client as 127.0.0.1", async () => {
    const edge = await createEdgeServer({ distDir: fixture.dir, rateLimit: appLimitOfOne, burstLimit: false, trustProxy: true });
    const url = await edge.listen(0, "::");
    const port = new URL(url).port;
    try {
      // Without X-Forwarded-For the key is the socket's address, which node reports as ::ffff:127.0.0.1.
      expect((await rawRequest(`http://127.0.0.1:${port}`, "/v1/meta", "GET", {})).status).toBe(200);
      expect((await rawRequest(`http://127.0.0.1:${port}`, "/v1/meta", "GET", { "x-forwarded-for": "127.0.0.1" })).status).toBe(429);
    } finally {
      await edge.close();
    }
  });
  it("the burst limit keys the same way: a whole /64 is blocked together", async () => {
    const server = await startServer({ distDir: fixture.dir, rateLimit: false, burstLimit: { limit: 1, windowMs: 10_000, blockMs: 10_000, now: () => 0 }, trustProxy: true });
    try {
      expect((await server.request("/v1/meta", { headers: { "x-forwarded-for": "2001:db8:5:6::1" } })).status).toBe(200);
      const blocked = await server.request("/v1/meta", { headers: { "x-forwarded-for": "2001:db8:5:6::2" } });
      expect([blocked.status, blocked.headers["access-control-allow-origin"]]).toEqual([429, undefined]);
    } finally {
      await server.close();
    }
  });
});

describe("limits switched off", () => {
  it("with both limits off, many requests from one client all succeed", async () => {
    const server = await startServer({ distDir: fixture.dir, rateLimit: false, burstLimit: false });
    try {
      const statuses = await Promise.all(Array.from({ length: 300 }, () => server.request("/v1/meta").then((r) => r.status)));
      expect(new Set(statuses)).toEqual(new Set([200]));
    } finally {
      await server.close();
    }
  });
  it("by default the burst limit blocks the 171st request in 10 seconds, even when they straddle a 10-second mark", async () => {
    // The clock starts 1 ms before a 10-second mark and moves 10 ms per request: fixed windows
    // would have counted 1 request before the mark and restarted, letting the 171st through.
    let time = 1_700_000_009_999;
    const server = await startServer({ distDir: fixture.dir, now: () => time });
    try {
      for (let i = 0; i < EDGE_BURST_LIMIT.limit; i++) {
        expect((await server.request("/v1/meta")).status).toBe(200);
        time += 10;
      }
      const blocked = await server.request("/v1/meta");
      expect(blocked.status).toBe(429);
      expect(blocked.headers["retry-after"]).toBe("10");
      expect(blocked.headers["access-control-allow-origin"]).toBeUndefined();
    } finally {
      await server.close();
    }
  });
});
