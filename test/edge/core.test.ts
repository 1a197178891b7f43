// The core's one entry, `handle(EdgeRequest)`, as every adapter calls it, with an in-memory build:
// no disk, no server, no runtime's request objects.

import { describe, expect, it } from "vitest";
import { createCore, type CoreOptions, type EdgeRequest, type EdgeResponse } from "../../edge/core.ts";
import type { Manifest } from "../../edge/routes.ts";

const manifest: Manifest = { format: 1, dataset_version: "mem-1", generation: "g1", topics: [] };
const files: Record<string, string> = {
  "g1/v1/meta.json": '{"dataset_version":"mem-1","counts":{}}',
  "g1/v1/items/7/44.json": '{"item":{"def_index":7},"guides":[]}',
  "g2/v1/meta.json": '{"dataset_version":"mem-2","counts":{}}',
  "g1/v1/dump.json": '{"dataset_version":"mem-1","data":{"items":[],"guides":[]}}',
  "g1/v1/dump.json.gz": "(gzip bytes)",
};

function memoryAssets() {
  const reads: string[] = [];
  const assets = async (path: string) => {
    reads.push(path);
    const text = files[path];
    return text === undefined ? null : new TextEncoder().encode(text);
  };
  return { assets, reads };
}

interface Sent {
  "if-none-match"?: string;
  "accept-encoding"?: string;
}
const get = (target: string, headers: Sent = {}, method = "GET"): EdgeRequest => {
  const [path = "", query = ""] = target.split("?");
  return { method, path, query, ifNoneMatch: headers["if-none-match"], acceptEncoding: headers["accept-encoding"], clientIp: "" };
};
const from = (request: EdgeRequest, clientIp: string): EdgeRequest => ({ ...request, clientIp });

/** The core as a function of a request, for brevity. */
const handlerOf = (options: CoreOptions) => {
  const core = createCore(options);
  return (request: EdgeRequest) => core.handle(request, undefined);
};
const text = (response: EdgeResponse) => (response.body === null ? "" : new TextDecoder().decode(response.body));
const json = (response: EdgeResponse) => JSON.parse(text(response));

