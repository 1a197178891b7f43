import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { buildFiles, manifestOf } from "../../../generator/derive/index.ts";
import { emitBuild } from "../../../generator/emit/emit-build.ts";
import { servingBuiltFrom, sourceFingerprint } from "../../../generator/emit/source.ts";
import { tinyDataset } from "../../fixtures/derive/tiny-dataset.ts";
import { withFewerSeeds } from "../../support/fewer-seeds.ts";

const root = mkdtempSync(path.join(tmpdir(), "psg-source-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the source fingerprint", () => {
  it("changes with any byte of any dataset file, and with the build's switches", async () => {
    const dataset = path.join(root, "dataset");
    mkdirSync(path.join(dataset, "guides"), { recursive: true });
    writeFileSync(path.join(dataset, "guides", "1.json"), '{"a":1}');
    const before = await sourceFingerprint(dataset, ["plain false"]);
    expect(await sourceFingerprint(dataset, ["plain false"])).toBe(before);
    expect(await sourceFingerprint(dataset, ["plain true"])).not.toBe(before);
    writeFileSync(path.join(dataset, "guides", "1.json"), '{"a":2}');
    expect(await sourceFingerprint(dataset, ["plain false"])).not.toBe(before);
  });

  it("names the serving build made from the same source, and no other", async () => {
    const out = path.join(root, "dist");
    const manifest = manifestOf(tinyDataset, "vA");
    await emitBuild({ outDir: out, manifest, files: withFewerSeeds(buildFiles(tinyDataset, "vA")), source: "source-1" });
    expect((await servingBuiltFrom(out, "source-1"))?.dataset_version).toBe("vA");
    expect(await servingBuiltFrom(out, "source-2")).toBeNull();
    // A rebuild of the same version from another source (a reformatted file) records that source too.
    await emitBuild({ outDir: out, manifest, files: [], source: "source-2" });
    expect((await servingBuiltFrom(out, "source-2"))?.dataset_version).toBe("vA");
  });
});
