// What each host uploads from a build folder: the list the build's summary counts and
// docs/deploy.md ("File counts") reports, held here to the rule the docs state for a build into an
// empty folder: per item pair three files and the chunks of its seeds pack; one per guide and per system; two per slug (/resolve, by slug and by name key);
// meta, the dump, the changelog and the generation's serving index; the seven files of the documents
// folder; the manifest. Netlify also takes the three files only builds read, and the folder's server;
// wrangler's "Read N files" counts every entry of the folder, folders included.

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVING_INDEX_FILE, parseServingIndex } from "../../../contract/serving-index.ts";
import { formatProblem } from "../../../generator/dataset.ts";
import { derivationUnits } from "../../../generator/derive/index.ts";
import { readManifest } from "../../../generator/emit/build-folder.ts";
import { gitignoreMatcher, largestFile, uploadedFiles } from "../../../generator/emit/upload.ts";
import { loadDataset } from "../../../generator/validate/index.ts";
import { runFixtureScale } from "../../../tools/cli/fixture-scale.ts";

const root = mkdtempSync(path.join(tmpdir(), "psg-upload-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Writes each file (its path under `folder`, its text), making the folders it needs. */
function writeFiles(folder: string, files: Readonly<Record<string, string>>): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    writeFileSync(path.join(folder, file), text);
  }
}

describe("gitignoreMatcher, read as wrangler reads .assetsignore", () => {
  // Built inside each test, so that the test reads the rules as the code under test parses them.
  const sample = () => gitignoreMatcher(["# a comment", "", "*.files.gz", ".build-lock*", "g-*", "!/g-2", "docs-*", "!/docs-b", "/top-only.json", "cache/"]);

  it("ignores by name at any depth when the pattern has no inner slash", () => {
    const ignored = sample();
    expect(ignored("g-1.files.gz")).toBe(true);
    expect(ignored("g-2/deep/x.files.gz")).toBe(true);
    expect(ignored(".build-lock")).toBe(true);
    expect(ignored(".build-lock.tmp-3")).toBe(true);
  });

  it("takes back with ! what a later line names, and the last matching line decides", () => {
    const ignored = sample();
    expect(ignored("g-1/v1/meta.json")).toBe(true);
    expect(ignored("g-2/v1/meta.json")).toBe(false);
    expect(ignored("docs-a/index.html")).toBe(true);
    expect(ignored("docs-b/index.html")).toBe(false);
  });

  it("anchors a leading slash to the folder, and a trailing slash matches folders only", () => {
    const ignored = sample();
    expect(ignored("top-only.json")).toBe(true);
    expect(ignored("g-2/top-only.json")).toBe(false);
    expect(ignored("g-2/cache/x.json")).toBe(true);
    expect(ignored("g-2/cache")).toBe(false);
  });

  it("never takes back a file under an ignored folder", () => {
    const matcher = gitignoreMatcher(["old/", "!old/keep.json"]);
    expect(matcher("old/keep.json")).toBe(true);
  });

  it("reads a line starting with # as a comment, not as a name", () => {
    const ignored = sample();
    expect(ignored("# a comment")).toBe(false);
    expect(gitignoreMatcher(["#x"])("#x")).toBe(false);
  });

  it("drops a line's CR and trailing spaces, but keeps a space escaped with a backslash and a CR inside the line", () => {
    const matcher = gitignoreMatcher(["*.gz\r", "cache/\r", "notes.txt  ", "keep\\ ", "my file.json", "a\rb"]);
    expect(matcher("x.gz")).toBe(true);
    expect(matcher("cache/x.json")).toBe(true);
    expect(matcher("notes.txt")).toBe(true);
    expect(matcher("keep ")).toBe(true);
    expect(matcher("keep")).toBe(false);
    expect(matcher("my file.json")).toBe(true);
    expect(matcher("myfile.json")).toBe(false);
    expect(matcher("a\rb")).toBe(true);
    expect(matcher("ab")).toBe(false);
  });

  it("reads ** before a slash as any folders or none, after a slash as anything below, and alone as anything", () => {
    const anyFolders = gitignoreMatcher(["**/x.json"]);
    expect(anyFolders("x.json")).toBe(true);
    expect(anyFolders("a/b/x.json")).toBe(true);
    expect(anyFolders("a/y.json")).toBe(false);
    const inner = gitignoreMatcher(["a/**/b.json"]);
    expect(inner("a/b.json")).toBe(true);
    expect(inner("a/x/y/b.json")).toBe(true);
    expect(inner("c/a/b.json")).toBe(false);
    const below = gitignoreMatcher(["logs/**"]);
    expect(below("logs/a.json")).toBe(true);
    expect(below("logs/x/y/a.json")).toBe(true);
    expect(below("logs.json")).toBe(false);
    expect(gitignoreMatcher(["**"])("a/b/c.json")).toBe(true);
  });

  it("reads ** between other characters as *, crossing no slash, as wrangler does", () => {
    const between = gitignoreMatcher(["a**b.json", "x/**y.json"]);
    expect(between("a/c/b.json")).toBe(false);
    expect(between("acb.json")).toBe(true);
    expect(between("ab.json")).toBe(true);
    expect(between("x/q/y.json")).toBe(false);
    expect(between("x/qy.json")).toBe(true);
    // Before a slash, ** is folders only: no name ends in the pattern's rest.
    expect(gitignoreMatcher(["**/x.json"])("ax.json")).toBe(false);
  });

  it("reads * as any characters but a slash and ? as one", () => {
    const matcher = gitignoreMatcher(["/a*.json", "?.txt"]);
    expect(matcher("abc.json")).toBe(true);
    expect(matcher("a/b.json")).toBe(false);
    expect(matcher("x.txt")).toBe(true);
    expect(matcher("d/x.txt")).toBe(true);
    expect(matcher("xy.txt")).toBe(false);
    expect(matcher(".txt")).toBe(false);
  });

  it("reads a character after a backslash as itself, and a backslash that ends the line as a backslash", () => {
    const matcher = gitignoreMatcher(["\\*.json", "end\\"]);
    expect(matcher("*.json")).toBe(true);
    expect(matcher("a.json")).toBe(false);
    expect(matcher("end\\")).toBe(true);
    expect(matcher("end")).toBe(false);
  });
});

