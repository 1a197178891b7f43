// The typed client against the real local server on a loopback port. Time is never waited for: the
// client's sleep is injected and moves a fake clock that the server's rate limits read too.

import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiError, createClient, DEFAULT_MAX_BODY_BYTES, DEFAULT_TIMEOUT_MS, type ClientOptions, type RetryOptions, type Timers } from "../../client/src/index.ts";
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
const clientOf = (server: RunningServer, options: Omit<Partial<ClientOptions>, "retry"> & { retry?: RetryOptions } = {}) =>
  createClient({ apiRoot: server.url, ...options, fetch: options.fetch ?? fetchCounted, retry: { ...retry, ...options.retry } });

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

  it("calls any operation of the description by its operationId, with the description's names for its parameters", async () => {
    const api = clientOf(edge);
    expect((await api.get("getSeed", { params: { def_index: 7, paint_index: 44, seed: 661 } })).data).toEqual((await api.seed(7, 44, 661)).data);
    expect((await api.get("getGuide", { params: { platform_id: GUIDE_ID }, query: { system: SYSTEM_ID } })).data.systems.map((system) => system.id)).toEqual([SYSTEM_ID]);
    const changes = await api.get("getChanges", { params: { version: "latest" } });
    expect(changes.data.to).toBe(VERSION);
    expect(changes.datasetVersion).toBe("");
    expect((await api.get("getDescription")).data).toMatchObject({ openapi: expect.stringMatching(/^3\.1\./) });
    // @ts-expect-error: not an operation of the description
    await expect(api.get("getEverything")).rejects.toThrow(TypeError);
    // @ts-expect-error: getSeed has path parameters
    await expect(api.get("getSeed")).rejects.toThrow("getSeed needs the path parameters def_index, paint_index, seed");
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
    // The window is a minute: a wait that long needs a timeout longer than the default.
    const api = clientOf(limited, { timeoutMs: 90_000, timers: { ...manualTimers().timers, now: () => clock } });
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

  it("does not wait a Retry-After that would end past the call's timeout: it rejects with the 429 at once", async () => {
    const api = clientOf(limited, { timeoutMs: 5_000, timers: { ...manualTimers().timers, now: () => clock } });
    for (let i = 0; i < APP_LIMIT; i++) await api.seed(7, 44, 151);
    await expect(api.meta()).rejects.toMatchObject({ status: 429, code: "rate_limited", datasetVersion: VERSION });
    expect(sleeps).toEqual([]);
  });
});

/** Timers the test moves by hand: a timeout fires when the test says so, never on the wall clock. */
function manualTimers() {
  let now = 0;
  let nextId = 1;
  const pending = new Map<number, { at: number; callback: () => void }>();
  const timers: Timers = {
    now: () => now,
    setTimeout: (callback, milliseconds) => {
      pending.set(nextId, { at: now + milliseconds, callback });
      return nextId++;
    },
    clearTimeout: (id) => void pending.delete(id as number),
  };
  return {
    timers,
    /** Milliseconds until each pending timer fires. */
    pending: () => [...pending.values()].map((timer) => timer.at - now),
    advance(milliseconds: number) {
      now += milliseconds;
      for (const [id, timer] of [...pending]) {
        if (timer.at > now) continue;
        pending.delete(id);
        timer.callback();
      }
    },
  };
}

/** A fetch that never answers, until its signal aborts. */
const silent: typeof fetch = (_input, init) =>
  new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason), { once: true }));

/** A server whose answers the test writes byte by byte: each request's response is handed to the test. */
async function drippingServer() {
  const responses: ServerResponse[] = [];
  const waiting: ((response: ServerResponse) => void)[] = [];
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "application/json; charset=utf-8" });
    response.write("{");
    const next = waiting.shift();
    if (next) next(response);
    else responses.push(response);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** The next request's response, once its status line and first byte are sent. */
    next: () => new Promise<ServerResponse>((resolve) => (responses.length > 0 ? resolve(responses.shift()!) : waiting.push(resolve))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A body of `bytes` zero bytes, made as it is read; `pulled()` says how much was read. */
function lazyBody(bytes: number, chunk = 1024 * 1024) {
  let sent = 0;
  const block = new Uint8Array(chunk);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const size = Math.min(chunk, bytes - sent);
      sent += size;
      controller.enqueue(size === chunk ? block : block.subarray(0, size));
    },
  }, { highWaterMark: 0 });
  return { stream, pulled: () => sent };
}

