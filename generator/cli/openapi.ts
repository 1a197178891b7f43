// `npm run docs:openapi`: writes docs/openapi.json, the committed copy of the description document
// every build serves at {api_root}/openapi.json, from the shipped dataset (its examples and
// dataset_version). A test fails while the copy differs from what a build would serve.

import { writeFile } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { formatProblem } from "../dataset.ts";
import { openApiText } from "../docs/documents.ts";
import { loadDataset } from "../validate/index.ts";
import { datasetVersion } from "../version.ts";

export const SHIPPED_DATASET = fileURLToPath(new URL("../../dataset/", import.meta.url));
export const COMMITTED_OPENAPI = fileURLToPath(new URL("../../docs/openapi.json", import.meta.url));

/** The document a build of `datasetDir` serves, as text. */
export async function openApiOfDataset(datasetDir: string): Promise<string> {
  const checked = await loadDataset(datasetDir);
  if (!checked.ok) throw new Error(`the dataset has problems (npm run check):\n${checked.problems.map(formatProblem).join("\n")}`);
  return openApiText(checked.value, datasetVersion(checked.value));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    await writeFile(COMMITTED_OPENAPI, await openApiOfDataset(SHIPPED_DATASET));
    console.log(`wrote ${COMMITTED_OPENAPI}`);
  } catch (error) {
    console.error(`docs:openapi: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