describe("uploadedFiles", () => {
  let folder: string;
  beforeAll(() => {
    folder = path.join(root, "by-hand");
    const files: Record<string, string> = {
      ".assetsignore": ["check-cache.json", "*.files.gz", "g-*", "!/g-new", "docs-*", "!/docs-new", ""].join("\n"),
      "manifest.json": "{}",
      "check-cache.json": "{}",
      "g-old/v1/meta.json": "old",
      "g-old.files.gz": "x",
      "g-new/v1/meta.json": "new!",
      "g-new/files.json": "{}",
      "docs-old/index.html": "<p>",
      "docs-new/index.html": "<p>",
      ".build-lock": "1",
      "g-new/.hidden": "h",
      "_headers": "/x",
    };
    writeFiles(folder, files);
  });

  it("gives Cloudflare what .assetsignore leaves, without wrangler's own metafiles", async () => {
    expect((await uploadedFiles(folder, "cloudflare")).map((file) => file.path)).toEqual([
      ".build-lock",
      "docs-new/index.html",
      "g-new/.hidden",
      "g-new/files.json",
      "g-new/v1/meta.json",
      "manifest.json",
    ]);
  });

  it("gives Netlify every file but those under a name starting with a dot", async () => {
    expect((await uploadedFiles(folder, "netlify")).map((file) => file.path)).toEqual([
      "_headers",
      "check-cache.json",
      "docs-new/index.html",
      "docs-old/index.html",
      "g-new/files.json",
      "g-new/v1/meta.json",
      "g-old.files.gz",
      "g-old/v1/meta.json",
      "manifest.json",
    ]);
  });

  it("reports each file's size, and the largest", async () => {
    const files = await uploadedFiles(folder, "cloudflare");
    expect(files.find((file) => file.path === "g-new/v1/meta.json")?.bytes).toBe(4);
    expect(largestFile(files)).toEqual({ path: "g-new/v1/meta.json", bytes: 4 });
    expect(largestFile([])).toBeNull();
  });

  it("names the first file by path when two are the largest", () => {
    const files = [{ path: "a.json", bytes: 5 }, { path: "b.json", bytes: 5 }, { path: "c.json", bytes: 2 }];
    expect(largestFile(files)).toBe(files[0]);
  });

  it("gives Netlify a .well-known folder but nothing under a folder named node_modules", async () => {
    const hosted = path.join(root, "netlify-names");
    writeFiles(hosted, { ".well-known/security.txt": "x", "node_modules/x/index.js": "x", "g-1/node_modules/y.js": "x", "g-1/v1/meta.json": "x" });
    expect((await uploadedFiles(hosted, "netlify")).map((file) => file.path)).toEqual([".well-known/security.txt", "g-1/v1/meta.json"]);
  });

  it("uploads a linked file as the file it leads to, and no link to a folder", async () => {
    const linked = path.join(root, "links");
    mkdirSync(path.join(linked, "real"), { recursive: true });
    writeFileSync(path.join(linked, "real", "a.json"), "abc");
    symlinkSync(path.join(linked, "real", "a.json"), path.join(linked, "link.json"));
    symlinkSync(path.join(linked, "real"), path.join(linked, "folder-link"));
    expect(await uploadedFiles(linked, "cloudflare")).toEqual([
      { path: "link.json", bytes: 3 },
      { path: "real/a.json", bytes: 3 },
    ]);
  });

  it("gives Cloudflare every file but wrangler's metafiles when the folder has no .assetsignore", async () => {
    const bare = path.join(root, "no-ignore-file");
    writeFiles(bare, { _headers: "x", _redirects: "x", "check-cache.json": "x", "g-1/v1/meta.json": "x" });
    expect((await uploadedFiles(bare, "cloudflare")).map((file) => file.path)).toEqual(["check-cache.json", "g-1/v1/meta.json"]);
  });

  it("fails when .assetsignore cannot be read for another reason than being absent", async () => {
    const broken = path.join(root, "ignore-file-is-a-folder");
    mkdirSync(path.join(broken, ".assetsignore"), { recursive: true });
    await expect(uploadedFiles(broken, "cloudflare")).rejects.toThrow(/EISDIR/);
  });
});

