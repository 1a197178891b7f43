import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildFiles, manifestOf } from "../../../generator/derive/index.ts";
import { emitBuild } from "../../../generator/emit/emit-build.ts";
import { servingBuiltFrom, sourceFingerprints } from "../../../generator/emit/source.ts";
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

  it("names the serving build made from the same source, and no other", async () => {
    const out = path.join(root, "dist");
    const manifest = manifestOf(tinyDataset, "vA");
    await emitBuild({ outDir: out, manifest, files: buildFiles(tinyDataset, "vA"), source: "source-1" });
    expect((await servingBuiltFrom(out, "source-1"))?.dataset_version).toBe("vA");
    expect(await servingBuiltFrom(out, "source-2")).toBeNull();
    // A rebuild of the same version from another source (a reformatted file) records that source too.
    await emitBuild({ outDir: out, manifest, files: [], source: "source-2" });
    expect((await servingBuiltFrom(out, "source-2"))?.dataset_version).toBe("vA");
  });
});
