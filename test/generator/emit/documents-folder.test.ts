import { promises as fs } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { manifestOf } from "../../../generator/derive/index.ts";
import type { Documents } from "../../../generator/docs/documents.ts";
import { readManifest } from "../../../generator/emit/build-folder.ts";
import { GRACE_MS } from "../../../generator/emit/commit-log.ts";
import { emitBuild, filesStep } from "../../../generator/emit/emit-build.ts";
import { writeDocumentsFolder } from "../../../generator/emit/documents-folder.ts";
import { temporaryPathOf } from "../../../generator/emit/prune.ts";
import { tinyDataset } from "../../fixtures/derive/tiny-dataset.ts";
import { temporaryFolders } from "../../support/temporary.ts";

const temporary = temporaryFolders("psg-docs-");
afterAll(() => temporary.removeAll());
const freshDir = () => path.join(temporary.make(), "dist");
const documents = (text: string): Documents => ({
  folder: `docs-${text}`,
  files: [
    { path: "openapi.json", body: `{"text":"${text}"}` },
    { path: "index.html", body: `<p>${text}</p>` },
  ],
});
// One response file is enough: these tests are about the folder beside the generation.
/** The builds' clock: each build commits a grace period after the one before (commit-log.ts). */
let clock = 0;
const build = (outDir: string, version: string, docs: Documents) =>
  emitBuild({
    outDir,
    manifest: { ...manifestOf(tinyDataset, version), docs: docs.folder },
    steps: [filesStep([{ path: "v1/meta.json", body: `"${version}"` }])],
    documents: docs,
    now: () => (clock += GRACE_MS),
  });

describe("the documents folder of a build", () => {
  it("is written beside the generation and named in the manifest", async () => {
    const out = freshDir();
    await build(out, "vA", documents("one"));
    expect((await readManifest(out))?.docs).toBe("docs-one");
    expect(await fs.readFile(path.join(out, "docs-one", "openapi.json"), "utf8")).toBe('{"text":"one"}');
  });

  it("are refused when the manifest names another folder, before anything is written", async () => {
    const out = freshDir();
    const emitting = emitBuild({
      outDir: out,
      manifest: { ...manifestOf(tinyDataset, "vA"), docs: "docs-other" },
      steps: [filesStep([{ path: "v1/meta.json", body: '"vA"' }])],
      documents: documents("given"),
    });
    await expect(emitting).rejects.toThrow("the manifest names documents folder docs-other, not docs-given");
    expect(await readManifest(out)).toBeNull();
  });

  it("new documents for an unchanged dataset_version are committed without rewriting any response", async () => {
    const out = freshDir();
    await build(out, "vA", documents("one"));
    const report = await build(out, "vA", documents("two"));
    expect(report).toMatchObject({ mode: "unchanged", written: 0 });
    expect((await readManifest(out))?.docs).toBe("docs-two");
    expect(await fs.readFile(path.join(out, "docs-two", "index.html"), "utf8")).toBe("<p>two</p>");
  });

  it("keeps the documents of the build before (for requests in flight) and prunes older ones", async () => {
    const out = freshDir();
    await build(out, "vA", documents("one"));
    await build(out, "vA", documents("two"));
    await build(out, "vB", documents("three"));
    expect((await fs.readdir(out)).filter((name) => name.startsWith("docs-")).sort()).toEqual(["docs-three", "docs-two"]);
  });
});

describe("a full disk while writing the documents folder", () => {
  it("names the file it could not write, and removes the new generation (complete by then) and the unfinished folder", async () => {
    const out = freshDir();
    await build(out, "vA", documents("one"));
    const before = (await fs.readdir(out)).sort();
    // What Node throws for a write to a full device: no file named (compare a write to /dev/full).
    const full = Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC", errno: -28, syscall: "write" });
    const writeFile = fs.writeFile;
    const write = vi.spyOn(fs, "writeFile").mockImplementation(async (file, ...rest) => {
      if (String(file).endsWith("index.html")) throw full;
      return writeFile(file, ...rest);
    });
    try {
      const failed = await build(out, "vB", documents("two")).catch((error: unknown) => error as Error);
      expect(failed).toBeInstanceOf(Error);
      expect((failed as Error).message).toMatch(/^ENOSPC: no space left on device, write \(writing .*\/docs-two\.\d+\.tmp\/index\.html\)$/);
    } finally {
      write.mockRestore();
    }
    expect((await readManifest(out))?.dataset_version).toBe("vA");
    // Every response of g-vB was written before the documents: none of it stays behind.
    expect((await fs.readdir(out)).sort()).toEqual(before);
  });
});

describe("writeDocumentsFolder", () => {
  it("writes a folder that is not there, even into a build folder not made yet, and says it wrote it", async () => {
    const out = freshDir();
    expect(await writeDocumentsFolder(out, documents("two"))).toBe(true);
    expect((await fs.readdir(path.join(out, "docs-two"))).sort()).toEqual(["index.html", "openapi.json"]);
  });

  it("leaves a folder of that name as it is, since its name is its content's hash, and says it wrote nothing", async () => {
    const out = freshDir();
    await fs.mkdir(path.join(out, "docs-two"), { recursive: true });
    expect(await writeDocumentsFolder(out, documents("two"))).toBe(false);
    expect(await fs.readdir(path.join(out, "docs-two"))).toEqual([]);
  });

  it("starts again from nothing when a stopped write left its temporary folder", async () => {
    const out = freshDir();
    const left = temporaryPathOf(path.join(out, "docs-two"));
    await fs.mkdir(left, { recursive: true });
    await fs.writeFile(path.join(left, "half.html"), "<p>");
    expect(await writeDocumentsFolder(out, documents("two"))).toBe(true);
    expect((await fs.readdir(path.join(out, "docs-two"))).sort()).toEqual(["index.html", "openapi.json"]);
  });
});

