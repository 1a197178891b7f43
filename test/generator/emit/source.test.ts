import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildFiles, manifestOf } from "../../../generator/derive/index.ts";
import { emitBuild, filesStep } from "../../../generator/emit/emit-build.ts";
import { servingBuiltFrom, sourceFingerprints } from "../../../generator/emit/source.ts";
import { createFileMemory } from "../../../generator/load/file-memory.ts";
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
