// The rebuild loop of `npm run dev`, driven by calling it (as the dataset watcher does), with a
// build over literal example datasets: problems are printed and the last good build keeps
// serving; a good save is built, handed to the server, and its changes printed.

import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { BuildOptions, BuildResult } from "../../../generator/build.ts";
import { changelogStep } from "../../../generator/changes/changelog.ts";
import type { Dataset, Problem } from "../../../generator/dataset.ts";
import { buildFiles, manifestOf } from "../../../generator/derive/index.ts";
import { createDevLoop } from "../../../tools/dev/loop.ts";
import { watchDataset } from "../../../tools/dev/watch.ts";
import { readManifest } from "../../../generator/emit/build-folder.ts";
import { emitBuild, filesStep } from "../../../generator/emit/emit-build.ts";
import { tinyDataset } from "../../fixtures/derive/tiny-dataset.ts";

const root = mkdtempSync(path.join(tmpdir(), "psg-dev-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

type Holds = { dataset: Dataset; version: string } | { problems: Problem[] };

/**
 * A rebuild loop of its own (each test has one, so each passes alone) over a build folder, with a
 * build that reads `holds`: what the dataset folder holds now, a dataset or the problems the check
 * would report.
 */
function devLoop() {
  const state: { holds: Holds; printed: string; served: string[] } = { holds: { dataset: tinyDataset, version: "v1" }, printed: "", served: [] };
  const outDir = path.join(mkdtempSync(path.join(root, "loop-")), "dist");
  const build = async ({ outDir }: BuildOptions): Promise<BuildResult> => {
    const { holds } = state;
    if ("problems" in holds) return { ok: false, problems: holds.problems };
    const { dataset, version } = holds;
    const manifest = manifestOf(dataset, version);
    const emit = await emitBuild({ outDir, manifest, steps: [filesStep(buildFiles(dataset, version)), changelogStep(version, manifest.generation)] });
    return { ok: true, datasetVersion: version, emit, timings: {}, documents: "" };
  };
  const loop = createDevLoop({
    datasetDir: path.join(root, "dataset"),
    outDir,
    build,
    onBuilt: (result) => void state.served.push(result.datasetVersion),
    print: (text) => (state.printed += text),
  });
  return { loop, outDir, state };
}

/** Seed 955 of the AK moved from Tier 1 to Tier 2 in guide 200: example data. */
function withSeed955InTier2(): Dataset {
  const fixed = structuredClone(tinyDataset);
  fixed.guides.find((guide) => guide.platform_id === "200")!.systems[0]!.gradings[2]!.level = "t2";
  return fixed;
}

describe("npm run dev's rebuild loop", () => {
  it("builds and hands the build to the server", async () => {
    const { loop, state } = devLoop();
    await loop.changed();
    expect(state.served).toEqual(["v1"]);
    expect(state.printed).toContain("serving dataset_version v1");
    expect(state.printed).toContain("the first build here");
  });

  it("prints every problem of a bad save at once, and the last good build keeps serving", async () => {
    const { loop, outDir, state } = devLoop();
    await loop.changed();
    state.printed = "";
    state.holds = { problems: [{ file: "guides/200.json", path: "$.systems[0].gradings[0].seed", message: "must be at most 1000", expected: "an integer 0..1000" }] };
    await loop.changed();
    expect(state.printed).toContain("guides/200.json: $.systems[0].gradings[0].seed: must be at most 1000 (expected an integer 0..1000)");
    expect(state.printed).toContain("the previous build keeps serving");
    expect((await readManifest(outDir))?.dataset_version).toBe("v1");
    expect(state.served).toEqual(["v1"]);
  });

  it("a good save is rebuilt, served, and its changes printed", async () => {
    const { loop, state } = devLoop();
    await loop.changed();
    state.printed = "";
    state.holds = { dataset: withSeed955InTier2(), version: "v2" };
    await loop.changed();
    expect(state.served).toEqual(["v1", "v2"]);
    expect(state.printed).toContain("changes from dataset_version v1 to v2");
    expect(state.printed).toContain("seed 955 of ak-47-case-hardened (7/44) in guide 200, system blue: Tier 1 -> Tier 2");
  });

  it("saves during a rebuild are folded into one more rebuild", async () => {
    const { loop, state } = devLoop();
    const first = loop.changed();
    const second = loop.changed();
    const third = loop.changed();
    expect(third).toBe(second);
    await Promise.all([first, second, third]);
    expect(state.served).toEqual(["v1", "v1"]);
  });
});

describe("watching the dataset folder", () => {
  it("calls back once a file under it changes", async () => {
    const dir = mkdtempSync(path.join(root, "dataset-"));
    let watch: { close(): void } | undefined;
    const changed = new Promise<void>((resolve) => {
      watch = watchDataset(dir, resolve, 0);
    });
    writeFileSync(path.join(dir, "item.json"), "{}");
    await changed;
    watch!.close();
  });
});

describe("watching the dataset folder through editors' saves", () => {
  /**
   * A real watcher on a dataset-shaped folder; `saved(write)` makes one save and resolves when the
   * watcher reports it (its own callback, no timer in the test). Events of one save are folded by
   * the watcher's quiet time, so one report answers one save.
   */
  function watchedFolder() {
    const dir = mkdtempSync(path.join(root, "dataset-saves-"));
    mkdirSync(path.join(dir, "guides"));
    const guide = path.join(dir, "guides", "200.json");
    writeFileSync(guide, '{"version":0}');
    let reported: (() => void) | null = null;
    let reports = 0;
    const watch = watchDataset(
      dir,
      () => {
        reports++;
        reported?.();
      },
      20,
    );
    return {
      dir,
      guide,
      reports: () => reports,
      saved(write: () => void): Promise<void> {
        const seen = new Promise<void>((resolve) => (reported = resolve));
        write();
        return seen;
      },
      close: () => watch.close(),
    };
  }
  /** JetBrains' safe write, `sed -i`, `git checkout`: a temporary file renamed over the guide. */
  const renameOver = (file: string, text: string) => () => {
    writeFileSync(`${file}.tmp`, text);
    renameSync(`${file}.tmp`, file);
  };
  const inPlace = (file: string, text: string) => () => writeFileSync(file, text);

  it("every save is seen, by rename over the file or in place, in any order", async () => {
    const folder = watchedFolder();
    try {
      await folder.saved(renameOver(folder.guide, '{"version":1}'));
      await folder.saved(renameOver(folder.guide, '{"version":2}'));
      await folder.saved(inPlace(folder.guide, '{"version":3}'));
      await folder.saved(renameOver(folder.guide, '{"version":4}'));
      await folder.saved(inPlace(folder.guide, '{"version":5}'));
      expect(folder.reports()).toBeGreaterThanOrEqual(5);
    } finally {
      folder.close();
    }
  });

  it("a folder made after the watch started is watched too", async () => {
    const folder = watchedFolder();
    try {
      await folder.saved(() => mkdirSync(path.join(folder.dir, "items")));
      const item = path.join(folder.dir, "items", "7.json");
      await folder.saved(inPlace(item, "{}"));
      await folder.saved(renameOver(item, '{"paints":[]}'));
      await folder.saved(inPlace(item, '{"paints":[1]}'));
    } finally {
      folder.close();
    }
  });
});

describe("npm run dev's check cache", () => {
  it("is kept in memory from one save to the next, bad saves included", async () => {
    const seen: unknown[] = [];
    let calls = 0;
    const loop = createDevLoop({
      datasetDir: path.join(root, "dataset"),
      outDir: path.join(root, "dist-cache"),
      // A build that checks nothing: it records the cache it is handed and leaves one for the next.
      build: async ({ checkCache }) => {
        seen.push(checkCache?.current ?? null);
        calls++;
        checkCache!.current = { key: `after build ${calls}`, entries: new Map() };
        return { ok: false, problems: [{ file: "guides/200.json", path: "$", message: "not valid JSON" }] };
      },
      print: () => undefined,
    });
    await loop.changed();
    await loop.changed();
    await loop.changed();
    expect(seen.map((cache) => (cache as { key: string } | null)?.key ?? null)).toEqual([null, "after build 1", "after build 2"]);
  });
});
