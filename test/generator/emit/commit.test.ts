import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { emptyIndex, indexFileOf, readGenerationIndex } from "../../../contract/file-index.ts";
import { MANIFEST_FORMAT, type Manifest } from "../../../contract/manifest.ts";
import { exists, pruneAfterCommit, writeIndex } from "../../../generator/emit/commit.ts";
import type { PauseMessage } from "../../../generator/emit/pause-point.ts";
import { pausingAt } from "../../support/pause-channel.ts";
import { temporaryFolders } from "../../support/temporary.ts";

const temporary = temporaryFolders("psg-commit-");
afterEach(() => temporary.removeAll());

const NOW = Date.UTC(2026, 0, 2);
const manifestOf = (generation: string, docs?: string): Manifest => ({
  format: MANIFEST_FORMAT,
  dataset_version: `example-${generation}`,
  generation,
  index: "12:0123456789abcdef",
  topics: [],
  ...(docs === undefined ? {} : { docs }),
});

/** A build folder holding these folders (names without a dot) and files. */
function buildFolder(entries: readonly string[]): string {
  const dir = temporary.make();
  for (const name of entries) {
    if (name.includes(".")) writeFileSync(path.join(dir, name), "EXAMPLE CONTENT\n");
    else mkdirSync(path.join(dir, name));
  }
  return dir;
}

/** The folder's build entries after pruning (the upload ignore file and commit log left out). */
const buildEntries = (dir: string) => readdirSync(dir).filter((name) => name.startsWith("g-") || name.startsWith("docs-")).sort();

describe("pruning after a commit", () => {
  it("a first build keeps its own generation and removes every other", async () => {
    const dir = buildFolder(["g-0001", "g-0001.files.gz", "g-0002", "g-0002.files.gz"]);
    const pruned = await pruneAfterCommit(dir, manifestOf("g-0002"), null, { now: () => NOW });
    expect(pruned).toEqual(["g-0001"]);
    expect(buildEntries(dir)).toEqual(["g-0002", "g-0002.files.gz"]);
  });

  it("a build that replaces the serving one keeps both, for requests in flight, and removes the rest", async () => {
    const dir = buildFolder(["g-0001", "g-0001.files.gz", "g-0002", "g-0002.files.gz", "g-0003", "g-0003.files.gz"]);
    const pruned = await pruneAfterCommit(dir, manifestOf("g-0003"), manifestOf("g-0002"), { now: () => NOW });
    expect(pruned).toEqual(["g-0001"]);
    expect(buildEntries(dir)).toEqual(["g-0002", "g-0002.files.gz", "g-0003", "g-0003.files.gz"]);
  });

  it("a build of the serving generation keeps every other whole generation (folder and index), and removes halves", async () => {
    // g-0001: whole, kept; g-0002: a folder without its index; g-0004: an index without its folder;
    // g-0002-leftover: a folder as long as g-0002's index name, which is no index.
    const dir = buildFolder(["g-0001", "g-0001.files.gz", "g-0002", "g-0002-leftover", "g-0003", "g-0003.files.gz", "g-0004.files.gz"]);
    const pruned = await pruneAfterCommit(dir, manifestOf("g-0003"), manifestOf("g-0003"), { now: () => NOW });
    expect(pruned.sort()).toEqual(["g-0002", "g-0002-leftover"]);
    expect(buildEntries(dir)).toEqual(["g-0001", "g-0001.files.gz", "g-0003", "g-0003.files.gz"]);
  });

  it("keeps the documents folders the new and the serving build name, and removes the others", async () => {
    const dir = buildFolder(["g-0001", "g-0001.files.gz", "g-0002", "g-0002.files.gz", "docs-aaaa", "docs-bbbb", "docs-cccc"]);
    await pruneAfterCommit(dir, manifestOf("g-0002", "docs-cccc"), manifestOf("g-0001", "docs-bbbb"), { now: () => NOW });
    expect(buildEntries(dir)).toEqual(["docs-bbbb", "docs-cccc", "g-0001", "g-0001.files.gz", "g-0002", "g-0002.files.gz"]);
  });

  it("a first build with documents keeps its own documents folder alone", async () => {
    const dir = buildFolder(["g-0002", "g-0002.files.gz", "docs-aaaa", "docs-cccc"]);
    await pruneAfterCommit(dir, manifestOf("g-0002", "docs-cccc"), null, { now: () => NOW });
    expect(buildEntries(dir)).toEqual(["docs-cccc", "g-0002", "g-0002.files.gz"]);
  });
});

describe("exists", () => {
  it("is true for a file or folder that is there and false for one that is not", async () => {
    const dir = buildFolder(["g-0001", "manifest.json"]);
    expect(await exists(path.join(dir, "g-0001"))).toBe(true);
    expect(await exists(path.join(dir, "manifest.json"))).toBe(true);
    expect(await exists(path.join(dir, "g-0002"))).toBe(false);
  });
});

describe("the pause points of the kill tests", () => {
  it("stops at indexed once the generation's index is written, before anything is committed", async () => {
    const dir = temporary.make();
    const index = emptyIndex();
    index.files.set("v1/meta.json", "12:0123456789abcdef");
    const seen: { message: PauseMessage; indexed: boolean }[] = [];
    await pausingAt("indexed", (message) => seen.push({ message, indexed: readGenerationIndex(path.join(dir, indexFileOf("g-0001")))?.files.size === 1 }), () => writeIndex(dir, "g-0001", index));
    expect(seen).toEqual([{ message: { pausedAt: "indexed" }, indexed: true }]);
  });

  it("stops at pruning-generation with each stale generation renamed to trash, naming the trash, before it is deleted", async () => {
    const dir = buildFolder(["g-0001", "g-0001.files.gz", "g-0002", "g-0002.files.gz"]);
    const seen: { message: PauseMessage; trashThere: boolean; generationThere: boolean }[] = [];
    const look = (message: PauseMessage) => seen.push({ message, trashThere: existsSync(message.path!), generationThere: existsSync(path.join(dir, "g-0001")) });
    const pruned = await pausingAt("pruning-generation", look, () => pruneAfterCommit(dir, manifestOf("g-0002"), null, { now: () => NOW }));
    expect(pruned).toEqual(["g-0001"]);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ message: { pausedAt: "pruning-generation" }, trashThere: true, generationThere: false });
    expect(path.basename(seen[0]!.message.path!)).toMatch(/^\.trash-g-0001-/);
    expect(existsSync(seen[0]!.message.path!)).toBe(false);
  });
});
