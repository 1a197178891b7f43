// Emitting: the only stage of the build that writes. Two guarantees (docs/build.md, "Safe and incremental"):
// - safe: one build at a time holds the folder (lock.ts); a build goes into a new generation folder
//   that nothing serves yet, or brings the one of its version that is already there up to date in
//   place, each file renamed into place whole (write.ts); folders are deleted only after a rename to
//   trash (prune.ts); the manifest rename commits the build (commit.ts), so readers see all of one
//   build or the other, and a failed build removes what it wrote into a new folder;
// - incremental: a unit whose inputs are unchanged is linked, not derived (reuse.ts), and any other
//   file whose bytes equal the serving generation's is hard-linked from it (write.ts).
// What the files are is the build's steps' business: emit runs them in order and writes what they give.

import { promises as fs } from "node:fs";
import path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { emptyIndex, indexFileOf, readGenerationIndex, type GenerationIndex } from "../../contract/file-index.ts";
import type { Manifest, ManifestDraft } from "../../contract/manifest.ts";
import type { Documents } from "../docs/documents.ts";
import { stepTimings } from "../step-timings.ts";
import { assertBuildFolder, readManifest, writeUploadIgnore } from "./build-folder.ts";
import { commit, exists, pruneAfterCommit, writeIndex, type CommitClock } from "./commit.ts";
import { writeDocumentsFolder } from "./documents-folder.ts";
import { writeGenerationIndex, writeServingIndex } from "./file-index.ts";
import { SERVING_INDEX_FILE } from "../../contract/serving-index.ts";
import { acquireBuildLock, type BuildLock, type LockWaitOptions } from "./lock.ts";
import { pauseAt } from "./pause-point.ts";
import { moveToTrash, removeByRename, removeLeftovers } from "./prune.ts";
import type { EmitEntry, PreviousGeneration } from "./reuse.ts";
import { writeServerFile } from "./server-file.ts";
import { removeStrays } from "./verify.ts";
import { createGenerationWriter } from "./write.ts";

export interface EmitProgress {
  stage: "write" | "verify" | "prune";
  files: number;
}

export interface EmitReport {
  /**
   * `new`: a generation was built beside the serving one; `update`: a generation of this version
   * other than the serving one was there (kept for a server's requests in flight, or left by a
   * stopped build) and was brought up to date in place; `verify`: the serving generation already
   * had this version and was checked in place; `unchanged`: it had this version and its index, so
   * nothing was derived or read (the version hashes every input of every file).
   */
  mode: "new" | "update" | "verify" | "unchanged";
  generation: string;
  files: number;
  bytes: number;
  /** Files whose bytes were written (new or changed responses, or repairs). */
  written: number;
  /** Files reused: linked from the previous generation, or found intact. */
  reused: number;
  /** Strays (files, links, folders) removed from a generation brought up to date in place. */
  removed: number;
  /** Milliseconds from start until the new manifest was committed (the new build serves). */
  committedAfterMs: number;
  /** Generations pruned after the commit. */
  pruned: string[];
  /** The documents folder the committed manifest names (when documents were given). */
  docs?: string;
  /**
   * Milliseconds spent in each step, in order (`npm run bench:build` prints them): prepare (lock,
   * leftovers, the serving index), each build step by its name (deriving and writing its files),
   * documents (their folder), server (serve.mjs), commit (index and manifest), prune. Absent when
   * nothing was emitted.
   */
  timings?: Record<string, number>;
}

export interface EmitOptions extends CommitClock {
  outDir: string;
  /** The build's manifest; the commit adds the fingerprint of the generation's serving index. */
  manifest: ManifestDraft;
  /** The build's steps, in order: each gives the files it adds to the generation. */
  steps: readonly BuildStep[];
  /**
   * The description document, reference page and explorer, written to their own folder, which the
   * manifest names (`docs`), before the commit.
   */
  documents?: Documents;
  /** The folder's own server (server-file.ts), put in place as serve.mjs before the commit. */
  server?: string;
  /** Compare with the bytes on disk rather than the generation's index (slower; finds damage done by hand). */
  readBack?: boolean;
  onProgress?: (progress: EmitProgress) => void;
  /** What the build is made from (source.ts), recorded in its index. */
  source?: string;
  /** How long to wait for another build holding the folder, and who is told (lock.ts). */
  lock?: LockWaitOptions;
}

/** One step of a build: the files it adds to the generation, knowing what the steps before it wrote. */
export interface BuildStep {
  /** Its name in the emit's timings. */
  name: string;
  files(context: StepContext): Iterable<EmitEntry> | Promise<Iterable<EmitEntry>>;
}

