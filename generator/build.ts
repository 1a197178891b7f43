// The build pipeline: load + check -> version -> derive -> emit. Only loading and emitting touch
// the disk; the CLI (cli/build.ts) decides what to print and how to exit.

import { existsSync } from "node:fs";
import path from "node:path";
import type { Problem } from "./dataset.ts";
import { derivationUnits, manifestOf } from "./derive/index.ts";
import { changelogStep } from "./changes/changelog.ts";
import { documentsOf } from "./docs/documents.ts";
import { bundleExplorer } from "./docs/explorer-bundle.ts";
import { readRedocBundle } from "./docs/redoc-bundle.ts";
import { SERVER_FILE } from "./emit/build-folder.ts";
import { emitBuild, type BuildStep, type EmitProgress, type EmitReport } from "./emit/emit-build.ts";
import { bundleServer } from "./emit/server-bundle.ts";
import { servingBuiltFrom, sourceFingerprints, type SourceFingerprint } from "./emit/source.ts";
import { DEFAULT_LIMITS } from "./load/limits.ts";
import type { FileMemory } from "./load/file-memory.ts";
import { checkCacheKey, loadDatasetReusing, readCheckCache, writeCheckCache, type CheckCache } from "./validate/cache.ts";
import { reuseUnchanged } from "./emit/reuse.ts";
import { stepTimings } from "./step-timings.ts";
import { datasetVersion } from "./version.ts";

export interface BuildOptions {
  datasetDir: string;
  outDir: string;
  /** Compare with the files on disk instead of the file index (finds and repairs damage done by hand). */
  verify?: boolean;
  onStage?: (stage: string) => void;
  onProgress?: (progress: EmitProgress) => void;
  /** Told when another build holds the folder and this one waits for it (a bounded time, generator/emit/lock.ts). */
  onLockWait?: (message: string) => void;
  /**
   * Where the check cache (validate/cache.ts) is kept between builds by a long-running caller
   * (`npm run dev`): read from `current` (from the build folder while that is null), and `current`
   * set to the new one after each check, even one that found problems. Without it, the cache is
   * read from the build folder. Either way a committed build writes it into the build folder.
   */
  checkCache?: { current: CheckCache | null };
  /**
   * A long-running caller's memory of the files it built from (generator/load/file-memory.ts): a file unchanged
   * since an earlier build of the process is not read, hashed or parsed again. The build is the same either way.
   */
  memory?: FileMemory;
}

export type BuildResult =
  | {
      ok: true;
      datasetVersion: string;
      emit: EmitReport;
      timings: Record<string, number>;
      /** The documents folder. */
      documents: string;
      /** Guide files checked, and how many of them had their own outcome from the check cache (none when nothing was checked). */
      checked?: { guideFiles: number; reused: number };
    }
  | { ok: false; problems: Problem[] };

export async function buildDist({ datasetDir, outDir, verify = false, onStage, onProgress, onLockWait, checkCache, memory }: BuildOptions): Promise<BuildResult> {
  const { timings, lap } = stepTimings();

  // Nothing to do when the serving build was made from these very bytes and this code (source.ts).
  onStage?.("fingerprint");
  // It holds the dataset's bytes as read and hashed, for the check; dropped once the check has them.
  // `--verify` trusts nothing remembered either.
  const remembered = verify ? undefined : memory;
  let fingerprint: SourceFingerprint | null = await sourceFingerprints(datasetDir, remembered);
  const { source, code } = fingerprint;
  const built = verify ? null : await servingBuiltFrom(outDir, source);
  lap("fingerprint");
  // serve.mjs is bundled from code the fingerprint covers: the one in place is what this build would
  // write. One that was taken away is written again.
  if (built !== null && existsSync(path.join(outDir, SERVER_FILE))) {
    const emit: EmitReport = { mode: "unchanged", generation: built.generation, files: 0, bytes: 0, written: 0, reused: 0, removed: 0, committedAfterMs: 0, pruned: [] };
    return { ok: true, datasetVersion: built.dataset_version, emit, timings, documents: built.docs ?? "" };
  }

  onStage?.("check");
  // esbuild bundles the explorer page and the folder's server in its own process while this one
  // checks; a refused build returns without waiting for them.
  const explorerBundling = bundleExplorer();
  explorerBundling.catch(() => undefined);
  const serverBundling = bundleServer();
  serverBundling.catch(() => undefined);
  // Each guide file's own outcome is taken from the last check while its bytes and its capture's are
  // the same (validate/cache.ts); `--verify` trusts nothing kept and checks every file again.
  const previous = verify ? null : (checkCache?.current ?? (await readCheckCache(outDir)));
  const { checked, cache, reused } = await loadDatasetReusing(datasetDir, DEFAULT_LIMITS, checkCacheKey(code, DEFAULT_LIMITS), previous, fingerprint.datasetFiles, remembered);
  fingerprint = null;
  if (checkCache !== undefined) checkCache.current = cache;
  if (!checked.ok) return { ok: false, problems: checked.problems };
  lap("check");

  onStage?.("version");
  const version = datasetVersion(checked.value);
  lap("version");

  onStage?.("documents");
  const documents = documentsOf(readRedocBundle(), await explorerBundling);
  lap("documents");

  onStage?.("derive+emit");
  const manifest = { ...manifestOf(checked.value, version), docs: documents.folder };
  const responses: BuildStep = {
    name: "derive",
    // Units whose inputs are unchanged since the serving build are taken from it, not derived; any
    // edit of the code derives every unit again, bumped response format or not.
    files: ({ previous }) => reuseUnchanged(derivationUnits(checked.value, version), code, previous),
  };
  const emit = await emitBuild({
    outDir,
    manifest,
    // The changelog compares the responses just written with the serving build's (generator/changes/changelog.ts).
    steps: [responses, changelogStep(version, manifest.generation)],
    documents,
    server: await serverBundling,
    readBack: verify,
    source,
    onProgress,
    lock: { onWait: onLockWait },
  });
  lap("emit");
  // After the commit, so that a refused or failed build leaves the folder as it was.
  await writeCheckCache(outDir, cache);
  lap("check cache");
  return { ok: true, datasetVersion: version, emit, timings, documents: emit.docs ?? "", checked: { guideFiles: cache.entries.size, reused } };
}
