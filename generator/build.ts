// The build pipeline: load + check -> version -> derive -> emit. Only loading and emitting touch
// the disk; the CLI (cli/build.ts) decides what to print and how to exit.

import type { Problem } from "./dataset.ts";
import { buildFiles, manifestOf } from "./derive/index.ts";
import { documentsOf } from "./docs/documents.ts";
import { readExplorerBundle } from "./docs/explorer-bundle.ts";
import { readRedocBundle } from "./docs/redoc-bundle.ts";
import { emitBuild, type EmitProgress, type EmitReport } from "./emit/emit-build.ts";
import { loadDataset } from "./validate/index.ts";
import { datasetVersion, derivationCodeHash } from "./version.ts";

export interface BuildOptions {
  datasetDir: string;
  outDir: string;
  /** Compare with the files on disk instead of the file index (finds and repairs damage done by hand). */
  verify?: boolean;
  /** Every file inside the generation, no store or symlinks (for hosts that upload a folder). */
  plain?: boolean;
  onStage?: (stage: string) => void;
  onProgress?: (progress: EmitProgress) => void;
}

export type BuildResult =
  | { ok: true; datasetVersion: string; emit: EmitReport; timings: Record<string, number>; /** The documents folder. */ documents: string }
  | { ok: false; problems: Problem[] };

export async function buildDist({ datasetDir, outDir, verify = false, plain = false, onStage, onProgress }: BuildOptions): Promise<BuildResult> {
  const timings: Record<string, number> = {};
  let mark = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = now - mark;
    mark = now;
  };

  onStage?.("check");
  const checked = await loadDataset(datasetDir);
  if (!checked.ok) return { ok: false, problems: checked.problems };
  lap("check");

  onStage?.("version");
  const version = datasetVersion(checked.value, await derivationCodeHash());
  lap("version");

  onStage?.("documents");
  const documents = documentsOf(checked.value, version, readRedocBundle(), readExplorerBundle());
  lap("documents");

  onStage?.("derive+emit");
  const emit = await emitBuild({
    outDir,
    manifest: { ...manifestOf(checked.value, version), docs: documents.folder },
    documents,
    files: buildFiles(checked.value, version),
    readBack: verify,
    plain,
    onProgress,
  });
  lap("emit");
  return { ok: true, datasetVersion: version, emit, timings, documents: documents.folder };
}
