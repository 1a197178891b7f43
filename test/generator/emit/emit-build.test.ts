// The emit stage on the tiny example dataset. One build writes every seed file 0..1000 of every pair
// (shared by the tests about exactly that); the others write a sample of each pair's seeds
// (test/support/fewer-seeds.ts), which keeps every folder and unit the rebuild, link, verify and
// prune rules act on at a thirtieth of the files.

import { promises as fs, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildFiles, manifestOf, type BuildFile } from "../../../generator/derive/index.ts";
import { emitBuild, type EmitReport } from "../../../generator/emit/emit-build.ts";
import { entriesUnder } from "../../../generator/emit/walk.ts";
import { readManifest } from "../../../generator/emit/build-folder.ts";
import type { Dataset } from "../../../generator/dataset.ts";
import { fileFor } from "../../../edge/routes.ts";
const seedFile = (defIndex: number, paintIndex: number, seed: number) => fileFor({ name: "seed", defIndex, paintIndex, seed }, { topics: [] });
import { tinyDataset } from "../../fixtures/derive/tiny-dataset.ts";
import { SAMPLE_SEEDS, withFewerSeeds } from "../../support/fewer-seeds.ts";
import { temporaryFolders } from "../../support/temporary.ts";

const temporary = temporaryFolders("psg-emit-");
afterAll(() => temporary.removeAll());
const freshDir = () => path.join(temporary.make(), "dist");
const build = (outDir: string, dataset: Dataset, version: string, files?: Iterable<BuildFile>, readBack = false, plain = false) =>
  emitBuild({ outDir, manifest: manifestOf(dataset, version), files: files ?? withFewerSeeds(buildFiles(dataset, version)), readBack, plain });
/** Every file of the build, all 1001 seed files of each pair included. */
const everyFile = (dataset: Dataset, version: string) => buildFiles(dataset, version);
/** Files in one pair's stored folder: its seed files, patterns and the no-topic menu. */
const PAIR_FOLDER_FILES = SAMPLE_SEEDS.size + 2;

/** Every file and symlink under a folder (symlinks recorded by target, not followed). */
async function treeOf(dir: string): Promise<Map<string, string>> {
  const tree = new Map<string, string>();
  for (const entry of await entriesUnder(dir)) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isSymbolicLink()) tree.set(path.relative(dir, full), `-> ${await fs.readlink(full)}`);
    else if (entry.isFile()) tree.set(path.relative(dir, full), await fs.readFile(full, "latin1"));
  }
  return tree;
}

/** What the server would read for a path of the serving generation. */
const served = (out: string, generation: string, file: string) => fs.readFile(path.join(out, generation, file), "utf8");

const corrected = (): Dataset => {
  const dataset = structuredClone(tinyDataset);
  dataset.guides.find((g) => g.platform_id === "200")!.systems[0]!.gradings[2]!.quote = "955 (corrected)";
  return dataset;
};

/** One whole build (every seed file), read by the tests below and never changed. */
let whole: { out: string; report: EmitReport };
beforeAll(async () => {
  const out = freshDir();
  whole = { out, report: await build(out, tinyDataset, "vA", everyFile(tinyDataset, "vA")) };
});

