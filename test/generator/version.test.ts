import { cpSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { datasetVersion, derivationCodeHash } from "../../generator/version.ts";
import { tinyDataset } from "../fixtures/derive/tiny-dataset.ts";
import { temporaryFolders } from "../support/temporary.ts";

const code = "c0de";

describe("dataset_version", () => {
  it("is the same for the same data whatever the whitespace of its files", () => {
    const reformatted = JSON.parse(JSON.stringify(tinyDataset, null, 7));
    expect(datasetVersion(reformatted, code)).toBe(datasetVersion(tinyDataset, code));
  });

  it("does not change when an item file's keys are reordered, since item key order never reaches a response", () => {
    const [first, ...rest] = tinyDataset.items;
    const reordered = Object.fromEntries(Object.entries(first!).reverse()) as typeof first;
    expect(datasetVersion({ ...tinyDataset, items: [reordered!, ...rest] }, code)).toBe(datasetVersion(tinyDataset, code));
  });

  it("changes when one grading of one guide is corrected", () => {
    const corrected = structuredClone(tinyDataset);
    corrected.guides[1]!.systems[0]!.gradings[0]!.level = "t2";
    expect(datasetVersion(corrected, code)).not.toBe(datasetVersion(tinyDataset, code));
  });

  it("changes when an item or a guide is added or removed", () => {
    expect(datasetVersion({ ...tinyDataset, items: tinyDataset.items.slice(1) }, code)).not.toBe(datasetVersion(tinyDataset, code));
    expect(datasetVersion({ ...tinyDataset, guides: tinyDataset.guides.slice(1) }, code)).not.toBe(datasetVersion(tinyDataset, code));
  });

  it("changes with the response code", () => {
    expect(datasetVersion(tinyDataset, "other")).not.toBe(datasetVersion(tinyDataset, code));
  });
});

describe("derivation code hash", () => {
  const temporary = temporaryFolders("psg-version-");
  afterAll(() => temporary.removeAll());
  const entry = (source: string) => {
    const dir = temporary.make();
    writeFileSync(path.join(dir, "helper.ts"), "export const place = (index: number) => index + 1;\n");
    writeFileSync(path.join(dir, "entry.ts"), source);
    return path.join(dir, "entry.ts");
  };
  const base = 'import { place } from "./helper.ts";\nexport function levelPlace(i: number) {\n  return place(i);\n}\n';

  it("ignores comments and formatting", async () => {
    const commented = '// Rule 3: places are 1-based.\nimport { place } from "./helper.ts";\n\nexport function levelPlace(i: number) {\n    /* best first */ return place(i);\n}\n';
    expect(await derivationCodeHash(entry(commented))).toBe(await derivationCodeHash(entry(base)));
  });

  it("changes when what the code does changes", async () => {
    const changed = base.replace("place(i)", "place(i) + 1");
    expect(await derivationCodeHash(entry(changed))).not.toBe(await derivationCodeHash(entry(base)));
  });

  describe("of the project's own response code", () => {
    const repository = fileURLToPath(new URL("../../", import.meta.url));
    /** A copy of the code in another folder, with `edit` applied to one of its files. */
    const checkout = (edit?: { file: string; from: string; to: string }) => {
      const elsewhere = path.join(temporary.make(), "checkout");
      for (const folder of ["generator", "edge"]) cpSync(path.join(repository, folder), path.join(elsewhere, folder), { recursive: true });
      symlinkSync(path.join(repository, "node_modules"), path.join(elsewhere, "node_modules"));
      if (edit) {
        const file = path.join(elsewhere, edit.file);
        const source = readFileSync(file, "utf8");
        expect(source).toContain(edit.from);
        writeFileSync(file, source.replace(edit.from, edit.to));
      }
      return [path.join(elsewhere, "generator", "derive", "index.ts"), path.join(elsewhere, "edge", "envelope.ts")];
    };

    it("is the same wherever the repository is checked out, so no absolute path enters dataset_version", async () => {
      const here = await derivationCodeHash();
      expect(here).toMatch(/^[0-9a-f]{64}$/);
      expect(await derivationCodeHash(checkout())).toBe(here);
    });

    it("changes with the envelope the edge wraps every file in, and not with the headers the edge sets", async () => {
      const here = await derivationCodeHash();
      expect(await derivationCodeHash(checkout({ file: "edge/envelope.ts", from: '"data":', to: '"data" :' }))).not.toBe(here);
      expect(await derivationCodeHash(checkout({ file: "edge/cache-policy.ts", from: "max-age=3600", to: "max-age=7200" }))).toBe(here);
    });
  });
});
