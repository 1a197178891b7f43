// The typed client against the real local server on a loopback port. Time is never waited for: the
// client's sleep is injected and moves a fake clock that the server's rate limits read too.

import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiError, createClient, type RetryOptions } from "../../client/src/index.ts";
import { AK_CASE_HARDENED, GUIDE_ID, SYSTEM_ID, writeDistFixture, type DistFixture } from "../support/dist-fixture.ts";
import { rawRequest, startServer, type RunningServer } from "../support/edge-server.ts";
import { describedFetch } from "../support/openapi-validator.ts";

const VERSION = "client-v1";
const APP_LIMIT = 3;
const BURST_LIMIT = 4;
const BURST_BLOCK_MS = 3_000;

let fixture: DistFixture;
/** App rate limit only (3 a minute). */
let limited: RunningServer;
/** The edge burst limit only (4 per 10 s, then blocked 3 s), as the edge in front of the API. */
let edge: RunningServer;
/** A server with no build in its folder yet. */
let empty: RunningServer;
let emptyDir: string;
let clock = 0;
let sleeps: number[] = [];
let requests = 0;

const fetchCounted = describedFetch(async (input, init) => {
  requests++;
  return fetch(input, init);
});
/** Waiting moves the clock the servers' limits read; nothing waits on the wall clock. */
const retry: RetryOptions = {
  random: () => 0,
  sleep: async (milliseconds, signal) => {
    signal?.throwIfAborted();
    sleeps.push(milliseconds);
    clock += milliseconds;
  },
};
const clientOf = (server: RunningServer, options: { retry?: RetryOptions; fetch?: typeof fetch } = {}) =>
  createClient({ apiRoot: server.url, fetch: options.fetch ?? fetchCounted, retry: { ...retry, ...options.retry } });

beforeAll(async () => {
  fixture = await writeDistFixture(undefined, { datasetVersion: VERSION });
  const now = () => clock;
  emptyDir = await mkdtemp(join(tmpdir(), "client-empty-"));
  [limited, edge, empty] = await Promise.all([
    startServer({ distDir: fixture.dir, rateLimit: { limit: APP_LIMIT, windowMs: 60_000, now }, burstLimit: false }),
    startServer({ distDir: fixture.dir, rateLimit: false, burstLimit: { limit: BURST_LIMIT, windowMs: 10_000, blockMs: BURST_BLOCK_MS, now } }),
    startServer({ distDir: emptyDir, rateLimit: false, burstLimit: false }),
  ]);
});
afterAll(async () => {
  await Promise.all([limited.close(), edge.close(), empty.close()]);
  await Promise.all([fixture.remove(), rm(emptyDir, { recursive: true, force: true })]);
});
beforeEach(() => {
  // A new minute: every limit window of the servers starts afresh.
  clock += 3_600_000;
  sleeps = [];
  requests = 0;
});

