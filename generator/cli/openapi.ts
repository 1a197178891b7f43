// `npm run docs:openapi`: writes docs/openapi.json, the committed copy of the description document
// every build serves at {api_root}/openapi.json, and the endpoint listings of README.md and
// docs/README.md (generator/docs/endpoint-listings.ts). The document's examples come from the fixed
// example dataset (generator/openapi/example-dataset.ts), not from dataset/: only a change of the
// code changes it. A test fails while any of them differs from what the code gives.

import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { openApiText } from "../docs/documents.ts";
import { readmeListing, referenceListing, withListing } from "../docs/endpoint-listings.ts";

export const COMMITTED_OPENAPI = fileURLToPath(new URL("../../docs/openapi.json", import.meta.url));

/** The documents that carry an endpoint listing, each with its listing. */
export const LISTED_IN = [
  { file: fileURLToPath(new URL("../../README.md", import.meta.url)), listing: readmeListing },
  { file: fileURLToPath(new URL("../../docs/README.md", import.meta.url)), listing: referenceListing },
];

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    await writeFile(COMMITTED_OPENAPI, openApiText());
    console.log(`wrote ${COMMITTED_OPENAPI}`);
    for (const { file, listing } of LISTED_IN) {
      const text = await readFile(file, "utf8");
      const written = withListing(text, listing(), file);
      if (written !== text) await writeFile(file, written);
      console.log(`${written === text ? "kept" : "wrote"} the endpoint listing of ${file}`);
    }
  } catch (error) {
    console.error(`docs:openapi: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
