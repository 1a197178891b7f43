// `npm run docs:openapi`: writes docs/openapi.json, the committed copy of the description document
// every build serves at {api_root}/openapi.json. Its examples come from the fixed example dataset
// (generator/openapi/example-dataset.ts), not from dataset/: only a change of the code changes it.
// A test fails while the copy differs from what a build would serve.

import { writeFile } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { openApiText } from "../docs/documents.ts";

export const COMMITTED_OPENAPI = fileURLToPath(new URL("../../docs/openapi.json", import.meta.url));

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    await writeFile(COMMITTED_OPENAPI, openApiText());
    console.log(`wrote ${COMMITTED_OPENAPI}`);
  } catch (error) {
    console.error(`docs:openapi: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
