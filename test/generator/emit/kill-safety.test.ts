// Builds killed (SIGKILL, a real child process) at every named point of a build, before, during and
// after the commit and while pruning: the serving build must answer every request right, and so
// must every later build, including a rollback to a version whose folders were being pruned.

import { promises as fs, readdirSync, rmSync, symlinkSync, mkdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manifestOf } from "../../../generator/derive/index.ts";
import { GRACE_MS } from "../../../generator/emit/commit-log.ts";
import { emitBuild, filesStep, type EmitReport } from "../../../generator/emit/emit-build.ts";
import type { PausePoint } from "../../../generator/emit/pause-point.ts";
import { entriesUnderSync } from "../../../generator/emit/walk.ts";
import { generationProblems, servingState, variantFiles, variantNamed } from "../../support/build-variants.ts";
import { prepareBuildChild, type BuildChild } from "../../support/build-process.ts";
import { temporaryFolders } from "../../support/temporary.ts";

// Removed after all tests, not after each: the kill cases run at the same time.
const temporary = temporaryFolders("psg-kill-");
const freshOut = () => path.join(temporary.make(), "dist");
/** Builds in a child process, to be killed; the builds before and after run in this process. */
let child: BuildChild;
/** Folders that served A, and B after A, built once: each test starts from its own copy. */
const templates = temporaryFolders("psg-kill-template-");
let servingA: string;
let servingB: string;
beforeAll(async () => {
  child = await prepareBuildChild();
  servingA = path.join(templates.make(), "dist");
  await build(servingA, "A");
  servingB = path.join(templates.make(), "dist");
  await fs.cp(servingA, servingB, { recursive: true, verbatimSymlinks: true });
  await build(servingB, "B");
});
afterAll(() => {
  child?.remove();
  temporary.removeAll();
  templates.removeAll();
});

/** A new folder serving what `template` serves (store links are relative, so they hold in the copy). */
async function copyOf(template: string): Promise<string> {
  const out = freshOut();
  await fs.cp(template, out, { recursive: true, verbatimSymlinks: true });
  return out;
}

/**
 * The builds of this process commit a grace period apart (commit-log.ts), from long before the
 * children's builds (on the real clock): a child's build prunes what it would a minute later.
 */
let clock = 0;
const build = (outDir: string, name: string, readBack = false): Promise<EmitReport> => {
  const variant = variantNamed(name);
  return emitBuild({ outDir, manifest: manifestOf(variant.dataset, variant.version), steps: [filesStep(variantFiles(variant))], readBack, now: () => (clock += GRACE_MS) });
};

/** Deletes every other file under `target` (in sorted order): what a recursive delete leaves when it is killed halfway. */
function deleteHalf(target: string): void {
  const files = entriesUnderSync(target)
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  files.forEach((file, i) => i % 2 === 0 && rmSync(file, { force: true }));
}

/** Everything a finished build may leave at the top of dist/: no temporaries, no trash. */
function leftovers(outDir: string): string[] {
  return readdirSync(outDir).filter((name) => name.includes(".tmp") || name.includes("trash"));
}

const expectServes = async (outDir: string, version: string | string[]) => {
  const state = await servingState(outDir);
  expect(state.problems).toEqual([]);
  expect(Array.isArray(version) ? version : [version]).toContain(state.version);
};

interface KillCase {
  point: PausePoint;
  /** What serves right after the kill: the build before (B) or the killed one (C). */
  serving: "vB" | "vC";
  /** The kill lands in the middle of deleting the folder the build was about to delete. */
  halfDeleted?: boolean;
}

const cases: KillCase[] = [
  { point: "locked", serving: "vB" },
  { point: "files:3", serving: "vB" },
  { point: "written", serving: "vB" },
  { point: "indexed", serving: "vB" },
  { point: "manifest-staged", serving: "vB" },
  { point: "committed", serving: "vC" },
  { point: "pruning-generation", serving: "vC", halfDeleted: true },
];

// The cases run at the same time (vitest's maxConcurrency, 5 by default), each in its own copy of the
// folder with its own child: a case mostly waits on its child's start and on the disk, and one after
// another they took 8 s of the file's 10 s.
describe.concurrent("a build killed at any point", () => {
  for (const { point, serving, halfDeleted } of cases) {
    it(`killed at ${point}${halfDeleted ? " (halfway through deleting a folder)" : ""}: the serving build and every later build answer every request`, async () => {
      const out = await copyOf(servingB);
      const killed = child.start(out, "C", { pauseAt: point });
      const pause = await killed.paused;
      if (halfDeleted) deleteHalf(pause.path!);
      expect((await killed.kill()).signal).toBe("SIGKILL");

      await expectServes(out, serving);
      // Later builds: the one that was killed, then a rollback to A (whose folders were being pruned).
      for (const name of ["C", "A"]) {
        await build(out, name);
        await expectServes(out, `v${name}`);
      }
      // The generation kept for requests in flight is whole too.
      expect(generationProblems(out, "g-vC", variantNamed("C"))).toEqual([]);
      expect(leftovers(out)).toEqual([]);
    });
  }
});

