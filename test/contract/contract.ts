// The HTTP contract every adapter must keep, as one list of cases (cases.ts) run through plain
// HTTP against a server the adapter's runner starts (node.test.ts, workers.test.ts, and
// test/http/netlify.test.ts). A case sees only a base URL; what an adapter cannot show is a capability it
// declares missing, with the reason, and the cases that need it are reported as skipped with it.

import { afterAll, beforeAll, expect, it } from "vitest";
import { writeDistFixture, type DistFixture, type DistFixtureOptions } from "../support/dist-fixture.ts";
import { rawRequest, type RawResponse } from "../support/edge-server.ts";

export interface StartedServer {
  url: string;
  close(): Promise<unknown>;
}

export interface StartOptions {
  /** false: the server runs without the edge burst limit, so one client can reach the app limit. */
  burstLimit: boolean;
}

/** Something an adapter may be unable to show; a case that needs it says so. */
export type Capability =
  /** The edge burst limit in front of the app (170 requests per 10 s per client IP). */
  | "edgeBurstLimit"
  /** The burst limit counted over any span of 10 s, so that the 171st request in 10 s is the one refused. */
  | "exactBurstCount"
  /** The app limit (1000 requests per minute per client IP) reachable by one client: the adapter starts without the burst limit on request. */
  | "appLimitAlone"
  /** The client's Accept-Encoding reaches the core, so the dump is sent gzip-encoded to a client that accepts gzip. */
  | "clientAcceptEncoding"
  /** A redirect the core answers reaches the client as a redirect. */
  | "redirectsToClient";

export interface Adapter {
  name: string;
  start(distDir: string, options: StartOptions): Promise<StartedServer>;
  /** What this adapter cannot show, each with why. */
  missing?: Partial<Record<Capability, string>>;
  /** What its build folder holds besides the contract's fixture (the mirror serves itself with the build's serve.mjs). */
  fixture?: Pick<DistFixtureOptions, "server">;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
}

/** What a case is given: requests to the server under test, and the build it serves. */
export interface Api {
  request(path: string, options?: RequestOptions): Promise<RawResponse>;
  fixture: DistFixture;
  version: string;
  etag: string;
}

export interface ContractCase {
  name: string;
  needs?: Capability;
  /**
   * A server of its own (with the production limits, or without the burst limit for
   * `appLimitAlone`): the case spends a client's whole allowance. Every other case shares one server.
   */
  ownServer?: boolean;
  run(api: Api): Promise<void>;
}

export const CONTRACT_VERSION = "contract-v1";
export const CONTRACT_FIXTURE: DistFixtureOptions = { datasetVersion: CONTRACT_VERSION };

/**
 * The shared server runs with the production limits, and every case reaches it from the same
 * address: the cases together must stay under the burst limit, whatever the adapter's speed.
 * /health is not counted by the limits, nor here.
 */
export const SHARED_SERVER_BUDGET = 170;

/**
 * The cases against one adapter, inside a suite its runner declares with a title written in the file
 * (`npx vitest list` reads a test file without running it, so a suite declared here would not be seen).
 * Runners declare it concurrent: the cases are independent, and an adapter that takes its time per
 * request (the Netlify emulation starts Deno workers for each) answers several at once faster than in a row.
 */
export function runContract(adapter: Adapter, cases: readonly ContractCase[]): void {
  let fixture: DistFixture;
  let shared: StartedServer | undefined;
  let spent = 0;

  beforeAll(async () => {
    fixture = await writeDistFixture(undefined, { ...CONTRACT_FIXTURE, ...adapter.fixture });
    shared = await adapter.start(fixture.dir, { burstLimit: true });
  });
  afterAll(async () => {
    await shared?.close();
    await fixture?.remove();
  });

  const apiOf = (url: string, count: boolean): Api => ({
    request(path, options = {}) {
      if (count && !path.startsWith("/health") && ++spent > SHARED_SERVER_BUDGET) {
        throw new Error(`the cases sent more than ${SHARED_SERVER_BUDGET} requests to the shared server; give the new case a server of its own`);
      }
      return rawRequest(url, path, options.method ?? "GET", options.headers ?? {});
    },
    fixture,
    version: CONTRACT_VERSION,
    etag: `"${CONTRACT_VERSION}"`,
  });

  for (const contractCase of cases) {
    const reason = contractCase.needs === undefined ? undefined : adapter.missing?.[contractCase.needs];
    if (reason !== undefined) {
      it.skip(`${contractCase.name} (not on ${adapter.name}: ${reason})`, () => {});
      continue;
    }
    it(contractCase.name, async () => {
      if (!contractCase.ownServer) return contractCase.run(apiOf(shared!.url, true));
      const own = await adapter.start(fixture.dir, { burstLimit: contractCase.needs !== "appLimitAlone" });
      try {
        await contractCase.run(apiOf(own.url, false));
      } finally {
        await own.close();
      }
    });
  }
}

// What every answer of one kind carries; the cases call these rather than repeat the checks.

export function expectCors(response: RawResponse, label = "") {
  expect(response.headers["access-control-allow-origin"], label).toBe("*");
  expect(response.headers["access-control-expose-headers"], label).toBe("ETag, Retry-After");
  expect(response.headers.vary ?? "", label).not.toMatch(/origin/i);
}

/** An enveloped answer: JSON in UTF-8, the dataset's ETag, CORS. */
export function expectEnveloped(api: Api, response: RawResponse, label: string) {
  expect(response.headers["content-type"], label).toBe("application/json; charset=utf-8");
  expect(response.headers.etag, label).toBe(api.etag);
  expectCors(response, label);
}

/** A 200 with exactly dataset_version and data, and a short public Cache-Control; resolves to `data`. */
export async function expectData(api: Api, path: string, options?: RequestOptions) {
  const response = await api.request(path, options);
  expect(response.status, path).toBe(200);
  expectEnveloped(api, response, path);
  const body = response.json();
  expect(Object.keys(body), path).toEqual(["dataset_version", "data"]);
  expect(body.dataset_version, path).toBe(api.version);
  return body.data;
}

/** An error with exactly dataset_version and error {code, message}, never a 304 even when If-None-Match matches. */
export async function expectError(api: Api, path: string, status: number, code: string, options?: RequestOptions) {
  const response = await api.request(path, options);
  expect(response.status, path).toBe(status);
  expectEnveloped(api, response, path);
  const body = response.json();
  expect(body, path).toEqual({ dataset_version: api.version, error: { code, message: expect.any(String) } });
  expect(body.error.message.length, path).toBeGreaterThan(0);
  return response;
}

/** Sends `count` requests `width` at a time; resolves to their answers in order. */
export async function sendMany(api: Api, path: string, count: number, width = 20): Promise<RawResponse[]> {
  const answers: RawResponse[] = [];
  for (let start = 0; start < count; start += width) {
    const batch = Array.from({ length: Math.min(width, count - start) }, () => api.request(path));
    answers.push(...(await Promise.all(batch)));
  }
  return answers;
}