describe("the edge core", () => {
  it("answers a data request with the envelope around the file", async () => {
    const handler = handlerOf({ manifest, assets: memoryAssets().assets, rateLimit: false });
    const response = await handler(get("/v1/items/7/44"));
    expect(response.status).toBe(200);
    expect(text(response)).toBe('{"dataset_version":"mem-1","data":{"item":{"def_index":7},"guides":[]}}');
  });
  it("a dataset_version with characters JSON escapes is escaped in the envelope", async () => {
    const odd: Manifest = { ...manifest, dataset_version: "v\\1" };
    const handler = handlerOf({ manifest: odd, assets: memoryAssets().assets, rateLimit: false });
    const response = await handler(get("/v1/meta"));
    expect((json(response)).dataset_version).toBe("v\\1");
    expect(response.headers["etag"]).toBe('"v\\1"');
  });
  it("revalidating the dump without gzip reads only the small gzip file, never the whole dump", async () => {
    const { assets, reads } = memoryAssets();
    const handler = handlerOf({ manifest, assets, rateLimit: false, cache: false });
    const response = await handler(get("/v1/dump", { "if-none-match": '"mem-1"', "accept-encoding": "identity" }));
    expect(response.status).toBe(304);
    expect(reads).toEqual(["g1/v1/dump.json.gz"]);
  });
  it("HEAD gets the status and headers of GET, with the body kept for the adapter to measure and drop", async () => {
    const handler = handlerOf({ manifest, assets: memoryAssets().assets, rateLimit: false });
    const head = await handler(get("/v1/meta", {}, "HEAD"));
    const answer = await handler(get("/v1/meta"));
    expect(head.status).toBe(200);
    expect(head.headers).toEqual(answer.headers);
    expect(text(head)).toBe(text(answer));
  });
  it("a file is read once and then served from memory", async () => {
    const { assets, reads } = memoryAssets();
    const handler = handlerOf({ manifest, assets, rateLimit: false });
    await handler(get("/v1/items/7/44"));
    await handler(get("/v1/items/7/44"));
    await handler(get("/v1/items/1/1"));
    await handler(get("/v1/items/1/1"));
    expect(reads).toEqual(["g1/v1/items/7/44.json", "g1/v1/items/1/1.json"]);
  });
  it("with the cache off, every request reads its file", async () => {
    const { assets, reads } = memoryAssets();
    const handler = handlerOf({ manifest, assets, rateLimit: false, cache: false });
    await handler(get("/v1/meta"));
    await handler(get("/v1/meta"));
    expect(reads).toHaveLength(2);
  });
  it("a revalidation asks the existence check and reads nothing", async () => {
    const { assets, reads } = memoryAssets();
    const checked: string[] = [];
    const handler = handlerOf({ manifest, assets, exists: (path) => (checked.push(path), path in files), rateLimit: false });
    const response = await handler(get("/v1/items/7/44", { "if-none-match": '"mem-1"' }));
    expect(response.status).toBe(304);
    expect(checked).toEqual(["g1/v1/items/7/44.json"]);
    expect(reads).toEqual([]);
  });
  it("a revalidation of an unknown item is 404, not 304", async () => {
    const handler = handlerOf({ manifest, assets: memoryAssets().assets, exists: (path) => path in files, rateLimit: false });
    expect((await handler(get("/v1/items/1/1", { "if-none-match": '"mem-1"' }))).status).toBe(404);
  });
  it("a new manifest from the getter switches version, files and ETag at once", async () => {
    let current: Manifest = manifest;
    const handler = handlerOf({ manifest: () => current, assets: memoryAssets().assets, rateLimit: false });
    expect(json(await handler(get("/v1/meta"))).data.dataset_version).toBe("mem-1");
    current = { ...manifest, dataset_version: "mem-2", generation: "g2" };
    const response = await handler(get("/v1/meta"));
    expect(response.headers["etag"]).toBe('"mem-2"');
    expect(json(response)).toEqual({ dataset_version: "mem-2", data: { dataset_version: "mem-2", counts: {} } });
  });
  it("with no build loaded, data requests are 503 internal_error and health is 503", async () => {
    const handler = handlerOf({ manifest: () => null, assets: memoryAssets().assets, rateLimit: false });
    const data = await handler(get("/v1/meta"));
    expect(data.status).toBe(503);
    expect((json(data)).error.code).toBe("internal_error");
    expect(data.headers["cache-control"]).toBe("no-store");
    const health = await handler(get("/health"));
    expect(health.status).toBe(503);
    expect(json(health)).toEqual({ status: "error" });
  });
  it("an asset source that throws gives 503 and tells onError, not the client", async () => {
    const seen: unknown[] = [];
    const handler = handlerOf({
      manifest,
      assets: async () => {
        throw new Error("secret detail");
      },
      onError: (error) => seen.push(error),
      rateLimit: false,
    });
    const response = await handler(get("/v1/meta"));
    expect(response.status).toBe(503);
    expect(text(response)).not.toContain("secret detail");
    expect(seen).toHaveLength(1);
  });
  it("a manifest getter that throws gives 503, never an exception", async () => {
    const handler = handlerOf({
      manifest: () => {
        throw new Error("boom");
      },
      assets: memoryAssets().assets,
      rateLimit: false,
    });
    expect((await handler(get("/v1/meta"))).status).toBe(503);
  });
  it("the app rate limit keys on the client IP the adapter passes", async () => {
    const handler = handlerOf({ manifest, assets: memoryAssets().assets, rateLimit: { limit: 1, windowMs: 60_000, now: () => 0 } });
    expect((await handler(from(get("/v1/meta"), "192.0.2.1"))).status).toBe(200);
    expect((await handler(from(get("/v1/meta"), "192.0.2.1"))).status).toBe(429);
    expect((await handler(from(get("/v1/meta"), "192.0.2.2"))).status).toBe(200);
  });
  it("the rate limit is on by default at 1000 requests per minute", async () => {
    // 1 ms before a minute turns, 50 ms per request: the 1001 requests straddle the turn.
    let time = 1_700_000_039_999;
    const handler = handlerOf({ manifest, assets: memoryAssets().assets, now: () => time });
    const statuses: number[] = [];
    for (let i = 0; i < 1001; i++) {
      statuses.push((await handler(from(get("/v1/meta"), "198.51.100.7"))).status);
      time += 50;
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(1000);
    expect(statuses.at(-1)).toBe(429);
  });
});
