// Envelope, ETag and conditional requests, CORS, Cache-Control, Content-Type and methods.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeDistFixture, type DistFixture } from "../support/dist-fixture.ts";
import { startServer, type RawResponse, type RunningServer } from "../support/edge-server.ts";

let fixture: DistFixture;
let server: RunningServer;
const VERSION = "hdr-2024.1";
const ETAG = `"${VERSION}"`;

beforeAll(async () => {
  // Seed files for the one seed the tests ask for.
  fixture = await writeDistFixture(undefined, { datasetVersion: VERSION });
  server = await startServer({ distDir: fixture.dir, rateLimit: false, burstLimit: false });
});
afterAll(async () => {
  await server.close();
  await fixture.remove();
});

/** One request of every kind of answer the API gives (429 and 503 have their own files). */
const SAMPLES: Array<[string, string, Record<string, string>?]> = [
  ["data 200", "/v1/items/7/44"],
  ["seed 200", "/v1/items/7/44/seeds/661"],
  ["resolve 200", "/v1/resolve?slug=karambit-doppler"],
  ["dump 200", "/v1/dump", { "accept-encoding": "gzip" }],
  ["not modified 304", "/v1/meta", { "if-none-match": ETAG }],
  ["not found 404", "/v1/items/1/1"],
  ["unknown path 404", "/v1/unknown"],
  ["bad request 400", "/v1/resolve"],
  ["bad request 422", "/v1/items/7/44/seeds/1001"],
];

const expectCors = (response: RawResponse, label: string) => {
  expect(response.headers["access-control-allow-origin"], label).toBe("*");
  expect(response.headers["access-control-expose-headers"], label).toBe("ETag, Retry-After");
  expect(response.headers.vary ?? "", label).not.toMatch(/origin/i);
};

describe("envelope", () => {
  it("a success body has exactly dataset_version and data", async () => {
    const body = (await server.request("/v1/items/7/44")).json();
    expect(Object.keys(body)).toEqual(["dataset_version", "data"]);
    expect(body.dataset_version).toBe(VERSION);
  });
  it("an error body has exactly dataset_version and error {code, message}", async () => {
    const body = (await server.request("/v1/items/1/1")).json();
    expect(body).toEqual({ dataset_version: VERSION, error: { code: "not_found", message: expect.any(String) } });
  });
  it("the data of a response is the build's file, unchanged", async () => {
    const body = (await server.request("/v1/items/7/44")).json();
    expect(body.data).toEqual(fixture.files.get("v1/items/7/44.json"));
  });
  it("every response is JSON in UTF-8", async () => {
    for (const [label, path, headers] of SAMPLES) {
      const response = await server.request(path, { headers });
      if (response.status === 304) continue;
      expect(response.headers["content-type"], label).toBe("application/json; charset=utf-8");
    }
  });
});

describe("ETag and conditional requests", () => {
  it("every response carries the dataset_version as its ETag, errors and 304 included", async () => {
    for (const [label, path, headers] of SAMPLES) {
      expect((await server.request(path, { headers })).headers.etag, label).toBe(ETAG);
    }
  });
  it("an OPTIONS preflight carries the ETag too", async () => {
    expect((await server.request("/v1/meta", { method: "OPTIONS" })).headers.etag).toBe(ETAG);
  });
  it("If-None-Match equal to the ETag gets 304 with no body", async () => {
    const response = await server.request("/v1/items/7/44/seeds/661", { headers: { "if-none-match": ETAG } });
    expect(response.status).toBe(304);
    expect(response.body.length).toBe(0);
  });
  it("a weak If-None-Match gets 304", async () => {
    expect((await server.request("/v1/items/7/44", { headers: { "if-none-match": `W/${ETAG}` } })).status).toBe(304);
  });
  it("an If-None-Match list that contains the ETag gets 304", async () => {
    expect((await server.request("/v1/items/7/44", { headers: { "if-none-match": `"old", ${ETAG}` } })).status).toBe(304);
  });
  it("If-None-Match * gets 304", async () => {
    expect((await server.request("/v1/items/7/44/patterns", { headers: { "if-none-match": "*" } })).status).toBe(304);
  });
  it("an If-None-Match of another version gets the full 200", async () => {
    const response = await server.request("/v1/items/7/44", { headers: { "if-none-match": '"older-version"' } });
    expect(response.status).toBe(200);
    expect(response.json().dataset_version).toBe(VERSION);
  });
  it("a 304 keeps the ETag, CORS and Cache-Control of the 200 it stands for", async () => {
    const full = await server.request("/v1/items/7/44");
    const notModified = await server.request("/v1/items/7/44", { headers: { "if-none-match": ETAG } });
    expect(notModified.headers.etag).toBe(full.headers.etag);
    expect(notModified.headers["cache-control"]).toBe(full.headers["cache-control"]);
    expectCors(notModified, "304");
  });
  it("an error is never turned into a 304", async () => {
    const errors = [
      ["/v1/items/1/1", 404, "not_found"],
      ["/v1/resolve", 400, "bad_request"],
      ["/v1/items/7/44/seeds/1001", 422, "bad_request"],
    ] as const;
    for (const [path, status, code] of errors) {
      const response = await server.request(path, { headers: { "if-none-match": ETAG } });
      expect(response.status, path).toBe(status);
      expect(response.json().error.code, path).toBe(code);
    }
  });
});

