import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFileAssetSource, isPlainRelativePath } from "../../../../edge/adapters/node/asset-source.ts";

describe("file asset source", () => {
  let root: string;
  let dist: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), "asset-source-"));
    dist = join(root, "dist");
    await mkdir(join(dist, "g1", "v1"), { recursive: true });
    await writeFile(join(dist, "g1", "v1", "meta.json"), '{"ok":true}');
    await writeFile(join(root, "secret.txt"), "secret");
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it("reads a file of the build by its path relative to dist", async () => {
    const bytes = await createFileAssetSource(dist)("g1/v1/meta.json");
    expect(new TextDecoder().decode(bytes!)).toBe('{"ok":true}');
  });
  it("a file that does not exist reads as null", async () => {
    expect(await createFileAssetSource(dist)("g1/v1/nope.json")).toBeNull();
  });
  it("a folder reads as null, not as an error", async () => {
    expect(await createFileAssetSource(dist)("g1/v1")).toBeNull();
  });
  it("never reads outside the dist folder", async () => {
    const assets = createFileAssetSource(dist);
    for (const path of ["../secret.txt", "g1/../../secret.txt", "/etc/passwd", "..\\secret.txt", "g1\\..\\..\\secret.txt", "g1/v1/meta.json\0", "./g1/v1/meta.json", "g1//v1/meta.json"]) {
      expect(await assets(path)).toBeNull();
    }
  });
  it("percent-escapes are file names, never decoded into a way out", async () => {
    const assets = createFileAssetSource(dist);
    expect(await assets("%2e%2e/secret.txt")).toBeNull();
    expect(await assets("%252e%252e/secret.txt")).toBeNull();
  });
  it("plain relative paths are told apart from the rest", () => {
    expect(isPlainRelativePath("g1/v1/items/7/44.json")).toBe(true);
    expect(isPlainRelativePath("")).toBe(false);
    expect(isPlainRelativePath("a/../b")).toBe(false);
    expect(isPlainRelativePath("a/./b")).toBe(false);
    expect(isPlainRelativePath("/a")).toBe(false);
  });
});
