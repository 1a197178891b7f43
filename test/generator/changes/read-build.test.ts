// How many responses differ between two builds on disk: a file is one response, a pack one per
// entry. Builds written by hand here: example data, a few responses each.

import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { encodePack } from "../../../generator/derive/encode-pack.ts";
import { countResponseChanges, eachResponseChange, snapshotOf, type GenerationOnDisk } from "../../../generator/changes/read-build.ts";
import { fileFor } from "../../../contract/routes.ts";
import { temporaryFolders } from "../../support/temporary.ts";

const folders = temporaryFolders("psg-read-build-");
afterAll(() => folders.removeAll());

const seed = (n: number, note = "") => `{"seed":${n}${note}}`;

function generation(outDir: string, name: string, files: Record<string, string | Uint8Array>): GenerationOnDisk {
  for (const [relative, body] of Object.entries(files)) {
    const file = path.join(outDir, name, relative);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, body);
  }
  return { outDir, generation: name, datasetVersion: name, index: null };
}

const pack = (...bodies: string[]) => encodePack(bodies.map((body) => Buffer.from(body)));

describe("counting the responses two builds differ in", () => {
  it("counts a pack entry whose bytes changed as one changed response, and files with the same bytes as none", () => {
    const outDir = folders.make();
    const before = generation(outDir, "g-a", { "v1/items/7/44/seeds.pack": pack(seed(0), seed(1), seed(2)), "v1/meta.json": "{}" });
    const after = generation(outDir, "g-b", { "v1/items/7/44/seeds.pack": pack(seed(0), seed(1, ',"corrected":true'), seed(2)), "v1/meta.json": "{}" });
    expect(countResponseChanges(before, after)).toEqual({ changed: 1, added: 0, removed: 0 });
  });

  it("counts every entry of an earlier pack that cannot be read as changed, and still finishes", () => {
    const outDir = folders.make();
    const damaged = generation(outDir, "g-a", { "v1/items/7/44/seeds.pack": "not a pack any more" });
    const next = generation(outDir, "g-b", { "v1/items/7/44/seeds.pack": pack(seed(0), seed(1)) });
    expect(countResponseChanges(damaged, next)).toEqual({ changed: 2, added: 0, removed: 0 });
  });

  it("counts the entries of packs added and removed", () => {
    const outDir = folders.make();
    const before = generation(outDir, "g-a", { "v1/items/7/44/seeds.pack": pack(seed(0), seed(1)) });
    const after = generation(outDir, "g-b", { "v1/items/4/694/seeds.pack": pack(seed(0), seed(1), seed(2)) });
    expect(countResponseChanges(before, after)).toEqual({ changed: 0, added: 3, removed: 2 });
  });
});

describe("each response two builds differ in", () => {
  it("is handed over by file and, in a pack, by entry, the removed ones last", () => {
    const outDir = folders.make();
    const before = generation(outDir, "g-a", { "v1/items/7/44/seeds.pack": pack(seed(0), seed(1), seed(2)), "v1/guides/1.json": "{}", "v1/meta.json": "{}" });
    const after = generation(outDir, "g-b", { "v1/items/7/44/seeds.pack": pack(seed(0), seed(1, ',"corrected":true')), "v1/guides/2.json": "{}", "v1/meta.json": '{"x":1}' });
    const seen: string[] = [];
    eachResponseChange(before, after, (change, { file, entry }) => seen.push(`${change} ${file}${entry === null ? "" : `#${entry}`}`));
    expect(seen).toEqual(["added v1/guides/2.json", "changed v1/items/7/44/seeds.pack#1", "removed v1/items/7/44/seeds.pack#2", "changed v1/meta.json", "removed v1/guides/1.json"]);
  });
});

describe("reading a build's guides and aliases", () => {
  it("finds each guide and alias by the file fileFor names for it, and takes no narrowing of a guide for a guide", () => {
    const outDir = folders.make();
    const manifest = { topics: [] };
    const build = generation(outDir, "g-a", {
      [fileFor({ name: "guide", platformId: "200", system: null }, manifest)]: '{"platform_id":"200","title":"Example guide 200"}',
      [fileFor({ name: "guide", platformId: "200", system: "blue" }, manifest)]: '{"platform_id":"200","title":"Example guide 200, narrowed"}',
      [fileFor({ name: "resolve", aliasKey: "ak-47-case-hardened", by: "slug" }, manifest)]: '{"items":[{"def_index":7,"paint_index":44}]}',
      [fileFor({ name: "meta" }, manifest)]: "{}",
    });
    const snapshot = snapshotOf(build);
    expect([...snapshot.guides.keys()]).toEqual(["200"]);
    expect(snapshot.guides.get("200")!.read().title).toBe("Example guide 200");
    expect([...snapshot.slugs.keys()]).toEqual(["ak-47-case-hardened"]);
    expect(snapshot.slugs.get("ak-47-case-hardened")!.read()).toEqual([{ def_index: 7, paint_index: 44 }]);
  });
});
