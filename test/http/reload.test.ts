// A build is committed by writing its manifest last: the server keeps serving the previous build
// until the new manifest is written, then serves the new one.

import { cp, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commitManifest, writeDistFixture, type DistFixture } from "../support/dist-fixture.ts";
import { startServer, type RunningServer } from "../support/edge-server.ts";

let fixture: DistFixture;
let server: RunningServer;
// The server's own poll never fires during the test; the test looks at the manifest by calling the
// watcher, exactly what the poll calls, so nothing here waits on time.
const NEVER_MS = 3_600_000;

beforeAll(async () => {
  fixture = await writeDistFixture(undefined, { datasetVersion: "old" });
  server = await startServer({ distDir: fixture.dir, rateLimit: false, burstLimit: false, reloadIntervalMs: NEVER_MS });
});
afterAll(async () => {
  await server.close();
  await fixture.remove();
});

const servedVersion = async () => (await server.request("/v1/meta")).json().dataset_version as string;
/** Looks at manifest.json now, as the server's poll does; true when a new commit was taken. */
const look = () => server.edge.watcher.check();

describe("manifest reload", () => {
  it("a new build's files alone change nothing; its manifest switches the server to it", async () => {
    const manifest = { format: 2 as const, dataset_version: "new", generation: "g-new", topics: [] };
    // Write the new generation's files, but a manifest elsewhere: the committed manifest is still the old one.
    const staged = await writeDistFixture(undefined, { datasetVersion: "new", generation: "g-new" });
    await cp(join(staged.dir, "g-new"), join(fixture.dir, "g-new"), { recursive: true });
    await staged.remove();
    expect(await look()).toBe(false);
    expect(await servedVersion()).toBe("old");

    await commitManifest(fixture.dir, manifest);
    expect(await look()).toBe(true);
    expect(await servedVersion()).toBe("new");
    const response = await server.request("/v1/items/7/44");
    expect(response.headers.etag).toBe('"new"');
    expect(response.json().dataset_version).toBe("new");
  });
  it("after a reload the old ETag no longer gets 304", async () => {
    expect((await server.request("/v1/meta", { headers: { "if-none-match": '"old"' } })).status).toBe(200);
    expect((await server.request("/v1/meta", { headers: { "if-none-match": '"new"' } })).status).toBe(304);
  });
  it("a manifest that is not valid keeps the previous build served", async () => {
    await writeFile(join(fixture.dir, "manifest.json"), '{"format":1,"dataset_version":"broken"');
    expect(await look()).toBe(false);
    expect(await servedVersion()).toBe("new");
  });
  it("a deleted manifest keeps the previous build served", async () => {
    await rm(join(fixture.dir, "manifest.json"));
    expect(await look()).toBe(false);
    expect(await servedVersion()).toBe("new");
    expect((await server.request("/health")).status).toBe(200);
  });
});
