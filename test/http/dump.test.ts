// GET /v1/dump on the local server when the build's dump cannot be read. What every adapter
// answers for the dump is the HTTP contract's (test/contract/cases.ts).

import { rm } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeDistFixture } from "../support/dist-fixture.ts";
import { startServer } from "../support/edge-server.ts";

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
