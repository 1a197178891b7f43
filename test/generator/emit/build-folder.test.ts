import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readManifest } from "../../../generator/emit/build-folder.ts";
import { temporaryFolders } from "../../support/temporary.ts";

const temporary = temporaryFolders("psg-build-folder-");
afterAll(() => temporary.removeAll());

/** A build folder holding `text` as its manifest. */
const folderWith = (text: string) => {
  const dir = path.join(temporary.make(), "dist");
  mkdirSync(dir);
  writeFileSync(path.join(dir, "manifest.json"), text);
  return dir;
};

describe("the serving manifest, as a build reads it", () => {
  it("is read with the edge's own parser", async () => {
    const dir = folderWith(JSON.stringify({ format: 2, dataset_version: "v1", generation: "g-v1", topics: [], docs: "docs-abc" }));
    expect(await readManifest(dir)).toEqual({ format: 2, dataset_version: "v1", generation: "g-v1", topics: [], docs: "docs-abc" });
  });

  it("is no serving build when the server would refuse it, so nothing of it is reused or kept", async () => {
    const refused = [
      { format: 2, dataset_version: 'has "quotes"', generation: "g-v1", topics: [] },
      { format: 2, dataset_version: "v1", generation: "g-v1", topics: "fade" },
      { format: 2, dataset_version: "v1", generation: "../g-v1", topics: [] },
      { format: 1, dataset_version: "v1", generation: "g-v1", topics: [] },
      { format: 2, dataset_version: "v1", generation: "other", topics: [] },
    ];
    for (const manifest of refused) expect(await readManifest(folderWith(JSON.stringify(manifest))), JSON.stringify(manifest)).toBeNull();
    expect(await readManifest(folderWith("{ not json"))).toBeNull();
    expect(await readManifest(path.join(temporary.make(), "missing"))).toBeNull();
  });
});
