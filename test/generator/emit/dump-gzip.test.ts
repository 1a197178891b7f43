// The dump is stored gzip-encoded: encoded in the background by the emit stage (BuildFile.gzip) when
// a build derives through its units, and in place by buildFiles. The two must leave the same
// generation, its index's file list included (the dump listed at its place either way).

import { promises as fs } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, expect, it } from "vitest";
import { buildFiles, derivationUnits, manifestOf } from "../../../generator/derive/index.ts";
import { emitBuild, filesStep } from "../../../generator/emit/emit-build.ts";
import { entriesUnder } from "../../../generator/emit/walk.ts";
import { readGenerationIndex } from "../../../contract/file-index.ts";
import { reuseUnchanged } from "../../../generator/emit/reuse.ts";
import { tinyDataset } from "../../fixtures/derive/tiny-dataset.ts";
import { temporaryFolders } from "../../support/temporary.ts";

const folders = temporaryFolders("psg-variants-");
afterAll(() => folders.removeAll());

const VERSION = "vVariants";

async function generationOf(outDir: string): Promise<Map<string, Buffer>> {
  const generation = path.join(outDir, `g-${VERSION}`);
  const files = new Map<string, Buffer>();
  for (const entry of await entriesUnder(generation)) {
    const full = path.join(entry.parentPath, entry.name);
    if (entry.isFile()) files.set(path.relative(generation, full), await fs.readFile(full));
  }
  // The index's file list, in order (units derived through reuseUnchanged also record their input hashes).
  const index = readGenerationIndex(path.join(outDir, `g-${VERSION}.files.gz`));
  files.set("(index files)", Buffer.from(JSON.stringify([...index!.files])));
  return files;
}

it("a build encoding the dump's gzip in the background writes what a build encoding it in place writes", async () => {
  const manifest = manifestOf(tinyDataset, VERSION);
  const inPlace = await folders.make();
  const background = await folders.make();
  await emitBuild({ outDir: inPlace, manifest, steps: [filesStep(buildFiles(tinyDataset, VERSION))] });
  const report = await emitBuild({ outDir: background, manifest, steps: [filesStep(reuseUnchanged(derivationUnits(tinyDataset, VERSION), "code", null))] });

  const expected = await generationOf(inPlace);
  const actual = await generationOf(background);
  expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [file, bytes] of expected) expect(actual.get(file)?.equals(bytes), file).toBe(true);
  // The dump is a real gzip of one whole envelope, and counted.
  expect(JSON.parse(gunzipSync(actual.get("v1/dump.json.gz")!).toString("utf8")).dataset_version).toBe(VERSION);
  // Counted: every file but the two entries of the tree that are not responses (the serving index, the index files).
  expect(report.files).toBe(expected.size - 2);
});
