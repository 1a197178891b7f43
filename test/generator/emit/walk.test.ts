import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { entriesUnder, entriesUnderSync } from "../../../generator/emit/walk.ts";
import { temporaryFolders } from "../../support/temporary.ts";

const temporary = temporaryFolders("psg-walk-");
afterAll(() => temporary.removeAll());

/** A generation-like tree: one file of its own and a folder linked from outside it. */
function generationWithLinkedUnit(): string {
  const root = temporary.make();
  mkdirSync(path.join(root, "elsewhere", "unit-abc", "seeds"), { recursive: true });
  writeFileSync(path.join(root, "elsewhere", "unit-abc", "seeds", "0.json"), "{}");
  mkdirSync(path.join(root, "g-v1", "v1", "items", "7"), { recursive: true });
  writeFileSync(path.join(root, "g-v1", "v1", "meta.json"), "{}");
  symlinkSync("../../../elsewhere/unit-abc", path.join(root, "g-v1", "v1", "items", "7", "44"));
  return path.join(root, "g-v1");
}

const described = (generation: string, entries: { parentPath: string; name: string; isSymbolicLink(): boolean }[]) =>
  entries.map((entry) => `${path.relative(generation, path.join(entry.parentPath, entry.name))}${entry.isSymbolicLink() ? " (link)" : ""}`).sort();

describe("walking a generation", () => {
  it("lists its files and links but never what a link leads to (Node 22 and later follow links in a recursive readdir)", async () => {
    const generation = generationWithLinkedUnit();
    const expected = ["v1/items/7/44 (link)", "v1/meta.json"];
    expect(described(generation, await entriesUnder(generation))).toEqual(expected);
    expect(described(generation, entriesUnderSync(generation))).toEqual(expected);
  });
});
