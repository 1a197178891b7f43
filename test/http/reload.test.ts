// A build is committed by writing its manifest last: the server keeps serving the previous build
// until the new manifest is written, then serves the new one. Each test has its own build folder
// and server, so each passes alone.

import { cp, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { commitManifest, committedManifestOf, writeDistFixture, type DistFixture } from "../support/dist-fixture.ts";
import { startServer, type RunningServer } from "../support/edge-server.ts";

// The server's own poll never fires during a test; the test looks at the manifest by calling the
// watcher, exactly what the poll calls, so nothing here waits on time.
const NEVER_MS = 3_600_000;
/** Build "new"'s manifest, once its generation is in `dir`. */
const newManifest = (dir: string) => committedManifestOf(dir, { dataset_version: "new", generation: "g-new", topics: [] });

const opened: { fixture: DistFixture; server: RunningServer }[] = [];
afterEach(async () => {
  for (const { fixture, server } of opened.splice(0)) {
    await server.close();
    await fixture.remove();
  }
});

/** A folder serving build "old", with build "new"'s files written beside it but not committed. */
async function servingOldWithNewStaged() {
  const fixture = await writeDistFixture(undefined, { datasetVersion: "old" });
  const server = await startServer({ distDir: fixture.dir, rateLimit: false, burstLimit: false, reloadIntervalMs: NEVER_MS });
  opened.push({ fixture, server });
  const staged = await writeDistFixture(undefined, { datasetVersion: "new", generation: "g-new" });
  await cp(join(staged.dir, "g-new"), join(fixture.dir, "g-new"), { recursive: true });
  await staged.remove();
  return {
    dir: fixture.dir,
    server,
    servedVersion: async () => (await server.request("/v1/meta")).json().dataset_version as string,
    /** Looks at manifest.json now, as the server's poll does; true when a new commit was taken. */
    look: () => server.edge.watcher.check(),
  };
}

/** The same, with "new" committed and taken. */
async function servingNew() {
  const folder = await servingOldWithNewStaged();
  await commitManifest(folder.dir, newManifest(folder.dir));
  await folder.look();
  return folder;
}

describe("manifest reload", () => {
  it("a new build's files alone change nothing; its manifest switches the server to it", async () => {
    const { dir, server, servedVersion, look } = await servingOldWithNewStaged();
    expect(await look()).toBe(false);
    expect(await servedVersion()).toBe("old");

    await commitManifest(dir, newManifest(dir));
    expect(await look()).toBe(true);
    expect(await servedVersion()).toBe("new");
    const response = await server.request("/v1/items/7/44");
    expect(response.headers.etag).toBe('"new"');
    expect(response.json().dataset_version).toBe("new");
  });
  it("after a reload the old ETag no longer gets 304", async () => {
    const { server } = await servingNew();
    expect((await server.request("/v1/meta", { headers: { "if-none-match": '"old"' } })).status).toBe(200);
    expect((await server.request("/v1/meta", { headers: { "if-none-match": '"new"' } })).status).toBe(304);
  });
  it("a manifest that is not valid keeps the previous build served", async () => {
    const { dir, servedVersion, look } = await servingNew();
    await writeFile(join(dir, "manifest.json"), '{"format":4,"dataset_version":"broken"');
    expect(await look()).toBe(false);
    expect(await servedVersion()).toBe("new");
  });
  it("a deleted manifest keeps the previous build served", async () => {
    const { dir, server, servedVersion, look } = await servingNew();
    await rm(join(dir, "manifest.json"));
    expect(await look()).toBe(false);
    expect(await servedVersion()).toBe("new");
    expect((await server.request("/health")).status).toBe(200);
  });
});
