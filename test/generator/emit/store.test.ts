import { promises as fs } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { manifestOf } from "../../../generator/derive/index.ts";
import { emitBuild } from "../../../generator/emit/emit-build.ts";
import { generationProblems, variantFiles, variantNamed } from "../../support/build-variants.ts";
import { temporaryFolders } from "../../support/temporary.ts";

const temporary = temporaryFolders("psg-store-");
afterEach(() => temporary.removeAll());
const freshOut = () => path.join(temporary.make(), "dist");
const build = (outDir: string, name: string) => {
  const variant = variantNamed(name);
  return emitBuild({ outDir, manifest: manifestOf(variant.dataset, variant.version), files: variantFiles(variant) });
};

/** The store folder of the AK pair (7/44). */
const akFolder = async (out: string) => path.join(out, "store", (await fs.readdir(path.join(out, "store"))).find((name) => name.startsWith("v1_items_7_44-"))!);

/** Removes every other file, the completeness marker among them: what an older build's interrupted recursive delete left. */
async function halfDelete(folder: string): Promise<void> {
  await fs.rm(path.join(folder, ".complete"), { force: true });
  const files = (await fs.readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
  for (const [i, file] of files.entries()) if (i % 2 === 0) await fs.rm(file);
}

describe("store folders", () => {
  it("a store folder half deleted in place is written again by the next build that needs it, never trusted because it exists", async () => {
    const out = freshOut();
    await build(out, "A");
    const folder = await akFolder(out);
    await build(out, "B");
    await halfDelete(folder);
    // Rolling back to A needs A's AK folder again.
    await build(out, "A");
    expect(generationProblems(out, "g-vA", variantNamed("A"))).toEqual([]);
    // The old g-vA (kept as the one before B) was moved aside before the new one was written and
    // deleted after the commit: no trash is left.
    expect((await fs.readdir(out)).filter((name) => name.startsWith(".trash-"))).toEqual([]);
  });

  it("a rebuild of the serving version finds its store folder damaged and writes it again", async () => {
    const out = freshOut();
    await build(out, "A");
    await halfDelete(await akFolder(out));
    const report = await build(out, "A");
    expect(report.mode).toBe("verify");
    expect(report.written).toBeGreaterThan(0);
    expect(generationProblems(out, "g-vA", variantNamed("A"))).toEqual([]);
  });

  it("every store folder a build writes ends with its completeness marker", async () => {
    const out = freshOut();
    await build(out, "A");
    const folders = await fs.readdir(path.join(out, "store"));
    expect(folders.length).toBeGreaterThan(0);
    for (const name of folders) {
      const sizes = JSON.parse(await fs.readFile(path.join(out, "store", name, ".complete"), "utf8")).files as Record<string, number>;
      expect(sizes["seeds/0.json"]).toBe((await fs.stat(path.join(out, "store", name, "seeds/0.json"))).size);
    }
  });
});
