// The changelog across a rebuild the local server picks up: the new build's changelog names the
// one before. The first build's changelog, its headers and its 404s are the HTTP contract's
// (test/contract/cases.ts).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changelogStep } from "../../generator/changes/changelog.ts";
import { buildFiles, manifestOf } from "../../generator/derive/index.ts";
import { emitBuild, filesStep } from "../../generator/emit/emit-build.ts";
import { FIXTURE_DATASET, GUIDE_ID, writeDistFixture, type DistFixture } from "../support/dist-fixture.ts";
import { startServer, type RunningServer } from "../support/edge-server.ts";

let fixture: DistFixture;
let server: RunningServer;

// The first build served, then a second one built over it (a level renamed) and taken by the server.
beforeAll(async () => {
  fixture = await writeDistFixture(undefined, { datasetVersion: "first" });
  server = await startServer({ distDir: fixture.dir, rateLimit: false, burstLimit: false });
  const next = structuredClone(FIXTURE_DATASET);
  next.guides[0]!.systems[0]!.levels[0]!.label = "Top tier";
  const manifest = manifestOf(next, "second");
  await emitBuild({ outDir: fixture.dir, manifest, steps: [filesStep(buildFiles(next, "second")), changelogStep("second", manifest.generation)] });
  await server.edge.watcher.check();
});
afterAll(async () => {
  await server.close();
  await fixture.remove();
});

describe("the published changelog after a rebuild", () => {
  it("after a rebuild, names the version before and what changed, under latest and under its version", async () => {
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
