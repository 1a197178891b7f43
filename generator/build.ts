// The build pipeline: load + check -> version -> derive -> emit. Only loading and emitting touch
// the disk; the CLI (cli/build.ts) decides what to print and how to exit.

import type { Problem } from "./dataset.ts";
import { derivationUnits, manifestOf } from "./derive/index.ts";
import { changelogStep } from "./changes/changelog.ts";
import { documentsOf } from "./docs/documents.ts";
import { readExplorerBundle } from "./docs/explorer-bundle.ts";
import { readRedocBundle } from "./docs/redoc-bundle.ts";
import { emitBuild, type EmitProgress, type EmitReport } from "./emit/emit-build.ts";
import { servingBuiltFrom, sourceFingerprint } from "./emit/source.ts";
import { loadDataset } from "./validate/index.ts";
import { reuseUnchanged } from "./emit/reuse.ts";
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

  // Nothing to do when the serving build was made from these very bytes and this code (source.ts).
  onStage?.("fingerprint");
  const source = await sourceFingerprint(datasetDir, [`plain ${plain}`]);
  const built = verify ? null : await servingBuiltFrom(outDir, source);
  lap("fingerprint");
  if (built !== null) {
    const emit: EmitReport = { mode: "unchanged", generation: built.generation, files: 0, bytes: 0, written: 0, reused: 0, removed: 0, committedAfterMs: 0, pruned: [] };
    return { ok: true, datasetVersion: built.dataset_version, emit, timings, documents: built.docs ?? "" };
  }

  onStage?.("check");
  const checked = await loadDataset(datasetDir);
  if (!checked.ok) return { ok: false, problems: checked.problems };
  lap("check");

  onStage?.("version");
  const codeHash = await derivationCodeHash();
  const version = datasetVersion(checked.value, codeHash);
  lap("version");

  onStage?.("documents");
  const documents = documentsOf(checked.value, version, readRedocBundle(), readExplorerBundle());
  lap("documents");

  onStage?.("derive+emit");
  const manifest = { ...manifestOf(checked.value, version), docs: documents.folder };
  const emit = await emitBuild({
    outDir,
    manifest,
    documents,
    // Units whose inputs are unchanged since the serving build are taken from it, not derived.
    files: (previous) => reuseUnchanged(derivationUnits(checked.value, version), codeHash, previous),
    // The changes from the serving build, published with this one (generator/changes/changelog.ts).
    lastFiles: changelogStep(version, manifest.generation),
    readBack: verify,
    source,
    plain,
    onProgress,
  });
  lap("emit");
  return { ok: true, datasetVersion: version, emit, timings, documents: documents.folder };
}
