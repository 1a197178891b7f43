// Unexpected failures and hostile paths: 503 without a trace, and never a file from elsewhere.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeDistFixture, type DistFixture } from "../support/dist-fixture.ts";
import { startServer, type RunningServer } from "../support/edge-server.ts";

let fixture: DistFixture;

beforeAll(async () => {
  fixture = await writeDistFixture(undefined, { datasetVersion: "fail-v1" });
});
afterAll(() => fixture.remove());

describe("an asset source that throws", () => {
  let server: RunningServer;
  const logged: string[] = [];
  beforeAll(async () => {
    server = await startServer({
      distDir: fixture.dir,
      rateLimit: false,
      burstLimit: false,
      assets: async () => {
        throw new Error("EIO: disk on fire at /srv/secret/path");
      },
      log: (message) => logged.push(message),
    });
  });
  afterAll(() => server.close());

  it("a data request answers 503 internal_error in the envelope", async () => {
    const response = await server.request("/v1/items/7/44");
    expect(response.status).toBe(503);
    expect(response.json()).toEqual({ dataset_version: "fail-v1", error: { code: "internal_error", message: expect.any(String) } });
  });
  it("the 503 shows no stack trace and no detail of the failure", async () => {
    const response = await server.request("/v1/items/7/44/seeds/0");
    expect(response.text).not.toMatch(/disk on fire|\/srv\/secret|at .*\.ts|Error:/);
  });
  it("the 503 is never cached and still carries the ETag and CORS", async () => {
    const response = await server.request("/v1/meta");
    expect(response.headers["cache-control"]).toBe("no-store");
    expect(response.headers.etag).toBe('"fail-v1"');
    expect(response.headers["access-control-allow-origin"]).toBe("*");
  });
  it("the failure is logged on the server side", async () => {
    await server.request("/v1/items/7/44/patterns");
    expect(logged.some((line) => line.includes("disk on fire"))).toBe(true);
  });
  it("health answers 503 while the build cannot be read", async () => {
    expect((await server.request("/health")).status).toBe(503);
  });
  it("parameter errors need no file and are still answered", async () => {
    expect((await server.request("/v1/items/7/44/seeds/1001")).status).toBe(422);
  });
});

describe("path traversal", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ distDir: fixture.dir, rateLimit: false, burstLimit: false });
  });
  afterAll(() => server.close());

  const attempts = [
    "/v1/../manifest.json",
    "/v1/../../../../etc/passwd",
    "/v1/%2e%2e/manifest.json",
    "/v1/%2E%2E/%2E%2E/etc/passwd",
    "/v1/items/%2e%2e/%2e%2e/%2e%2e/manifest",
    "/v1/guides/..%2f..%2f..%2fmanifest",
    "/v1/guides/%2e%2e%2f%2e%2e%2fmanifest",
    "/v1/guides/%252e%252e%252fmanifest",
    "/v1/guides/1%00.json",
    "/v1/resolve?slug=../../manifest",
    "/v1/resolve?slug=..%2F..%2Fmanifest",
    "/v1/resolve?market_hash_name=../../../manifest",
    "/v1/guides/3094412345?system=../../manifest",
    "/v1/meta/../../manifest.json",
    "//etc/passwd",
    "/v1//etc/passwd",
  ];
  for (const path of attempts) {
    it(`${path} gets 404 and never a file's contents`, async () => {
      const response = await server.request(path);
      expect(response.status).toBe(404);
      expect(response.json().error.code).toBe("not_found");
      expect(response.text).not.toContain("generation");
      expect(response.text).not.toContain("root:");
    });
  }
  it("a traversal in place of a seed is a non-numeric seed: 422, never a file", async () => {
    const response = await server.request("/v1/items/7/44/seeds/..%5c..%5cmeta");
    expect(response.status).toBe(422);
    expect(response.json().error.code).toBe("bad_request");
  });
  it("a traversal as a topic is just a topic no system carries: the item with no guides", async () => {
    const response = await server.request("/v1/items/7/44?topic=../../../manifest");
    expect(response.status).toBe(200);
    expect(response.json().data.guides).toEqual([]);
    expect(response.text).not.toContain("generation");
  });
  it("a backslash path is refused without reading any file", async () => {
    const response = await server.request("/v1\\..\\manifest.json");
    expect([400, 404]).toContain(response.status);
    expect(response.text).not.toContain("generation");
  });
});
