// How many responses differ between two builds on disk: a file is one response, a pack one per
// entry. Builds written by hand here: example data, a few responses each.

import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { encodeChunks } from "../../../generator/derive/encode-pack.ts";
import { countResponseChanges, eachResponseChange, snapshotOf, type GenerationOnDisk } from "../../../generator/changes/read-build.ts";
import { fingerprint } from "../../../generator/fingerprint.ts";
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

/** The chunk files of pair 7/44's seeds pack holding these responses, on a grid of `step` bytes. */
const pack = (pair: string, bodies: string[], step = 1024) =>
  Object.fromEntries(encodeChunks(`v1/items/${pair}/seeds.pack`, bodies.map((body) => Buffer.from(body)), step).map(({ path, body }) => [path, body]));
const seeds = (count: number, note: (n: number) => string = () => "") => Array.from({ length: count }, (_, n) => seed(n, note(n)));

describe("counting the responses two builds differ in", () => {
  it("counts a pack entry whose bytes changed as one changed response, and files with the same bytes as none", () => {
    const outDir = folders.make();
    const before = generation(outDir, "g-a", { ...pack("7/44", seeds(300)), "v1/meta.json": "{}" });
    const after = generation(outDir, "g-b", { ...pack("7/44", seeds(300, (n) => (n === 150 ? ',"corrected":true' : ""))), "v1/meta.json": "{}" });
    expect(Object.keys(pack("7/44", seeds(300))).length).toBeGreaterThan(2);
    expect(countResponseChanges(before, after)).toEqual({ changed: 1, added: 0, removed: 0 });
  });

  it("compares a pack's entries by their place in it, whatever chunks hold them in either build", () => {
    const outDir = folders.make();
    const before = generation(outDir, "g-a", pack("7/44", seeds(300), 1024));
    const after = generation(outDir, "g-b", pack("7/44", seeds(300, (n) => (n === 7 ? ',"corrected":true' : "")), 700));
    expect(countResponseChanges(before, after)).toEqual({ changed: 1, added: 0, removed: 0 });
  });

  it("counts every entry of an earlier pack whose chunk cannot be read as changed, and still finishes", () => {
    const outDir = folders.make();
    const damaged = generation(outDir, "g-a", { "v1/items/7/44/seeds/0.pack": "not a pack any more" });
    const next = generation(outDir, "g-b", pack("7/44", seeds(2)));
    expect(countResponseChanges(damaged, next)).toEqual({ changed: 2, added: 0, removed: 0 });
  });

  it("counts the entries of packs added and removed", () => {
    const outDir = folders.make();
    const before = generation(outDir, "g-a", pack("7/44", seeds(2)));
    const after = generation(outDir, "g-b", pack("4/694", seeds(300)));
    expect(countResponseChanges(before, after)).toEqual({ changed: 0, added: 300, removed: 2 });
  });
});

describe("each response two builds differ in", () => {
  it("is handed over by file and, in a pack, by entry, the removed ones last", () => {
    const outDir = folders.make();
    const before = generation(outDir, "g-a", { ...pack("7/44", [seed(0), seed(1), seed(2)]), "v1/guides/1.json": "{}", "v1/meta.json": "{}" });
    const after = generation(outDir, "g-b", { ...pack("7/44", [seed(0), seed(1, ',"corrected":true')]), "v1/guides/2.json": "{}", "v1/meta.json": '{"x":1}' });
    const seen: string[] = [];
    eachResponseChange(before, after, (change, { file, entry }) => seen.push(`${change} ${file}${entry === null ? "" : `#${entry}`}`));
    expect(seen).toEqual(["added v1/guides/2.json", "changed v1/items/7/44/seeds.pack#1", "removed v1/items/7/44/seeds.pack#2", "changed v1/meta.json", "removed v1/guides/1.json"]);
  });

  it("names each changed entry of a pack laid out in chunks by its place in the whole pack", () => {
    const outDir = folders.make();
    const before = generation(outDir, "g-a", pack("7/44", seeds(300)));
    const after = generation(outDir, "g-b", pack("7/44", [...seeds(300, (n) => (n === 150 || n === 290 ? ',"corrected":true' : "")), seed(300)]));
    const seen: string[] = [];
    eachResponseChange(before, after, (change, { file, entry }) => seen.push(`${change} ${file}#${entry}`));
    expect(seen).toEqual(["changed v1/items/7/44/seeds.pack#150", "changed v1/items/7/44/seeds.pack#290", "added v1/items/7/44/seeds.pack#300"]);
  });

  it("skips a chunk whose fingerprint is the same in both builds without reading it", () => {
    const outDir = folders.make();
    const chunks = pack("7/44", seeds(300));
    const changed = pack("7/44", seeds(300, (n) => (n === 299 ? ',"corrected":true' : "")));
    const [first, last] = [Object.keys(chunks)[0]!, Object.keys(chunks).at(-1)!];
    // The earlier build's index vouches for its first chunk as the later build's, but its file on disk is damaged: were it read, its entries would count as changed.
    const before = generation(outDir, "g-a", { ...chunks, [first]: "not a pack any more" });
    const after = generation(outDir, "g-b", changed);
    const indexOf = (files: Record<string, string | Uint8Array>) => ({ files: new Map(Object.entries(files).map(([file, body]) => [file, fingerprint(file, Buffer.from(body))])), inputs: new Map(), pieces: new Map() });
    const seen: string[] = [];
    eachResponseChange({ ...before, index: indexOf(chunks) as never }, { ...after, index: indexOf(changed) as never }, (change, { entry }) => seen.push(`${change} #${entry}`));
    expect(first).not.toBe(last);
    expect(seen).toEqual(["changed #299"]);
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
