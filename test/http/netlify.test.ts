// The edge functions under Netlify's runtime: Netlify's local emulation runs netlify/edge-functions
// in Deno, with the files of a fixture build served as the site's static files, and the answers
// must follow the same contract as the local server's.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNetlifySite, type NetlifySite } from "../support/netlify-dev.ts";

let site: NetlifySite;
const VERSION = "netlify-v1";
const ETAG = `"${VERSION}"`;

beforeAll(async () => {
  site = await startNetlifySite({ datasetVersion: VERSION });
});
afterAll(() => site?.stop());

async function json(path: string, init?: RequestInit) {
  const { response, type } = await site.fetch(path, init);
  expect(type, path).toBe("edge-function");
  return { response, body: await response.json() };
}

describe("under Netlify's edge runtime", () => {
  it("health answers 200 with a bare status ok", async () => {
    const { response, body } = await json("/health");
    expect(response.status).toBe(200);
    expect(body).toEqual({ status: "ok" });
  });
  it("a seed lookup answers the build's data in the envelope with ETag, CORS and Cache-Control", async () => {
    const { response, body } = await json("/v1/items/7/44/seeds/151");
    expect(response.status).toBe(200);
    expect(body.dataset_version).toBe(VERSION);
    expect(body.data.verdicts).toHaveLength(2);
    expect(response.headers.get("etag")).toBe(ETAG);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-expose-headers")).toBe("ETag, Retry-After");
    expect(response.headers.get("cache-control")).toBe("public, max-age=60, s-maxage=600");
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
  });
  it("a market hash name resolves", async () => {
    const { response, body } = await json(`/v1/resolve?market_hash_name=${encodeURIComponent("★ StatTrak™ Karambit | Doppler (Factory New)")}`);
    expect(response.status).toBe(200);
    expect(body.data.items.map((item: { paint_index: number }) => item.paint_index)).toEqual([415, 418]);
  });
  it("an unknown item is 404 not_found, with the ETag", async () => {
    const { response, body } = await json("/v1/items/1/1");
    expect(response.status).toBe(404);
    expect(body.error.code).toBe("not_found");
    expect(response.headers.get("etag")).toBe(ETAG);
  });
  it("a seed out of range is 422 and /resolve without parameters is 400", async () => {
    expect((await json("/v1/items/7/44/seeds/1001")).response.status).toBe(422);
    expect((await json("/v1/resolve")).response.status).toBe(400);
  });
  it("If-None-Match with the ETag gets 304 with CORS", async () => {
    const { response } = await site.fetch("/v1/meta", { headers: { "if-none-match": ETAG } });
    expect(response.status).toBe(304);
    expect(response.headers.get("etag")).toBe(ETAG);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });
  it("serves the description document and the reference page outside /v1", async () => {
    const { response, body } = await json("/openapi.json");
    expect(response.status).toBe(200);
    expect(body.info.version).toBe("1.0.0");
    expect(response.headers.get("etag")).toMatch(/^"docs-[0-9a-f]{20}"$/);
    const page = await site.fetch("/docs/");
    expect(page.type).toBe("edge-function");
    expect(page.response.status).toBe(200);
    expect(page.response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.response.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(await page.response.text()).toContain("Getting started");
  });
  it("serves the changelog of the build outside /v1, with the dataset ETag", async () => {
    const { response, body } = await json("/changes/latest.json");
    expect(response.status).toBe(200);
    expect(body).toMatchObject({ from: null, to: VERSION });
    expect(response.headers.get("etag")).toBe(ETAG);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
  });
  it("serves the explorer at the site's root, with its script and its 'self'-only policy", async () => {
    const page = await site.fetch("/?item=7-44&seed=151");
    expect(page.type).toBe("edge-function");
    expect(page.response.status).toBe(200);
    expect(page.response.headers.get("content-security-policy")).toContain("default-src 'none'; script-src 'self'");
    expect(await page.response.text()).toContain("<title>Pattern-Seed Guides Explorer</title>");
    const script = await site.fetch("/explorer.js");
    expect(script.type).toBe("edge-function");
    expect(script.response.status).toBe(200);
    expect(script.response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    await script.response.body?.cancel();
  });
  it("a preflight is 204 and other methods are 405", async () => {
    expect((await site.fetch("/v1/meta", { method: "OPTIONS" })).response.status).toBe(204);
    expect((await site.fetch("/v1/meta", { method: "POST" })).response.status).toBe(405);
  });
  it("the dump is served whole, varying on Accept-Encoding (the emulator sends functions Accept-Encoding: identity)", async () => {
    const { response, body } = await json("/v1/dump", { headers: { "accept-encoding": "gzip" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("vary")).toBe("Accept-Encoding");
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(body.dataset_version).toBe(VERSION);
    expect(body.data.guides).toHaveLength(1);
  });
});
