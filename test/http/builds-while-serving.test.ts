// Builds that commit back to back into the folder a server serves: the server may not have looked at
// the manifest since (the local server looks at most once a second), so it still reads the build
// before them. Pruning keeps every folder a commit of the last GRACE_MS named (generator/emit/commit-log.ts),
// so no request fails because builds committed; once that time is over, the next build prunes them.

import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manifestOf } from "../../generator/derive/index.ts";
import { GRACE_MS } from "../../generator/emit/commit-log.ts";
import { emitBuild, filesStep, type EmitReport } from "../../generator/emit/emit-build.ts";
import { variantFiles, variantNamed } from "../support/build-variants.ts";
import { startServer, type RunningServer } from "../support/edge-server.ts";
import { temporaryFolders } from "../support/temporary.ts";

const temporary = temporaryFolders("psg-back-to-back-");
const out = path.join(temporary.make(), "dist");
// The server's own look at the manifest never fires: the test decides when it looks.
const NEVER_MS = 3_600_000;
/** The builds' clock: each build commits 200 ms after the one before, well within a server's reload interval. */
let clock = 1_000_000;
let server: RunningServer;

const build = (name: string): Promise<EmitReport> => {
  clock += 200;
  const variant = variantNamed(name);
  return emitBuild({ outDir: out, manifest: manifestOf(variant.dataset, variant.version), steps: [filesStep(variantFiles(variant))], now: () => clock });
};

/** Requests every variant answers: health, meta, a menu and seeds of the pair all three builds have. */
const PATHS = ["/health", "/v1/meta", "/v1/items/7/44", "/v1/items/7/44/seeds/0", "/v1/items/7/44/seeds/661", "/v1/items/7/44/seeds/955", "/v1/items/7/44/seeds/1000"];
/** The requests among PATHS answered with anything but 200. */
async function failed(): Promise<string[]> {
  const failures: string[] = [];
  for (const target of PATHS) {
    const response = await server.request(target);
    if (response.status !== 200) failures.push(`${target}: ${response.status} ${response.text}`);
  }
  return failures;
}
const servedVersion = async () => (await server.request("/v1/meta")).json().dataset_version as string;

beforeAll(async () => {
  await build("A");
  server = await startServer({ distDir: out, rateLimit: false, burstLimit: false, reloadIntervalMs: NEVER_MS });
});
afterAll(async () => {
  await server.close();
  temporary.removeAll();
});

describe("builds committed while a server still reads the build before them", () => {
  it("two builds commit within a second of each other: the server, still on the first build, answers every request", async () => {
    // Nothing asked before the builds: nothing the server remembers of build A hides a missing file.
    await build("B");
    await build("C");
    expect(await failed()).toEqual([]);
    expect(await servedVersion()).toBe("vA");
    expect(existsSync(path.join(out, "g-vA"))).toBe(true);
  });

  it("once the server looks at the manifest it serves the last build, whole", async () => {
    expect(await server.edge.watcher.check()).toBe(true);
    expect(await servedVersion()).toBe("vC");
    expect(await failed()).toEqual([]);
  });

  it("a build after the grace period prunes what only the builds replaced long ago named", async () => {
    clock += GRACE_MS;
    const report = await build("B");
    expect(report.pruned).toEqual(["g-vA"]);
    expect(existsSync(path.join(out, "g-vA"))).toBe(false);
    // The serving build and the new one stay.
    expect(await failed()).toEqual([]);
    expect(await server.edge.watcher.check()).toBe(true);
    expect(await servedVersion()).toBe("vB");
    expect(await failed()).toEqual([]);
  });
});
