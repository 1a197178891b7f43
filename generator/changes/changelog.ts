// The changelog every build publishes: the changes from the build that was serving when it was
// made (read from the build folder) to itself, as `changes.json` in its generation, served at
// `{api_root}/changes/{dataset_version}.json` and `{api_root}/changes/latest.json`. It is not
// response content under /v1 and not an input of dataset_version: it depends on which build came
// before, not only on the dataset (docs/build.md, "Changelog").

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { CHANGES_FILE } from "../../contract/changes.ts";
import type { BuildFile } from "../derive/index.ts";
import type { BuildStep, StepContext } from "../emit/emit-build.ts";
import { indexFileOf, readGenerationIndex } from "../../contract/file-index.ts";
import { changesSchema, type Changes } from "../../contract/schema/changes.ts";
import { changesBetween, initialChanges } from "./compare.ts";
import { countResponseChanges, snapshotOf, type GenerationOnDisk } from "./read-build.ts";

/** The build step that writes the changelog: after the responses, which it compares with the serving build's. */
export function changelogStep(datasetVersion: string, generation: string): BuildStep {
  return {
    name: "changelog",
    files(context): BuildFile[] {
      // Checking the serving generation in place: its changelog was made when it was built, against
      // a build that may be gone by now; it is kept when it is intact.
      const kept = context.verifying ? readChangelog(path.join(context.outDir, generation, CHANGES_FILE), datasetVersion) : null;
      return [{ path: CHANGES_FILE, body: kept ?? JSON.stringify(changelogFor(datasetVersion, generation, context)) }];
    },
  };
}

function changelogFor(datasetVersion: string, generation: string, { outDir, index, previousIndex, serving, verifying }: StepContext): Changes {
  if (verifying) return initialChanges(datasetVersion);
  if (serving === null || !existsSync(path.join(outDir, serving.generation))) return initialChanges(datasetVersion);
  const before: GenerationOnDisk = {
    outDir,
    generation: serving.generation,
    datasetVersion: serving.dataset_version,
    index: previousIndex ?? readGenerationIndex(path.join(outDir, indexFileOf(serving.generation))),
  };
  const after: GenerationOnDisk = { outDir, generation, datasetVersion, index };
  return changesBetween(snapshotOf(before), snapshotOf(after), countResponseChanges(before, after));
}

/** The text of an intact changelog of this version, or null. */
function readChangelog(file: string, datasetVersion: string): string | null {
  try {
    const text = readFileSync(file, "utf8");
    const parsed = changesSchema.safeParse(JSON.parse(text));
    return parsed.success && parsed.data.to === datasetVersion ? text : null;
  } catch {
    return null;
  }
}