describe("emitting a build", () => {
  it("two builds from the same inputs produce byte-identical trees", async () => {
    const [a, b] = [freshDir(), freshDir()];
    await build(a, tinyDataset, "vA");
    await build(b, tinyDataset, "vA");
    const [treeA, treeB] = [await treeOf(a), await treeOf(b)];
    // Every pair's folder and its store link, every guide, meta, the dump, the index, the manifest.
    expect(treeA.size).toBeGreaterThan(4 * SAMPLE_SEEDS.size);
    expect(treeB).toEqual(treeA);
  });

  it("writes one seed file per seed 0..1000 of every pair, and a manifest naming one dataset_version", async () => {
    const { out, report } = whole;
    const manifest = await readManifest(out);
    expect(manifest).toEqual({ format: 1, dataset_version: "vA", generation: "g-vA", topics: [] });
    // Listed, not read: three of them are read below.
    const seeds = (await entriesUnder(out)).map((entry) => path.join(entry.parentPath, entry.name)).filter((p) => p.includes("/seeds/") && p.endsWith(".json"));
    expect(seeds).toHaveLength(4 * 1001);
    for (const seed of [0, 661, 1000]) expect(JSON.parse(await served(out, "g-vA", seedFile(507, 418, seed))).seed).toBe(seed);
    expect(report).toMatchObject({ written: report.files, reused: 0 });
  });

  it("a build that fails halfway leaves the previous build serving, whole", async () => {
    const out = freshDir();
    await build(out, tinyDataset, "vA");
    const before = await treeOf(out);
    function* failing(): Generator<BuildFile> {
      let n = 0;
      for (const file of withFewerSeeds(buildFiles(corrected(), "vB"))) {
        if (++n === 60) throw new Error("disk full (simulated)");
        yield file;
      }
    }
    await expect(build(out, corrected(), "vB", failing())).rejects.toThrow("disk full");
    expect((await readManifest(out))?.dataset_version).toBe("vA");
    const after = await treeOf(out);
    for (const [file, bytes] of before) expect(after.get(file)).toBe(bytes);
  });

  it("a rebuild after one grading changed writes only the responses that changed and links the rest", async () => {
    const out = freshDir();
    await build(out, tinyDataset, "vA");
    const report = await build(out, corrected(), "vB");
    expect(report.mode).toBe("new");
    // Changed: the AK pair's folder (its seeds, patterns, no-topic file: stored as one unit), guide
    // 200 and its one narrowing, meta (it names the version) and the dump with its gzip.
    expect(report.written).toBe(PAIR_FOLDER_FILES + 5);
    expect(report.reused).toBe(report.files - report.written);
    const unchanged = seedFile(507, 418, 3);
    expect(realpathSync(path.join(out, "g-vB", unchanged))).toBe(realpathSync(path.join(out, "g-vA", unchanged)));
    expect(statSync(path.join(out, "g-vB", "v1/items/7/44.json")).ino).toBe(statSync(path.join(out, "g-vA", "v1/items/7/44.json")).ino);
    const changed = seedFile(7, 44, 955);
    expect(await served(out, "g-vB", changed)).toContain("955 (corrected)");
    expect(await served(out, "g-vA", changed)).not.toContain("corrected");
  });

  it("a rebuild with nothing changed derives and writes nothing and keeps the manifest", async () => {
    const out = freshDir();
    await build(out, tinyDataset, "vA");
    const manifestBefore = statSync(path.join(out, "manifest.json")).mtimeMs;
    function* untouched(): Generator<BuildFile> {
      throw new Error("derived although the serving build has this version");
    }
    const report = await build(out, tinyDataset, "vA", untouched());
    expect(report).toMatchObject({ mode: "unchanged", written: 0, removed: 0 });
    expect(statSync(path.join(out, "manifest.json")).mtimeMs).toBe(manifestBefore);
  });

  it("a rebuild without the previous file index compares by reading the files and still links the unchanged ones", async () => {
    const out = freshDir();
    await build(out, tinyDataset, "vA");
    await fs.rm(path.join(out, "g-vA.files.gz"));
    const report = await build(out, corrected(), "vB");
    expect(report).toMatchObject({ written: PAIR_FOLDER_FILES + 5, reused: report.files - (PAIR_FOLDER_FILES + 5) });
  });

  it("a rebuild of the same version with --verify repairs a damaged file and removes a stray one", async () => {
    const out = freshDir();
    await build(out, tinyDataset, "vA");
    const damagedSeed = path.join(out, "g-vA", seedFile(7, 44, 661));
    const damagedGuide = path.join(out, "g-vA", "v1/guides/200.json");
    const [goodSeed, goodGuide] = [await fs.readFile(damagedSeed, "utf8"), await fs.readFile(damagedGuide, "utf8")];
    await fs.writeFile(damagedSeed, "{");
    await fs.rm(damagedGuide);
    await fs.writeFile(path.join(out, "g-vA", "v1", "stray.json"), "{}");
    expect(await build(out, tinyDataset, "vA")).toMatchObject({ mode: "unchanged", written: 0 });
    const report = await build(out, tinyDataset, "vA", undefined, true);
    expect(report).toMatchObject({ written: 2, removed: 1 });
    expect(await fs.readFile(damagedSeed, "utf8")).toBe(goodSeed);
    expect(await fs.readFile(damagedGuide, "utf8")).toBe(goodGuide);
  });

  it("keeps the serving generation and the one before it, and prunes older ones", async () => {
    const out = freshDir();
    await build(out, tinyDataset, "vA");
    await build(out, corrected(), "vB");
    const third = corrected();
    third.items = third.items.slice(0, 1);
    const report = await build(out, third, "vC");
    expect(report.pruned).toEqual(["g-vA"]);
    expect((await fs.readdir(out)).sort()).toEqual(["g-vB", "g-vB.files.gz", "g-vC", "g-vC.files.gz", "manifest.json", "store"]);
    // vA's AK folder is linked by neither kept generation; vB's (corrected) still is.
    const stored = await fs.readdir(path.join(out, "store"));
    expect(stored.filter((name) => name.startsWith("v1_items_7_44-"))).toHaveLength(1);
    expect(stored.filter((name) => name.startsWith("v1_items_507_"))).toHaveLength(3);
  });

  it("a plain build writes every file into the generation, with no store and no symlinks", async () => {
    const out = freshDir();
    const report = await build(out, tinyDataset, "vA", undefined, false, true);
    const tree = await treeOf(out);
    expect([...tree.values()].some((v) => v.startsWith("-> "))).toBe(false);
    expect([...tree.keys()].filter((p) => p.startsWith("g-vA/")).length).toBe(report.files);
    expect(await fs.readdir(out)).not.toContain("store");
    expect(await served(out, "g-vA", seedFile(7, 44, 661))).toBe(await served(whole.out, "g-vA", seedFile(7, 44, 661)));
  });

  it("refuses to write into a folder that is not a build folder", async () => {
    const out = freshDir();
    await fs.mkdir(out, { recursive: true });
    await fs.writeFile(path.join(out, "notes.txt"), "mine");
    await expect(build(out, tinyDataset, "vA")).rejects.toThrow("is not a build folder");
    expect(await fs.readdir(out)).toEqual(["notes.txt"]);
  });
});
