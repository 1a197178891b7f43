import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readDatasetDir } from "../../../generator/load/read-dataset.ts";

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "read-dataset-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes files (path relative to the dataset folder -> content) into the temporary dataset folder. */
async function files(contents: Record<string, string | Uint8Array>) {
  for (const [name, content] of Object.entries(contents)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), content);
  }
}

const guideJson = (snapshotPath: unknown) => JSON.stringify({ platform_id: "1", snapshot: { path: snapshotPath } });

describe("readDatasetDir", () => {
  it("reads item and guide files, and each guide's capture", async () => {
    await files({ "items/a.json": '{"slug": "a"}', "guides/1.json": guideJson("g/1.html"), "snapshots/g/1.html": "<p>hi</p>" });
    const raw = await readDatasetDir(dir);
    expect(raw.problems).toEqual([]);
    expect(raw.items).toEqual([{ file: "items/a.json", name: "a", parsed: { json: { slug: "a" } }, problems: [] }]);
    expect(raw.guides).toEqual([
      {
        file: "guides/1.json",
        name: "1",
        parsed: { json: { platform_id: "1", snapshot: { path: "g/1.html" } } },
        problems: [],
        capture: { ok: true, value: Buffer.from("<p>hi</p>") },
      },
    ]);
  });

  it("reports a dataset folder that does not exist", async () => {
    const raw = await readDatasetDir(path.join(dir, "nope"));
    expect(raw.problems).toEqual([{ file: ".", path: "$", message: `dataset folder ${path.join(dir, "nope")} not found`, expected: "a folder holding items/, guides/ and snapshots/" }]);
  });

  it("reports missing and empty folders", async () => {
    await mkdir(path.join(dir, "guides"));
    const raw = await readDatasetDir(dir);
    expect(raw.problems).toEqual([
      { file: "items/", path: "$", message: "folder is missing", expected: "items/ with one <slug>.json per item" },
      { file: "guides/", path: "$", message: "no .json files", expected: "guides/ with one <platform_id>.json per guide" },
    ]);
  });

  it("reports a file that is not .json instead of skipping it silently", async () => {
    await files({ "items/a.json": "{}", "items/b.jsn": "{}", "items/.gitkeep": "", "guides/1.json": guideJson(null) });
    expect((await readDatasetDir(dir)).problems).toEqual([{ file: "items/b.jsn", path: "$", message: "not a .json file, so not read", expected: "only .json files in items/" }]);
  });

  it("keeps a file that is not JSON as a problem and reads the others", async () => {
    await files({ "items/a.json": '{"slug": "a",}', "items/b.json": '{"slug": "b"}', "guides/1.json": guideJson(7) });
    const raw = await readDatasetDir(dir);
    expect(raw.items.map((item) => [item.name, item.parsed, item.problems.map((problem) => problem.message)])).toEqual([
      ["a", null, ["not valid JSON at line 1, column 14: trailing comma before '}'"]],
      ["b", { json: { slug: "b" } }, []],
    ]);
    // A guide whose snapshot.path is not a string has no capture to read; shape validation reports the path.
    expect(raw.guides[0]!.capture).toBeNull();
  });

  it("reads a capture whose file name starts with two dots", async () => {
    await files({ "items/a.json": "{}", "guides/1.json": guideJson("..notes.txt"), "snapshots/..notes.txt": "notes" });
    expect((await readDatasetDir(dir)).guides[0]!.capture).toEqual({ ok: true, value: Buffer.from("notes") });
  });

  it("reports a capture that does not exist", async () => {
    await files({ "items/a.json": "{}", "guides/1.json": guideJson("g/missing.html"), "snapshots/other.html": "" });
    expect((await readDatasetDir(dir)).guides[0]!.capture).toEqual({
      ok: false,
      problems: [{ file: "guides/1.json", path: "$.snapshot.path", message: "capture snapshots/g/missing.html not found", expected: "the path of a capture file, relative to dataset/snapshots/" }],
    });
  });

  it("refuses a snapshot path that leaves the snapshots folder", async () => {
    await files({ "items/a.json": "{}", "guides/1.json": guideJson("../items/a.json") });
    expect((await readDatasetDir(dir)).guides[0]!.capture).toEqual({
      ok: false,
      problems: [{ file: "guides/1.json", path: "$.snapshot.path", message: '"../items/a.json" points outside snapshots/', expected: "a path relative to dataset/snapshots/, inside it" }],
    });
  });

  it("refuses a capture that is a link to a file outside the snapshots folder", async () => {
    await files({ "items/a.json": "{}", "guides/1.json": guideJson("link.html"), "outside.html": "<p>x</p>" });
    await symlink(path.join(dir, "outside.html"), path.join(dir, "snapshots", "link.html")).catch(async () => {
      await mkdir(path.join(dir, "snapshots"));
      await symlink(path.join(dir, "outside.html"), path.join(dir, "snapshots", "link.html"));
    });
    const capture = (await readDatasetDir(dir)).guides[0]!.capture;
    expect(capture?.ok === false && capture.problems.map((problem) => problem.message)).toEqual(["snapshots/link.html links to a file outside snapshots/"]);
  });

  it("reads a capture shared by two guides once and gives each guide its bytes", async () => {
    await files({ "items/a.json": "{}", "guides/1.json": guideJson("shared.txt"), "guides/2.json": guideJson("shared.txt"), "snapshots/shared.txt": "text" });
    const [first, second] = (await readDatasetDir(dir)).guides;
    expect(first!.capture).toEqual({ ok: true, value: Buffer.from("text") });
    expect(second!.capture).toBe(first!.capture);
  });
});
