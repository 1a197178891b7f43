// GET /v1/dump: the one file served verbatim, gzip-encoded when the client accepts gzip.

import { rm } from "node:fs/promises";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeDistFixture, type DistFixture } from "../support/dist-fixture.ts";
import { startServer, type RunningServer } from "../support/edge-server.ts";

let fixture: DistFixture;
let server: RunningServer;
const VERSION = "dump-v1";

beforeAll(async () => {
  fixture = await writeDistFixture(undefined, { datasetVersion: VERSION });
  server = await startServer({ distDir: fixture.dir, rateLimit: false, burstLimit: false });
});
afterAll(async () => {
  await server.close();
  await fixture.remove();
});

describe("GET /v1/dump", () => {
  it("the dump is the whole dataset in the envelope", async () => {
    const body = (await server.request("/v1/dump")).json();
    expect(body.dataset_version).toBe(VERSION);
    expect(body.data.items.length).toBeGreaterThan(0);
    expect(body.data.guides.length).toBeGreaterThan(0);
  });
  it("a client that accepts gzip gets the gzip-encoded dump", async () => {
    const response = await server.request("/v1/dump", { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(response.body).toString("utf8")).dataset_version).toBe(VERSION);
  });
  it("the gzip and plain dumps hold the same document", async () => {
    const plain = await server.request("/v1/dump");
    const gzip = await server.request("/v1/dump", { headers: { "accept-encoding": "gzip" } });
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
  });
  it("a client that sends no Accept-Encoding gets the plain dump", async () => {
    const response = await server.request("/v1/dump");
    expect(response.headers["content-encoding"]).toBeUndefined();
  });
  it("gzip;q=0 gets the plain dump", async () => {
    const response = await server.request("/v1/dump", { headers: { "accept-encoding": "gzip;q=0, identity" } });
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.json().dataset_version).toBe(VERSION);
  });
  it("a wildcard Accept-Encoding gets the gzip dump", async () => {
    const response = await server.request("/v1/dump", { headers: { "accept-encoding": "*" } });
    expect(response.headers["content-encoding"]).toBe("gzip");
  });
  it("the dump always varies on Accept-Encoding, gzip or not", async () => {
    expect((await server.request("/v1/dump")).headers.vary).toBe("Accept-Encoding");
    expect((await server.request("/v1/dump", { headers: { "accept-encoding": "gzip" } })).headers.vary).toBe("Accept-Encoding");
  });
  it("the dump's Content-Length is the length of the bytes sent", async () => {
    const response = await server.request("/v1/dump", { headers: { "accept-encoding": "gzip" } });
    expect(Number(response.headers["content-length"])).toBe(response.body.length);
  });
  it("the dump supports conditional requests", async () => {
    const response = await server.request("/v1/dump", { headers: { "if-none-match": `"${VERSION}"`, "accept-encoding": "gzip" } });
    expect(response.status).toBe(304);
    expect(response.body.length).toBe(0);
    expect(response.headers.vary).toBe("Accept-Encoding");
    expect(response.headers["cache-control"]).toBe("public, max-age=3600");
  });
});

describe("GET /v1/dump without a readable dump", () => {
  it("a build whose dump cannot be read answers 503 internal_error, not cached", async () => {
    const fixture = await writeDistFixture(undefined, { datasetVersion: "no-dump" });
    await rm(join(fixture.dir, fixture.manifest.generation, "v1", "dump.json.gz"));
    const broken = await startServer({ distDir: fixture.dir, rateLimit: false, burstLimit: false });
    try {
      for (const headers of [{ "accept-encoding": "identity" }, { "accept-encoding": "gzip" }]) {
        const response = await broken.request("/v1/dump", { headers });
        expect(response.status).toBe(503);
        expect(response.json()).toEqual({ dataset_version: "no-dump", error: { code: "internal_error", message: expect.any(String) } });
        expect(response.headers["cache-control"]).toBe("no-store");
        expect(response.headers.etag).toBe('"no-dump"');
        expect(response.headers.vary).toBe("Accept-Encoding");
      }
    } finally {
      await broken.close();
      await fixture.remove();
    }
  });
});
