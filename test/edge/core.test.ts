// The core's one entry, `handle(EdgeRequest)`, as every adapter calls it, with an in-memory build:
// no disk, no server, no runtime's request objects.

import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { SHARED_READS, type ReadPolicy } from "../../edge/build-reader.ts";
import { createCore, type CoreOptions, type EdgeRequest, type EdgeResponse } from "../../edge/core.ts";
import { directoryLength } from "../../contract/pack.ts";
import type { Manifest } from "../../contract/manifest.ts";
import { encodeChunks } from "../../generator/derive/encode-pack.ts";
import { fingerprint } from "../../generator/fingerprint.ts";
import { documentsFolderOf, servingIndexText } from "../../contract/serving-index.ts";
import { memoryBuild } from "../support/memory-build.ts";

const DUMP = '{"dataset_version":"mem-1","data":{"items":[],"guides":[]}}';
const encoder = new TextEncoder();
/**
 * The chunks of a pair's seeds pack, seed i saying `{"seed":i}` and what `extra` adds, on a grid of
 * 2 KiB: some 150 seeds a chunk, seven chunks, by path under g1/.
 */
const seedChunks = (pair: string, extra = "") =>
  Object.fromEntries(encodeChunks(`g1/v1/items/${pair}/seeds.pack`, Array.from({ length: 1001 }, (_, seed) => encoder.encode(`{"seed":${seed}${extra}}`)), 2048).map(({ path, body }) => [path, body]));
const SEEDS_744 = seedChunks("7/44");
/** The chunk holding seeds 0 to 180 of 7/44 (its first), and the one holding seed 999. */
const FIRST_CHUNK = "g1/v1/items/7/44/seeds/0.pack";
const LAST_CHUNK = Object.keys(SEEDS_744).at(-1)!;
const CHUNK = SEEDS_744[FIRST_CHUNK]!;
/** Seeds in the first chunk. */
const FIRST_COUNT = Number(/\/([0-9]+)\.pack$/.exec(Object.keys(SEEDS_744)[1]!)![1]);
const DIRECTORY = directoryLength(FIRST_COUNT);
const build = memoryBuild(
  { format: 4, dataset_version: "mem-1", generation: "g1", topics: [] },
  {
    "g1/v1/meta.json": '{"dataset_version":"mem-1","counts":{}}',
    "g1/v1/items/7/44.json": '{"item":{"def_index":7},"guides":[]}',
    ...SEEDS_744,
    ...seedChunks("7/45"),
    ...seedChunks("7/47", `,"pair":"7/47"`),
    "g1/v1/dump.json.gz": gzipSync(DUMP),
  },
  {
    // A chunk cut short after its first entries.
    "g1/v1/items/7/45/seeds/0.pack": seedChunks("7/45")["g1/v1/items/7/45/seeds/0.pack"]!.subarray(0, DIRECTORY + 100),
  },
);
const manifest = build.manifest;
const second = memoryBuild({ format: 4, dataset_version: "mem-2", generation: "g2", topics: [] }, { "g2/v1/meta.json": '{"dataset_version":"mem-2","counts":{}}' });
const files = new Map([...build.files, ...second.files]);

function memoryAssets(source: Map<string, Uint8Array> = files) {
  const reads: string[] = [];
  const slices: string[] = [];
  const assets = async (path: string) => {
    reads.push(path);
    return source.get(path) ?? null;
  };
  const slice = async (path: string, start: number, end: number) => {
    slices.push(`${path} ${start}-${end}`);
    const bytes = source.get(path);
    return bytes === undefined ? null : { bytes: bytes.slice(start, end), size: bytes.byteLength };
  };
  return { assets, slice, reads, slices };
}
/** The reads of response files, leaving out the serving index's. */
const fileReads = (reads: string[]) => reads.filter((path) => !path.endsWith("/files.json"));

interface Sent {
  "if-none-match"?: string;
  "accept-encoding"?: string;
}
const get = (target: string, headers: Sent = {}, method = "GET"): EdgeRequest => {
  const [path = "", query = ""] = target.split("?");
  return { method, path, query, ifNoneMatch: headers["if-none-match"], acceptEncoding: headers["accept-encoding"], clientIp: "" };
};
const from = (request: EdgeRequest, clientIp: string): EdgeRequest => ({ ...request, clientIp });

