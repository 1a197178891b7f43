// `npm run build -- --verify` on the serving generation: whatever stands where the build has a file
// (a folder, a link, a FIFO) is replaced by the file, by rename; whatever stands where it has nothing
// is removed; and a file that cannot be repaired does not hold back the repairs of the others.

import { spawnSync } from "node:child_process";
import { promises as fs, lstatSync, readdirSync, statSync, symlinkSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { manifestOf } from "../../../generator/derive/index.ts";
import { GRACE_MS } from "../../../generator/emit/commit-log.ts";
import { emitBuild, filesStep } from "../../../generator/emit/emit-build.ts";
import { TRASH_PREFIX, temporaryPathOf } from "../../../generator/emit/prune.ts";
import { removeStrays } from "../../../generator/emit/verify.ts";
import { chunkFileOf } from "../../../contract/pack-chunks.ts";
import { fileFor } from "../../../contract/routes.ts";
import { generationProblems, variantFiles, variantNamed } from "../../support/build-variants.ts";
import { temporaryFolders } from "../../support/temporary.ts";

const temporary = temporaryFolders("psg-verify-");
afterAll(() => temporary.removeAll());

const A = variantNamed("A");
/** The builds' clock: each build commits a grace period after the one before (commit-log.ts). */
let clock = 0;
const build = (outDir: string, readBack = false) =>
  emitBuild({ outDir, manifest: manifestOf(A.dataset, A.version), steps: [filesStep(variantFiles(A))], readBack, now: () => (clock += GRACE_MS) });

/** The first chunk of the seeds pack of 7/44: the file holding seed 0. */
const PACK = chunkFileOf(fileFor({ name: "seed", defIndex: 7, paintIndex: 44, seed: 0 }, { topics: [] }), 0);
const GUIDE = "v1/guides/200.json";
const META = "v1/meta.json";

/** A folder serving build A, and a folder of its own outside it. */
async function servingA() {
  const root = temporary.make();
  const out = path.join(root, "dist");
  await build(out);
  const outside = path.join(root, "outside");
  await fs.mkdir(outside);
  return { out, generation: path.join(out, "g-vA"), outside, manifestInode: () => statSync(path.join(out, "manifest.json")).ino };
}

const mkfifo = (file: string) => expect(spawnSync("mkfifo", [file]).status).toBe(0);

/** Entries of a folder tree (links not followed) that are neither files nor folders, or are named as temporaries or trash. */
function oddEntries(root: string): string[] {
  const odd: string[] = [];
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) visit(full);
      if ((!entry.isFile() && !entry.isDirectory()) || entry.name.endsWith(".tmp") || entry.name.startsWith(".trash-")) odd.push(path.relative(root, full));
    }
  };
  visit(root);
  return odd.sort();
}

