// The description document, the reference page and the explorer, served by the local server beside /v1.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPLORER_POLICY, REFERENCE_PAGE_POLICY } from "../../edge/documents.ts";
import { writeDistFixture, type DistFixture } from "../support/dist-fixture.ts";
import { startServer, type RunningServer } from "../support/edge-server.ts";

let fixture: DistFixture;
let bare: DistFixture;
let server: RunningServer;
let bareServer: RunningServer;

beforeAll(async () => {
  [fixture, bare] = await Promise.all([
    writeDistFixture(undefined, { datasetVersion: "docs-v1" }),
    writeDistFixture(undefined, { datasetVersion: "bare-v1", documents: false }),
  ]);
  [server, bareServer] = await Promise.all([
    startServer({ distDir: fixture.dir, rateLimit: { limit: 1, windowMs: 60_000, now: () => 0 }, burstLimit: false }),
    startServer({ distDir: bare.dir, rateLimit: false, burstLimit: false }),
  ]);
});
afterAll(async () => {
  await Promise.all([server.close(), bareServer.close()]);
  await Promise.all([fixture.remove(), bare.remove()]);
});

describe("GET /openapi.json", () => {
  it("serves the OpenAPI 3.1 document, version 1.0.0, describing every endpoint", async () => {
    const response = await server.request("/openapi.json");
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("application/json; charset=utf-8");
    const document = response.json();
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.version).toBe("1.0.0");
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(["/v1/meta", "/health", "/openapi.json"]));
  });

  it("carries its own content hash as ETag, and answers a matching If-None-Match with 304", async () => {
    const first = await server.request("/openapi.json");
    expect(first.headers.etag).toBe(`"${fixture.manifest.docs}"`);
    expect(first.headers["access-control-allow-origin"]).toBe("*");
    expect(first.headers["cache-control"]).toBe("public, max-age=60, s-maxage=600");
    const again = await server.request("/openapi.json", { headers: { "if-none-match": first.headers.etag! } });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("is not counted by the app rate limit (the limit here is one request a minute)", async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await server.request("/openapi.json")).status);
    expect(statuses).toEqual([200, 200, 200]);
  });

  it("a build without documents answers 404 not_found in the envelope", async () => {
    const response = await bareServer.request("/openapi.json");
    expect(response.status).toBe(404);
    expect(response.json().error.code).toBe("not_found");
  });
});

describe("GET /docs/", () => {
  it("serves the reference page with its getting-started and a policy that forbids requests elsewhere", async () => {
    const response = await server.request("/docs/");
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["content-security-policy"]).toBe(REFERENCE_PAGE_POLICY);
    expect(response.text).toContain("Getting started");
    expect(response.text).toContain("/v1/resolve?market_hash_name=");
    expect(response.text).not.toMatch(/<(script|link|img)[^>]+(src|href)="https?:/);
  });

  it("/docs without its slash redirects to docs/, relative to wherever the API root is", async () => {
    const response = await server.request("/docs");
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe("docs/");
  });

  it("HEAD answers the page's headers without its body", async () => {
    const response = await server.request("/docs/", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.body.length).toBe(0);
  });
});

describe("GET / (the explorer)", () => {
  it("serves the explorer page with a policy that allows its own origin only", async () => {
    const response = await server.request("/");
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.headers["content-security-policy"]).toBe(EXPLORER_POLICY);
    expect(EXPLORER_POLICY).not.toMatch(/unsafe|https?:|\*/);
    expect(response.headers.etag).toBe(`"${fixture.manifest.docs}"`);
    expect(response.text).toContain("<title>Pattern-Seed Guides Explorer</title>");
  });

  it("a query string does not change what is served: the page reads it itself", async () => {
    const plain = await server.request("/");
    const deep = await server.request("/?item=7-44&seed=661");
    expect(deep.status).toBe(200);
    expect(deep.text).toBe(plain.text);
  });

  it("serves its script, style sheet and icon with their types, outside the app rate limit", async () => {
    const statuses = [];
    for (const [path, type] of [
      ["/explorer.js", "text/javascript; charset=utf-8"],
      ["/explorer.css", "text/css; charset=utf-8"],
      ["/explorer.svg", "image/svg+xml"],
    ] as const) {
      const response = await server.request(path);
      statuses.push(response.status);
      expect(response.headers["content-type"], path).toBe(type);
      expect(response.headers["x-content-type-options"], path).toBe("nosniff");
      expect(response.body.length, path).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([200, 200, 200]);
  });

  it("a matching If-None-Match gets 304; a build without documents has no explorer (404 in the envelope)", async () => {
    const again = await server.request("/", { headers: { "if-none-match": `"${fixture.manifest.docs}"` } });
    expect(again.status).toBe(304);
    const response = await bareServer.request("/");
    expect(response.status).toBe(404);
    expect(response.json().error.code).toBe("not_found");
  });
});
