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
    const manifest = { format: 4, dataset_version: "v1", generation: "g-v1", index: "12:0123456789abcdef", topics: [], docs: "docs-abc" };
    expect(await readManifest(folderWith(JSON.stringify(manifest)))).toEqual(manifest);
  });

  it("is no serving build when the server would refuse it, so nothing of it is reused or kept", async () => {
    const refused = [
      { format: 4, dataset_version: 'has "quotes"', generation: "g-v1", index: "12:0123456789abcdef", topics: [] },
      { format: 4, dataset_version: "v1", generation: "g-v1", index: "12:0123456789abcdef", topics: "fade" },
      { format: 4, dataset_version: "v1", generation: "../g-v1", index: "12:0123456789abcdef", topics: [] },
      { format: 2, dataset_version: "v1", generation: "g-v1", topics: [] },
      { format: 4, dataset_version: "v1", generation: "g-v1", topics: [] },
      { format: 4, dataset_version: "v1", generation: "other", index: "12:0123456789abcdef", topics: [] },
    ];
    for (const manifest of refused) expect(await readManifest(folderWith(JSON.stringify(manifest))), JSON.stringify(manifest)).toBeNull();
    expect(await readManifest(folderWith("{ not json"))).toBeNull();
    expect(await readManifest(path.join(temporary.make(), "missing"))).toBeNull();
  });
});
