// The Worker under workerd (miniflare), over a fixture build published as its static assets: what
// is particular to Cloudflare Workers, the files read through the assets binding, the dump's
// precompressed bytes sent as they are, and both limits on rate-limiting bindings.
//
// miniflare counts a binding's limit in fixed windows that start on the clock's multiples of the
// period, as Cloudflare's binding may: a client's requests can straddle a window's turn, so the
// limit tests send until the first refusal and assert it falls where one window allows it.

import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeDistFixture, type DistFixture } from "../support/dist-fixture.ts";
import { rawRequest, type RawResponse } from "../support/edge-server.ts";
import { startWorkersServer, type WorkersServer } from "../support/workers-server.ts";

const VERSION = "workers-v1";
// Lowered on both servers, so that a test reaches them in a few dozen requests; that the Worker
// keeps the production 170 and 1000 is the contract's (test/contract/workers.test.ts).
const BURST_LIMIT = 20;
const APP_LIMIT = 20;

let fixture: DistFixture;
let server: WorkersServer;
let limitedServer: WorkersServer;

beforeAll(async () => {
  fixture = await writeDistFixture(undefined, { datasetVersion: VERSION });
  // A lowered burst limit on one server; a lowered app limit on another, reached before its burst limit (the API's 170).
  [server, limitedServer] = await Promise.all([startWorkersServer(fixture.dir, { burstLimit: BURST_LIMIT }), startWorkersServer(fixture.dir, { appLimit: APP_LIMIT })]);
});
afterAll(async () => {
  await Promise.all([server?.close(), limitedServer?.close()]);
  await fixture?.remove();
});

/** A request from the client at `ip` (Cloudflare names it in CF-Connecting-IP). */
const get = (target: WorkersServer, path: string, ip: string, headers: Record<string, string> = {}) =>
  rawRequest(target.url, path, "GET", { "cf-connecting-ip": ip, ...headers });

/** Sends requests until the first that is not 200; returns it and how many passed before it. */
async function untilRefused(target: WorkersServer, ip: string, most: number): Promise<{ passed: number; refusal: RawResponse | null }> {
  for (let passed = 0; passed < most; passed++) {
    const response = await get(target, "/v1/meta", ip);
    if (response.status !== 200) return { passed, refusal: response };
  }
  return { passed: most, refusal: null };
}

describe("under workerd, the Cloudflare Workers runtime", () => {
  it("health answers 200 with a bare status ok", async () => {
    const response = await get(server, "/health", "198.51.100.1");
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });

  it("a seed lookup answers the build's data in the envelope with ETag and CORS", async () => {
    const response = await get(server, "/v1/items/7/44/seeds/151", "198.51.100.1");
    expect(response.status).toBe(200);
    const body = response.json();
    expect(body.dataset_version).toBe(VERSION);
    expect(body.data.verdicts).toHaveLength(2);
    expect(response.headers.etag).toBe(`"${VERSION}"`);
    expect(response.headers["access-control-allow-origin"]).toBe("*");
    expect(response.headers["cache-control"]).toBe("public, max-age=60, s-maxage=600");
  });

  it("a guide answers with its systems", async () => {
    const response = await get(server, "/v1/guides/3094412345", "198.51.100.1");
    expect(response.status).toBe(200);
    expect(response.json().data.platform_id).toBe("3094412345");
  });

  it("the dump is the build's gzip file, byte for byte, to a client that takes gzip", async () => {
    const response = await get(server, "/v1/dump", "198.51.100.1", { "accept-encoding": "gzip" });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers.vary).toBe("Accept-Encoding");
    const body = JSON.parse(gunzipSync(response.body).toString("utf8"));
    expect(body.dataset_version).toBe(VERSION);
    expect(body.data.guides).toHaveLength(1);
  });

  it("the dump is plain JSON to a client that does not take gzip", async () => {
    const response = await get(server, "/v1/dump", "198.51.100.1", { "accept-encoding": "identity" });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.json().dataset_version).toBe(VERSION);
  });

  it("an unknown path is 404 not_found in the envelope, and the build's own files are not served", async () => {
    const unknown = await get(server, "/v2/items", "198.51.100.1");
    expect(unknown.status).toBe(404);
    expect(unknown.json().error.code).toBe("not_found");
    expect(unknown.headers["access-control-allow-origin"]).toBe("*");
    const manifest = await get(server, "/manifest.json", "198.51.100.1");
    expect(manifest.status).toBe(404);
    expect(manifest.json().error.code).toBe("not_found");
  });

  it("past the edge burst limit a client gets a plain 429 without CORS, and stays blocked, while /health still answers", async () => {
    const ip = "198.51.100.7";
    // At most two windows' worth pass before the first refusal (see the top of this file).
    const { passed, refusal } = await untilRefused(server, ip, 2 * BURST_LIMIT + 1);
    expect(refusal?.status).toBe(429);
    expect(passed).toBeGreaterThanOrEqual(BURST_LIMIT);
    expect(refusal!.headers["access-control-allow-origin"]).toBeUndefined();
    expect(refusal!.headers["content-type"]).toBe("text/plain; charset=utf-8");
    // The block: refused again at once, whatever the binding's window does meanwhile.
    expect((await get(server, "/v1/meta", ip)).status).toBe(429);
    expect((await get(server, "/health", ip)).status).toBe(200);
    expect((await get(server, "/v1/meta", "198.51.100.8")).status).toBe(200);
  });

  it("past the app limit a client gets 429 rate_limited in the envelope, with Retry-After and CORS", async () => {
    const ip = "198.51.100.9";
    const { passed, refusal } = await untilRefused(limitedServer, ip, 2 * APP_LIMIT + 1);
    expect(refusal?.status).toBe(429);
    expect(passed).toBeGreaterThanOrEqual(APP_LIMIT);
    expect(refusal!.json().error.code).toBe("rate_limited");
    expect(refusal!.headers["retry-after"]).toBe("60");
    expect(refusal!.headers["access-control-allow-origin"]).toBe("*");
    expect(refusal!.headers.etag).toBe(`"${VERSION}"`);
    expect((await get(limitedServer, "/health", ip)).status).toBe(200);
    expect((await get(limitedServer, "/v1/meta", "198.51.100.10")).status).toBe(200);
  });
});