export interface StepContext {
  outDir: string;
  /** The new generation's index so far, and the serving generation's (null: none, or unreadable). */
  index: GenerationIndex;
  previousIndex: GenerationIndex | null;
  /** The serving generation to reuse units from; null when there is none, or when checking it in place. */
  previous: PreviousGeneration | null;
  /** The serving build's manifest (null: none). In verify mode it names this very generation. */
  serving: Manifest | null;
  verifying: boolean;
}

/** A step of files known beforehand. */
export const filesStep = (files: Iterable<EmitEntry>, name = "derive"): BuildStep => ({ name, files: () => files });

export async function emitBuild(options: EmitOptions): Promise<EmitReport> {
  const started = performance.now();
  await assertBuildFolder(options.outDir);
  await fs.mkdir(options.outDir, { recursive: true });
  const lock = await acquireBuildLock(options.outDir, options.lock);
  try {
    return await emitLocked(options, lock, started);
  } finally {
    await lock.release();
  }
}

async function emitLocked(options: EmitOptions, lock: BuildLock, started: number): Promise<EmitReport> {
  const { outDir, manifest, documents, readBack = false, onProgress } = options;
  if (documents !== undefined && manifest.docs !== documents.folder) throw new Error(`the manifest names documents folder ${manifest.docs}, not ${documents.folder}`);
  // What builds stopped by a kill or a failure left: only this build, holding the lock, writes here.
  await removeLeftovers(outDir);
  const serving = await readManifest(outDir);
  const generationDir = path.join(outDir, manifest.generation);
  const verifying = serving?.generation === manifest.generation && serving.dataset_version === manifest.dataset_version && (await exists(generationDir));
  // What the serving generation holds; null means "read the files to know".
  const previousIndex = serving && !readBack ? readGenerationIndex(path.join(outDir, indexFileOf(serving.generation))) : null;
  if (verifying && previousIndex) return keepServing(options, lock, serving, previousIndex, started);

  const existing = verifying ? { index: null } : await existingGeneration(outDir, manifest.generation, readBack);
  const { timings, lap } = stepTimings(started);
  lap("prepare");
  await pauseAt("locked");

  const report = reportOf(verifying ? "verify" : existing !== null ? "update" : "new", manifest);
  report.timings = timings;
  const committedManifest = await writeAndCommit(options, lock, { serving, generationDir, verifying, previousIndex, existing }, report, lap);
  lap("commit");
  report.committedAfterMs = performance.now() - started;
  await pauseAt("committed");

  onProgress?.({ stage: "prune", files: report.files });
  report.pruned = await pruneAfterCommit(outDir, committedManifest, serving, options);
  lap("prune");
  return report;
}

/** Where a build writes, as it found the folder once it held the lock. */
interface Destination {
  /** The serving build's manifest (null: none). */
  serving: Manifest | null;
  generationDir: string;
  /** The serving generation already has this version and is checked in place. */
  verifying: boolean;
  /** What the serving generation holds; null means "read the files to know". */
  previousIndex: GenerationIndex | null;
  /** What the generation holds when it is brought up to date in place (existingGeneration); null: a new folder. */
  existing: { index: GenerationIndex | null } | null;
}

/**
 * Runs the build's steps into the generation, then the documents and the server file, and commits
 * the manifest; counts go into `report`. Returns the manifest committed. A failure before the
 * commit removes what was written into a new folder.
 */
