// Driven by calling check(), never by waiting for the timer.

import { cp } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { followBuild, watchBuild, type CommitMessage } from "../../../../edge/adapters/node/build-watcher.ts";
import { commitManifest, committedManifestOf, writeDistFixture, type DistFixture } from "../../../support/dist-fixture.ts";
import { startServer, type RunningServer } from "../../../support/edge-server.ts";

const HOUR = 3_600_000;
let fixture: DistFixture;
beforeAll(async () => {
  fixture = await writeDistFixture(undefined, { datasetVersion: "one", documents: false });
  const staged = await writeDistFixture(undefined, { datasetVersion: "two", documents: false });
  await cp(join(staged.dir, "g-two"), join(fixture.dir, "g-two"), { recursive: true });
  await staged.remove();
});
afterAll(() => fixture.remove());

const manifestOf = (version: string) => committedManifestOf(fixture.dir, { dataset_version: version, generation: `g-${version}`, topics: [] });

describe("the build watcher", () => {
  it("the same manifest committed again (a repair) is a new commit: a new build object, so the server's caches start afresh", async () => {
    await commitManifest(fixture.dir, manifestOf("one"));
    const watcher = await watchBuild(fixture.dir, { intervalMs: HOUR });
    try {
      const before = watcher.current();
      expect(await watcher.check()).toBe(false);
      await commitManifest(fixture.dir, manifestOf("one"));
      expect(await watcher.check()).toBe(true);
      expect(watcher.current()).not.toBe(before);
      expect(watcher.current()).toEqual(before);
    } finally {
      watcher.close();
    }
  });

  it("a follower never goes back to an older commit, whatever order commits arrive in", () => {
    const follower = followBuild();
    const commit = (sequence: number, version: string): CommitMessage => ({ type: "psg-commit", sequence, manifest: manifestOf(version) });
    expect(follower.receive(commit(2, "two"))).toBe(true);
    expect(follower.receive(commit(1, "one"))).toBe(false);
    expect(follower.current()?.dataset_version).toBe("two");
  });
});

describe("workers following one primary", () => {
  let workers: RunningServer[];
  let primary: Awaited<ReturnType<typeof watchBuild>>;
  beforeAll(async () => {
    await commitManifest(fixture.dir, manifestOf("one"));
    const followers = [followBuild(), followBuild()];
    // The cluster's IPC, in process: the primary's commits are handed to each worker in order.
    primary = await watchBuild(fixture.dir, { intervalMs: HOUR, onCommit: (message) => followers.forEach((follower) => follower.receive(message)) });
    workers = await Promise.all(followers.map((watcher) => startServer({ distDir: fixture.dir, rateLimit: false, burstLimit: false, watcher })));
  });
  afterAll(async () => {
    primary.close();
    await Promise.all(workers.map((worker) => worker.close()));
  });
  const versions = async () => Promise.all(workers.map(async (worker) => (await worker.request("/v1/meta")).json().dataset_version));

  it("every worker switches as soon as the primary reads the new manifest, and none before", async () => {
    expect(await versions()).toEqual(["one", "one"]);
    await commitManifest(fixture.dir, manifestOf("two"));
    expect(await versions()).toEqual(["one", "one"]);
    expect(await primary.check()).toBe(true);
    expect(await versions()).toEqual(["two", "two"]);
  });
});
