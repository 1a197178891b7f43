// The emit stage on the tiny example dataset: writing a build, rebuilding it incrementally,
// repairing it, pruning old generations.

import { existsSync, promises as fs, readdirSync, readFileSync, statSync } from "node:fs";
import { indexFileOf, readGenerationIndex } from "../../../contract/file-index.ts";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildFiles, manifestOf, type BuildFile } from "../../../generator/derive/index.ts";
import { COMMIT_LOG_FILE, GRACE_MS } from "../../../generator/emit/commit-log.ts";
import { emitBuild, filesStep, type EmitOptions, type EmitProgress, type EmitReport } from "../../../generator/emit/emit-build.ts";
import { entriesUnder } from "../../../generator/emit/walk.ts";
import { readManifest } from "../../../generator/emit/build-folder.ts";
import type { PauseMessage } from "../../../generator/emit/pause-point.ts";
import type { Dataset } from "../../../generator/dataset.ts";
import { entryOf } from "../../../contract/pack.ts";
import { chunkFileOf, chunkHolding, packChunksOf } from "../../../contract/pack-chunks.ts";
import { SERVING_INDEX_FILE } from "../../../contract/serving-index.ts";
import { fileFor } from "../../../contract/routes.ts";
import { SEEDS_PER_PACK } from "../../../contract/endpoints/seed.ts";
import { tinyDataset } from "../../fixtures/derive/tiny-dataset.ts";
import { pausingAt } from "../../support/pause-channel.ts";
import { temporaryFolders } from "../../support/temporary.ts";

const temporary = temporaryFolders("psg-emit-");
afterAll(() => temporary.removeAll());
const freshDir = () => path.join(temporary.make(), "dist");
/** The builds' clock: each build commits a grace period after the one before (commit-log.ts). */
let clock = 0;
const build = (outDir: string, dataset: Dataset, version: string, files?: Iterable<BuildFile>, readBack = false, more: Partial<EmitOptions> = {}) =>
  emitBuild({ outDir, manifest: manifestOf(dataset, version), steps: [filesStep(files ?? buildFiles(dataset, version))], readBack, now: () => (clock += GRACE_MS), ...more });
const seedsPack = (defIndex: number, paintIndex: number) => fileFor({ name: "seed", defIndex, paintIndex, seed: 0 }, { topics: [] });
/** Files of one pair's unit: its menu, no-topic menu, patterns and at least one chunk of its seeds pack. */
const PAIR_FILES = 4;

/** Every file under a folder but the commit log (it records when); a symbolic link (a build makes none) recorded by its target. */
async function treeOf(dir: string): Promise<Map<string, string>> {
  const tree = new Map<string, string>();
  for (const entry of await entriesUnder(dir)) {
    const full = path.join(entry.parentPath, entry.name);
    if (full === path.join(dir, COMMIT_LOG_FILE)) continue;
    if (entry.isSymbolicLink()) tree.set(path.relative(dir, full), `-> ${await fs.readlink(full)}`);
    else if (entry.isFile()) tree.set(path.relative(dir, full), await fs.readFile(full, "latin1"));
  }
  return tree;
}

/** What the server would read for a file of a generation. */
const served = (out: string, generation: string, file: string) => fs.readFile(path.join(out, generation, file), "utf8");
/** The chunk of a pair's seeds pack that holds `seed` in a generation, read from the files there: its path, the seed's place in it, its entries. */
async function seedsChunk(out: string, generation: string, defIndex: number, paintIndex: number, seed: number) {
  const pack = seedsPack(defIndex, paintIndex);
  const folder = path.posix.dirname(chunkFileOf(pack, 0));
  const starts = packChunksOf((await fs.readdir(path.join(out, generation, folder))).map((name) => `${folder}/${name}`)).get(pack)!;
  const chunk = chunkHolding(starts, SEEDS_PER_PACK, seed)!;
  return { file: chunkFileOf(pack, chunk.first), at: seed - chunk.first, count: chunk.count };
}
/** What the server would answer for one seed of a generation: its entry of the chunk holding it. */
const servedSeed = async (out: string, generation: string, defIndex: number, paintIndex: number, seed: number) => {
  const { file, at, count } = await seedsChunk(out, generation, defIndex, paintIndex, seed);
  return Buffer.from(entryOf(await fs.readFile(path.join(out, generation, file)), count, at)).toString("utf8");
};

