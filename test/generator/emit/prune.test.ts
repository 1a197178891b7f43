// Folders of a build folder go to trash before they are deleted, and what stopped builds left
// (trash, temporaries) is removed by the next build; the lock's own files are never leftovers.

import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isLeftover, moveToTrash, removeByRename, removeByRenameSync, removeLeftovers } from "../../../generator/emit/prune.ts";
import { temporaryFolders } from "../../support/temporary.ts";

const temporary = temporaryFolders("psg-prune-");
afterAll(() => temporary.removeAll());

/** A folder holding `files` (relative paths, folders made as needed). */
const folderWith = (files: readonly string[]) => {
  const dir = temporary.make();
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), "x");
  }
  return dir;
};

describe("isLeftover", () => {
  it("names trash and temporaries by how their names start or end, never the lock's files", () => {
    for (const name of [".trash-g-v1-12-ab", ".tmp-3", "manifest.json.12.tmp"]) expect([name, isLeftover(name)]).toEqual([name, true]);
    for (const name of ["g-v1.trash-", "g.tmp-3", "g-v1", ".build-lock", ".build-lock.12.tmp", "manifest.json"]) expect([name, isLeftover(name)]).toEqual([name, false]);
  });
});

describe("removing a folder by rename", () => {
  it("deletes a folder and everything in it, and takes a missing one as removed", async () => {
    const dir = folderWith(["g-v1/v1/meta.json", "g-v1/v1/items/7.json"]);
    await removeByRename(path.join(dir, "g-v1"));
    expect(readdirSync(dir)).toEqual([]);
    await expect(removeByRename(path.join(dir, "g-v1"))).resolves.toBeUndefined();
  });

  it("does the same synchronously", () => {
    const dir = folderWith(["g-v1/v1/meta.json"]);
    removeByRenameSync(path.join(dir, "g-v1"));
    expect(readdirSync(dir)).toEqual([]);
  });

  it("moves to trash in the same folder, and fails when the target cannot be reached for another reason than being absent", async () => {
    const dir = folderWith(["g-v1/v1/meta.json", "file"]);
    const trash = (await moveToTrash(path.join(dir, "g-v1")))!;
    expect(path.dirname(trash)).toBe(dir);
    expect(isLeftover(path.basename(trash))).toBe(true);
    expect(existsSync(path.join(trash, "v1", "meta.json"))).toBe(true);
    expect(await moveToTrash(path.join(dir, "g-v1"))).toBeNull();
    await expect(moveToTrash(path.join(dir, "file", "below"))).rejects.toThrow(/ENOTDIR/);
  });
});

describe("removeLeftovers", () => {
  it("removes trash and temporaries, whole, and returns their names, leaving everything else", async () => {
    const dir = folderWith([".trash-g-v0-1-ab/v1/meta.json", ".tmp-2/x.json", "manifest.json.3.tmp", "manifest.json", "g-v1/v1/meta.json", ".build-lock"]);
    expect((await removeLeftovers(dir)).sort()).toEqual([".tmp-2", ".trash-g-v0-1-ab", "manifest.json.3.tmp"]);
    expect(readdirSync(dir).sort()).toEqual([".build-lock", "g-v1", "manifest.json"]);
  });

  it("finds nothing in a folder that is not there, and fails on a path that is not a folder", async () => {
    const dir = folderWith(["file"]);
    expect(await removeLeftovers(path.join(dir, "missing"))).toEqual([]);
    await expect(removeLeftovers(path.join(dir, "file"))).rejects.toThrow(/ENOTDIR/);
  });
});
