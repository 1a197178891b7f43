import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { indexFileOf } from "../../../contract/file-index.ts";
import { buildFiles, manifestOf } from "../../../generator/derive/index.ts";
import { emitBuild, filesStep } from "../../../generator/emit/emit-build.ts";
import { codeFingerprint, servingBuiltFrom, sourceFingerprints } from "../../../generator/emit/source.ts";
import { createFileMemory, type FileMemory } from "../../../generator/load/file-memory.ts";
import { tinyDataset } from "../../fixtures/derive/tiny-dataset.ts";

const root = mkdtempSync(path.join(tmpdir(), "psg-source-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the source fingerprint", () => {
  it("changes with any byte of any dataset file", async () => {
    const dataset = path.join(root, "dataset");
    mkdirSync(path.join(dataset, "guides"), { recursive: true });
    writeFileSync(path.join(dataset, "guides", "1.json"), '{"a":1}');
    const before = (await sourceFingerprints(dataset)).source;
    expect((await sourceFingerprints(dataset)).source).toBe(before);
    writeFileSync(path.join(dataset, "guides", "1.json"), '{"a":2}');
    expect((await sourceFingerprints(dataset)).source).not.toBe(before);
  });

  it("is the same read through a long-running build's memory of files, before and after a file changes", async () => {
    const dataset = path.join(root, "dataset-remembered");
    mkdirSync(path.join(dataset, "guides"), { recursive: true });
    mkdirSync(path.join(dataset, "snapshots", "1"), { recursive: true });
    writeFileSync(path.join(dataset, "guides", "1.json"), JSON.stringify({ snapshot: { path: "1/page.txt" } }));
    writeFileSync(path.join(dataset, "snapshots", "1", "page.txt"), "Tier 1: 661");
    const memory = createFileMemory();
    const remembered = await sourceFingerprints(dataset, memory);
    expect(remembered.source).toBe((await sourceFingerprints(dataset)).source);
    expect((await sourceFingerprints(dataset, memory)).datasetFiles.get("guides/1.json")).toBe(remembered.datasetFiles.get("guides/1.json"));
    writeFileSync(path.join(dataset, "snapshots", "1", "page.txt"), "Tier 1: 616");
    const changed = await sourceFingerprints(dataset, memory);
    expect(changed.source).not.toBe(remembered.source);
    expect(changed.source).toBe((await sourceFingerprints(dataset)).source);
    expect(Buffer.from(changed.datasetFiles.get("snapshots/1/page.txt")!.bytes).toString()).toBe("Tier 1: 616");
  });

  it("keeps the bytes of the files the check reads only, and still changes with any byte of the others", async () => {
    const dataset = path.join(root, "dataset-saved-page");
    mkdirSync(path.join(dataset, "items"), { recursive: true });
    mkdirSync(path.join(dataset, "guides"), { recursive: true });
    mkdirSync(path.join(dataset, "snapshots", "9", "page_files"), { recursive: true });
    writeFileSync(path.join(dataset, "items", "a.json"), "{}");
    writeFileSync(path.join(dataset, "guides", "9.json"), JSON.stringify({ snapshot: { path: "9/page.html" } }));
    writeFileSync(path.join(dataset, "guides", "broken.json"), "{");
    writeFileSync(path.join(dataset, "snapshots", "9", "page.html"), "<p>Tier 1: 661</p>");
    // What a browser's "save page, complete" leaves beside the page: 64 MiB the check never reads.
    const MiB = 1024 * 1024;
    for (let index = 0; index < 16; index++) writeFileSync(path.join(dataset, "snapshots", "9", "page_files", `image${index}.jpg`), Buffer.alloc(4 * MiB, index));

    const before = process.memoryUsage().arrayBuffers;
    const fingerprint = await sourceFingerprints(dataset);
    const grown = process.memoryUsage().arrayBuffers - before;
    expect([...fingerprint.datasetFiles.keys()].sort()).toEqual(["guides/9.json", "guides/broken.json", "items/a.json", "snapshots/9/page.html"]);
    // Kept, they would be 64 MiB more; the rest is the code's files read and not yet collected.
    expect(grown).toBeLessThan(32 * MiB);

    writeFileSync(path.join(dataset, "snapshots", "9", "page_files", "image15.jpg"), Buffer.alloc(4 * MiB, 0));
    expect((await sourceFingerprints(dataset)).source).not.toBe(fingerprint.source);
  });

  it("names the serving build made from the same source, and no other", async () => {
    const out = path.join(root, "dist");
    const manifest = manifestOf(tinyDataset, "vA");
    await emitBuild({ outDir: out, manifest, steps: [filesStep(buildFiles(tinyDataset, "vA"))], source: "source-1" });
    expect((await servingBuiltFrom(out, "source-1"))?.dataset_version).toBe("vA");
    expect(await servingBuiltFrom(out, "source-2")).toBeNull();
    // A rebuild of the same version from another source (a reformatted file) records that source too.
    await emitBuild({ outDir: out, manifest, steps: [filesStep([])], source: "source-2" });
    expect((await servingBuiltFrom(out, "source-2"))?.dataset_version).toBe("vA");
  });
});

/** A folder holding each file's text (folders made as needed), files made in the order given. */
function folderOf(files: Record<string, string>, dir = mkdtempSync(path.join(root, "tree-"))): string {
  for (const [relative, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
    writeFileSync(path.join(dir, relative), text);
  }
  return dir;
}

const mkfifo = (file: string) => expect(spawnSync("mkfifo", [file]).status).toBe(0);

/** A file system memory that counts how often each file is read, and each guide scanned for its capture, through it. */
function countingMemory() {
  const memory = createFileMemory();
  const reads = new Map<string, number>();
  const scans = new Map<string, number>();
  const counting: FileMemory = {
    read: (location, read) => memory.read(location, () => (reads.set(location, (reads.get(location) ?? 0) + 1), read())),
    derived: (kind, file, sha256, compute) => memory.derived(kind, file, sha256, () => (scans.set(file, (scans.get(file) ?? 0) + 1), compute())),
  };
  return { memory: counting, reads, scans };
}

const CODE = {
  "package.json": '{"name":"example"}',
  "package-lock.json": "{}",
  ".nvmrc": "24",
  "contract/a.ts": "export const a = 1;",
  "generator/b.ts": "export const b = 2;",
  "edge/c.ts": "export const c = 3;",
  "explorer/d.ts": "export const d = 4;",
};

describe("the code fingerprint", () => {
  it("is 32 hex digits that change with any byte of any code file, the lockfile and package.json included", async () => {
    const repository = folderOf(CODE);
    const before = await codeFingerprint(undefined, repository);
    expect(before).toMatch(/^[0-9a-f]{32}$/);
    for (const file of ["package-lock.json", "package.json", ".nvmrc", "contract/a.ts", "generator/b.ts", "edge/c.ts", "explorer/d.ts"]) {
      const edited = folderOf({ ...CODE, [file]: `${CODE[file as keyof typeof CODE]} ` });
      expect(await codeFingerprint(undefined, edited), file).not.toBe(before);
    }
  });

  it("changes when a byte moves from one file to the next", async () => {
    const first = folderOf({ ...CODE, "generator/x.ts": "ab", "generator/y.ts": "c" });
    const second = folderOf({ ...CODE, "generator/x.ts": "a", "generator/y.ts": "bc" });
    expect(await codeFingerprint(undefined, first)).not.toBe(await codeFingerprint(undefined, second));
  });

  it("leaves out the explorer's bundle output and installed packages, and no other file of the code folders", async () => {
    const before = await codeFingerprint(undefined, folderOf(CODE));
    const notCode = { "explorer/out/app.js": "bundle", "explorer/node_modules/x/index.js": "x", "generator/node_modules/y.js": "y" };
    expect(await codeFingerprint(undefined, folderOf({ ...CODE, ...notCode }))).toBe(before);
    for (const file of ["explorer/output.ts", "generator/out/a.ts", "edge/node_modules_list.ts"]) {
      expect(await codeFingerprint(undefined, folderOf({ ...CODE, [file]: "code" })), file).not.toBe(before);
    }
  });

  it("reads a link as where it points, and a FIFO as its kind, without opening it", async () => {
    const repository = folderOf(CODE);
    symlinkSync("a.ts", path.join(repository, "contract", "link.ts"));
    const linked = await codeFingerprint(undefined, repository);
    rmSync(path.join(repository, "contract", "link.ts"));
    symlinkSync("b.ts", path.join(repository, "contract", "link.ts"));
    const relinked = await codeFingerprint(undefined, repository);
    expect(relinked).not.toBe(linked);
    mkfifo(path.join(repository, "generator", "pipe.ts"));
    const withFifo = await codeFingerprint(undefined, repository);
    expect(withFifo).toMatch(/^[0-9a-f]{32}$/);
    expect(withFifo).not.toBe(relinked);
    expect(await codeFingerprint(undefined, repository)).toBe(withFifo);
  });

  it("reads each unchanged file once through a long-running build's memory, and a changed one again", async () => {
    const repository = folderOf(CODE);
    const { memory, reads } = countingMemory();
    const first = await codeFingerprint(memory, repository);
    expect(await codeFingerprint(memory, repository)).toBe(first);
    writeFileSync(path.join(repository, "edge/c.ts"), "export const c = 33;");
    expect(await codeFingerprint(memory, repository)).toBe(await codeFingerprint(undefined, repository));
    expect(reads.get(path.join(repository, "generator/b.ts"))).toBe(1);
    expect(reads.get(path.join(repository, "edge/c.ts"))).toBe(2);
  });
});

describe("the source fingerprint, over the code and the dataset", () => {
  it("changes with the code, and with a byte of the dataset", async () => {
    const dataset = folderOf({ "items/a.json": "{}" });
    const before = await sourceFingerprints(dataset, undefined, folderOf(CODE));
    expect(before.source).toMatch(/^[0-9a-f]{32}$/);
    expect((await sourceFingerprints(dataset, undefined, folderOf({ ...CODE, "generator/b.ts": "export const b = 3;" }))).source).not.toBe(before.source);
  });

  it("records the SHA-256 of each file the check reads, as hex", async () => {
    const dataset = folderOf({ "items/a.json": '{"a":1}' });
    const { datasetFiles } = await sourceFingerprints(dataset, undefined, folderOf(CODE));
    expect(datasetFiles.get("items/a.json")?.sha256).toBe(createHash("sha256").update('{"a":1}').digest("hex"));
  });

  it("is the same for a missing dataset folder as for an empty one, and refuses a dataset that is a file", async () => {
    const code = folderOf(CODE);
    const empty = (await sourceFingerprints(folderOf({}), undefined, code)).source;
    expect((await sourceFingerprints(path.join(root, "no-such-dataset"), undefined, code)).source).toBe(empty);
    const file = path.join(folderOf({ "dataset.json": "{}" }), "dataset.json");
    await expect(sourceFingerprints(file, undefined, code)).rejects.toThrow(/ENOTDIR/);
  });

  it("reads a link in the dataset as where it points", async () => {
    const code = folderOf(CODE);
    const dataset = folderOf({ "items/a.json": "{}" });
    symlinkSync("a.json", path.join(dataset, "items", "b.json"));
    const before = await sourceFingerprints(dataset, undefined, code);
    expect(before.datasetFiles.has("items/b.json")).toBe(false);
    rmSync(path.join(dataset, "items", "b.json"));
    symlinkSync("c.json", path.join(dataset, "items", "b.json"));
    expect((await sourceFingerprints(dataset, undefined, code)).source).not.toBe(before.source);
  });

  it("keeps no FIFO or file too large for the check, and tells them apart by their kind and size, through memory or not", async () => {
    const code = folderOf(CODE);
    const fifo = folderOf({ "items/a.json": "{}" });
    mkfifo(path.join(fifo, "guides.json"));
    mkfifo(path.join(fifo, "items", "b.json"));
    const large = (size: number) => {
      const dataset = folderOf({ "items/a.json": "{}", "guides.json": "" });
      truncateSync(path.join(dataset, "guides.json"), size);
      writeFileSync(path.join(dataset, "items", "b.json"), "");
      truncateSync(path.join(dataset, "items", "b.json"), size);
      return dataset;
    };
    const tooLarge = large(64 * 1024 * 1024);
    const larger = large(64 * 1024 * 1024 + 1);
    const { memory, reads } = countingMemory();
    const prints = [];
    for (const dataset of [fifo, tooLarge, larger]) {
      const plain = await sourceFingerprints(dataset, undefined, code);
      expect([...plain.datasetFiles.keys()]).toEqual(["items/a.json"]);
      expect((await sourceFingerprints(dataset, memory, code)).source).toBe(plain.source);
      expect((await sourceFingerprints(dataset, memory, code)).source).toBe(plain.source);
      prints.push(plain.source);
    }
    expect(new Set(prints).size).toBe(3);
    // What was not read is never remembered: each build looks at it again.
    expect(reads.get(path.join(tooLarge, "items", "b.json"))).toBe(2);
    expect(reads.get(path.join(tooLarge, "guides.json"))).toBe(2);
    expect(reads.get(path.join(tooLarge, "items", "a.json"))).toBe(1);
  });

  it("tells a FIFO from a socket in the same place", async () => {
    const code = folderOf(CODE);
    const withFifo = folderOf({ "items/a.json": "{}" });
    mkfifo(path.join(withFifo, "items", "b.json"));
    const withSocket = folderOf({ "items/a.json": "{}" });
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(path.join(withSocket, "items", "b.json"), resolve));
    try {
      expect((await sourceFingerprints(withSocket, undefined, code)).source).not.toBe((await sourceFingerprints(withFifo, undefined, code)).source);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("keeps the capture a guide names, and none an item file or a guide names otherwise than by a path", async () => {
    const code = folderOf(CODE);
    const dataset = folderOf({
      "guides/1.json": JSON.stringify({ snapshot: { path: "1/page.txt" } }),
      "guides/2.json": JSON.stringify({ snapshot: { path: 2 } }),
      "guides/3.json": '{"snapshot": {"path": "3/page.txt",}}',
      "items/a.json": JSON.stringify({ snapshot: { path: "4/page.txt" } }),
      "snapshots/1/page.txt": "EXAMPLE CONTENT",
      "snapshots/2": "EXAMPLE CONTENT",
      "snapshots/3/page.txt": "EXAMPLE CONTENT",
      "snapshots/4/page.txt": "EXAMPLE CONTENT",
    });
    const files = (await sourceFingerprints(dataset, undefined, code)).datasetFiles;
    expect([...files.keys()].filter((file) => file.startsWith("snapshots/"))).toEqual(["snapshots/1/page.txt"]);
  });

  it("scans a guide for its capture once while its bytes are unchanged, through a long-running build's memory", async () => {
    const code = folderOf(CODE);
    const dataset = folderOf({ "guides/1.json": JSON.stringify({ snapshot: { path: "1/page.txt" } }), "snapshots/1/page.txt": "EXAMPLE CONTENT" });
    const { memory, scans } = countingMemory();
    await sourceFingerprints(dataset, memory, code);
    const again = await sourceFingerprints(dataset, memory, code);
    expect(again.datasetFiles.has("snapshots/1/page.txt")).toBe(true);
    expect(scans.get("guides/1.json")).toBe(1);
  });
});

describe("the serving build made from a source", () => {
  it("is none when the serving generation's index is gone", async () => {
    const out = path.join(root, "dist-no-index");
    await emitBuild({ outDir: out, manifest: manifestOf(tinyDataset, "vA"), steps: [filesStep(buildFiles(tinyDataset, "vA"))], source: "source-1" });
    const serving = JSON.parse(readFileSync(path.join(out, "manifest.json"), "utf8")) as { generation: string };
    rmSync(path.join(out, indexFileOf(serving.generation)));
    expect(await servingBuiltFrom(out, "source-1")).toBeNull();
  });
});