describe("the client", () => {
  it("resolves each endpoint to its data, the dataset_version and fromCache", async () => {
    const api = clientOf(edge);
    const seed = await api.seed(7, 44, 661);
    expect(seed).toMatchObject({ datasetVersion: VERSION, fromCache: false });
    expect(seed.data.item).toEqual({ def_index: 7, paint_index: 44, slug: AK_CASE_HARDENED.slug });
    expect((await api.item(7, 44)).data.item).toEqual(AK_CASE_HARDENED);
    expect(Object.keys((await api.patterns(7, 44)).data.seeds).length).toBeGreaterThan(0);
    expect((await api.guide(GUIDE_ID, { system: SYSTEM_ID })).data.systems.map((system) => system.id)).toEqual([SYSTEM_ID]);
    expect((await api.resolve({ marketHashName: "StatTrak™ AK-47 | Case Hardened (Minimal Wear)" })).data.items).toEqual([AK_CASE_HARDENED]);
    expect((await api.resolve({ slug: AK_CASE_HARDENED.slug })).data.items).toEqual([AK_CASE_HARDENED]);
    expect((await api.meta()).data.dataset_version).toBe(VERSION);
    expect((await api.dump()).data.items.length).toBeGreaterThan(0);
    expect(await api.health()).toEqual({ data: { status: "ok" }, datasetVersion: "", fromCache: false });
  });

  it("sends the ETag back and answers a 304 from its cache", async () => {
    const api = clientOf(edge);
    const first = await api.item(7, 44);
    const second = await api.item(7, 44);
    expect(second).toEqual({ data: first.data, datasetVersion: VERSION, fromCache: true });
    expect(requests).toBe(2);
  });

  it("rejects an error status with an ApiError carrying status, code, message and dataset_version", async () => {
    const api = clientOf(edge);
    const notFound = await api.item(9999, 44).catch((error: unknown) => error);
    expect(notFound).toBeInstanceOf(ApiError);
    expect(notFound).toMatchObject({ status: 404, code: "not_found", datasetVersion: VERSION });
    expect((notFound as ApiError).message.length).toBeGreaterThan(0);
    await expect(api.seed(7, 44, 1001)).rejects.toMatchObject({ name: "ApiError", status: 422, code: "bad_request", datasetVersion: VERSION });
    expect(sleeps).toEqual([]);
  });

  it("a server without a build rejects with 503 internal_error, /health included, without retrying", async () => {
    const api = clientOf(empty);
    await expect(api.meta()).rejects.toMatchObject({ status: 503, code: "internal_error", datasetVersion: "" });
    await expect(api.health()).rejects.toMatchObject({ status: 503, code: "internal_error", datasetVersion: "" });
    expect(sleeps).toEqual([]);
  });

  it("on a 429 waits Retry-After, then gets the answer", async () => {
    const api = clientOf(limited);
    for (let i = 0; i < APP_LIMIT; i++) await api.seed(7, 44, 151);
    const probe = await rawRequest(limited.url, "/v1/meta", "GET", {});
    expect(probe.status).toBe(429);
    const result = await api.meta();
    expect(result.data.dataset_version).toBe(VERSION);
    expect(sleeps).toEqual([Number(probe.headers["retry-after"]) * 1000]);
  });

  it("gives up with the 429 when Retry-After is longer than it may wait", async () => {
    const api = clientOf(limited, { retry: { maxRetryAfterSeconds: 1 } });
    for (let i = 0; i < APP_LIMIT; i++) await api.seed(7, 44, 151);
    await expect(api.meta()).rejects.toMatchObject({ status: 429, code: "rate_limited", datasetVersion: VERSION });
    expect(sleeps).toEqual([]);
  });

  it("retries an edge block (a 429 without the envelope) after a few seconds with jitter", async () => {
    const api = clientOf(edge);
    for (let i = 0; i < BURST_LIMIT; i++) await api.seed(7, 44, 151, { signal: undefined });
    const blocked = await rawRequest(edge.url, "/v1/meta", "GET", {});
    expect([blocked.status, blocked.headers["access-control-allow-origin"]]).toEqual([429, undefined]);
    const result = await api.meta();
    expect(result.data.dataset_version).toBe(VERSION);
    // The jitter is drawn from 2..6 s (random() is 0 here): 2 s is not enough for a 3 s block, 4 s is.
    expect(sleeps).toEqual([2000, 2000]);
  });

  it("retries a network error as an edge block", async () => {
    let failures = 1;
    const flaky: typeof fetch = async (input, init) => {
      if (failures-- > 0) throw new TypeError("fetch failed");
      return fetchCounted(input, init);
    };
    const api = clientOf(edge, { fetch: flaky, retry: { random: () => 0.5 } });
    expect((await api.meta()).datasetVersion).toBe(VERSION);
    expect(sleeps).toEqual([4000]);
  });

  it("retries a bounded number of times, then rejects with the edge block", async () => {
    const api = clientOf(edge, { retry: { retries: 2, edgeBlockDelayMs: [100, 100] } });
    for (let i = 0; i <= BURST_LIMIT; i++) await rawRequest(edge.url, "/v1/meta", "GET", {});
    await expect(api.meta()).rejects.toMatchObject({ name: "ApiError", status: 429, code: "edge_blocked" });
    expect(sleeps).toEqual([100, 100]);
    expect(requests).toBe(3);
  });

  it("an abort during a wait stops the retries and rejects with the abort's reason", async () => {
    const controller = new AbortController();
    const api = clientOf(edge, {
      retry: {
        sleep: async (_milliseconds, signal) => {
          controller.abort(new Error("the user left"));
          signal?.throwIfAborted();
        },
      },
    });
    for (let i = 0; i <= BURST_LIMIT; i++) await rawRequest(edge.url, "/v1/meta", "GET", {});
    await expect(api.meta({ signal: controller.signal })).rejects.toThrow("the user left");
    expect(requests).toBe(1);
  });
});