const corrected = (): Dataset => {
  const dataset = structuredClone(tinyDataset);
  dataset.guides.find((g) => g.platform_id === "200")!.systems[0]!.gradings[2]!.quote = "955 (corrected)";
  return dataset;
};

/** One build, read by the tests below and never changed. */
let whole: { out: string; report: EmitReport };
beforeAll(async () => {
  const out = freshDir();
  whole = { out, report: await build(out, tinyDataset, "vA") };
});

describe("emitting a build", () => {
  it("two builds from the same inputs produce byte-identical trees", async () => {
    const [a, b] = [freshDir(), freshDir()];
    await build(a, tinyDataset, "vA");
    await build(b, tinyDataset, "vA");
    const [treeA, treeB] = [await treeOf(a), await treeOf(b)];
    // Every pair's files, every guide, meta, the dump, the index, the manifest.
    expect(treeA.size).toBeGreaterThan(4 * PAIR_FILES);
    expect(treeB).toEqual(treeA);
  });

  it("writes one seeds pack per pair in chunks, holding seeds 0..1000, and a manifest naming one dataset_version", async () => {
    const { out, report } = whole;
    const manifest = await readManifest(out);
    expect(manifest).toEqual({ format: 4, dataset_version: "vA", generation: "g-vA", topics: [], index: expect.stringMatching(/^[0-9]+:[0-9a-f]{16}$/) });
    const generation = path.join(out, "g-vA");
    const files = (await entriesUnder(generation)).filter((entry) => entry.isFile()).map((entry) => path.relative(generation, path.join(entry.parentPath, entry.name)));
    expect([...packChunksOf(files).keys()].sort()).toEqual([seedsPack(7, 44), seedsPack(507, 415), seedsPack(507, 418), seedsPack(507, 420)].sort());
    for (const seed of [0, 661, 1000]) expect(JSON.parse(await servedSeed(out, "g-vA", 507, 418, seed)).seed).toBe(seed);
    expect(report).toMatchObject({ written: report.files, reused: 0 });
    // A build is a few files per pair, whatever the seeds: no file per seed.
    expect((await entriesUnder(out)).filter((entry) => entry.isFile()).length).toBeLessThan(80);
  });

  it("a build that fails halfway leaves the previous build serving, whole", async () => {
    const out = freshDir();
    await build(out, tinyDataset, "vA");
    const before = await treeOf(out);
    function* failing(): Generator<BuildFile> {
      let n = 0;
      for (const file of buildFiles(corrected(), "vB")) {
        if (++n === 6) throw new Error("disk full (simulated)");
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
    // Changed: the chunk of the AK pair's seeds pack holding seed 955 (its menus and patterns show no
    // quotes; the other chunks of its pack keep their bytes), guide 200 and its one narrowing, meta
    // (it names the version) and the dump.
    expect(report.written).toBe(5);
    expect(report.reused).toBe(report.files - report.written);
    const unchanged = (await seedsChunk(out, "g-vB", 507, 418, 0)).file;
    expect(statSync(path.join(out, "g-vB", unchanged)).ino).toBe(statSync(path.join(out, "g-vA", unchanged)).ino);
    expect(statSync(path.join(out, "g-vB", "v1/items/7/44.json")).ino).toBe(statSync(path.join(out, "g-vA", "v1/items/7/44.json")).ino);
    expect(await servedSeed(out, "g-vB", 7, 44, 955)).toContain("955 (corrected)");
    expect(await servedSeed(out, "g-vA", 7, 44, 955)).not.toContain("corrected");
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

  it("a rebuild with nothing changed and the same documents prunes nothing, and a report of a build without documents names no documents folder", async () => {
    const out = freshDir();
    await build(out, tinyDataset, "vA");
    const report = await build(out, tinyDataset, "vA");
    expect(report).toMatchObject({ mode: "unchanged" });
    expect(report.pruned).toEqual([]);
    expect(Object.keys(report)).not.toContain("docs");
    expect(Object.keys(whole.report)).not.toContain("docs");
  });

  it("a rebuild without the previous file index compares by reading the files and still links the unchanged ones", async () => {
    const out = freshDir();
    await build(out, tinyDataset, "vA");
    await fs.rm(path.join(out, "g-vA.files.gz"));
    const report = await build(out, corrected(), "vB");
    expect(report).toMatchObject({ written: 5, reused: report.files - 5 });
  });

  it("a rebuild of the same version with --verify repairs a damaged file and removes a stray one", async () => {
    const out = freshDir();
    await build(out, tinyDataset, "vA");
    const damagedSeed = path.join(out, "g-vA", (await seedsChunk(out, "g-vA", 7, 44, 0)).file);
    const damagedGuide = path.join(out, "g-vA", "v1/guides/200.json");
    const [goodSeed, goodGuide] = [await fs.readFile(damagedSeed, "latin1"), await fs.readFile(damagedGuide, "utf8")];
    await fs.writeFile(damagedSeed, "{");
    await fs.rm(damagedGuide);
    await fs.writeFile(path.join(out, "g-vA", "v1", "stray.json"), "{}");
    expect(await build(out, tinyDataset, "vA")).toMatchObject({ mode: "unchanged", written: 0 });
    const report = await build(out, tinyDataset, "vA", undefined, true);
    expect(report).toMatchObject({ written: 2, removed: 1 });
    expect(await fs.readFile(damagedSeed, "latin1")).toBe(goodSeed);
    expect(await fs.readFile(damagedGuide, "utf8")).toBe(goodGuide);
  });

  it("a build of a version whose generation is still kept (A, B, then A again) brings that generation up to date in place: no file of it is missing at any point, unchanged files keep their inode", async () => {
    const out = freshDir();
    const generation = path.join(out, "g-vA");
    // A file that differs between two builds of one version, as the changelog does (its base is the build before).
    const withChangelog = (dataset: Dataset, version: string, changes: string) => [...buildFiles(dataset, version), { path: "changes.json", body: changes }];
    const first = withChangelog(tinyDataset, "vA", "from nothing");
    await build(out, tinyDataset, "vA", first);
    await build(out, corrected(), "vB");
    const inodes = new Map((await entriesUnder(generation)).map((entry) => [path.relative(generation, path.join(entry.parentPath, entry.name)), statSync(path.join(entry.parentPath, entry.name)).ino]));
    await fs.writeFile(path.join(generation, "v1", "stray.json"), "{}");

    // Looks at the generation before the build writes anything and after each file it writes.
    const missing: string[] = [];
    let looks = 0;
    const look = () => {
      looks++;
      for (const file of first) if (!statSync(path.join(generation, file.path), { throwIfNoEntry: false })?.isFile()) missing.push(`${file.path} (look ${looks})`);
    };
    function* looking(files: Iterable<BuildFile>): Generator<BuildFile> {
      look();
      for (const file of files) {
        yield file;
        look();
      }
    }
    const report = await build(out, tinyDataset, "vA", looking(withChangelog(tinyDataset, "vA", "from vB")));
    expect(missing).toEqual([]);
    expect(looks).toBe(first.length + 1);
    expect(report).toMatchObject({ mode: "update", written: 1, reused: first.length - 1, removed: 1 });
    expect((await readManifest(out))?.generation).toBe("g-vA");
    expect(await fs.readFile(path.join(generation, "changes.json"), "utf8")).toBe("from vB");
    // The changelog and the serving index that vouches for it are the files that change.
    for (const [file, inode] of inodes) if (file !== "changes.json" && file !== SERVING_INDEX_FILE) expect([file, statSync(path.join(generation, file)).ino]).toEqual([file, inode]);
    expect(statSync(path.join(generation, "changes.json")).ino).not.toBe(inodes.get("changes.json"));
    expect(await fs.readdir(path.join(generation, "v1"))).not.toContain("stray.json");
    expect(await fs.readdir(out)).toContain("g-vA.files.gz");
  });

  it("keeps the serving generation and the one before it, and prunes older ones", async () => {
    const out = freshDir();
    await build(out, tinyDataset, "vA");
    await build(out, corrected(), "vB");
    const third = corrected();
    third.items = third.items.slice(0, 1);
    const report = await build(out, third, "vC");
    expect(report.pruned).toEqual(["g-vA"]);
    expect((await fs.readdir(out)).sort()).toEqual([".assetsignore", "commits.json", "g-vB", "g-vB.files.gz", "g-vC", "g-vC.files.gz", "manifest.json"]);
    // An upload of the folder leaves out the generation kept for requests in flight, and what only builds read.
    const ignored = (await fs.readFile(path.join(out, ".assetsignore"), "utf8")).split("\n");
    expect(ignored).toEqual(expect.arrayContaining(["g-*", "!/g-vC", "*.files.gz", "commits.json", "check-cache.json"]));
    expect(ignored).not.toContain("!/g-vB");
  });

  it("refuses to write into a folder that is not a build folder", async () => {
    const out = freshDir();
    await fs.mkdir(out, { recursive: true });
    await fs.writeFile(path.join(out, "notes.txt"), "mine");
    await expect(build(out, tinyDataset, "vA")).rejects.toThrow("is not a build folder");
    expect(await fs.readdir(out)).toEqual(["notes.txt"]);
  });

  it("times each step under its name, in order, and reports when the build was committed within the time it took", async () => {
    const out = freshDir();
    const before = performance.now();
    const report = await emitBuild({
      outDir: out,
      manifest: manifestOf(tinyDataset, "vA"),
      steps: [filesStep(buildFiles(tinyDataset, "vA")), filesStep([{ path: "changes.json", body: "{}" }], "changelog")],
      now: () => (clock += GRACE_MS),
    });
    const took = performance.now() - before;
    expect(Object.keys(report.timings!)).toEqual(["prepare", "derive", "changelog", "documents", "server", "commit", "prune"]);
    expect(report.committedAfterMs).toBeGreaterThanOrEqual(0);
    expect(report.committedAfterMs).toBeLessThanOrEqual(took);
    const again = performance.now();
    const unchanged = await build(out, tinyDataset, "vA");
    expect(unchanged.mode).toBe("unchanged");
    expect(unchanged.committedAfterMs).toBeLessThanOrEqual(performance.now() - again);
  });

  it("tells its progress as files written, or as files verified when it checks the serving generation", async () => {
    const out = freshDir();
    const stages = async (readBack: boolean) => {
      const seen: EmitProgress[] = [];
      await build(out, tinyDataset, "vA", undefined, readBack, { onProgress: (progress) => seen.push(progress) });
      return [...new Set(seen.map((progress) => progress.stage))];
    };
    expect(await stages(false)).toEqual(["write", "prune"]);
    expect(await stages(true)).toEqual(["verify", "prune"]);
  });

  it("a check of an intact serving generation commits nothing: the manifest stays the same file and the commit log gains no entry", async () => {
    const out = freshDir();
    await build(out, tinyDataset, "vA");
    const [manifest, log] = [statSync(path.join(out, "manifest.json")).ino, await fs.readFile(path.join(out, COMMIT_LOG_FILE), "utf8")];
    expect(await build(out, tinyDataset, "vA", undefined, true)).toMatchObject({ mode: "verify", written: 0, removed: 0 });
    expect(statSync(path.join(out, "manifest.json")).ino).toBe(manifest);
    expect(await fs.readFile(path.join(out, COMMIT_LOG_FILE), "utf8")).toBe(log);
  });

  it("a check that repairs one file and removes one stray commits the manifest again, so that a server reads the repair", async () => {
    const out = freshDir();
    await build(out, tinyDataset, "vA");
    const manifest = statSync(path.join(out, "manifest.json")).ino;
    await fs.writeFile(path.join(out, "g-vA", "v1/guides/200.json"), "{");
    await fs.writeFile(path.join(out, "g-vA", "v1", "stray.json"), "{}");
    expect(await build(out, tinyDataset, "vA", undefined, true)).toMatchObject({ mode: "verify", written: 1, removed: 1 });
    expect(statSync(path.join(out, "manifest.json")).ino).not.toBe(manifest);
  });

  it("a check whose manifest names other documents commits it, though no file of the generation changed", async () => {
    const out = freshDir();
    await build(out, tinyDataset, "vA");
    const documents = { folder: "docs-0123456789abcdef", files: [{ path: "openapi.json", body: "{} EXAMPLE CONTENT" }] };
    const report = await emitBuild({ outDir: out, manifest: { ...manifestOf(tinyDataset, "vA"), docs: documents.folder }, documents, steps: [filesStep(buildFiles(tinyDataset, "vA"))], readBack: true, now: () => (clock += GRACE_MS) });
    expect(report).toMatchObject({ mode: "verify", written: 0, removed: 0, docs: documents.folder });
    expect((await readManifest(out))?.docs).toBe(documents.folder);
  });

  it("a check of the serving generation that fails halfway leaves that generation serving, whole", async () => {
    const out = freshDir();
    await build(out, tinyDataset, "vA");
    const before = await treeOf(path.join(out, "g-vA"));
    function* failing(): Generator<BuildFile> {
      yield* [...buildFiles(tinyDataset, "vA")].slice(0, 3);
      throw new Error("disk full (simulated)");
    }
    await expect(build(out, tinyDataset, "vA", failing(), true)).rejects.toThrow("disk full");
    expect((await readManifest(out))?.generation).toBe("g-vA");
    expect(await treeOf(path.join(out, "g-vA"))).toEqual(before);
  });

  it("a build of a version whose generation name the serving build already has, but another dataset_version, brings that generation up to date rather than keeping it", async () => {
    const out = freshDir();
    await build(out, tinyDataset, "vA");
    const manifest = { ...manifestOf(corrected(), "vA"), dataset_version: "vA-corrected" };
    const report = await emitBuild({ outDir: out, manifest, steps: [filesStep(buildFiles(corrected(), "vA"))], now: () => (clock += GRACE_MS) });
    expect(report.mode).toBe("update");
    expect(report.written).toBeGreaterThan(0);
    expect((await readManifest(out))?.dataset_version).toBe("vA-corrected");
    expect(await servedSeed(out, "g-vA", 7, 44, 955)).toContain("955 (corrected)");
  });

  it("brings a kept generation without its index up to date in place", async () => {
    const out = freshDir();
    await build(out, tinyDataset, "vA");
    await build(out, corrected(), "vB");
    await fs.rm(path.join(out, "g-vA.files.gz"));
    expect(await build(out, tinyDataset, "vA")).toMatchObject({ mode: "update", written: 0 });
    expect((await readManifest(out))?.generation).toBe("g-vA");
  });

  /** A, B, then A again, with `count` files that B linked from A removed from both generations by hand: A cannot link them back. */
  async function updateMissing(count: number) {
    const out = freshDir();
    await build(out, tinyDataset, "vA");
    await build(out, corrected(), "vB");
    const shared = (await entriesUnder(path.join(out, "g-vB")))
      .map((entry) => path.relative(path.join(out, "g-vB"), path.join(entry.parentPath, entry.name)))
      .filter((file) => file !== SERVING_INDEX_FILE && statSync(path.join(out, "g-vB", file)).ino === statSync(path.join(out, "g-vA", file)).ino)
      .slice(0, count);
    expect(shared).toHaveLength(count);
    for (const file of shared) for (const generation of ["g-vA", "g-vB"]) await fs.rm(path.join(out, generation, file));
    const failure = await build(out, tinyDataset, "vA").then(
      () => "",
      (error: Error) => error.message,
    );
    return { out, shared, failure };
  }

  it("a build that cannot bring a kept generation up to date names the files, keeps that generation and leaves the serving build serving", async () => {
    const { out, shared, failure } = await updateMissing(3);
    expect(failure).toMatch(/^could not bring g-vA up to date: /);
    for (const file of shared) expect(failure).toContain(file);
    expect(failure).not.toContain("more");
    expect(failure.split("; ")).toHaveLength(3);
    expect((await readManifest(out))?.generation).toBe("g-vB");
    expect(statSync(path.join(out, "g-vA", "v1", "meta.json")).isFile()).toBe(true);
  });

  it("a build that cannot remove a stray from a kept generation names it, keeps that generation and leaves the serving build serving", async () => {
    const out = freshDir();
    await build(out, tinyDataset, "vA");
    await build(out, corrected(), "vB");
    const stray = path.join(out, "g-vA", "v1", "stray.json");
    await fs.writeFile(stray, "{}");
    // What Node throws when unlink(2) refuses the file (an immutable file: EPERM, even for root).
    const rm = fs.rm;
    const spy = vi.spyOn(fs, "rm").mockImplementation(async (target, options) => {
      if (String(target) === stray) throw Object.assign(new Error(`EPERM: operation not permitted, unlink '${stray}'`), { code: "EPERM" });
      return rm(target, options);
    });
    let failure: unknown;
    try {
      failure = await build(out, tinyDataset, "vA").catch((error: unknown) => error);
    } finally {
      spy.mockRestore();
    }
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe(`could not bring g-vA up to date: EPERM: operation not permitted, unlink '${stray}'`);
    expect((await readManifest(out))?.generation).toBe("g-vB");
    expect(statSync(path.join(out, "g-vA", "v1", "meta.json")).isFile()).toBe(true);
  });

  it("names the first three files it could not place and counts the others", async () => {
    const { shared, failure } = await updateMissing(4);
    const parts = failure.split("; ");
    expect(parts).toHaveLength(4);
    expect(parts[3]).toBe("and 1 more");
    expect(parts.slice(0, 3).every((part, i) => part.includes(shared[i]!) || shared.some((file) => part.includes(file)))).toBe(true);
  });

  it("a rebuild with nothing changed records a new source in the index, keeps the one it has otherwise, and puts back the upload's ignore file", async () => {
    const out = freshDir();
    const index = path.join(out, indexFileOf("g-vA"));
    await build(out, tinyDataset, "vA", undefined, false, { source: "source-1" });
    await build(out, tinyDataset, "vA", undefined, false, { source: "source-2" });
    expect(readGenerationIndex(index)?.source).toBe("source-2");
    const inode = statSync(index).ino;
    await build(out, tinyDataset, "vA", undefined, false, { source: "source-2" });
    expect(statSync(index).ino).toBe(inode);
    await fs.rm(path.join(out, ".assetsignore"));
    expect(await build(out, tinyDataset, "vA")).toMatchObject({ mode: "unchanged" });
    expect(readGenerationIndex(index)?.source).toBe("source-2");
    expect(await fs.readFile(path.join(out, ".assetsignore"), "utf8")).toContain("!/g-vA");
  });
});

describe("the pause points of the kill tests", () => {
  /** What a build of vC, into a folder serving vB and keeping vA, has done when it stops at `point`. */
  async function stoppedAt(point: "locked" | "written" | "committed") {
    const out = freshDir();
    await build(out, tinyDataset, "vA");
    await build(out, corrected(), "vB");
    const seen: unknown[] = [];
    const look = (message: PauseMessage) =>
      seen.push({
        point: message.pausedAt,
        empty: readdirSync(path.join(out, "g-vC")).length === 0,
        meta: existsSync(path.join(out, "g-vC", "v1", "meta.json")),
        indexed: existsSync(path.join(out, indexFileOf("g-vC"))),
        serving: (JSON.parse(readFileSync(path.join(out, "manifest.json"), "utf8")) as { generation: string }).generation,
        kept: existsSync(path.join(out, "g-vA")),
      });
    const report = await pausingAt(point, look, () => build(out, tinyDataset, "vC"));
    expect(report.pruned).toEqual(["g-vA"]);
    return seen;
  }

  it("stops at locked with its new generation still empty and the serving build untouched", async () => {
    expect(await stoppedAt("locked")).toEqual([{ point: "locked", empty: true, meta: false, indexed: false, serving: "g-vB", kept: true }]);
  });

  it("stops at written with every file written, the index not yet, and the serving build untouched", async () => {
    expect(await stoppedAt("written")).toEqual([{ point: "written", empty: false, meta: true, indexed: false, serving: "g-vB", kept: true }]);
  });

  it("stops at committed with the new build serving and the generation before last not yet pruned", async () => {
    expect(await stoppedAt("committed")).toEqual([{ point: "committed", empty: false, meta: true, indexed: true, serving: "g-vC", kept: true }]);
  });
});