describe("--verify puts the serving generation back in order", () => {
  it("a folder, a link and a FIFO standing where files belong are each replaced by the file the build wrote, and the manifest committed again", async () => {
    const { out, generation, outside, manifestInode } = await servingA();
    const inode = manifestInode();
    await fs.rm(path.join(generation, PACK));
    await fs.mkdir(path.join(generation, PACK, "inside"), { recursive: true });
    await fs.writeFile(path.join(generation, PACK, "inside", "entry"), "x");
    // A link is replaced even when what it leads to holds the right bytes: the generation must hold its own files.
    await fs.copyFile(path.join(generation, GUIDE), path.join(outside, "200.json"));
    await fs.rm(path.join(generation, GUIDE));
    symlinkSync(path.join(outside, "200.json"), path.join(generation, GUIDE));
    await fs.rm(path.join(generation, META));
    mkfifo(path.join(generation, META));

    const report = await build(out, true);
    expect(report).toMatchObject({ mode: "verify", written: 3, removed: 0 });
    expect(generationProblems(out, "g-vA", A)).toEqual([]);
    for (const file of [PACK, GUIDE, META]) expect(lstatSync(path.join(generation, file)).isFile()).toBe(true);
    expect(oddEntries(generation)).toEqual([]);
    expect(manifestInode()).not.toBe(inode);
    expect(await fs.readdir(outside)).toEqual(["200.json"]);
  });

  it("strays that are folders, links or FIFOs are removed, and a link standing for a folder is replaced by a folder without writing through it", async () => {
    const { out, generation, outside } = await servingA();
    await fs.mkdir(path.join(generation, "v1", "stray", "deeper"), { recursive: true });
    await fs.writeFile(path.join(generation, "v1", "stray", "deeper", "file.json"), "{}");
    symlinkSync(outside, path.join(generation, "v1", "stray-link"));
    mkfifo(path.join(generation, "v1", "stray.fifo"));
    // The guides folder, moved outside and linked back: the build must not write into what the link leads to.
    const guides = path.join(outside, "guides");
    await fs.rename(path.join(generation, "v1", "guides"), guides);
    await fs.rm(path.join(guides, "200.json"));
    const guidesBefore = (await fs.readdir(guides, { recursive: true })).sort();
    symlinkSync(guides, path.join(generation, "v1", "guides"));

    const report = await build(out, true);
    expect(report.removed).toBe(3);
    expect(generationProblems(out, "g-vA", A)).toEqual([]);
    expect(lstatSync(path.join(generation, "v1", "guides")).isDirectory()).toBe(true);
    expect(oddEntries(generation)).toEqual([]);
    expect((await fs.readdir(guides, { recursive: true })).sort()).toEqual(guidesBefore);
    expect(await fs.readdir(path.join(generation, "v1"))).not.toContain("stray");
  });

  it("a file that cannot be repaired does not hold back the others: they are committed, then the build fails naming the file and why", async () => {
    const { out, generation, manifestInode } = await servingA();
    const inode = manifestInode();
    const pack = await fs.readFile(path.join(generation, PACK));
    await fs.writeFile(path.join(generation, PACK), pack.subarray(0, pack.length - 7));
    const meta = path.join(generation, META);
    await fs.rm(meta);
    await fs.mkdir(meta);
    // The repair of meta.json is written to its temporary name first: here, a full device.
    symlinkSync("/dev/full", temporaryPathOf(meta));

    const failure = await build(out, true).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    const message = (failure as Error).message;
    expect(message).toContain("1 file(s) repaired and 0 stray(s) removed, and committed; could not repair 1 file(s) of g-vA: ENOSPC");
    expect(message).toContain(meta);
    expect(message).not.toContain(PACK);
    // The pack is repaired and the repair committed: a server learns of it at its next look.
    expect(generationProblems(out, "g-vA", A)).toEqual([`${META}: missing`]);
    expect(manifestInode()).not.toBe(inode);
    expect(oddEntries(generation)).toEqual([]);

    // Once the device has room (the temporary is the build's own again), the next check repairs it.
    expect(await build(out, true)).toMatchObject({ written: 1 });
    expect(generationProblems(out, "g-vA", A)).toEqual([]);
  });
});

describe("removeStrays", () => {
  /** What Node throws when unlink(2) fails on `file` (an I/O error of the disk). */
  const refused = (file: string) => Object.assign(new Error(`EIO: i/o error, unlink '${file}'`), { code: "EIO", syscall: "unlink", path: file });

  it("names each stray it cannot remove, a folder by its own path even when the error names a file inside it, and removes the others", async () => {
    const generation = temporary.make();
    for (const folder of ["v1/kept", "v1/old"]) await fs.mkdir(path.join(generation, folder), { recursive: true });
    for (const file of ["v1/kept/meta.json", "v1/stuck.json", "v1/gone.json", "v1/old/inner.json"]) await fs.writeFile(path.join(generation, file), "EXAMPLE CONTENT");
    const stuck = path.join(generation, "v1/stuck.json");
    // The stray file, under its own name or in trash, and a file inside the stray folder cannot be removed.
    const rm = fs.rm;
    const spy = vi.spyOn(fs, "rm").mockImplementation(async (target, options) => {
      const name = String(target);
      if (name === stuck || path.basename(name).startsWith(`${TRASH_PREFIX}stuck.json-`)) throw refused(name);
      if (path.basename(name).startsWith(`${TRASH_PREFIX}old-`)) throw refused(path.join(name, "inner.json"));
      return rm(target, options);
    });
    let removal: Awaited<ReturnType<typeof removeStrays>>;
    try {
      removal = await removeStrays(generation, new Set(["v1/kept/meta.json"]));
    } finally {
      spy.mockRestore();
    }
    expect(removal.removed).toBe(1);
    expect(removal.failures).toHaveLength(2);
    expect(removal.failures).toContain(`EIO: i/o error, unlink '${stuck}'`);
    const folderFailure = removal.failures.find((failure) => failure.includes("inner.json"));
    expect(folderFailure).toMatch(/^EIO: i\/o error, unlink '\S*\/v1\/\.trash-old-\S+\/inner\.json' \(removing /);
    expect(folderFailure!.endsWith(` (removing ${path.join(generation, "v1/old")})`)).toBe(true);
    const left = await fs.readdir(path.join(generation, "v1"));
    expect(left).toEqual(expect.arrayContaining(["kept", "stuck.json"]));
    expect(left).not.toContain("gone.json");
  });
});