describe("a build killed while bringing a kept generation of its version up to date", () => {
  it("leaves that generation whole, without an index that could describe files it replaced, and the next build serves it whole", async () => {
    // Serving B, with A's generation kept: a build of A again brings that folder up to date in place.
    const out = await copyOf(servingB);
    const killed = child.start(out, "A", { pauseAt: "written" });
    await killed.paused;
    expect((await killed.kill()).signal).toBe("SIGKILL");

    await expectServes(out, "vB");
    expect(generationProblems(out, "g-vA", variantNamed("A"))).toEqual([]);
    expect(readdirSync(out)).not.toContain("g-vA.files.gz");
    const report = await build(out, "A");
    expect(report.mode).toBe("update");
    await expectServes(out, "vA");
    expect(readdirSync(out)).toContain("g-vA.files.gz");
    expect(leftovers(out)).toEqual([]);
  });
});

describe("two builds into one folder", () => {
  it("a build started while another runs waits for it, saying so, then builds", async () => {
    const out = await copyOf(servingA);
    const first = child.start(out, "B", { pauseAt: "indexed" });
    await first.paused;
    const second = child.start(out, "C", { lockWaitMs: 60_000 });
    await second.printed(`pid ${first.pid}`);
    first.resume();
    expect((await first.exited).code).toBe(0);
    const waited = await second.exited;
    expect(waited.code).toBe(0);
    expect(waited.stderr).toMatch(new RegExp(`is being built by another build \\(pid ${first.pid} on .* since \\d{4}-\\d\\d-\\d\\dT.*\\); waiting up to 60 s for it to finish`));
    await expectServes(out, "vC");
    expect(generationProblems(out, "g-vB", variantNamed("B"))).toEqual([]);
  });

  it("a build that may not wait refuses, naming the holder; the running one commits whole", async () => {
    const out = await copyOf(servingA);
    const first = child.start(out, "B", { pauseAt: "indexed" });
    await first.paused;
    const second = await child.run(out, "C", { lockWaitMs: 0 });
    first.resume();
    expect((await first.exited).code).toBe(0);

    await expectServes(out, "vB");
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`pid ${first.pid}`);
    expect(second.stderr).toMatch(/since \d{4}-\d\d-\d\dT/);
    // Once the first is done, the second goes through.
    expect((await child.run(out, "C")).code).toBe(0);
    await expectServes(out, "vC");
    expect(generationProblems(out, "g-vB", variantNamed("B"))).toEqual([]);
  });
});

describe("a build that fails to write", () => {
  it("on a full disk, names the file it could not write, removes its temporaries and leaves the serving build whole", async () => {
    const out = await copyOf(servingA);
    const failing = child.start(out, "B", { pauseAt: "locked" });
    await failing.paused;
    // meta.json names the version, so build B writes it: make that write hit a full device (ENOSPC).
    mkdirSync(path.join(out, "g-vB", "v1"), { recursive: true });
    symlinkSync("/dev/full", path.join(out, "g-vB", "v1", "meta.json"));
    failing.resume();
    const exit = await failing.exited;
    expect(exit.code).toBe(1);
    expect(exit.stderr).toContain("ENOSPC");
    expect(exit.stderr).toContain(path.join(out, "g-vB", "v1", "meta.json"));

    await expectServes(out, "vA");
    expect(readdirSync(out).sort()).toEqual([".assetsignore", "commits.json", "g-vA", "g-vA.files.gz", "manifest.json"]);
    expect(leftovers(out)).toEqual([]);
    await build(out, "B");
    await expectServes(out, "vB");
  });
});

describe("--verify", () => {
  it("keeps the generation before the serving one for requests in flight", async () => {
    const out = await copyOf(servingB);
    await fs.writeFile(path.join(out, "g-vB", "v1", "meta.json"), "{");
    const report = await build(out, "B", true);
    expect(report.written).toBe(1);
    await expectServes(out, "vB");
    expect(generationProblems(out, "g-vA", variantNamed("A"))).toEqual([]);
  });
});
