import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Manifest } from "../../../contract/manifest.ts";
import { assertBuildFolder, commitManifest, readManifest, readOrNull, staleEntries, writeUploadIgnore } from "../../../generator/emit/build-folder.ts";
import type { PauseMessage } from "../../../generator/emit/pause-point.ts";
import { gitignoreMatcher } from "../../../generator/emit/upload.ts";
import { pausingAt } from "../../support/pause-channel.ts";
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

describe("the upload's ignore file (.assetsignore)", () => {
  const serving: Manifest = { format: 4, dataset_version: "v2", generation: "g-v2", index: "12:0123456789abcdef", topics: [], docs: "docs-abc" };
  const written = (manifest: Manifest) => {
    const dir = temporary.make();
    writeUploadIgnore(dir, manifest);
    return { dir, file: path.join(dir, ".assetsignore"), text: readFileSync(path.join(dir, ".assetsignore"), "utf8") };
  };

  it("leaves out what only builds read, what a stopped build left, and the folders the serving manifest does not name", () => {
    const ignored = gitignoreMatcher(written(serving).text.split("\n"));
    for (const file of [".assetsignore", "check-cache.json", "commits.json", "serve.mjs", "g-v2.files.gz", ".build-lock", ".build-lock.break", ".trash-g-v1/v1/meta.json", ".tmp-3/x.json", "manifest.json.41.tmp", "g-v1/v1/meta.json", "docs-old/index.html"]) {
      expect([file, ignored(file)]).toEqual([file, true]);
    }
    for (const file of ["manifest.json", "g-v2/v1/meta.json", "g-v2/files.json", "docs-abc/index.html"]) expect([file, ignored(file)]).toEqual([file, false]);
  });

  it("names no documents folder when the serving manifest has none", () => {
    const { docs: _docs, ...withoutDocs } = serving;
    const { text } = written(withoutDocs);
    expect(text.endsWith("g-*\n!/g-v2\n")).toBe(true);
    expect(text).not.toContain("docs");
  });

  it("is not written again when it already says the same", () => {
    const { dir, file, text } = written(serving);
    const inode = statSync(file).ino;
    writeUploadIgnore(dir, serving);
    expect(statSync(file).ino).toBe(inode);
    writeUploadIgnore(dir, { ...serving, generation: "g-v3" });
    expect(statSync(file).ino).not.toBe(inode);
    expect(readFileSync(file, "utf8")).toBe(text.replace("!/g-v2", "!/g-v3"));
  });
});

describe("a build folder", () => {
  const folderHolding = (names: readonly string[]) => {
    const dir = temporary.make();
    for (const name of names) writeFileSync(path.join(dir, name), "x");
    return dir;
  };

  it("may hold what builds write, stopped builds leave and the lock, and these are the entries a prune may remove", async () => {
    const dir = folderHolding(["manifest.json", "manifest.json.41.tmp", ".trash-g-v1", "g-v1", "g-v1.files.gz", "docs-abc", "check-cache.json", "commits.json", ".assetsignore", "serve.mjs", ".build-lock"]);
    await expect(assertBuildFolder(dir)).resolves.toBeUndefined();
    expect((await staleEntries(dir, ["g-v1"])).sort()).toEqual([".trash-g-v1", "docs-abc", "g-v1.files.gz", "manifest.json.41.tmp"]);
  });

  it("is refused when it holds anything else, naming the first three such entries", async () => {
    await expect(assertBuildFolder(folderHolding(["a.txt", "b.txt", "c.txt", "manifest.json"]))).rejects.toThrow(/it holds a\.txt, b\.txt, c\.txt\); choose an empty or new folder$/);
    await expect(assertBuildFolder(folderHolding(["a.txt", "b.txt", "c.txt", "d.txt"]))).rejects.toThrow(/it holds a\.txt, b\.txt, c\.txt, \.\.\.\); choose/);
    for (const name of ["x.trash-", "x.manifest.json."]) await expect(assertBuildFolder(folderHolding([name]))).rejects.toThrow(`it holds ${name})`);
  });

  it("may not exist yet, but must be a folder", async () => {
    await expect(assertBuildFolder(path.join(temporary.make(), "new"))).resolves.toBeUndefined();
    const file = path.join(folderHolding(["taken"]), "taken");
    await expect(assertBuildFolder(file)).rejects.toThrow(/ENOTDIR/);
  });

  it("reads a file that is not there as null", () => {
    expect(readOrNull(path.join(temporary.make(), "missing"))).toBeNull();
  });
});

describe("commitManifest", () => {
  it("puts the manifest in place as the edge reads it, and leaves no file of this process open", async () => {
    const dir = temporary.make();
    const manifest: Manifest = { format: 4, dataset_version: "v1", generation: "g-v1", index: "12:0123456789abcdef", topics: [] };
    const open = () => readdirSync("/proc/self/fd").length;
    const before = open();
    await commitManifest(dir, manifest);
    expect(open()).toBe(before);
    expect(await readManifest(dir)).toEqual(manifest);
    expect(readdirSync(dir)).toEqual(["manifest.json"]);
  });

  it("stops at manifest-staged, for the kill tests, with the new manifest whole under its temporary name, named, and the old one still in place", async () => {
    const old: Manifest = { format: 4, dataset_version: "v1", generation: "g-v1", index: "12:0123456789abcdef", topics: [] };
    const dir = folderWith(JSON.stringify(old));
    const manifest: Manifest = { ...old, dataset_version: "v2", generation: "g-v2" };
    const seen: unknown[] = [];
    const look = (message: PauseMessage) =>
      seen.push({ point: message.pausedAt, staged: JSON.parse(readFileSync(message.path!, "utf8")), serving: JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) });
    await pausingAt("manifest-staged", look, () => commitManifest(dir, manifest));
    expect(seen).toEqual([{ point: "manifest-staged", staged: manifest, serving: old }]);
    expect(await readManifest(dir)).toEqual(manifest);
  });
});

