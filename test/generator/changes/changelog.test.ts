// The changelog step of a build (generator/changes/changelog.ts) over generations written by hand from
// the tiny dataset: what changed since the serving build, nothing to compare on a first build, and an
// intact changelog kept when the serving generation is checked in place.

import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { emptyIndex, indexFileOf, type GenerationIndex } from "../../../contract/file-index.ts";
import type { Manifest } from "../../../contract/manifest.ts";
import { fileFor } from "../../../contract/routes.ts";
import { changelogStep } from "../../../generator/changes/changelog.ts";
import { initialChanges } from "../../../generator/changes/compare.ts";
import type { Dataset } from "../../../generator/dataset.ts";
import { buildFiles, type BuildFile } from "../../../generator/derive/index.ts";
import type { StepContext } from "../../../generator/emit/emit-build.ts";
import { writeGenerationIndex } from "../../../generator/emit/file-index.ts";
import { fingerprint } from "../../../generator/fingerprint.ts";
import { tinyDataset } from "../../fixtures/derive/tiny-dataset.ts";
import { temporaryFolders } from "../../support/temporary.ts";

const folders = temporaryFolders("psg-changelog-");
afterAll(() => folders.removeAll());

/** Writes a generation of `dataset` into `outDir` and returns its index. */
function writeGeneration(outDir: string, version: string, dataset: Dataset): GenerationIndex {
  const index = emptyIndex();
  for (const file of buildFiles(dataset, version)) {
    const target = path.join(outDir, `g-${version}`, file.path);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.body);
    index.files.set(file.path, fingerprint(file.path, typeof file.body === "string" ? Buffer.from(file.body) : file.body));
  }
  return index;
}
const manifest = (version: string): Manifest => ({ format: 4, dataset_version: version, generation: `g-${version}`, index: "1:0000000000000000", topics: [] });
const retitled: Dataset = { ...tinyDataset, guides: tinyDataset.guides.map((guide) => (guide.platform_id === "30" ? { ...guide, title: "Example guide 30, second edition" } : guide)) };

async function changelog(context: StepContext, version = "vB"): Promise<string> {
  const [file] = [...(await changelogStep(version, `g-${version}`).files(context))] as BuildFile[];
  expect(file!.path).toBe("changes.json");
  return String(file!.body);
}

/** Gives guide 200 of a written generation another title on disk, leaving its index as it was. */
function retitleOnDisk(outDir: string, version: string): void {
  const file = path.join(outDir, `g-${version}`, fileFor({ name: "guide", platformId: "200", system: null }, { topics: [] }));
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, "utf8")), title: "Example guide 200, changed on disk" }));
}

describe("the changelog a build writes", () => {
  it("is the build step named changelog in the build's timings", () => {
    expect(changelogStep("vB", "g-vB").name).toBe("changelog");
  });


  it("lists what changed since the serving build, read through the serving generation's index", async () => {
    const outDir = folders.make();
    const before = writeGeneration(outDir, "vA", tinyDataset);
    const after = writeGeneration(outDir, "vB", retitled);
    // Guide 200 is the same in both indexes: read through them, it is not compared, whatever its file says now.
    retitleOnDisk(outDir, "vA");
    const changes = JSON.parse(await changelog({ outDir, index: after, previousIndex: before, previous: null, serving: manifest("vA"), verifying: false }));
    expect(changes).toMatchObject({ from: "vA", to: "vB", guides: { retitled: [{ platform_id: "30", from: "Example guide 30", to: "Example guide 30, second edition" }] } });
    expect(changes.guides.retitled).toHaveLength(1);
    expect(changes.totals.responses_changed).toBeGreaterThan(0);
  });

  it("reads the serving generation's index from its file when the build was not given it", async () => {
    const outDir = folders.make();
    writeGenerationIndex(path.join(outDir, indexFileOf("g-vA")), writeGeneration(outDir, "vA", tinyDataset));
    const after = writeGeneration(outDir, "vB", retitled);
    retitleOnDisk(outDir, "vA");
    const changes = JSON.parse(await changelog({ outDir, index: after, previousIndex: null, previous: null, serving: manifest("vA"), verifying: false }));
    expect(changes.from).toBe("vA");
    expect(changes.guides.retitled.map((g: { platform_id: string }) => g.platform_id)).toEqual(["30"]);
  });

  it("has nothing to compare on a first build, or when the serving generation is gone", async () => {
    const outDir = folders.make();
    const after = writeGeneration(outDir, "vB", retitled);
    expect(JSON.parse(await changelog({ outDir, index: after, previousIndex: null, previous: null, serving: null, verifying: false }))).toEqual(initialChanges("vB"));
    expect(JSON.parse(await changelog({ outDir, index: after, previousIndex: null, previous: null, serving: manifest("vGone"), verifying: false }))).toEqual(initialChanges("vB"));
  });

  it("checked in place, keeps the generation's intact changelog of its own version, and starts afresh otherwise", async () => {
    const outDir = folders.make();
    const index = writeGeneration(outDir, "vB", retitled);
    const file = path.join(outDir, "g-vB", "changes.json");
    const verifying: StepContext = { outDir, index, previousIndex: null, previous: null, serving: manifest("vB"), verifying: true };
    const kept = `${JSON.stringify({ ...initialChanges("vB"), from: "vA" })}\n`;
    writeFileSync(file, kept);
    expect(await changelog(verifying)).toBe(kept);
    for (const damaged of [JSON.stringify({ ...initialChanges("vC"), from: "vA" }), "{", JSON.stringify({ to: "vB" })]) {
      writeFileSync(file, damaged);
      expect(JSON.parse(await changelog(verifying)), damaged).toEqual(initialChanges("vB"));
    }
  });
});
