// `npm run docs:openapi`: writes every committed copy of what the registrations describe:
// docs/openapi.json, the description document every build serves at {api_root}/openapi.json; the
// client's types (client/src/types.ts, as `npm run client:build` writes them); and the endpoint
// listings of README.md and docs/README.md (generator/docs/endpoint-listings.ts). The document's examples come from the fixed
// example dataset (generator/openapi/example-dataset.ts), not from dataset/: only a change of the
// code changes it. A test fails while any of them differs from what the code gives.

import { readFile, writeFile } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { openApiText } from "../docs/documents.ts";
import { readmeListing, referenceListing, withListing } from "../docs/endpoint-listings.ts";
import { CLIENT_TYPES, writeClientTypes } from "./client-build.ts";

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
    writeClientTypes();
    console.log(`wrote ${CLIENT_TYPES}`);
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
