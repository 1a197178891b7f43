// The core's one entry, `handle(EdgeRequest)`, as every adapter calls it, with an in-memory build:
// no disk, no server, no runtime's request objects.

import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createCore, type CoreOptions, type EdgeRequest, type EdgeResponse } from "../../edge/core.ts";
import { encodePack } from "../../contract/pack.ts";
import type { Manifest } from "../../contract/routes.ts";

const manifest: Manifest = { format: 2, dataset_version: "mem-1", generation: "g1", topics: [] };
const DUMP = '{"dataset_version":"mem-1","data":{"items":[],"guides":[]}}';
const encoder = new TextEncoder();
/** Seed i of 7/44 says `{"seed":i}`. */
const SEEDS_PACK = encodePack(Array.from({ length: 1001 }, (_, seed) => encoder.encode(`{"seed":${seed}}`)));
const files: Record<string, string | Uint8Array> = {
  "g1/v1/meta.json": '{"dataset_version":"mem-1","counts":{}}',
  "g1/v1/items/7/44.json": '{"item":{"def_index":7},"guides":[]}',
  "g1/v1/items/7/44/seeds.pack": SEEDS_PACK,
  // A pack cut short after its directory.
  "g1/v1/items/7/45/seeds.pack": SEEDS_PACK.subarray(0, 5000),
  "g2/v1/meta.json": '{"dataset_version":"mem-2","counts":{}}',
  "g1/v1/dump.json.gz": gzipSync(DUMP),
};

function memoryAssets() {
  const reads: string[] = [];
  const slices: string[] = [];
  const bytesOf = (path: string) => {
    const file = files[path];
    return file === undefined ? null : typeof file === "string" ? encoder.encode(file) : file;
  };
  const assets = async (path: string) => {
    reads.push(path);
    return bytesOf(path);
  };
  const slice = async (path: string, start: number, end: number) => {
    slices.push(`${path} ${start}-${end}`);
    return bytesOf(path)?.slice(start, end) ?? null;
  };
  return { assets, slice, reads, slices };
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
const text = (response: EdgeResponse) => {
  if (response.body === null) return "";
  if (!(response.body instanceof Uint8Array)) throw new Error("a streamed body: read it with `streamed`");
  return new TextDecoder().decode(response.body);
};
const streamed = async (response: EdgeResponse) => new Response(response.body as BodyInit).text();
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
  it("a seed is one entry of its pair's pack, enveloped like any file", async () => {
    const handler = handlerOf({ manifest, assets: memoryAssets().assets, rateLimit: false });
    for (const seed of [0, 661, 1000]) {
      const response = await handler(get(`/v1/items/7/44/seeds/${seed}`));
      expect(response.status).toBe(200);
      expect(text(response)).toBe(`{"dataset_version":"mem-1","data":{"seed":${seed}}}`);
    }
    expect((await handler(get("/v1/items/7/46/seeds/1"))).status).toBe(404);
  });
  it("concurrent requests for seeds of one pack read the pack once", async () => {
    const { assets, reads } = memoryAssets();
    const handler = handlerOf({ manifest, assets, rateLimit: false });
    const answers = await Promise.all([1, 2, 3, 4, 5].map((seed) => handler(get(`/v1/items/7/44/seeds/${seed}`))));
    expect(answers.map((response) => JSON.parse(text(response)).data.seed)).toEqual([1, 2, 3, 4, 5]);
    expect(reads).toEqual(["g1/v1/items/7/44/seeds.pack"]);
  });
  it("where the runtime reads byte ranges, a seed reads the pack's directory once and then only its own entry", async () => {
    const { assets, slice, reads, slices } = memoryAssets();
    const handler = handlerOf({ manifest, assets, slice, rateLimit: false });
    expect(JSON.parse(text(await handler(get("/v1/items/7/44/seeds/3")))).data).toEqual({ seed: 3 });
    expect(JSON.parse(text(await handler(get("/v1/items/7/44/seeds/999")))).data).toEqual({ seed: 999 });
    expect(reads).toEqual([]);
    expect(slices).toHaveLength(3);
    expect(slices[0]).toBe("g1/v1/items/7/44/seeds.pack 0-4016");
    expect((await handler(get("/v1/items/7/46/seeds/1"))).status).toBe(404);
  });
  it("a pack cut short is a 503 for the seeds it lost, whether read whole or by ranges", async () => {
    for (const withSlices of [false, true]) {
      const { assets, slice } = memoryAssets();
      const errors: unknown[] = [];
      const handler = handlerOf({ manifest, assets, slice: withSlices ? slice : undefined, rateLimit: false, onError: (error) => errors.push(error) });
      expect((await handler(get("/v1/items/7/45/seeds/0"))).status).toBe(200);
      const lost = await handler(get("/v1/items/7/45/seeds/1000"));
      expect(lost.status).toBe(503);
      expect(json(lost).error.code).toBe("internal_error");
      expect(errors).toHaveLength(1);
    }
  });
  it("a pack directory read damaged is not kept: once the file reads whole again, its seeds answer", async () => {
    const { assets, slice } = memoryAssets();
    let damaged = true;
    const flaky = async (path: string, start: number, end: number) => (damaged ? new Uint8Array(end - start) : slice(path, start, end));
    const handler = handlerOf({ manifest, assets, slice: flaky, rateLimit: false });
    expect((await handler(get("/v1/items/7/44/seeds/5"))).status).toBe(503);
    damaged = false;
    expect(json(await handler(get("/v1/items/7/44/seeds/5"))).data).toEqual({ seed: 5 });
  });
  it("the dump is sent as stored to a client that takes gzip, and decoded for one that does not", async () => {
    const handler = handlerOf({ manifest, assets: memoryAssets().assets, rateLimit: false });
    const gzipped = await handler(get("/v1/dump", { "accept-encoding": "gzip, br" }));
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.body).toEqual(files["g1/v1/dump.json.gz"]);
    const plain = await handler(get("/v1/dump", { "accept-encoding": "identity" }));
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["content-length"]).toBe(String(DUMP.length));
    expect(await streamed(plain)).toBe(DUMP);
    const head = await handler(get("/v1/dump", {}, "HEAD"));
    expect(head.body).toBeNull();
    expect(head.headers["content-length"]).toBe(String(DUMP.length));
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
