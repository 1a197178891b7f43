// Builds that commit back to back into the folder a server serves: the server may not have looked at
// the manifest since (the local server looks at most once a second), so it still reads the build
// before them. Pruning keeps every folder a commit of the last GRACE_MS named (generator/emit/commit-log.ts),
// so no request fails because builds committed; once that time is over, the next build prunes them.

import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { manifestOf } from "../../generator/derive/index.ts";
import { GRACE_MS } from "../../generator/emit/commit-log.ts";
import { emitBuild, filesStep, type EmitReport } from "../../generator/emit/emit-build.ts";
import { variantFiles, variantNamed } from "../support/build-variants.ts";
import { startServer, type RunningServer } from "../support/edge-server.ts";
import { temporaryFolders } from "../support/temporary.ts";

const temporary = temporaryFolders("psg-back-to-back-");
// The server's own look at the manifest never fires: the test decides when it looks.
const NEVER_MS = 3_600_000;
/** Requests every variant answers: health, meta, a menu and seeds of the pair all three builds have. */
const PATHS = ["/health", "/v1/meta", "/v1/items/7/44", "/v1/items/7/44/seeds/0", "/v1/items/7/44/seeds/661", "/v1/items/7/44/seeds/955", "/v1/items/7/44/seeds/1000"];

const servers: RunningServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});
afterAll(() => temporary.removeAll());

/**
 * A folder of its own with build A committed, a server on it, and builds B then C committed 200 ms
 * apart (well within a server's reload interval) without the server looking: every test starts here.
 */
async function afterTwoQuickBuilds() {
  const out = path.join(temporary.make(), "dist");
  /** The builds' clock: each build commits 200 ms after the one before. */
  const clock = { time: 1_000_000 };
  const build = (name: string): Promise<EmitReport> => {
    clock.time += 200;
    const variant = variantNamed(name);
    return emitBuild({ outDir: out, manifest: manifestOf(variant.dataset, variant.version), steps: [filesStep(variantFiles(variant))], now: () => clock.time });
  };
  await build("A");
  const server = await startServer({ distDir: out, rateLimit: false, burstLimit: false, reloadIntervalMs: NEVER_MS });
  servers.push(server);
  // Nothing asked before the builds: nothing the server remembers of build A hides a missing file.
  await build("B");
  await build("C");
  /** The requests among PATHS answered with anything but 200. */
  const failed = async (): Promise<string[]> => {
    const failures: string[] = [];
    for (const target of PATHS) {
      const response = await server.request(target);
      if (response.status !== 200) failures.push(`${target}: ${response.status} ${response.text}`);
    }
    return failures;
  };
  const servedVersion = async () => (await server.request("/v1/meta")).json().dataset_version as string;
  return { out, clock, build, server, failed, servedVersion };
}

describe("builds committed while a server still reads the build before them", () => {
  it("two builds commit within a second of each other: the server, still on the first build, answers every request", async () => {
    const { out, failed, servedVersion } = await afterTwoQuickBuilds();
    expect(await failed()).toEqual([]);
    expect(await servedVersion()).toBe("vA");
    expect(existsSync(path.join(out, "g-vA"))).toBe(true);
  });

  it("once the server looks at the manifest it serves the last build, whole", async () => {
    const { server, failed, servedVersion } = await afterTwoQuickBuilds();
    expect(await server.edge.watcher.check()).toBe(true);
    expect(await servedVersion()).toBe("vC");
    expect(await failed()).toEqual([]);
  });

  it("a build after the grace period prunes what only the builds replaced long ago named", async () => {
    const { out, clock, build, server, failed, servedVersion } = await afterTwoQuickBuilds();
    expect(await server.edge.watcher.check()).toBe(true);
    clock.time += GRACE_MS;
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