async function writeAndCommit(options: EmitOptions, lock: BuildLock, destination: Destination, report: EmitReport, lap: (name: string) => void): Promise<Manifest> {
  const { outDir, manifest, steps, documents, server, onProgress, source } = options;
  const { serving, generationDir, verifying, previousIndex, existing } = destination;
  const index = emptyIndex();
  index.source = source;
  const previous = serving !== null && !verifying ? { dir: path.join(outDir, serving.generation), index: previousIndex } : null;
  const writer = createGenerationWriter({ generationDir, previous, existing, index });
  const stage = verifying ? "verify" : "write";
  // Reuse needs the serving generation's index; a check of the serving generation itself (verify) derives everything.
  const context: StepContext = { outDir, index, previousIndex, previous: previousIndex !== null && !verifying ? { index: previousIndex } : null, serving, verifying };
  let committed = false;
  try {
    for (const step of steps) {
      await writer.writeEntries(await step.files(context), (files) => onProgress?.({ stage, files }));
      lap(step.name);
    }
    if (documents !== undefined) await writeDocumentsFolder(outDir, documents);
    lap("documents");
    if (server !== undefined) await writeServerFile(outDir, server);
    lap("server");
    Object.assign(report, writer.counts);
    const failures = [...writer.failures];
    if (existing !== null) {
      // The serving index is rewritten below: never a stray.
      const strays = await removeStrays(generationDir, new Set([...index.files.keys(), SERVING_INDEX_FILE]));
      report.removed = strays.removed;
      failures.push(...strays.failures);
    }
    // A generation about to serve must be whole; the serving one is better repaired in part than not at all.
    if (failures.length > 0 && !verifying) throw new Error(`could not bring ${manifest.generation} up to date: ${listed(failures)}`);
    // After the strays are gone: the serving index is the one file of the generation it does not list.
    const committing: Manifest = { ...manifest, index: await writeServingIndex(generationDir, index.files) };
    await pauseAt("written");
    await writeIndex(outDir, manifest.generation, index);
    // A repair is committed too (the same manifest, renamed into place again): that is how a running
    // server learns that files of the build it serves have changed (docs/build.md, "Safe and incremental").
    // The manifest as read back has its fields in the parser's order: compared field by field, not as text.
    const repaired = verifying && report.written + report.removed > 0;
    if (!verifying || repaired || !isDeepStrictEqual(serving, committing)) await commit(outDir, committing, lock, options);
    committed = true;
    if (failures.length > 0) {
      const problem = `could not repair ${failures.length} file(s) of ${manifest.generation}: ${listed(failures)}`;
      throw new Error(repaired ? `${report.written} file(s) repaired and ${report.removed} stray(s) removed, and committed; ${problem}` : problem);
    }
    return committing;
  } catch (error) {
    // A failed build removes what it wrote into a new folder; the serving build is untouched. A
    // generation that was already there is kept: a server may read it, or it is the serving one.
    if (!committed && existing === null) {
      await fs.rm(path.join(outDir, indexFileOf(manifest.generation)), { force: true });
      await removeByRename(generationDir);
    }
    await removeLeftovers(outDir);
    throw error;
  }
}

/**
 * The generation of this version when it is already there, not serving: kept because a commit of
 * the last minute named it (a server may still read it), or left by a stopped build. It is brought
 * up to date in place, since moving it to trash and writing it again would take its files from under
 * such a server. Returns what it holds by its index (null: read the files back). The index is
 * removed before any file changes, so that a build stopped halfway leaves none describing files it
 * replaced. When the name holds no folder, a new empty one is made and the result is null.
 */
async function existingGeneration(outDir: string, generation: string, readBack: boolean): Promise<{ index: GenerationIndex | null } | null> {
  const generationDir = path.join(outDir, generation);
  const indexFile = path.join(outDir, indexFileOf(generation));
  const standing = await fs.lstat(generationDir).catch(() => null);
  if (standing?.isDirectory()) {
    const index = readBack ? null : readGenerationIndex(indexFile);
    await fs.rm(indexFile, { force: true });
    return { index };
  }
  await fs.rm(indexFile, { force: true });
  await moveToTrash(generationDir);
  // Its folder is the build folder, made before the lock was taken.
  await fs.mkdir(generationDir);
  return null;
}

/** Failures for a message: the first few, each naming its file. */
const listed = (failures: readonly string[]) => (failures.length > 3 ? [...failures.slice(0, 3), `and ${failures.length - 3} more`] : failures).join("; ");

/**
 * The serving generation already holds this version, with its index: every response is in place.
 * Only the documents and the server file, outside dataset_version, may be new; the source is
 * recorded so that the next rebuild from the same bytes skips even the check (source.ts).
 */
async function keepServing(options: EmitOptions, lock: BuildLock, serving: Manifest, previousIndex: GenerationIndex, started: number): Promise<EmitReport> {
  const { outDir, manifest, documents, server, source } = options;
  if (source !== undefined && previousIndex.source !== source) writeGenerationIndex(path.join(outDir, indexFileOf(serving.generation)), { ...previousIndex, source });
  if (documents !== undefined) await writeDocumentsFolder(outDir, documents);
  if (server !== undefined) await writeServerFile(outDir, server);
  const report = reportOf("unchanged", manifest);
  if (serving.docs !== manifest.docs) {
    const committing: Manifest = { ...manifest, index: serving.index };
    await commit(outDir, committing, lock, options);
    report.pruned = await pruneAfterCommit(outDir, committing, serving, options);
  } else {
    writeUploadIgnore(outDir, serving);
  }
  report.committedAfterMs = performance.now() - started;
  return report;
}

/** A report with nothing counted yet, naming the manifest's documents folder. */
function reportOf(mode: EmitReport["mode"], manifest: ManifestDraft): EmitReport {
  const report: EmitReport = { mode, generation: manifest.generation, files: 0, bytes: 0, written: 0, reused: 0, removed: 0, committedAfterMs: 0, pruned: [] };
  if (manifest.docs !== undefined) report.docs = manifest.docs;
  return report;
}
