import { mkdtempSync, promises as fs, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildFiles, manifestOf, type BuildFile } from "../../../generator/derive/index.ts";
import { emitBuild } from "../../../generator/emit/emit-build.ts";
import { readManifest } from "../../../generator/emit/build-folder.ts";
import type { Dataset } from "../../../generator/dataset.ts";
import { seedFile } from "../../../edge/routes.ts";
import { tinyDataset } from "../../fixtures/derive/tiny-dataset.ts";

const freshDir = () => path.join(mkdtempSync(path.join(tmpdir(), "psg-emit-")), "dist");
const build = (outDir: string, dataset: Dataset, version: string, files?: Iterable<BuildFile>, readBack = false) =>
  emitBuild({ outDir, manifest: manifestOf(dataset, version), files: files ?? buildFiles(dataset, version), readBack });

async function treeOf(dir: string): Promise<Map<string, string>> {
  const tree = new Map<string, string>();
  for (const entry of await fs.readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    tree.set(path.relative(dir, full), await fs.readFile(full, "latin1"));
  }
  return tree;
}

const corrected = (): Dataset => {
  const dataset = structuredClone(tinyDataset);
  dataset.guides.find((g) => g.platform_id === "200")!.systems[0]!.gradings[2]!.quote = "955 (corrected)";
  return dataset;
};

describe("emitting a build", () => {
  it("two builds from the same inputs produce byte-identical trees", async () => {
    const a = freshDir();
    const b = freshDir();
    await build(a, tinyDataset, "vA");
    await build(b, tinyDataset, "vA");
    const [treeA, treeB] = [await treeOf(a), await treeOf(b)];
    expect(treeA.size).toBeGreaterThan(4 * 1001);
    expect(treeB).toEqual(treeA);
  });

  it("writes one seed file per seed 0..1000 of every pair, and a manifest naming one dataset_version", async () => {
    const out = freshDir();
    const report = await build(out, tinyDataset, "vA");
    const manifest = await readManifest(out);
    expect(manifest).toEqual({ format: 1, dataset_version: "vA", generation: "g-vA", topics: [] });
    const seeds = [...(await treeOf(path.join(out, "g-vA"))).keys()].filter((p) => p.includes("/seeds/"));
    expect(seeds).toHaveLength(4 * 1001);
    expect(report.files).toBe((await treeOf(path.join(out, "g-vA"))).size);
  });

  it("a build that fails halfway leaves the previous build serving, whole", async () => {
    const out = freshDir();
    await build(out, tinyDataset, "vA");
    const before = await treeOf(out);
    function* failing(): Generator<BuildFile> {
      let n = 0;
      for (const file of buildFiles(corrected(), "vB")) {
        if (++n === 500) throw new Error("disk full (simulated)");
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
    // Changed: the seed file of 955, guide 200 and its one narrowing, meta (it names the version) and
    // the dump with its gzip. Patterns and menus carry no quotes, so they stay as they were.
    expect(report.written).toBe(6);
    expect(report.reused).toBe(report.files - report.written);
    const unchanged = seedFile(7, 44, 3);
    expect(statSync(path.join(out, "g-vB", unchanged)).ino).toBe(statSync(path.join(out, "g-vA", unchanged)).ino);
    const changed = seedFile(7, 44, 955);
    expect(await fs.readFile(path.join(out, "g-vB", changed), "utf8")).toContain("955 (corrected)");
    expect(await fs.readFile(path.join(out, "g-vA", changed), "utf8")).not.toContain("corrected");
  });

  it("a rebuild with nothing changed writes nothing and keeps the manifest", async () => {
    const out = freshDir();
    await build(out, tinyDataset, "vA");
    const manifestBefore = statSync(path.join(out, "manifest.json")).mtimeMs;
    const report = await build(out, tinyDataset, "vA");
    expect(report).toMatchObject({ mode: "verify", written: 0, removed: 0 });
    expect(statSync(path.join(out, "manifest.json")).mtimeMs).toBe(manifestBefore);
  });

  it("a rebuild without the previous file index compares by reading the files and still links the unchanged ones", async () => {
    const out = freshDir();
    await build(out, tinyDataset, "vA");
    await fs.rm(path.join(out, "g-vA.files.gz"));
    const report = await build(out, corrected(), "vB");
    expect(report).toMatchObject({ written: 6, reused: report.files - 6 });
  });

  it("a rebuild of the same version with --verify repairs a damaged file and removes a stray one", async () => {
    const out = freshDir();
    await build(out, tinyDataset, "vA");
    const damaged = path.join(out, "g-vA", seedFile(7, 44, 661));
    const good = await fs.readFile(damaged, "utf8");
    await fs.writeFile(damaged, "{");
    await fs.writeFile(path.join(out, "g-vA", "v1", "stray.json"), "{}");
    expect(await build(out, tinyDataset, "vA")).toMatchObject({ written: 0, removed: 0 });
    const report = await build(out, tinyDataset, "vA", undefined, true);
    expect(report).toMatchObject({ written: 1, removed: 1 });
    expect(await fs.readFile(damaged, "utf8")).toBe(good);
  });

  it("keeps the serving generation and the one before it, and prunes older ones", async () => {
    const out = freshDir();
    await build(out, tinyDataset, "vA");
    await build(out, corrected(), "vB");
    const third = structuredClone(tinyDataset);
    third.items = third.items.slice(0, 1);
    const report = await build(out, third, "vC");
    expect(report.pruned).toEqual(["g-vA"]);
    expect((await fs.readdir(out)).sort()).toEqual(["g-vB", "g-vB.files.gz", "g-vC", "g-vC.files.gz", "manifest.json"]);
  });

  it("refuses to write into a folder that is not a build folder", async () => {
    const out = freshDir();
    await fs.mkdir(out, { recursive: true });
    await fs.writeFile(path.join(out, "notes.txt"), "mine");
    await expect(build(out, tinyDataset, "vA")).rejects.toThrow("is not a build folder");
    expect(await fs.readdir(out)).toEqual(["notes.txt"]);
  });
});
