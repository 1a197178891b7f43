// The Netlify adapter with a stand-in for Netlify's context: subrequests answered from memory.

import { describe, expect, it } from "vitest";
import { createNetlifyHandler, type NetlifyContext } from "../../../../edge/adapters/netlify/handler.ts";
import { memoryBuild } from "../../../support/memory-build.ts";

const build = memoryBuild({ format: 4, dataset_version: "nl-1", generation: "g1", topics: [] }, { "g1/v1/meta.json": '{"counts":{}}', "g1/v1/items/7/44.json": '{"item":{}}' });
/** The deploy's static files, by URL path. */
const site: Record<string, string> = {
  "/manifest.json": JSON.stringify(build.manifest),
  ...Object.fromEntries([...build.files].map(([path, bytes]) => [`/${path}`, new TextDecoder().decode(bytes)])),
};

function context(ip: string, subrequests: string[], failing = false): NetlifyContext {
  return {
    ip,
    async next(request: Request) {
      const path = new URL(request.url).pathname;
      subrequests.push(path);
      if (failing && path !== "/manifest.json") return new Response("oops", { status: 500 });
      const body = site[path];
      return body === undefined ? new Response("Not Found", { status: 404 }) : new Response(body, { status: 200 });
    },
  };
}

const quiet = () => {};
const get = (path: string, headers: Record<string, string> = {}) => new Request(`https://api.example${path}`, { headers });

describe("Netlify adapter", () => {
  it("reads the manifest once per isolate and each file by a subrequest to the deploy", async () => {
    const handler = createNetlifyHandler({ log: quiet });
    const subrequests: string[] = [];
    const first = await handler(get("/v1/items/7/44"), context("192.0.2.1", subrequests));
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ dataset_version: "nl-1", data: { item: {} } });
    await handler(get("/v1/meta"), context("192.0.2.1", subrequests));
    expect(subrequests).toEqual(["/manifest.json", "/g1/files.json", "/g1/v1/items/7/44.json", "/g1/v1/meta.json"]);
  });
  it("a file the deploy does not have is 404 not_found", async () => {
    const response = await createNetlifyHandler({ log: quiet })(get("/v1/items/1/1"), context("192.0.2.1", []));
    expect(response.status).toBe(404);
    expect((await response.json()).error.code).toBe("not_found");
  });
  it("a subrequest that fails is 503 internal_error", async () => {
    const response = await createNetlifyHandler({ log: quiet })(get("/v1/meta"), context("192.0.2.1", [], true));
    expect(response.status).toBe(503);
    expect((await response.json()).error.code).toBe("internal_error");
  });
  it("a subrequest never carries the client's conditional headers", async () => {
    const seen: Array<string | null> = [];
    const handler = createNetlifyHandler({ log: quiet });
    await handler(get("/v1/meta", { "if-none-match": '"nl-1"' }), {
      ip: "192.0.2.1",
      async next(request) {
        seen.push(request.headers.get("if-none-match"));
        return new Response(site[new URL(request.url).pathname] ?? "", { status: 200 });
      },
    });
    expect(seen.every((value) => value === null)).toBe(true);
  });
  it("without a manifest in the deploy, health is 503 and the next request tries again", async () => {
    let deployed = false;
    const handler = createNetlifyHandler({ log: quiet });
    const ctx: NetlifyContext = {
      ip: "192.0.2.1",
      async next(request) {
        const body = deployed ? site[new URL(request.url).pathname] : undefined;
        return body === undefined ? new Response("", { status: 404 }) : new Response(body, { status: 200 });
      },
    };
    expect((await handler(get("/health"), ctx)).status).toBe(503);
    deployed = true;
    expect((await handler(get("/health"), ctx)).status).toBe(200);
  });
  it("the app rate limit keys on Netlify's client IP", async () => {
    const handler = createNetlifyHandler({ rateLimit: { limit: 1, windowMs: 60_000, now: () => 0 }, log: quiet });
    expect((await handler(get("/v1/meta"), context("192.0.2.1", []))).status).toBe(200);
    expect((await handler(get("/v1/meta"), context("192.0.2.1", []))).status).toBe(429);
    expect((await handler(get("/v1/meta"), context("192.0.2.2", []))).status).toBe(200);
  });
});