describe("the client's limits", () => {
  it("a call with no answer rejects with ApiError timeout after its timeout, 30 s unless told otherwise", async () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(30_000);
    const clock = manualTimers();
    const api = createClient({ apiRoot: "http://api.test", fetch: silent, timers: clock.timers, retry });
    const call = api.meta().catch((error: unknown) => error);
    expect(clock.pending()).toEqual([30_000]);
    clock.advance(29_999);
    clock.advance(1);
    const error = await call;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: "timeout" });
    expect(clock.pending()).toEqual([]);

    const patient = createClient({ apiRoot: "http://api.test", fetch: silent, timers: clock.timers, retry, timeoutMs: 120_000 });
    const longer = patient.meta().catch((error: unknown) => error);
    const shorter = patient.seed(7, 44, 1, { timeoutMs: 500 }).catch((error: unknown) => error);
    expect(clock.pending()).toEqual([120_000, 500]);
    clock.advance(120_000);
    await expect(longer).resolves.toMatchObject({ code: "timeout" });
    await expect(shorter).resolves.toMatchObject({ code: "timeout" });
  });

  it("a body that drips a byte at a time still times out, and the connection is closed", async () => {
    const server = await drippingServer();
    try {
      const clock = manualTimers();
      const api = createClient({ apiRoot: server.url, timers: clock.timers, retry });
      const call = api.meta().catch((error: unknown) => error);
      const response = await server.next();
      const closed = new Promise<void>((resolve) => response.on("close", resolve));
      for (let i = 0; i < 5; i++) response.write(" ");
      expect(clock.pending()).toEqual([30_000]);
      clock.advance(30_000);
      await expect(call).resolves.toMatchObject({ name: "ApiError", status: 0, code: "timeout" });
      await closed;
    } finally {
      await server.close();
    }
  });

  it("an abort while the body is read rejects with the abort's reason, not as an invalid answer", async () => {
    const server = await drippingServer();
    try {
      const controller = new AbortController();
      let headersSeen: () => void = () => {};
      const headers = new Promise<void>((resolve) => (headersSeen = resolve));
      const api = createClient({
        apiRoot: server.url,
        timers: manualTimers().timers,
        retry,
        fetch: async (input, init) => {
          const response = await fetch(input, init);
          headersSeen();
          return response;
        },
      });
      const call = api.meta({ signal: controller.signal }).catch((error: unknown) => error);
      await server.next();
      await headers;
      controller.abort(new Error("the user left"));
      const error = await call;
      expect(error).not.toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ message: "the user left" });
    } finally {
      await server.close();
    }
  });

  it("an error whose message is not a string is an invalid answer, not a TypeError", async () => {
    const body = JSON.stringify({ dataset_version: VERSION, error: { code: "not_found", message: { toString: 1 } } });
    const api = createClient({
      apiRoot: "http://api.test",
      timers: manualTimers().timers,
      retry,
      fetch: async () => new Response(body, { status: 404, headers: { "content-type": "application/json" } }),
    });
    const error = await api.item(7, 44).catch((error: unknown) => error);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: "invalid_response", datasetVersion: VERSION });
  });

  it("a body larger than the client reads (64 MiB unless told otherwise) rejects with too_large, without reading it all", async () => {
    expect(DEFAULT_MAX_BODY_BYTES).toBe(64 * 1024 * 1024);
    const huge = lazyBody(400 * 1024 * 1024);
    const api = createClient({ apiRoot: "http://api.test", timers: manualTimers().timers, retry, fetch: async () => new Response(huge.stream, { status: 200 }) });
    await expect(api.dump()).rejects.toMatchObject({ name: "ApiError", status: 200, code: "too_large" });
    expect(huge.pulled()).toBeLessThanOrEqual(DEFAULT_MAX_BODY_BYTES + 2 * 1024 * 1024);

    const small = lazyBody(2_000);
    const capped = createClient({ apiRoot: "http://api.test", timers: manualTimers().timers, retry, maxBodyBytes: 1_000, fetch: async () => new Response(small.stream, { status: 200 }) });
    await expect(capped.meta()).rejects.toMatchObject({ code: "too_large" });
  });

  it("a declared Content-Length over the limit is refused before any of the body is read", async () => {
    const body = lazyBody(2_000);
    const api = createClient({
      apiRoot: "http://api.test",
      timers: manualTimers().timers,
      retry,
      maxBodyBytes: 1_000,
      fetch: async () => new Response(body.stream, { status: 200, headers: { "content-length": "2000" } }),
    });
    await expect(api.meta()).rejects.toMatchObject({ code: "too_large" });
    expect(body.pulled()).toBe(0);
  });
});
