import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { describe, expect, it } from "vitest";
import { readDatasetDir } from "../../../generator/load/read-dataset.ts";
import { editorSchemaFiles, unusedFieldTexts } from "../../../generator/validate/editor-schema.ts";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const files = editorSchemaFiles();
const schemaOf = (name: string) => JSON.parse(files.find((file) => file.file === `dataset/schema/${name}.schema.json`)!.text) as object;

function validator(name: string) {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv.compile(schemaOf(name));
}

describe("the editor schema files", () => {
  it("are committed as npm run schema:write writes them (run it after changing contract/schema/)", async () => {
    for (const { file, text } of files) {
      const committed = await readFile(path.join(root, file), "utf8").catch(() => "(missing)");
      expect(committed === text, `${file} is stale or missing: run npm run schema:write`).toBe(true);
    }
  });

  it("have a hover text only for fields the schemas have", () => {
    expect(unusedFieldTexts()).toEqual([]);
  });

  it("give the document a title and its fields descriptions, keeping a pattern's own words", () => {
    const guide = schemaOf("guide") as { title: string; properties: Record<string, { description?: string }> };
    expect(guide.title).toMatch(/^Guide document/);
    expect(guide.properties.snapshot?.description).toMatch(/capture/);
    expect(guide.properties.posted?.description).toMatch(/Format: an ISO 8601 local date-time without offset/);
  });

  it("accept every shipped guide and item file", async () => {
    const raw = await readDatasetDir(path.join(root, "dataset"));
    const guide = validator("guide");
    const item = validator("item");
    for (const file of raw.guides) expect(guide(file.parsed?.json) ? [] : guide.errors, file.file).toEqual([]);
    for (const file of raw.items) expect(item(file.parsed?.json) ? [] : item.errors, file.file).toEqual([]);
  });

  it("flag a misspelt field and a seed out of range, as an editor would while typing", async () => {
    const guide = JSON.parse(await readFile(path.join(root, "dataset/guides/900000001.json"), "utf8")) as { systems: { gradings: Record<string, unknown>[] }[] };
    const grading = guide.systems[0]!.gradings[0]!;
    grading.seed = 1001;
    grading.qoute = grading.quote;
    const validate = validator("guide");
    expect(validate(guide)).toBe(false);
    expect(validate.errors?.map((error) => [error.instancePath, error.keyword])).toEqual(
      expect.arrayContaining([
        ["/systems/0/gradings/0", "additionalProperties"],
        ["/systems/0/gradings/0/seed", "maximum"],
      ]),
    );
  });

  it("are not read as guide or item files by the dataset loader", async () => {
    const raw = await readDatasetDir(path.join(root, "dataset"));
    expect(raw.problems).toEqual([]);
    const read = [...raw.guides, ...raw.items].map((file) => file.file);
    expect(read.filter((file) => file.includes("schema"))).toEqual([]);
    expect(read.every((file) => /^(guides|items)\/[^/]+\.json$/.test(file))).toBe(true);
  });
});
