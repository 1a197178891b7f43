// Builds that commit back to back into the folder a server serves: the server may not have looked at
// the manifest since (the local server looks at most once a second), so it still reads the build
// before them. Pruning keeps every folder a commit of the last GRACE_MS named (generator/emit/commit-log.ts),
// so no request fails because builds committed; once that time is over, the next build prunes them.
// A build of a version whose folder is among those brings it up to date in place, never taking a
// file from under a reader.

import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { manifestOf } from "../../generator/derive/index.ts";
import type { BuildFile } from "../../generator/derive/index.ts";
import { GRACE_MS, readCommitLog, recentlyServed } from "../../generator/emit/commit-log.ts";
import { emitBuild, filesStep, type EmitReport } from "../../generator/emit/emit-build.ts";
import { generationProblems, variantFiles, variantNamed } from "../support/build-variants.ts";
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

describe("builds alternating between two versions while a server reads", () => {
  it("no file of a generation a commit of the last minute named is ever missing, while builds alternate A, B, A, B... 200 ms apart", async () => {
    const out = path.join(temporary.make(), "dist");
    const clock = { time: 1_000_000 };
    /** What a reader found wrong in a generation it may still be reading: missing files, or bytes not the build's. */
    const problems: string[] = [];
    let looks = 0;
    const look = () => {
      looks++;
      for (const generation of recentlyServed(readCommitLog(out), clock.time, GRACE_MS)) {
        for (const problem of generationProblems(out, generation, variantNamed(generation.slice("g-".length)))) problems.push(`${generation}/${problem} (look ${looks})`);
      }
    };
    // The reader looks before the build writes anything, after each file it writes, and after its commit.
    function* looking(files: Iterable<BuildFile>): Generator<BuildFile> {
      look();
      for (const file of files) {
        yield file;
        look();
      }
    }
    const build = (name: string): Promise<EmitReport> => {
      clock.time += 200;
      const variant = variantNamed(name);
      return emitBuild({
        outDir: out,
        manifest: manifestOf(variant.dataset, variant.version),
        steps: [filesStep(looking(variantFiles(variant)))],
        now: () => clock.time,
        onProgress: ({ stage }) => stage === "prune" && look(),
      });
    };
    await build("A");
    const server = await startServer({ distDir: out, rateLimit: false, burstLimit: false, reloadIntervalMs: NEVER_MS });
    servers.push(server);

    // The server answers requests all along, between the builds' file system calls. It looks at the
    // manifest after the first B and the second A only, so the second B and the third A each bring
    // up to date the very folder the server is reading.
    const failures: string[] = [];
    let building = true;
    let requests = 0;
    const serving = (async () => {
      while (building) {
        for (const target of PATHS) {
          const response = await server.request(target);
          requests++;
          if (response.status !== 200) failures.push(`${target}: ${response.status} ${response.text}`);
        }
      }
    })();
    const modes: string[] = [];
    for (const [i, name] of ["B", "A", "B", "A", "B", "A"].entries()) {
      modes.push((await build(name)).mode);
      if (i === 0 || i === 3) await server.edge.watcher.check();
    }
    building = false;
    await serving;

    expect(problems).toEqual([]);
    expect(failures).toEqual([]);
    expect(looks).toBeGreaterThan(6 * 20);
    expect(requests).toBeGreaterThan(0);
    expect(modes).toEqual(["new", "update", "update", "update", "update", "update"]);
    await server.edge.watcher.check();
    expect((await server.request("/v1/meta")).json().dataset_version).toBe("vA");
  });
});
