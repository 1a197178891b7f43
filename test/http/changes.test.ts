// The changelog of the serving build over HTTP, outside /v1: /changes/latest.json and
// /changes/{dataset_version}.json, with the data responses' ETag, CORS and caching headers.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changelogStep } from "../../generator/changes/changelog.ts";
import { buildFiles, manifestOf } from "../../generator/derive/index.ts";
import { emitBuild } from "../../generator/emit/emit-build.ts";
import { FIXTURE_DATASET, GUIDE_ID, writeDistFixture, type DistFixture } from "../support/dist-fixture.ts";
import { startServer, type RunningServer } from "../support/edge-server.ts";

let fixture: DistFixture;
let server: RunningServer;

beforeAll(async () => {
  fixture = await writeDistFixture(undefined, { datasetVersion: "first" });
  server = await startServer({ distDir: fixture.dir, rateLimit: false, burstLimit: false });
});
afterAll(async () => {
  await server.close();
  await fixture.remove();
});

describe("the published changelog", () => {
  it("of the first build is the changelog from nothing, with the data headers", async () => {
    const response = await server.request("/changes/latest.json");
    expect(response.status).toBe(200);
    expect(response.json()).toMatchObject({ from: null, to: "first" });
    expect(response.headers.etag).toBe('"first"');
    expect(response.headers["access-control-allow-origin"]).toBe("*");
    expect(response.headers["cache-control"]).toBe("public, max-age=60, s-maxage=600");
  });

  it("after a rebuild, names the version before and what changed, under latest and under its version", async () => {
    const next = structuredClone(FIXTURE_DATASET);
    next.guides[0]!.systems[0]!.levels[0]!.label = "Top tier";
    const manifest = manifestOf(next, "second");
    // Seed 0's files only, as in the first build: the changelog compares the two generations' indexes.
    const files = buildFiles(next, "second");
    await emitBuild({ outDir: fixture.dir, manifest, files, lastFiles: changelogStep("second", manifest.generation) });
    await server.edge.watcher.check();

    const latest = await server.request("/changes/latest.json");
    expect(latest.json()).toMatchObject({ from: "first", to: "second", levels: { renamed: [{ platform_id: GUIDE_ID, key: "t1", from: "Tier 1", to: "Top tier" }] } });
    expect(latest.headers.etag).toBe('"second"');
    const byVersion = await server.request("/changes/second.json");
    expect(byVersion.text).toBe(latest.text);
  });

  it("revalidates with the ETag, and only the serving version's changelog is kept", async () => {
    expect((await server.request("/changes/latest.json", { headers: { "if-none-match": '"second"' } })).status).toBe(304);
    const older = await server.request("/changes/first.json");
    expect(older.status).toBe(404);
    expect(older.json().error.code).toBe("not_found");
    expect(older.json().error.message).toContain("/changes/latest.json");
  });
});
