import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MANIFEST_FORMAT, type Manifest } from "../../../contract/manifest.ts";
import { COMMIT_LOG_FILE, GRACE_MS, readCommitLog, recentCommits, recentlyServed, recordCommit, type Commit } from "../../../generator/emit/commit-log.ts";
import { temporaryFolders } from "../../support/temporary.ts";

const temporary = temporaryFolders("psg-commit-log-");
afterAll(() => temporary.removeAll());

const manifest = (generation: string, docs?: string): Manifest => ({ format: MANIFEST_FORMAT, dataset_version: generation.slice(2), generation, index: "1:0000000000000000", topics: [], ...(docs === undefined ? {} : { docs }) });

describe("the commit log", () => {
  it("is commits.json, kept a minute after each commit was replaced", () => {
    expect(COMMIT_LOG_FILE).toBe("commits.json");
    expect(GRACE_MS).toBe(60_000);
  });

  it("records each commit first, with its documents folder when it has one, and drops those replaced longer ago than the grace", () => {
    const outDir = temporary.make();
    recordCommit(outDir, manifest("g-a", "docs-1"), 1_000, 100);
    recordCommit(outDir, manifest("g-b"), 1_050, 100);
    expect(readCommitLog(outDir)).toEqual([{ generation: "g-b", at: 1_050 }, { generation: "g-a", docs: "docs-1", at: 1_000 }]);
    // g-a was replaced at 1,050: kept until 1,150.
    expect(recordCommit(outDir, manifest("g-c"), 1_149, 100).map((commit) => commit.generation)).toEqual(["g-c", "g-b", "g-a"]);
    expect(recordCommit(outDir, manifest("g-d"), 1_250, 100).map((commit) => commit.generation)).toEqual(["g-d", "g-c"]);
    expect(JSON.parse(readFileSync(path.join(outDir, COMMIT_LOG_FILE), "utf8"))).toEqual({ commits: readCommitLog(outDir) });
  });

  it("that is missing, unreadable or not a log reads as no commits, and entries of another shape are left out", () => {
    const outDir = temporary.make();
    expect(readCommitLog(outDir)).toEqual([]);
    const file = path.join(outDir, COMMIT_LOG_FILE);
    for (const text of ["{", "null", '{"commits":{}}', "[]"]) {
      writeFileSync(file, text);
      expect(readCommitLog(outDir), text).toEqual([]);
    }
    writeFileSync(file, JSON.stringify({ commits: [{ generation: "g-a", at: 1 }, { generation: 7, at: 1 }, { generation: "g-b", at: "1" }, { generation: "g-c", at: 1, docs: 3 }, null, { generation: "g-d", at: 2, docs: "docs-2" }] }));
    expect(readCommitLog(outDir)).toEqual([{ generation: "g-a", at: 1 }, { generation: "g-d", at: 2, docs: "docs-2" }]);
  });

  it("names the folders a reader may still be reading: the newest commit's, and each one replaced less than the grace ago", () => {
    const log: Commit[] = [{ generation: "g-c", at: 300 }, { generation: "g-b", docs: "docs-b", at: 200 }, { generation: "g-a", docs: "docs-a", at: 100 }];
    expect(recentCommits(log, 350, 100).map((commit) => commit.generation)).toEqual(["g-c", "g-b"]);
    expect(recentCommits(log, 400, 100).map((commit) => commit.generation)).toEqual(["g-c"]);
    expect(recentlyServed(log, 350, 100)).toEqual(["g-c", "g-b", "docs-b"]);
    expect(recentlyServed(log, 299, 100)).toEqual(["g-c", "g-b", "docs-b", "g-a", "docs-a"]);
    expect(recentCommits([], 0)).toEqual([]);
  });
});
