import { mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildDist, type BuildResult } from "../../generator/build.ts";
import { CHECK_CACHE_FILE } from "../../generator/validate/cache.ts";
import { sampleGuide, sampleItems } from "../fixtures/validate/sample-dataset.ts";
import { writeSampleDataset } from "../fixtures/validate/sample-files.ts";

// The build keeps each guide file's check outcome in its folder (validate/cache.ts) and checks again
// only the guide files whose bytes changed; what it builds is what a build from nothing builds.

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "build-check-cache-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The sample dataset (example data) with a second guide, a copy of the first under another platform_id. */
function guides(title = "") {
  const second = { ...sampleGuide(), platform_id: "3000000002" };
  if (title !== "") second.title = title;
  return [sampleGuide(), second];
}

/**
 * The one item the guides cover, with only the paint their first system names: each build derives
 * 1001 seed responses per item and paint, where the check cache, not the size of a build, is the point.
 */
function coveredItems() {
  const karambit = sampleItems().find((item) => item.slug === "karambit-doppler")!;
  return [{ ...karambit, paints: karambit.paints.filter((paint) => paint.paint_index === 419) }];
}

const checkedOf = (result: BuildResult) => (result.ok ? result.checked : undefined);

describe("buildDist and the check cache", () => {
  it("checks again only the guide files that changed, and builds what a build from nothing builds", async () => {
    const dataset = path.join(dir, "dataset");
    const outDir = path.join(dir, "dist");
    await writeSampleDataset(dataset, { items: coveredItems(), guides: guides() });
    const first = await buildDist({ datasetDir: dataset, outDir });
    expect(checkedOf(first)).toEqual({ guideFiles: 2, reused: 0 });
    expect(await readdir(outDir)).toContain(CHECK_CACHE_FILE);

    await writeSampleDataset(dataset, { items: coveredItems(), guides: guides("A retitled example guide") });
    const second = await buildDist({ datasetDir: dataset, outDir });
    expect(checkedOf(second)).toEqual({ guideFiles: 2, reused: 1 });
    const fromNothing = await buildDist({ datasetDir: dataset, outDir: path.join(dir, "dist-from-nothing") });
    expect(second.ok && fromNothing.ok && second.datasetVersion).toBe(fromNothing.ok && fromNothing.datasetVersion);

    // A refused build leaves the cache file as it was.
    const kept = await readFile(path.join(outDir, CHECK_CACHE_FILE), "utf8");
    await writeFile(path.join(dataset, "guides", "3000000002.json"), "{");
    expect((await buildDist({ datasetDir: dataset, outDir })).ok).toBe(false);
    expect(await readFile(path.join(outDir, CHECK_CACHE_FILE), "utf8")).toBe(kept);

    // A torn cache file is no cache; --verify trusts none.
    await writeFile(path.join(outDir, CHECK_CACHE_FILE), kept.slice(0, kept.length / 2));
    await writeSampleDataset(dataset, { items: coveredItems(), guides: guides("Retitled again") });
    expect(checkedOf(await buildDist({ datasetDir: dataset, outDir }))).toEqual({ guideFiles: 2, reused: 0 });
    expect(checkedOf(await buildDist({ datasetDir: dataset, outDir, verify: true }))).toEqual({ guideFiles: 2, reused: 0 });
  });
});
