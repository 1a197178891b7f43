// GET /health on the local server without a readable build: 503 until the build is back. The
// 200 of a loaded build, and that health is never limited, are the HTTP contract's (test/contract/cases.ts).

import { mkdtemp, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeDistFixture } from "../support/dist-fixture.ts";
import { startServer } from "../support/edge-server.ts";

describe("GET /health without a readable build", () => {
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
