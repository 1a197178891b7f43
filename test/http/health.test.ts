// GET /health: outside /v1, bare {status}, 200 only while a build is loaded and readable.

import { mkdtemp, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeDistFixture, type DistFixture } from "../support/dist-fixture.ts";
import { startServer, type RunningServer } from "../support/edge-server.ts";

let fixture: DistFixture;
let server: RunningServer;

beforeAll(async () => {
  fixture = await writeDistFixture(undefined, { datasetVersion: "health-v1" });
  server = await startServer({ distDir: fixture.dir, rateLimit: { limit: 1, windowMs: 60_000, now: () => 0 }, burstLimit: { limit: 1, windowMs: 10_000, blockMs: 10_000, now: () => 0 } });
});
afterAll(async () => {
  await server.close();
  await fixture.remove();
});

describe("GET /health", () => {
  it("a loaded, readable build answers 200 with a bare status ok", async () => {
    const response = await server.request("/health");
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });
  it("health carries no dataset_version and is never cached", async () => {
    const response = await server.request("/health");
    expect(response.text).not.toContain("dataset_version");
    expect(response.headers["cache-control"]).toBe("no-store");
  });
  it("health is never answered 304", async () => {
    expect((await server.request("/health", { headers: { "if-none-match": "*" } })).status).toBe(200);
  });
  it("health carries CORS headers", async () => {
    expect((await server.request("/health")).headers["access-control-allow-origin"]).toBe("*");
  });
  it("health is not rate limited, by the app limit or the burst limit", async () => {
    for (let i = 0; i < 5; i++) expect((await server.request("/health")).status).toBe(200);
    expect((await server.request("/v1/meta")).status).toBe(200);
    expect((await server.request("/v1/meta")).status).toBe(429);
    expect((await server.request("/health")).status).toBe(200);
  });
  it("a server with no manifest answers 503 with a bare status error", async () => {
    const emptyDir = await mkdtemp(join(tmpdir(), "edge-empty-"));
    const empty = await startServer({ distDir: emptyDir, rateLimit: false, burstLimit: false });
    try {
      const response = await empty.request("/health");
      expect(response.status).toBe(503);
      expect(response.json()).toEqual({ status: "error" });
      expect(response.headers["cache-control"]).toBe("no-store");
    } finally {
      await empty.close();
      await rm(emptyDir, { recursive: true, force: true });
    }
  });
  it("a build whose files became unreadable answers 503, and 200 again once they are back", async () => {
    const own = await writeDistFixture(undefined, { datasetVersion: "health-v2" });
    const running = await startServer({ distDir: own.dir, rateLimit: false, burstLimit: false });
    const folder = join(own.dir, own.manifest.generation);
    try {
      await rename(folder, `${folder}.moved`);
      const response = await running.request("/health");
      expect(response.status).toBe(503);
      expect(response.json()).toEqual({ status: "error" });
      await rename(`${folder}.moved`, folder);
      expect((await running.request("/health")).status).toBe(200);
    } finally {
      await running.close();
      await own.remove();
    }
  });
  it("a build whose meta.json was deleted answers 503 on health and 503 internal_error, never cached, on /v1/meta (the build wrote it: damage, not an unknown id)", async () => {
    const own = await writeDistFixture(undefined, { datasetVersion: "health-v3" });
    await rm(join(own.dir, own.manifest.generation, "v1", "meta.json"));
    const running = await startServer({ distDir: own.dir, rateLimit: false, burstLimit: false });
    try {
      expect((await running.request("/health")).status).toBe(503);
      const meta = await running.request("/v1/meta");
      expect(meta.status).toBe(503);
      expect(meta.json().error.code).toBe("internal_error");
      expect(meta.headers["cache-control"]).toBe("no-store");
    } finally {
      await running.close();
      await own.remove();
    }
  });
});
