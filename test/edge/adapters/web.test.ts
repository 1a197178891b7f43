// The web-standard conversions an adapter on a Request/Response runtime wraps around the core's entry.

import { describe, expect, it } from "vitest";
import { createCore } from "../../../edge/core.ts";
import { edgeRequestOf, webResponseOf } from "../../../edge/adapters/web.ts";
import { memoryBuild } from "../../support/memory-build.ts";

const { manifest, files } = memoryBuild({ format: 4, dataset_version: "web-1", generation: "g1", topics: [] }, { "g1/v1/meta.json": '{"counts":{}}' });
const core = createCore({ manifest, assets: async (path) => files.get(path) ?? null, rateLimit: false });
const serve = async (request: Request) => webResponseOf(await core.handle(edgeRequestOf(request, "192.0.2.9"), undefined), request.method);

describe("web adapter", () => {
  it("a Request becomes the plain request: path still percent-encoded, query without '?', the two headers the core reads", () => {
    const request = new Request("https://api.example/v1/resolve?market_hash_name=%E2%98%85%20X", {
      headers: { "if-none-match": '"web-1"', "accept-encoding": "gzip, br", "x-other": "ignored" },
    });
    expect(edgeRequestOf(request, "192.0.2.9")).toEqual({
      method: "GET",
      path: "/v1/resolve",
      query: "market_hash_name=%E2%98%85%20X",
      ifNoneMatch: '"web-1"',
      acceptEncoding: "gzip, br",
      clientIp: "192.0.2.9",
    });
  });

  it("absent headers are null and an absent query is empty", () => {
    const plain = edgeRequestOf(new Request("https://api.example/v1/meta"), "");
    expect([plain.query, plain.ifNoneMatch, plain.acceptEncoding]).toEqual(["", null, null]);
  });

  it("a data request answers a Response with the core's status, headers and enveloped body", async () => {
    const response = await serve(new Request("https://api.example/v1/meta"));
    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).toBe('"web-1"');
    expect(await response.text()).toBe('{"dataset_version":"web-1","data":{"counts":{}}}');
  });

  it("HEAD gets the headers of GET and no body", async () => {
    const response = await serve(new Request("https://api.example/v1/meta", { method: "HEAD" }));
    expect(response.status).toBe(200);
    expect(response.headers.get("etag")).toBe('"web-1"');
    expect(await response.text()).toBe("");
  });

  it("a 304 carries no body", async () => {
    const response = await serve(new Request("https://api.example/v1/meta", { headers: { "if-none-match": '"web-1"' } }));
    expect(response.status).toBe(304);
    expect(response.body).toBeNull();
  });
});
