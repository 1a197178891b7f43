// `npm run schema:write`: (re)write the editor JSON Schema files (dataset/schema/*.schema.json) from the zod
// schemas. Run it after changing contract/schema/; a test fails while the committed files are stale.
// Exit 0 when written, 1 when a file cannot be written.

import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { editorSchemaFiles } from "../validate/editor-schema.ts";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export interface SchemaWriteIo {
  /** The repository root the files are written under. */
  root: string;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

export async function runSchemaWrite(io: SchemaWriteIo): Promise<number> {
  for (const { file, text } of editorSchemaFiles()) {
    const location = path.join(io.root, file);
    try {
      const current = await readFile(location, "utf8").catch(() => null);
      if (current === text) {
        io.stdout(`${file}: up to date\n`);
        continue;
      }
      await mkdir(path.dirname(location), { recursive: true });
      await writeFile(location, text);
      io.stdout(`${file}: written\n`);
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      io.stderr(`schema:write: cannot write ${file} (${typeof code === "string" ? code : String(error)})\n`);
      return 1;
    }
  }
  return 0;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runSchemaWrite({ root: ROOT, stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`schema:write: failed unexpectedly: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