/** The core as a function of a request, for brevity; an answer given at once comes as a settled promise. */
const handlerOf = (options: CoreOptions) => {
  const core = createCore(options);
  return async (request: EdgeRequest) => core.handle(request, undefined);
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
  it("revalidating the dump reads only the build's index, never the dump", async () => {
    const { assets, reads } = memoryAssets();
    const handler = handlerOf({ manifest, assets, rateLimit: false, cache: false });
    const response = await handler(get("/v1/dump", { "if-none-match": '"mem-1"', "accept-encoding": "identity" }));
    expect(response.status).toBe(304);
    expect(reads).toEqual(["g1/files.json"]);
  });
  it("a seed is one entry of its pair's pack, read from the chunk that holds it and enveloped like any file", async () => {
    const handler = handlerOf({ manifest, assets: memoryAssets().assets, rateLimit: false });
    for (const seed of [0, FIRST_COUNT - 1, FIRST_COUNT, 661, 1000]) {
      const response = await handler(get(`/v1/items/7/44/seeds/${seed}`));
      expect(response.status).toBe(200);
      expect(text(response)).toBe(`{"dataset_version":"mem-1","data":{"seed":${seed}}}`);
    }
    expect((await handler(get("/v1/items/7/46/seeds/1"))).status).toBe(404);
  });
  it("where files are read whole, a seed reads the one chunk holding it, never the rest of its pack", async () => {
    const { assets, reads } = memoryAssets();
    const handler = handlerOf({ manifest, assets, rateLimit: false });
    expect(json(await handler(get("/v1/items/7/44/seeds/999"))).data).toEqual({ seed: 999 });
    expect(fileReads(reads)).toEqual([LAST_CHUNK]);
    expect(SEEDS_744[LAST_CHUNK]!.byteLength).toBeLessThan(2048 + 2048);
  });
  it("where files are read whole, the answer cut from a chunk is kept and the chunk is not: a seed asked again reads nothing, its neighbour reads the chunk again", async () => {
    const { assets, reads } = memoryAssets();
    const handler = handlerOf({ manifest, assets, rateLimit: false });
    for (const seed of [1, 1, 2]) expect(json(await handler(get(`/v1/items/7/44/seeds/${seed}`))).data).toEqual({ seed });
    expect(fileReads(reads)).toEqual([FIRST_CHUNK, FIRST_CHUNK]);
  });
  it("where requests may share reads, concurrent requests for seeds of one chunk read the chunk once", async () => {
    const { assets, reads } = memoryAssets();
    const handler = handlerOf({ manifest, assets, rateLimit: false, reads: SHARED_READS });
    const answers = await Promise.all([1, 2, 3, 4, 5].map((seed) => handler(get(`/v1/items/7/44/seeds/${seed}`))));
    expect(answers.map((response) => JSON.parse(text(response)).data.seed)).toEqual([1, 2, 3, 4, 5]);
    expect(reads).toEqual(["g1/files.json", FIRST_CHUNK]);
  });
  it("where the runtime reads byte ranges, a seed reads its chunk's directory once and then only its own entry", async () => {
    const { assets, slice, reads, slices } = memoryAssets();
    const handler = handlerOf({ manifest, assets, slice, rateLimit: false });
    expect(JSON.parse(text(await handler(get("/v1/items/7/44/seeds/3")))).data).toEqual({ seed: 3 });
    expect(JSON.parse(text(await handler(get("/v1/items/7/44/seeds/4")))).data).toEqual({ seed: 4 });
    expect(JSON.parse(text(await handler(get("/v1/items/7/44/seeds/999")))).data).toEqual({ seed: 999 });
    expect(fileReads(reads)).toEqual([]);
    // The first chunk's directory, seeds 3 and 4; the last chunk's directory, seed 999.
    expect(slices).toHaveLength(5);
    expect(slices[0]).toBe(`${FIRST_CHUNK} 0-${DIRECTORY}`);
    expect(slices[3]).toMatch(new RegExp(`^${LAST_CHUNK} 0-`));
    expect((await handler(get("/v1/items/7/46/seeds/1"))).status).toBe(404);
  });
  it("a chunk cut short is refused whole, for the seeds it kept as for those it lost, read whole or by ranges; the pack's other chunks answer", async () => {
    for (const ranged of [false, true]) {
      const { assets, slice } = memoryAssets();
      const errors: unknown[] = [];
      const handler = handlerOf({ manifest, assets, slice: ranged ? slice : undefined, rateLimit: false, onError: (error) => errors.push(error) });
      expect((await handler(get("/v1/items/7/45/seeds/0"))).status).toBe(503);
      const lost = await handler(get(`/v1/items/7/45/seeds/${FIRST_COUNT - 1}`));
      expect(lost.status).toBe(503);
      expect(json(lost).error.code).toBe("internal_error");
      expect(errors).toHaveLength(2);
      expect(json(await handler(get("/v1/items/7/45/seeds/1000"))).data).toEqual({ seed: 1000 });
    }
  });
  it("a chunk directory read damaged is not kept: once the file reads whole again, its seeds answer", async () => {
    const { assets, slice } = memoryAssets();
    let damaged = true;
    const flaky = async (path: string, start: number, end: number) => (damaged ? { bytes: new Uint8Array(end - start), size: CHUNK.byteLength } : slice(path, start, end));
    const handler = handlerOf({ manifest, assets, slice: flaky, rateLimit: false });
    expect((await handler(get("/v1/items/7/44/seeds/5"))).status).toBe(503);
    damaged = false;
    expect(json(await handler(get("/v1/items/7/44/seeds/5"))).data).toEqual({ seed: 5 });
  });
  it("the dump is sent as stored to a client that takes gzip, and decoded for one that does not", async () => {
    const handler = handlerOf({ manifest, assets: memoryAssets().assets, rateLimit: false });
    const gzipped = await handler(get("/v1/dump", { "accept-encoding": "gzip, br" }));
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.body).toEqual(files.get("g1/v1/dump.json.gz"));
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
    expect(reads).toEqual(["g1/files.json", "g1/v1/items/7/44.json"]);
  });
  it("with the cache off, every request reads its file", async () => {
    const { assets, reads } = memoryAssets();
    const handler = handlerOf({ manifest, assets, rateLimit: false, cache: false });
    await handler(get("/v1/meta"));
    await handler(get("/v1/meta"));
    expect(fileReads(reads)).toHaveLength(2);
  });
  it("a revalidation asks the build's index and reads no file", async () => {
    const { assets, reads } = memoryAssets();
    const handler = handlerOf({ manifest, assets, rateLimit: false });
    const response = await handler(get("/v1/items/7/44", { "if-none-match": '"mem-1"' }));
    expect(response.status).toBe(304);
    expect(reads).toEqual(["g1/files.json"]);
  });
  it("a 304 carries its 200's ETag, Cache-Control, Vary and CORS headers, only those describing a body left out", async () => {
    const handler = handlerOf({ manifest, assets: memoryAssets().assets, rateLimit: false });
    const withoutBody = ({ "content-type": _type, "content-encoding": _encoding, ...rest }: Readonly<Record<string, string>>) => rest;
    for (const [target, sent] of [["/v1/items/7/44", {}], ["/v1/items/7/44/seeds/661", {}], ["/v1/dump", { "accept-encoding": "gzip" }]] as const) {
      const ok = await handler(get(target, sent));
      const revalidated = await handler(get(target, { ...sent, "if-none-match": '"mem-1"' }));
      expect(revalidated.status, target).toBe(304);
      expect(revalidated.body, target).toBeNull();
      expect(revalidated.headers, target).toEqual(withoutBody(ok.headers));
      expect(revalidated.headers["access-control-allow-origin"], target).toBe("*");
      expect(revalidated.headers["access-control-expose-headers"], target).toBe("ETag, Retry-After");
    }
  });
  it("a revalidation of an unknown item is 404, not 304", async () => {
    const handler = handlerOf({ manifest, assets: memoryAssets().assets, rateLimit: false });
    expect((await handler(get("/v1/items/1/1", { "if-none-match": '"mem-1"' }))).status).toBe(404);
  });
  it("a new manifest from the getter switches version, files and ETag at once", async () => {
    let current: Manifest = manifest;
    const handler = handlerOf({ manifest: () => current, assets: memoryAssets().assets, rateLimit: false });
    expect(json(await handler(get("/v1/meta"))).data.dataset_version).toBe("mem-1");
    current = second.manifest;
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
    const response = await handler(get("/v1/meta"));
    expect(response.status).toBe(503);
    expect(json(response)).toEqual({ dataset_version: "", error: { code: "internal_error", message: "unexpected server error; retry later" } });
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

describe("the edge core serves only bytes the build wrote", () => {
  const meta = "g1/v1/meta.json";
  const pack = FIRST_CHUNK;
  const damaged = (changes: Record<string, Uint8Array | string | null>) => {
    const copy = new Map(files);
    for (const [path, body] of Object.entries(changes)) {
      if (body === null) copy.delete(path);
      else copy.set(path, typeof body === "string" ? encoder.encode(body) : body);
    }
    return copy;
  };
  const sameSize = (bytes: Uint8Array, at: number) => {
    // A copy, also of a Buffer (whose slice is a view): the build's own bytes stay as built.
    const copy = Uint8Array.from(bytes);
    copy[at] = copy[at]! ^ 0x20;
    return copy;
  };
  const quiet = { rateLimit: false as const, onError: () => {} };

  it("a file of the same size with other bytes is 503 internal_error, never cached, and /health says so", async () => {
    const handler = handlerOf({ manifest, assets: memoryAssets(damaged({ [meta]: sameSize(files.get(meta)!, 3) })).assets, ...quiet });
    const response = await handler(get("/v1/meta"));
    expect(response.status).toBe(503);
    expect(json(response).error.code).toBe("internal_error");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect((await handler(get("/health"))).status).toBe(503);
  });
  it("a file the index names that is missing is 503, not 404", async () => {
    const handler = handlerOf({ manifest, assets: memoryAssets(damaged({ "g1/v1/items/7/44.json": null })).assets, ...quiet });
    expect((await handler(get("/v1/items/7/44"))).status).toBe(503);
  });
  it("a chunk with an entry's bytes changed is 503 for that seed, read whole or by ranges, and its other seeds still answer", async () => {
    const changed = damaged({ [pack]: sameSize(CHUNK, DIRECTORY + 2) });
    for (const ranged of [false, true]) {
      const { assets, slice } = memoryAssets(changed);
      const handler = handlerOf({ manifest, assets, slice: ranged ? slice : undefined, ...quiet });
      expect((await handler(get("/v1/items/7/44/seeds/0"))).status).toBe(503);
      expect(json(await handler(get("/v1/items/7/44/seeds/1"))).data).toEqual({ seed: 1 });
    }
  });
  it("a chunk whose directory has an offset shifted, or another pair's chunk or another chunk of its pack copied over it, is 503", async () => {
    const shifted = sameSize(CHUNK, 8 + 4 * 10);
    const otherPair = seedChunks("7/47", `,"pair":"7/47"`)["g1/v1/items/7/47/seeds/0.pack"]!;
    const otherChunk = SEEDS_744[LAST_CHUNK]!;
    for (const bytes of [shifted, otherPair, otherChunk]) {
      for (const ranged of [false, true]) {
        const { assets, slice } = memoryAssets(damaged({ [pack]: bytes }));
        const handler = handlerOf({ manifest, assets, slice: ranged ? slice : undefined, ...quiet });
        expect((await handler(get("/v1/items/7/44/seeds/10"))).status).toBe(503);
      }
    }
  });
  it("a pack whose index names no chunk at its first seed is 503 for the seeds no chunk holds, and 404 for no pair", async () => {
    const { [FIRST_CHUNK]: _first, ...rest } = SEEDS_744;
    const headless = memoryBuild({ format: 4, dataset_version: "mem-1", generation: "g1", topics: [] }, rest);
    const handler = handlerOf({ manifest: headless.manifest, assets: memoryAssets(headless.files).assets, ...quiet });
    expect((await handler(get("/v1/items/7/44/seeds/1"))).status).toBe(503);
    expect((await handler(get("/v1/items/7/44/seeds/999"))).status).toBe(503);
    expect((await handler(get("/v1/items/7/46/seeds/1"))).status).toBe(404);
  });
  it("a damaged dump is 503 to gzip and identity clients alike, before any byte of it", async () => {
    const dump = files.get("g1/v1/dump.json.gz")!;
    const handler = handlerOf({ manifest, assets: memoryAssets(damaged({ "g1/v1/dump.json.gz": sameSize(dump, dump.length - 6) })).assets, ...quiet });
    for (const encoding of ["gzip", "identity"]) {
      const response = await handler(get("/v1/dump", { "accept-encoding": encoding }));
      expect(response.status).toBe(503);
      expect(json(response).error.code).toBe("internal_error");
    }
  });
  it("a damaged index, or one the manifest does not name, makes every data request and /health 503", async () => {
    for (const index of ['{"files":{}}', "not json"]) {
      const handler = handlerOf({ manifest, assets: memoryAssets(damaged({ "g1/files.json": index })).assets, ...quiet });
      expect((await handler(get("/v1/items/7/44"))).status).toBe(503);
      expect((await handler(get("/v1/items/1/1"))).status).toBe(503);
      expect((await handler(get("/health"))).status).toBe(503);
    }
  });
  it("once a damaged file is repaired, the next request serves it and /health is 200 again, without a restart", async () => {
    const source = damaged({ [pack]: sameSize(CHUNK, DIRECTORY + 2) });
    const handler = handlerOf({ manifest, assets: memoryAssets(source).assets, ...quiet });
    expect((await handler(get("/v1/items/7/44/seeds/0"))).status).toBe(503);
    expect((await handler(get("/health"))).status).toBe(503);
    source.set(pack, CHUNK);
    expect(json(await handler(get("/v1/items/7/44/seeds/0"))).data).toEqual({ seed: 0 });
    expect((await handler(get("/health"))).status).toBe(200);
  });
  it("says whether a file failed to read right and has not read right since, as /health does", async () => {
    const source = damaged({ [pack]: sameSize(CHUNK, DIRECTORY + 2) });
    const core = createCore({ manifest, assets: memoryAssets(source).assets, ...quiet });
    expect(core.damaged()).toBe(false);
    expect((await core.handle(get("/v1/items/7/44/seeds/0"), undefined)).status).toBe(503);
    expect(core.damaged()).toBe(true);
    source.set(pack, CHUNK);
    expect((await core.handle(get("/health"), undefined)).status).toBe(200);
    expect(core.damaged()).toBe(false);
  });
  it("with no build loaded, finds nothing damaged", () => {
    expect(createCore({ manifest: () => null, assets: memoryAssets().assets, ...quiet }).damaged()).toBe(false);
  });
  it("/health is 503 while a peer process has found a file of the build damaged, though every file reads right here", async () => {
    let peers = true;
    const handler = handlerOf({ manifest, assets: memoryAssets().assets, ...quiet, peersDamaged: () => peers });
    expect((await handler(get("/health"))).status).toBe(503);
    peers = false;
    expect((await handler(get("/health"))).status).toBe(200);
  });
  it("/health stays 503 while a damaged entry fails, though other entries of its chunk read right", async () => {
    const handler = handlerOf({ manifest, assets: memoryAssets(damaged({ [pack]: sameSize(CHUNK, DIRECTORY + 2) })).assets, ...quiet });
    expect((await handler(get("/v1/items/7/44/seeds/0"))).status).toBe(503);
    expect((await handler(get("/v1/items/7/44/seeds/1"))).status).toBe(200);
    expect((await handler(get("/health"))).status).toBe(503);
  });
  it("a whole chunk found damaged only when an entry is cut serves again once the file is restored", async () => {
    const source = damaged({ [pack]: sameSize(CHUNK, DIRECTORY + 2) });
    const handler = handlerOf({ manifest, assets: memoryAssets(source).assets, ...quiet });
    expect((await handler(get("/v1/items/7/44/seeds/1"))).status).toBe(200);
    expect((await handler(get("/v1/items/7/44/seeds/0"))).status).toBe(503);
    source.set(pack, CHUNK);
    expect(json(await handler(get("/v1/items/7/44/seeds/0"))).data).toEqual({ seed: 0 });
  });
  it("a documents file with other bytes is 503", async () => {
    const docsIndex = encoder.encode('{"files":{"openapi.json":"2:0000000000000000"}}\n');
    const folder = `docs-${createHash("sha256").update(docsIndex).digest("hex").slice(0, 20)}`;
    const withDocs: Manifest = { ...manifest, docs: folder };
    const source = damaged({ [`${folder}/files.json`]: docsIndex, [`${folder}/openapi.json`]: "{}" });
    const handler = handlerOf({ manifest: withDocs, assets: memoryAssets(source).assets, ...quiet });
    expect((await handler(get("/openapi.json"))).status).toBe(503);
  });
});

describe("answers from memory", () => {
  /** The answer given at once, not a promise: a test of it fails on a promise. */
  const atOnce = (answer: EdgeResponse | Promise<EdgeResponse>): EdgeResponse => {
    expect(answer).not.toBeInstanceOf(Promise);
    return answer as EdgeResponse;
  };
  const later = (answer: EdgeResponse | Promise<EdgeResponse>): Promise<EdgeResponse> => {
    expect(answer).toBeInstanceOf(Promise);
    return answer as Promise<EdgeResponse>;
  };
  const quiet = { rateLimit: false as const, onError: () => {} };

  it("a 200 read once is given at once afterwards, with the status, headers and bytes it had when read", async () => {
    for (const ranged of [false, true]) {
      const { assets, slice, reads } = memoryAssets();
      const core = createCore({ manifest, assets, slice: ranged ? slice : undefined, rateLimit: false });
      for (const target of ["/v1/items/7/44", "/v1/items/7/44/seeds/661", "/v1/meta"]) {
        const read = await later(core.handle(get(target), undefined));
        expect(read.status).toBe(200);
        const count = reads.length;
        expect(atOnce(core.handle(get(target), undefined)), target).toEqual(read);
        expect(reads).toHaveLength(count);
      }
    }
  });
  it("HEAD and a revalidation of what is in memory are answered at once as a core that reads them answers them", async () => {
    const warm = createCore({ manifest, assets: memoryAssets().assets, rateLimit: false });
    for (const target of ["/v1/items/7/44", "/v1/items/7/44/seeds/661"]) {
      await warm.handle(get(target), undefined);
      for (const request of [get(target, {}, "HEAD"), get(target, { "if-none-match": 'W/"x", "mem-1"' }), get(target, { "if-none-match": '"mem-0"' })]) {
        const cold = createCore({ manifest, assets: memoryAssets().assets, rateLimit: false });
        expect(atOnce(warm.handle(request, undefined)), `${request.method} ${request.ifNoneMatch}`).toEqual(await cold.handle(request, undefined));
      }
    }
  });
  it("a route with a query is given at once too, each query its own answer", async () => {
    const aliases = memoryBuild(
      { format: 4, dataset_version: "mem-1", generation: "g1", topics: [] },
      { "g1/v1/resolve/example-a.json": '{"items":["7/44"]}', "g1/v1/resolve/example-b.json": '{"items":["7/45"]}' },
    );
    const { assets, reads } = memoryAssets(aliases.files);
    const core = createCore({ manifest: aliases.manifest, assets, rateLimit: false });
    const targets = ["/v1/resolve?slug=example-a", "/v1/resolve?slug=example-b"];
    const read = [];
    for (const target of targets) read.push(await later(core.handle(get(target), undefined)));
    const count = reads.length;
    expect(targets.map((target) => json(atOnce(core.handle(get(target), undefined))).data)).toEqual([{ items: ["7/44"] }, { items: ["7/45"] }]);
    expect(targets.map((target) => atOnce(core.handle(get(target), undefined)))).toEqual(read);
    expect(reads).toHaveLength(count);
  });
  it("a method other than GET and HEAD is refused with 405 even for a route whose bytes are in memory", async () => {
    const core = createCore({ manifest, assets: memoryAssets().assets, rateLimit: false });
    expect((await core.handle(get("/v1/meta"), undefined)).status).toBe(200);
    for (const method of ["POST", "DELETE", "PUT"]) expect((await core.handle(get("/v1/meta", {}, method), undefined)).status, method).toBe(405);
  });
  it("a target in another form than its route's is answered by the full path, with the same bytes", async () => {
    const core = createCore({ manifest, assets: memoryAssets().assets, rateLimit: false });
    const canonical = await core.handle(get("/v1/items/7/44/seeds/661"), undefined);
    for (const target of ["/v1/items/7/44/seeds/0661", "/v1/items/7/%34%34/seeds/661", "/v1/items/007/44/seeds/661"]) {
      expect(await later(core.handle(get(target), undefined)), target).toEqual(canonical);
    }
  });
  it("a target naming a file of the build as the reader keeps it is answered 404, never with the file's bytes", async () => {
    const core = createCore({ manifest, assets: memoryAssets().assets, rateLimit: false });
    await core.handle(get("/v1/meta"), undefined);
    await core.handle(get("/v1/dump", { "accept-encoding": "gzip" }), undefined);
    for (const path of ["g1/v1/meta.json", "g1/v1/dump.json.gz", "/g1/v1/meta.json"]) {
      expect((await core.handle(get(path), undefined)).status, path).toBe(404);
    }
  });
  it("a seed of a damaged chunk, or a damaged entry, is never answered at once: every request finds the damage again", async () => {
    const changed = new Map(files);
    changed.set(FIRST_CHUNK, Uint8Array.from(CHUNK, (byte, at) => (at === DIRECTORY + 2 ? byte ^ 0x20 : byte)));
    for (const ranged of [false, true]) {
      for (const [source, target] of [[files, "/v1/items/7/45/seeds/0"], [changed, "/v1/items/7/44/seeds/0"]] as const) {
        const { assets, slice } = memoryAssets(source);
        const core = createCore({ manifest, assets, slice: ranged ? slice : undefined, ...quiet });
        for (let time = 0; time < 3; time++) expect((await later(core.handle(get(target), undefined))).status, target).toBe(503);
      }
    }
  });
  it("a remembered 404 goes the full path, which names what is missing every time", async () => {
    const core = createCore({ manifest, assets: memoryAssets().assets, rateLimit: false });
    const first = await core.handle(get("/v1/items/7/46/seeds/1"), undefined);
    const again = await later(core.handle(get("/v1/items/7/46/seeds/1"), undefined));
    expect(again).toEqual(first);
    expect(json(again).error).toEqual({ code: "not_found", message: "no item has def_index 7 and paint_index 46" });
  });
  it("an answer from memory counts against the app rate limit, and a limiter elsewhere is awaited before it", async () => {
    const limited = createCore({ manifest, assets: memoryAssets().assets, rateLimit: { limit: 2, windowMs: 60_000, now: () => 0 } });
    expect((await limited.handle(get("/v1/meta"), undefined)).status).toBe(200);
    expect(atOnce(limited.handle(get("/v1/meta"), undefined)).status).toBe(200);
    const refused = atOnce(limited.handle(get("/v1/meta"), undefined));
    expect(refused.status).toBe(429);
    expect(refused.headers["retry-after"]).toBe("60");
    let allowed = true;
    const elsewhere = createCore({ manifest, assets: memoryAssets().assets, appLimiter: { hit: async () => ({ allowed, retryAfterSeconds: 9 }) } });
    const read = await elsewhere.handle(get("/v1/meta"), undefined);
    expect(await later(elsewhere.handle(get("/v1/meta"), undefined))).toEqual(read);
    allowed = false;
    const awaited = await later(elsewhere.handle(get("/v1/meta"), undefined));
    expect(awaited.status).toBe(429);
    expect(awaited.headers["retry-after"]).toBe("9");
  });
  it("what is kept belongs to the build it was read from: the next build's answers are its own", async () => {
    let current: Manifest = manifest;
    const core = createCore({ manifest: () => current, assets: memoryAssets().assets, rateLimit: false });
    await core.handle(get("/v1/meta"), undefined);
    expect(json(atOnce(core.handle(get("/v1/meta"), undefined))).dataset_version).toBe("mem-1");
    current = second.manifest;
    const next = await later(core.handle(get("/v1/meta"), undefined));
    expect(json(next)).toEqual({ dataset_version: "mem-2", data: { dataset_version: "mem-2", counts: {} } });
    expect(atOnce(core.handle(get("/v1/meta"), undefined))).toEqual(next);
  });
  it("the dump is never an answer from memory: read for a client that takes gzip, it is still decoded for one that does not", async () => {
    const core = createCore({ manifest, assets: memoryAssets().assets, rateLimit: false });
    expect((await core.handle(get("/v1/dump", { "accept-encoding": "gzip" }), undefined)).headers["content-encoding"]).toBe("gzip");
    const decoded = await later(core.handle(get("/v1/dump", { "accept-encoding": "identity" }), undefined));
    expect(decoded.headers["content-encoding"]).toBeUndefined();
    expect(await streamed(decoded)).toBe(DUMP);
  });
});

describe("who waits for whose read", () => {
  const dump = "g1/v1/dump.json.gz";
  /** An asset source whose reads of `held` end only when the test lets them: to see how many run at once. */
  const heldReads = (held: (path: string) => boolean) => {
    const waiting: (() => void)[] = [];
    const reads: string[] = [];
    let running = 0;
    let most = 0;
    const assets = async (path: string) => {
      reads.push(path);
      if (held(path)) {
        most = Math.max(most, ++running);
        await new Promise<void>((release) => waiting.push(release));
        running--;
      }
      return files.get(path) ?? null;
    };
    return { assets, reads, release: () => waiting.splice(0).forEach((release) => release()), most: () => most, running: () => running };
  };
  /** A policy whose waiting requests wake when the test says, not on a clock. */
  const steppedPolicy = (limit: number) => {
    const sleepers: (() => void)[] = [];
    const policy: ReadPolicy = { shareReads: false, maxWholeReads: limit, sleep: () => new Promise<void>((wake) => sleepers.push(wake)), now: () => 0 };
    return { policy, wake: () => sleepers.splice(0).forEach((wake) => wake()) };
  };
  /**
   * Lets the work run, one step per turn of the event loop, until it ends. Not a fixed number of
   * turns: a file's checksum is computed on the thread pool, which a busy machine may take many
   * turns to answer.
   */
  const drive = async <T,>(work: Promise<T>, step: () => void): Promise<T> => {
    let done = false;
    void work.then(() => (done = true), () => (done = true));
    while (!done) {
      await new Promise<void>((next) => setImmediate(next));
      step();
    }
    return work;
  };
  const dumpRequest = () => get("/v1/dump", { "accept-encoding": "gzip" });

  it("where reads are not shared, each request reads for itself, at most the policy's number of dumps at once", async () => {
    const { assets, reads, release, most, running } = heldReads((path) => path === dump);
    const { policy, wake } = steppedPolicy(2);
    const handler = handlerOf({ manifest, assets, rateLimit: false, reads: policy, cache: false });
    // The reads are let go once two are under way (a third must be waiting for its turn), or, when fewer are
    // left to run, after many turns of the event loop: not on a clock, which a busy machine would beat.
    let turns = 0;
    const answers = await drive(Promise.all([1, 2, 3, 4, 5].map(() => handler(dumpRequest()))), () => {
      if (running() >= 2 || ++turns > 10_000) release();
      wake();
    });
    expect(answers.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(fileReads(reads)).toEqual([dump, dump, dump, dump, dump]);
    expect(most()).toBe(2);
  });
  it("where reads are not shared, requests for seeds read their chunks all at once, none waiting for a turn", async () => {
    const { assets, reads, release, most, running } = heldReads((path) => path.endsWith(".pack"));
    const { policy, wake } = steppedPolicy(1);
    const handler = handlerOf({ manifest, assets, rateLimit: false, reads: policy, cache: false });
    const seeds = [1, 2, 300, 600, 999];
    // The reads are let go once all five are under way, or, were some of them waiting for a turn, after
    // many turns of the event loop.
    let turns = 0;
    const answers = await drive(Promise.all(seeds.map((seed) => handler(get(`/v1/items/7/44/seeds/${seed}`)))), () => {
      if (running() === seeds.length || ++turns > 10_000) release();
      wake();
    });
    expect(answers.map((response) => json(response).data.seed)).toEqual(seeds);
    expect(fileReads(reads)).toHaveLength(5);
    expect(most()).toBe(5);
  });
  it("where reads are not shared, requests for whole data files read them all at once, none waiting for a turn", async () => {
    const { assets, reads, release, most, running } = heldReads((path) => path === "g1/v1/meta.json" || path === "g1/v1/items/7/44.json");
    const { policy, wake } = steppedPolicy(1);
    const handler = handlerOf({ manifest, assets, rateLimit: false, reads: policy, cache: false });
    const targets = ["/v1/meta", "/v1/items/7/44", "/v1/meta", "/v1/items/7/44"];
    // The reads are let go once all four are under way, or, were some of them waiting for a turn, after
    // many turns of the event loop.
    let turns = 0;
    const answers = await drive(Promise.all(targets.map((target) => handler(get(target)))), () => {
      if (running() === targets.length || ++turns > 10_000) release();
      wake();
    });
    expect(answers.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    expect(fileReads(reads)).toHaveLength(4);
    expect(most()).toBe(4);
  });
  it("where reads are not shared, the first requests read the serving index at most the policy's number at once, and the others take it once read", async () => {
    const { assets, reads, release, most } = heldReads((path) => path === "g1/files.json");
    const { policy, wake } = steppedPolicy(2);
    const handler = handlerOf({ manifest, assets, rateLimit: false, reads: policy });
    const seeds = [1, 2, 300, 600, 999, 1000];
    const answers = await drive(Promise.all(seeds.map((seed) => handler(get(`/v1/items/7/44/seeds/${seed}`)))), () => (release(), wake()));
    expect(answers.map((response) => json(response).data.seed)).toEqual(seeds);
    expect(reads.filter((path) => path === "g1/files.json").length).toBeLessThanOrEqual(2);
    expect(most()).toBeLessThanOrEqual(2);
  });
  it("a turn held by a request the runtime cancelled (its read never ends) is taken back after ten seconds", async () => {
    let time = 0;
    const sleepers: (() => void)[] = [];
    const policy: ReadPolicy = { shareReads: false, maxWholeReads: 1, sleep: () => new Promise<void>((wake) => sleepers.push(wake)), now: () => time };
    let first = true;
    let holding: () => void = () => {};
    const held = new Promise<void>((resolve) => (holding = resolve));
    const assets = async (path: string) => {
      // The first dump read never ends, as one whose request was cancelled.
      if (path === dump && first) {
        first = false;
        holding();
        return new Promise<Uint8Array | null>(() => {});
      }
      return files.get(path) ?? null;
    };
    const handler = handlerOf({ manifest, assets, rateLimit: false, reads: policy, cache: false });
    void handler(dumpRequest());
    // The second request starts once the first holds its turn: which of two requests started together
    // reads first depends on when the thread pool answers their index checks.
    await held;
    const second = handler(dumpRequest());
    const answer = await drive(second, () => {
      time += 1_000;
      sleepers.splice(0).forEach((wake) => wake());
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(files.get(dump));
    expect(time).toBeGreaterThan(10_000);
  });
  it("a request waiting for its turn takes the dump from the cache when another request read it meanwhile", async () => {
    const { assets, reads, release } = heldReads((path) => path === dump);
    const { policy, wake } = steppedPolicy(1);
    const handler = handlerOf({ manifest, assets, rateLimit: false, reads: policy });
    const answers = await drive(Promise.all([1, 2, 3].map(() => handler(dumpRequest()))), () => (release(), wake()));
    expect(answers.map((response) => response.status)).toEqual([200, 200, 200]);
    expect(fileReads(reads)).toEqual([dump]);
  });
});

describe("what the core answers besides a file", () => {
  // A build with a changelog and a documents folder (example content), its folder named by its index.
  const DOCS_FILES: Record<string, string> = { "openapi.json": '{"openapi":"3.1.0"}', "index.html": "<p>EXAMPLE CONTENT</p>" };
  const docsIndex = encoder.encode(servingIndexText(Object.entries(DOCS_FILES).map(([name, body]) => [name, fingerprint(name, encoder.encode(body))])));
  const docsFolder = documentsFolderOf(docsIndex);
  const withDocs = async () => {
    const folder = await docsFolder;
    const built = memoryBuild(
      { format: 4, dataset_version: "mem-d", generation: "gd", topics: [], docs: folder },
      { "gd/v1/meta.json": '{"counts":{}}', "gd/changes.json": '{"from":null}', "gd/v1/dump.json.gz": "not gzip" },
    );
    const all = new Map([...built.files, [`${folder}/files.json`, docsIndex], ...Object.entries(DOCS_FILES).map(([name, body]) => [`${folder}/${name}`, encoder.encode(body)] as const)]);
    return { manifest: built.manifest, files: all, folder };
  };
  const error = (response: EdgeResponse) => json(response).error;

  it("answers /health with its status while the build reads right", async () => {
    const handler = handlerOf({ manifest, assets: memoryAssets().assets, rateLimit: false });
    const health = await handler(get("/health"));
    expect(health.status).toBe(200);
    expect(text(health)).toBe('{"status":"ok"}');
    expect(health.headers["cache-control"]).toBe("no-store");
  });

  it("answers a preflight with 204 and the allowed methods, and refuses any other method with 405", async () => {
    const handler = handlerOf({ manifest, assets: memoryAssets().assets, rateLimit: false });
    const preflight = await handler(get("/v1/meta", {}, "OPTIONS"));
    expect(preflight.status).toBe(204);
    expect(preflight.body).toBeNull();
    expect(preflight.headers).toMatchObject({ "access-control-allow-methods": "GET, HEAD, OPTIONS", "cache-control": "public, max-age=86400" });
    const post = await handler(get("/v1/meta", {}, "POST"));
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe("GET, HEAD, OPTIONS");
    expect(error(post)).toEqual({ code: "bad_request", message: "method POST is not allowed; use GET" });
    expect((await handler(get("/health", {}, "DELETE"))).status).toBe(405);
  });

  it("answers a path no entry serves with 404 naming it", async () => {
    const handler = handlerOf({ manifest, assets: memoryAssets().assets, rateLimit: false });
    const response = await handler(get("/v2/meta"));
    expect(response.status).toBe(404);
    expect(error(response)).toEqual({ code: "not_found", message: "no endpoint at /v2/meta" });
    expect(response.headers["cache-control"]).toBe("public, max-age=60, s-maxage=600");
  });

  it("answers a client over the rate limit with 429, its wait in Retry-After and in words, never cached", async () => {
    const handler = handlerOf({ manifest, assets: memoryAssets().assets, appLimiter: { hit: () => ({ allowed: false, retryAfterSeconds: 7 }) } });
    const response = await handler(get("/v1/meta"));
    expect(response.status).toBe(429);
    expect(response.headers).toMatchObject({ "retry-after": "7", "cache-control": "no-store", etag: '"mem-1"' });
    expect(error(response)).toEqual({ code: "rate_limited", message: "too many requests; retry after 7 s" });
  });

  it("with no build loaded, says so in an envelope without a version, and answers /health and the documents without counting them", async () => {
    const handler = handlerOf({ manifest: () => null, assets: memoryAssets().assets, appLimiter: { hit: () => ({ allowed: false, retryAfterSeconds: 1 }) } });
    const data = await handler(get("/v1/meta"));
    expect(json(data)).toEqual({ dataset_version: "", error: { code: "internal_error", message: "no build is loaded yet; retry later" } });
    expect(json(await handler(get("/openapi.json")))).toEqual({ dataset_version: "", error: { code: "internal_error", message: "no build is loaded yet; retry later" } });
    expect((await handler(get("/health"))).status).toBe(503);
  });

  it("answers an unexpected failure with 503 in the served version's envelope", async () => {
    const handler = handlerOf({ manifest, assets: async () => Promise.reject(new Error("disk")), rateLimit: false });
    const response = await handler(get("/v1/meta"));
    expect(json(response)).toEqual({ dataset_version: "mem-1", error: { code: "internal_error", message: "unexpected server error; retry later" } });
    expect(response.headers).toMatchObject({ "cache-control": "no-store", etag: '"mem-1"' });
  });

  it("serves the serving build's changelog as latest.json and under its version, and no other", async () => {
    const { manifest: built, files: all } = await withDocs();
    const handler = handlerOf({ manifest: built, assets: memoryAssets(all).assets, rateLimit: false });
    for (const name of ["latest", "mem-d"]) {
      const response = await handler(get(`/changes/${name}.json`));
      expect(response.status).toBe(200);
      expect(text(response)).toBe('{"from":null}');
      expect(response.headers.etag).toBe('"mem-d"');
    }
    const other = await handler(get("/changes/mem-c.json"));
    expect(other.status).toBe(404);
    expect(error(other)).toEqual({ code: "not_found", message: "no changelog at /changes/mem-c.json; the serving dataset_version is mem-d (/changes/latest.json)" });
    const without = handlerOf({ manifest, assets: memoryAssets().assets, rateLimit: false });
    expect(error(await without(get("/changes/latest.json")))).toEqual({ code: "not_found", message: "this build has no changelog" });
  });

  it("serves the documents from their folder under its ETag, revalidated without a read, and redirects /docs", async () => {
    const { manifest: built, files: all, folder } = await withDocs();
    const { assets, reads } = memoryAssets(all);
    const seen: Error[] = [];
    const handler = handlerOf({ manifest: built, assets, rateLimit: false, onError: (cause) => seen.push(cause as Error) });
    const description = await handler(get("/openapi.json"));
    expect(description.status).toBe(200);
    expect(text(description)).toBe('{"openapi":"3.1.0"}');
    expect(description.headers).toMatchObject({ etag: `"${folder}"`, "content-type": "application/json; charset=utf-8" });
    expect((await handler(get("/docs/"))).headers["content-security-policy"]).toContain("default-src 'none'");
    const before = reads.length;
    const notModified = await handler(get("/openapi.json", { "if-none-match": `"${folder}"` }));
    expect(notModified).toMatchObject({ status: 304, body: null });
    expect(reads.length).toBe(before);
    const redirect = await handler(get("/docs"));
    expect(redirect).toMatchObject({ status: 301, body: null });
    expect(redirect.headers.location).toBe("docs/");
    // A document its folder does not hold is the build's fault: 503.
    expect((await handler(get("/explorer.js"))).status).toBe(503);
    expect(seen.map((cause) => cause.message)).toEqual([`${folder}/explorer.js is not in its folder's index`]);
  });

  it("answers the documents of a build without a documents folder with 404", async () => {
    const handler = handlerOf({ manifest, assets: memoryAssets().assets, rateLimit: false });
    for (const path of ["/openapi.json", "/docs"]) {
      const response = await handler(get(path));
      expect(response.status, path).toBe(404);
      expect(error(response)).toEqual({ code: "not_found", message: "this build has no description document" });
    }
  });

  it("answers a dump that is not gzip with 503, never cached, and tells onError when it cannot be read", async () => {
    const { manifest: built, files: all } = await withDocs();
    const handler = handlerOf({ manifest: built, assets: memoryAssets(all).assets, rateLimit: false });
    const response = await handler(get("/v1/dump", { "accept-encoding": "gzip" }));
    expect(response.status).toBe(503);
    expect(error(response)).toEqual({ code: "internal_error", message: "the dump could not be read; retry later" });
    expect(response.headers).toMatchObject({ "cache-control": "no-store", vary: "Accept-Encoding" });
    const seen: unknown[] = [];
    const unreadable = async (path: string) => (path.endsWith(".gz") ? Promise.reject(new Error("disk")) : all.get(path) ?? null);
    const failing = handlerOf({ manifest: built, assets: unreadable, rateLimit: false, onError: (cause) => seen.push(cause) });
    expect((await failing(get("/v1/dump"))).status).toBe(503);
    expect(seen).toHaveLength(1);
    const unheard = handlerOf({ manifest: built, assets: unreadable, rateLimit: false });
    expect(error(await unheard(get("/v1/dump")))).toEqual({ code: "internal_error", message: "the dump could not be read; retry later" });
  });

  it("sends a dump only when it starts as gzip does and is long enough to say its decoded length", async () => {
    const gzipLike = (bytes: number[]) => {
      const built = memoryBuild({ format: 4, dataset_version: "mem-g", generation: "gg", topics: [] }, { "gg/v1/dump.json.gz": Uint8Array.from(bytes) });
      return handlerOf({ manifest: built.manifest, assets: memoryAssets(built.files).assets, rateLimit: false });
    };
    const status = async (bytes: number[]) => (await gzipLike(bytes)(get("/v1/dump", { "accept-encoding": "gzip" }))).status;
    const zeros = (count: number) => Array.from({ length: count }, () => 0);
    expect(await status([0x1f, 0x8b, ...zeros(16)])).toBe(200);
    expect(await status([0x1f, 0x8b, ...zeros(15)])).toBe(503);
    expect(await status([0x1f, 0x00, ...zeros(16)])).toBe(503);
    expect(await status([0x00, 0x8b, ...zeros(16)])).toBe(503);
  });

  it("answers a malformed parameter with its 422 in the envelope", async () => {
    const handler = handlerOf({ manifest, assets: memoryAssets().assets, rateLimit: false });
    const response = await handler(get("/v1/items/7x/44"));
    expect(response.status).toBe(422);
    expect(error(response).code).toBe("bad_request");
  });
});