describe("a build into an empty folder (npm run fixture:scale -- DIR --build OUT)", () => {
  const dataset = path.join(root, "fixture");
  const out = path.join(root, "dist");
  let printed = "";
  let code: number;
  beforeAll(async () => {
    const io = { cwd: root, stdout: (text: string) => (printed += text), stderr: (text: string) => (printed += text) };
    code = await runFixtureScale([dataset, "--items", "3", "--guides", "2", "--build", out], io);
  });

  it("writes the fixture and builds it in one command", () => {
    expect(code).toBe(0);
    expect(printed).toMatch(/^wrote synthetic scale fixture/);
    expect(printed).toMatch(/\nbuilt dataset_version \w+ into dist\/g-\w+ in /);
  });

  it("uploads the files docs/deploy.md counts, to each host, and the summary prints the same numbers", async () => {
    const checked = await loadDataset(dataset);
    if (!checked.ok) throw new Error(checked.problems.map(formatProblem).join("\n"));
    // Every route's file (a pack's, each of its chunks), then the generation's changelog and serving index, the documents folder's six files and its index, and the manifest.
    const routeFiles = [...derivationUnits(checked.value, "v")].reduce((files, unit) => files + [...unit.files()].length, 0);
    const cloudflare = routeFiles + 2 + 7 + 1;
    const notForCloudflare = 4;

    const toCloudflare = await uploadedFiles(out, "cloudflare");
    const toNetlify = await uploadedFiles(out, "netlify");
    expect(toCloudflare).toHaveLength(cloudflare);
    expect(toNetlify).toHaveLength(cloudflare + notForCloudflare);
    expect(toNetlify.map((file) => file.path).filter((file) => !toCloudflare.some((other) => other.path === file))).toEqual([
      "check-cache.json",
      "commits.json",
      expect.stringMatching(/^g-\w+\.files\.gz$/),
      "serve.mjs",
    ]);

    expect(printed).toContain(`a deploy to Cloudflare Workers uploads ${cloudflare.toLocaleString("en")} files`);
    expect(printed).toContain(`a deploy to Netlify uploads ${(cloudflare + notForCloudflare).toLocaleString("en")} files`);
    // What each count is made of, and the count wrangler prints: every entry its recursive listing finds.
    const manifest = (await readManifest(out))!;
    expect(printed).toContain(`  ${manifest.generation} holds ${(routeFiles + 1).toLocaleString("en")} files, `);
    expect(printed).toContain(`    ${manifest.generation}'s ${(routeFiles + 2).toLocaleString("en")} (${routeFiles.toLocaleString("en")} response files, changes.json, files.json), ${manifest.docs}'s 7, manifest.json;\n`);
    const listed = readdirSync(out, { recursive: true, withFileTypes: true });
    const folders = listed.filter((entry) => entry.isDirectory()).length;
    expect(printed).toContain(`    wrangler says "Read ${listed.length.toLocaleString("en")} files": it counts every entry of the folder, its ${folders.toLocaleString("en")} folders and the 5 files .assetsignore leaves out included\n`);
    expect(printed).toContain(`    Cloudflare's and check-cache.json, commits.json, ${manifest.generation}.files.gz, serve.mjs\n`);
    const largest = largestFile(toNetlify)!;
    expect(printed).toContain(`largest file ${(largest.bytes / 1e6).toFixed(1)} MB (${largest.path}), under Cloudflare's cap of 25 MiB per file`);
  });

  it("uploads to Cloudflare exactly what the Worker reads: the manifest, and each serving folder's index and the files it names", async () => {
    const manifest = (await readManifest(out))!;
    const expected = ["manifest.json"];
    for (const folder of [manifest.generation, manifest.docs!]) {
      const index = parseServingIndex(readFileSync(path.join(out, folder, SERVING_INDEX_FILE)));
      if (typeof index === "string") throw new Error(index);
      expected.push(`${folder}/${SERVING_INDEX_FILE}`, ...[...index.keys()].map((file) => `${folder}/${file}`));
    }
    expect((await uploadedFiles(out, "cloudflare")).map((file) => file.path)).toEqual(expected.sort());
  });
});
