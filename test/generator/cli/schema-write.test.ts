import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runSchemaWrite } from "../../../generator/cli/schema-write.ts";
import { editorSchemaFiles } from "../../../generator/validate/editor-schema.ts";

async function schemaWrite(root: string): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  const code = await runSchemaWrite({ root, stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

describe("npm run schema:write", () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "schema-write-"));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it("writes each editor schema file, then finds them up to date", async () => {
    expect(await schemaWrite(root)).toEqual({
      code: 0,
      stdout: "dataset/schema/guide.schema.json: written\ndataset/schema/item.schema.json: written\n",
      stderr: "",
    });
    for (const { file, text } of editorSchemaFiles()) expect(await readFile(path.join(root, file), "utf8")).toBe(text);
    expect((await schemaWrite(root)).stdout).toBe("dataset/schema/guide.schema.json: up to date\ndataset/schema/item.schema.json: up to date\n");
  });

  it("says which file it cannot write, exit 1", async () => {
    // A file where the root folder should be: nothing under it can be written.
    const file = path.join(root, "a-file");
    await writeFile(file, "");
    const { code, stderr } = await schemaWrite(file);
    expect(code).toBe(1);
    expect(stderr).toMatch(/^schema:write: cannot write dataset\/schema\/guide\.schema\.json \(E[A-Z]+\)\n$/);
  });
});
