// How many responses differ between two builds on disk: a file is one response, a pack one per
// entry. Builds written by hand here: example data, a few responses each.

import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { encodeChunks } from "../../../generator/derive/encode-pack.ts";
import { countResponseChanges, eachResponseChange, openBuild, snapshotOf, type GenerationOnDisk } from "../../../generator/changes/read-build.ts";
import { fingerprint } from "../../../generator/fingerprint.ts";
import { writeGenerationIndex } from "../../../generator/emit/file-index.ts";
import { emptyIndex, indexFileOf } from "../../../contract/file-index.ts";
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

/** Each response `eachResponseChange` hands over, as "<change> <file>[#<entry>]". */
function changesSeen(a: GenerationOnDisk, b: GenerationOnDisk): string[] {
  const seen: string[] = [];
  eachResponseChange(a, b, (change, { file, entry }) => seen.push(`${change} ${file}${entry === null ? "" : `#${entry}`}`));
  return seen;
}

describe("opening a build named on the command line", () => {
  const manifest = { format: 4, dataset_version: "vA", generation: "g-vA", index: "1:0000000000000000", topics: [] };

  it("opens a build folder at the generation its manifest serves, with that generation's index", () => {
    const outDir = folders.make();
    generation(outDir, "g-vA", { "v1/meta.json": '{"dataset_version":"vA"}' });
    writeFileSync(path.join(outDir, "manifest.json"), JSON.stringify(manifest));
    const index = emptyIndex();
    index.files.set("v1/meta.json", "26:0123456789abcdef");
    writeGenerationIndex(path.join(outDir, indexFileOf("g-vA")), index);
    const opened = openBuild(outDir);
    expect(opened).toMatchObject({ ok: true, build: { outDir, generation: "g-vA", datasetVersion: "vA" } });
    expect(opened.ok && opened.build.index?.files).toEqual(new Map([["v1/meta.json", "26:0123456789abcdef"]]));
  });

  it("opens a generation folder as itself, without an index when none is beside it", () => {
    const outDir = folders.make();
    generation(outDir, "g-vB", { "v1/meta.json": '{"dataset_version":"vB"}' });
    // A manifest.json that cannot be read does not make a build folder.
    writeFileSync(path.join(outDir, "g-vB", "manifest.json"), "{");
    expect(openBuild(path.join(outDir, "g-vB"))).toEqual({ ok: true, build: { outDir, generation: "g-vB", datasetVersion: "vB", index: null } });
  });

  it("says why a folder cannot be opened: missing, neither kind of folder, or a served generation without its meta", () => {
    const outDir = folders.make();
    const missing = path.join(outDir, "missing");
    expect(openBuild(missing)).toEqual({ ok: false, message: `${missing} does not exist` });
    expect(openBuild(outDir)).toEqual({ ok: false, message: `${outDir} is neither a build folder (no manifest.json) nor a generation folder (no v1/meta.json)` });
    writeFileSync(path.join(outDir, "manifest.json"), JSON.stringify(manifest));
    const opened = openBuild(outDir);
    const metaPath = path.join(outDir, "g-vA", "v1", "meta.json");
    expect(!opened.ok && opened.message.startsWith(`${metaPath} cannot be read: ENOENT`)).toBe(true);
  });
});

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

  it("counts neither the changelog nor the serving index, which are no responses", () => {
    const outDir = folders.make();
    const before = generation(outDir, "g-a", { "v1/meta.json": "{}", "changes.json": '{"to":"g-a"}', "files.json": '{"a":1}' });
    const after = generation(outDir, "g-b", { "v1/meta.json": "{}", "changes.json": '{"to":"g-b"}' });
    expect(countResponseChanges(before, after)).toEqual({ changed: 0, added: 0, removed: 0 });
  });

  it("takes a generation missing from disk for one without responses", () => {
    const outDir = folders.make();
    const gone: GenerationOnDisk = { outDir, generation: "g-gone", datasetVersion: "gone", index: null };
    const after = generation(outDir, "g-b", { "v1/meta.json": "{}", "v1/guides/200.json": "{}" });
    expect(countResponseChanges(after, gone)).toEqual({ changed: 0, added: 0, removed: 2 });
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

  it("hands over each entry of a removed pack, and a removed pack that cannot be read as one response", () => {
    const outDir = folders.make();
    const before = generation(outDir, "g-a", { ...pack("7/44", seeds(2)), "v1/items/4/694/seeds/0.pack": "not a pack any more" });
    const after = generation(outDir, "g-b", {});
    expect(changesSeen(before, after)).toEqual(["removed v1/items/4/694/seeds.pack", "removed v1/items/7/44/seeds.pack#0", "removed v1/items/7/44/seeds.pack#1"]);
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

  it("with an index, takes the files it lists and their fingerprints, reading none of them", () => {
    const outDir = folders.make();
    const manifest = { topics: [] };
    const [guide200, guide300, guide400] = ["200", "300", "400"].map((platformId) => fileFor({ name: "guide", platformId, system: null }, manifest)) as [string, string, string];
    const alias = fileFor({ name: "resolve", aliasKey: "ak-47-case-hardened", by: "slug" }, manifest);
    // On disk: guide 200 and a stray guide 300 the index does not list; the index also lists guide 400 and the alias, not on disk.
    const onDisk = generation(outDir, "g-a", { [guide200]: '{"platform_id":"200"}', [guide300]: '{"platform_id":"300"}' });
    const index = { ...emptyIndex(), files: new Map([[guide200, "print 200"], [guide400, "print 400"], [alias, "print alias"]]) };
    const snapshot = snapshotOf({ ...onDisk, index });
    expect([...snapshot.guides].map(([id, part]) => [id, part.print])).toEqual([["200", "print 200"], ["400", "print 400"]]);
    expect([...snapshot.slugs].map(([slug, part]) => [slug, part.print])).toEqual([["ak-47-case-hardened", "print alias"]]);
  });

  it("takes no file with nothing where the id goes for a guide, and finds nothing in a generation missing from disk", () => {
    const outDir = folders.make();
    const build = generation(outDir, "g-a", { "v1/guides/.json": "{}" });
    expect([...snapshotOf(build).guides.keys()]).toEqual([]);
    expect(snapshotOf({ ...build, generation: "g-gone" })).toEqual({ datasetVersion: "g-a", guides: new Map(), slugs: new Map() });
  });
});
