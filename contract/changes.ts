// The changelog of the serving build (generator/changes/), outside /v1 like /health and the
// documents: `/changes/latest.json` and `/changes/{dataset_version}.json`.

import type { Manifest } from "./manifest.ts";
import { CHANGES_PATH } from "./paths.ts";

export const LATEST_CHANGES = "latest";
/** The changes from the build served before this one, beside v1/ in the generation folder. */
export const CHANGES_FILE = "changes.json";

/**
 * The changelog file a name under /changes/ asks for (`latest.json`, as written). Only the serving
 * build's changelog is kept: `latest` and the serving version name it; any other version is not
 * found (a consumer who missed a version compares dumps).
 */
export function changesFileFor(name: string, manifest: Pick<Manifest, "dataset_version">): { found: true; file: string } | { found: false; message: string } {
  const path = `${CHANGES_PATH}${name}`;
  if (name === `${LATEST_CHANGES}.json` || name === `${manifest.dataset_version}.json`) return { found: true, file: CHANGES_FILE };
  return { found: false, message: `no changelog at ${path}; the serving dataset_version is ${manifest.dataset_version} (${CHANGES_PATH}${LATEST_CHANGES}.json)` };
}
