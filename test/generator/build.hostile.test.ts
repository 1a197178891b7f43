import { execFileSync } from "node:child_process";
import { mkdtemp, readdir, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { formatProblem } from "../../generator/dataset.ts";
import { buildDist } from "../../generator/build.ts";
import { sampleGuide } from "../fixtures/validate/sample-dataset.ts";
import { writeSampleDataset } from "../fixtures/validate/sample-files.ts";

// The build reads the dataset with the same loader as `check`: a hostile dataset stops it before anything
// is written, with every problem named at once.

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "build-hostile-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("buildDist on a hostile dataset", () => {
  it.runIf(process.platform !== "win32")("stops on a FIFO capture, a guide linked from outside the dataset and an oversized item, naming each, and writes nothing", async () => {
    const dataset = path.join(dir, "dataset");
    const outDir = path.join(dir, "dist");
    await writeSampleDataset(dataset);
    const capture = sampleGuide().snapshot.path;
    await rm(path.join(dataset, "snapshots", capture));
    execFileSync("mkfifo", [path.join(dataset, "snapshots", capture)]);
    await writeFile(path.join(dir, "elsewhere.json"), "{}");
    await symlink(path.join(dir, "elsewhere.json"), path.join(dataset, "guides", "42.json"));
    await writeFile(path.join(dataset, "items", "huge.json"), `{"slug": "${"x".repeat(2 * 1024 * 1024)}"}`);

    const result = await buildDist({ datasetDir: dataset, outDir });
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([
      `guides/3000000001.json: $.snapshot.path: capture snapshots/${capture} is a FIFO (named pipe), not a regular file (expected a regular file)`,
      "guides/42.json: $: is a symbolic link to a file outside the dataset folder (expected a file kept inside the dataset folder)",
      "items/huge.json: $: file is 2097164 bytes, over the limit of 1 MiB for items/ (expected at most 1 MiB (--max-item-size raises the limit))",
    ]);
    expect(await readdir(dir)).toEqual(["dataset", "elsewhere.json"]);
  });
});