describe("CORS", () => {
  it("every response allows any origin and exposes ETag and Retry-After, without an Origin header", async () => {
    for (const [label, path, headers] of SAMPLES) expectCors(await server.request(path, { headers }), label);
  });
  it("every response allows any origin and exposes ETag and Retry-After, with an Origin header", async () => {
    for (const [label, path, headers] of SAMPLES) {
      expectCors(await server.request(path, { headers: { ...headers, origin: "https://example.org" } }), label);
    }
  });
  it("a preflight is answered 204 allowing GET and the If-None-Match header", async () => {
    const response = await server.request("/v1/items/7/44", {
      method: "OPTIONS",
      headers: { origin: "https://example.org", "access-control-request-method": "GET", "access-control-request-headers": "if-none-match" },
    });
    expect(response.status).toBe(204);
    expect(response.body.length).toBe(0);
    expect(response.headers["access-control-allow-methods"]).toContain("GET");
    expect(response.headers["access-control-allow-headers"]).toMatch(/if-none-match/i);
    expect(Number(response.headers["access-control-max-age"])).toBeGreaterThan(0);
    expectCors(response, "OPTIONS");
  });
  it("a preflight to an unknown path is still answered 204", async () => {
    expect((await server.request("/v1/unknown", { method: "OPTIONS" })).status).toBe(204);
  });
  it("no response varies on Origin", async () => {
    const response = await server.request("/v1/dump", { headers: { origin: "https://example.org", "accept-encoding": "gzip" } });
    expect(response.headers.vary).toBe("Accept-Encoding");
  });
});

describe("Cache-Control", () => {
  it("data responses carry a short public Cache-Control", async () => {
    const value = (await server.request("/v1/items/7/44")).headers["cache-control"] ?? "";
    expect(value).toMatch(/^public, /);
    expect(Number(/max-age=(\d+)/.exec(value)?.[1])).toBeLessThanOrEqual(600);
  });
  it("shared caches keep data responses 10 minutes, the spec's edge cache", async () => {
    expect((await server.request("/v1/meta")).headers["cache-control"]).toContain("s-maxage=600");
  });
  it("the dump carries public, max-age=3600", async () => {
    expect((await server.request("/v1/dump")).headers["cache-control"]).toBe("public, max-age=3600");
  });
  it("a 404 carries a short public Cache-Control", async () => {
    expect((await server.request("/v1/items/1/1")).headers["cache-control"]).toMatch(/^public, max-age=\d+/);
  });
});

describe("methods", () => {
  for (const method of ["POST", "PUT", "DELETE", "PATCH"]) {
    it(`${method} is refused with 405, an Allow header and the error envelope`, async () => {
      const response = await server.request("/v1/items/7/44", { method });
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe("GET, HEAD, OPTIONS");
      expect(response.json()).toEqual({ dataset_version: VERSION, error: { code: "bad_request", message: expect.any(String) } });
      expect(response.headers.etag).toBe(ETAG);
      expectCors(response, method);
    });
  }
  it("HEAD answers like GET without a body", async () => {
    const get = await server.request("/v1/items/7/44");
    const head = await server.request("/v1/items/7/44", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-length"]).toBe(get.headers["content-length"]);
    expect(head.headers.etag).toBe(ETAG);
  });
  it("HEAD of an unknown item is 404 without a body", async () => {
    const head = await server.request("/v1/items/1/1", { method: "HEAD" });
    expect(head.status).toBe(404);
    expect(head.body.length).toBe(0);
  });
});
