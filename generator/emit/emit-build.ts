// Emitting: the only stage of the build that writes. Two guarantees (docs/build.md, "Safe and incremental"):
// - safe: one build at a time holds the folder (lock.ts); a build goes into a new generation folder
//   that nothing serves yet, folders are deleted only after a rename to trash (prune.ts); the
//   manifest rename commits the build, so readers see all of one build or the other, and a failed
//   build removes what it wrote;
// - incremental: a unit whose inputs are unchanged is linked, not derived (reuse.ts), and any other
//   file whose bytes equal the serving generation's is hard-linked from it.

import { copyFileSync, promises as fs, linkSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { MANIFEST_FILE, type Manifest } from "../../contract/routes.ts";
import { bytesOf, encodeGzipInBackground, type BuildFile } from "../derive/index.ts";
import type { PieceEncoding } from "../derive/gzip-pieces.ts";
import type { Documents } from "../docs/documents.ts";
import { GENERATION_PREFIX, assertBuildFolder, commitManifest, readManifest, readOrNull, staleEntries, writeUploadIgnore } from "./build-folder.ts";
import { emptyIndex, indexFileOf, readGenerationIndex, type GenerationIndex } from "../../contract/file-index.ts";
import { fingerprint, writeGenerationIndex } from "./file-index.ts";
import { writeDocumentsFolder } from "./documents-folder.ts";
import { GRACE_MS, readCommitLog, recentlyServed, recordCommit } from "./commit-log.ts";
import { acquireBuildLock, type BuildLock, type LockWaitOptions } from "./lock.ts";
import { pauseAt, pauseFileCount } from "./pause-point.ts";
import { moveToTrash, removeByRename, removeLeftovers, temporaryPathOf } from "./prune.ts";
import { stepTimings } from "../step-timings.ts";
import { entriesUnder } from "./walk.ts";
import { namingFile, namingPath } from "./write-error.ts";
import { isBuildFile, type EmitEntry, type PreviousGeneration, type ReusedUnit } from "./reuse.ts";

export interface EmitProgress {
  stage: "write" | "verify" | "prune";
  files: number;
}

export interface EmitReport {
  /**
   * `new`: a generation was built beside the serving one; `verify`: the serving generation already
   * had this version and was checked in place; `unchanged`: it had this version and its index, so
   * nothing was derived or read (the version hashes every input of every file).
   */
  mode: "new" | "verify" | "unchanged";
  generation: string;
  files: number;
  bytes: number;
  /** Files whose bytes were written (new or changed responses, or repairs). */
  written: number;
  /** Files reused: linked from the previous generation, or found intact. */
  reused: number;
  /** Stray files removed from the generation in verify mode. */
  removed: number;
  /** Milliseconds from start until the new manifest was committed (the new build serves). */
  committedAfterMs: number;
  /** Generations pruned after the commit. */
  pruned: string[];
  /** The documents folder the committed manifest names (when documents were given). */
  docs?: string;
  /**
   * Milliseconds spent in each step, in order (`npm run bench:build` prints them): prepare (lock,
   * leftovers, the serving index), derive (deriving and writing every file), encode (waiting for
   * the gzip files), documents (computing them, when given as a function), last files (the
   * changelog, and the documents folder) or write (the documents folder), commit (index and
   * manifest), prune. Absent when nothing was emitted.
   */
  timings?: Record<string, number>;
}

export interface EmitOptions {
  outDir: string;
  manifest: Manifest;
  /**
   * Every file of the build; or, for an incremental build, a function of the serving generation
   * (null when there is none to reuse) returning its entries (reuse.ts).
   */
  files: Iterable<BuildFile> | ((previous: PreviousGeneration | null) => Iterable<EmitEntry>);
  /**
   * Files written after every other one, before the index and the commit, knowing both indexes and
   * with every earlier file on disk (the changelog, which compares the two generations).
   */
  lastFiles?: (context: LastFilesContext) => Promise<BuildFile[]>;
  /** Compare with the bytes on disk rather than the generation's index (slower; finds damage done by hand). */
  readBack?: boolean;
  onProgress?: (progress: EmitProgress) => void;
  /**
   * The description document, reference page and explorer, written to the folder `manifest.docs`
   * names; or a function computing them, which emit calls once the responses are written, and then
   * names their folder in the manifest it commits.
   */
  documents?: Documents | (() => Documents);
  /** What the build is made from (source.ts), recorded in its index. */
  source?: string;
  /** How long to wait for another build holding the folder, and who is told (lock.ts). */
  lock?: LockWaitOptions;
  /** The clock of the commit log (commit-log.ts), which decides how long replaced folders are kept. */
  now?: () => number;
  /** How long a folder is kept after a commit replaced it (default GRACE_MS). */
  graceMs?: number;
}

export interface LastFilesContext {
  outDir: string;
  /** The new generation's index so far, and the serving generation's (null: none, or unreadable). */
  index: GenerationIndex;
  previousIndex: GenerationIndex | null;
  /** The serving build's manifest (null: none). In verify mode it names this very generation. */
  serving: Manifest | null;
  verifying: boolean;
}

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
  const { outDir, files, readBack = false, onProgress, documents, lastFiles, source } = options;
  let manifest = options.manifest;
  // What builds stopped by a kill or a failure left: only this build, holding the lock, writes here.
  await removeLeftovers(outDir);
  let settled: Documents | null = null;
  /** The documents, computed once; the manifest names their folder from then on. */
  const settleDocuments = () => {
    if (documents === undefined || settled !== null) return;
    settled = typeof documents === "function" ? documents() : documents;
    if (typeof documents !== "function" && manifest.docs !== settled.folder) throw new Error(`the manifest names documents folder ${manifest.docs}, not ${settled.folder}`);
    manifest = { ...manifest, docs: settled.folder };
  };
  /** Written before the manifest that names them is committed (documents-folder.ts). */
  const writeDocuments = async () => {
    settleDocuments();
    if (settled !== null) await writeDocumentsFolder(outDir, settled);
  };
  const { now = Date.now, graceMs = GRACE_MS } = options;
  const commit = () => {
    recordCommit(outDir, manifest, now(), graceMs);
    return commitManifest(outDir, manifest);
  };
  /** Every folder but the kept generations, the one before them, and what commits of the grace period named. */
  const prune = async (serving: Manifest | null) => {
    const recent = recentlyServed(readCommitLog(outDir), now(), graceMs);
    return pruneEntries(outDir, manifest, serving, [...(await keptGenerations(outDir, manifest, serving)), ...recent]);
  };
  const serving = await readManifest(outDir);
  const generationDir = path.join(outDir, manifest.generation);
  const previousDir = serving ? path.join(outDir, serving.generation) : null;
  const verifying = serving?.generation === manifest.generation && serving.dataset_version === manifest.dataset_version && (await exists(generationDir));
  // What the serving generation holds; null means "read the files to know".
  const previousIndex = serving && !readBack ? readGenerationIndex(path.join(outDir, indexFileOf(serving.generation))) : null;

  if (verifying && previousIndex) {
    // The responses are all in place; only the documents, outside dataset_version, may be new.
    // Recorded so that the next rebuild from the same source skips even the check (source.ts).
    if (source !== undefined && previousIndex.source !== source) writeGenerationIndex(path.join(outDir, indexFileOf(serving.generation)), { ...previousIndex, source });
    await writeDocuments();
    const documentsChanged = serving.docs !== manifest.docs;
    if (documentsChanged) {
      await lock.assertHeld();
      await commit();
    }
    const pruned = documentsChanged ? await prune(serving) : [];
    writeUploadIgnore(outDir, manifest);
    const report = reportOf("unchanged", manifest);
    report.committedAfterMs = performance.now() - started;
    report.pruned = pruned;
    return report;
  }
  if (!verifying) {
    // Left over from an interrupted build, or an older generation with this name (the one before
    // the serving one, when an edit is undone): never serving. Moved aside now and deleted after
    // the commit, so that deleting it does not delay serving.
    await fs.rm(path.join(outDir, indexFileOf(manifest.generation)), { force: true });
    await moveToTrash(generationDir);
    await fs.mkdir(generationDir, { recursive: true });
  }
  const { timings, lap } = stepTimings(started);
  lap("prepare");
  await pauseAt("locked");

  const report = reportOf(verifying ? "verify" : "new", manifest);
  report.timings = timings;
  const index = emptyIndex();
  if (source !== undefined) index.source = source;
  const writing = verifying ? "verify" : "write";
  const write = filesOf(generationDir, previousDir);
  const matchesPrevious = (relative: string, bytes: Uint8Array, print: string) => {
    if (!previousDir) return false;
    if (previousIndex) return previousIndex.files.get(relative) === print;
    const existing = readOrNull(path.join(previousDir, relative));
    return existing !== null && existing.equals(bytes);
  };

  const emitFile = (relative: string, bytes: Uint8Array) => {
    const print = fingerprint(bytes);
    index.files.set(relative, print);
    report.files++;
    report.bytes += bytes.byteLength;
    if (matchesPrevious(relative, bytes, print)) {
      report.reused++;
      // In verify mode the previous generation is this one: the file is already in place.
      if (!verifying) write.link(relative);
      return;
    }
    // In a serving generation (verify) a file is replaced by rename, never missing or half written.
    if (verifying) write.replace(relative, bytes);
    else write.write(relative, bytes);
    report.written++;
  };

  /** A unit the serving generation already has (reuse.ts): its files linked. */
  const emitReused = (entry: ReusedUnit) => {
    for (const [relative, print] of entry.files) {
      index.files.set(relative, print);
      write.link(relative);
    }
    index.inputs.set(entry.key, entry.record);
    report.files += entry.record.files;
    report.bytes += entry.record.bytes;
    report.reused += entry.record.files;
  };

  let committed = false;
  const pauseFiles = pauseFileCount();
  // Reuse needs the serving generation's index; a check of the serving generation itself (verify) derives everything.
  const previous: PreviousGeneration | null = previousIndex !== null && !verifying ? { index: previousIndex } : null;
  const entries = typeof files === "function" ? files(previous) : files;
  const encodings: { path: string; encoding: Promise<PieceEncoding> }[] = [];
  /** The serving generation's encoding of a gzip file, when its index says how and the file is intact. */
  const previousEncoding = (relative: string): PieceEncoding | null => {
    const encoded = previousIndex?.pieces.get(relative);
    if (encoded === undefined || previousDir === null) return null;
    const bytes = readOrNull(path.join(previousDir, relative));
    return bytes !== null && fingerprint(bytes) === previousIndex!.files.get(relative) ? { ...encoded, bytes } : null;
  };
  try {
    for (const entry of entries) {
      if (!isBuildFile(entry)) {
        if (entry.kind === "reused") emitReused(entry);
        else index.inputs.set(entry.key, entry.record);
        continue;
      }
      const bytes = bytesOf(entry.body);
      if (entry.gzip !== undefined) {
        // Encoded on zlib's threads while the loop goes on, written after it. Listed in the index
        // at its place now (the entry is replaced in place), as a build from `buildFiles` lists it.
        index.files.set(entry.path, "");
        const encoding = encodeGzipInBackground(bytes, entry.gzip.cuts, previousEncoding(entry.path));
        encoding.catch(() => undefined); // awaited below, unless deriving fails first
        encodings.push({ path: entry.path, encoding });
      } else {
        emitFile(entry.path, bytes);
      }
      if (report.files % 100 === 0) onProgress?.({ stage: writing, files: report.files });
      if (report.files === pauseFiles) await pauseAt(`files:${report.files}`);
    }
    lap("derive");
    for (const { path: relative, encoding } of encodings) {
      const { bytes, pieces, encoder } = await encoding;
      index.pieces.set(relative, { pieces, encoder });
      emitFile(relative, bytes);
    }
    lap("encode");
    settleDocuments();
    lap("documents");
    if (lastFiles) {
      for (const file of await lastFiles({ outDir, index, previousIndex, serving, verifying })) emitFile(file.path, bytesOf(file.body));
    }
    await writeDocuments();
    lap(lastFiles ? "last files" : "write");
    onProgress?.({ stage: writing, files: report.files });

    if (verifying) report.removed = await removeStrays(generationDir, index.files);
    await pauseAt("written");
    const indexFile = path.join(outDir, indexFileOf(manifest.generation));
    await namingPath(indexFile, async () => writeGenerationIndex(indexFile, index));
    await pauseAt("indexed");
    // A repair is committed too (the same manifest, renamed into place again): that is how a running
    // server learns that files of the build it serves have changed (docs/build.md, "Safe and incremental").
    const repaired = verifying && report.written + report.removed > 0;
    if (!verifying || repaired || JSON.stringify(serving) !== JSON.stringify(manifest)) {
      await lock.assertHeld();
      await namingPath(path.join(outDir, MANIFEST_FILE), commit);
    }
    committed = true;
  } catch (error) {
    // A failed build removes what it wrote; the serving build is untouched (and, when verifying, it is this one: kept).
    if (!committed && !verifying) {
      await fs.rm(path.join(outDir, indexFileOf(manifest.generation)), { force: true });
      await removeByRename(generationDir);
    }
    await removeLeftovers(outDir);
    throw error;
  }
  lap("commit");
  report.committedAfterMs = performance.now() - started;
  if (manifest.docs !== undefined) report.docs = manifest.docs;
  await pauseAt("committed");

  onProgress?.({ stage: "prune", files: report.files });
  await removeLeftovers(outDir);
  report.pruned = await prune(serving);
  writeUploadIgnore(outDir, manifest);
  lap("prune");
  return report;
}

/**
 * The three ways a file gets into a generation, each naming the file when it fails (Node names
 * none for a failed write: ENOSPC, EIO). A build holds a few files per pair (seeds are packed), so
 * they are written one after another on this thread.
 */
function filesOf(generationDir: string, previousDir: string | null) {
  const folders = new Set<string>();
  const target = (relative: string) => {
    const file = path.join(generationDir, relative);
    const folder = path.dirname(file);
    if (!folders.has(folder)) {
      mkdirSync(folder, { recursive: true });
      folders.add(folder);
    }
    return file;
  };
  const naming = (file: string, operation: () => void) => {
    try {
      operation();
    } catch (error) {
      throw namingFile(error, file);
    }
  };
  return {
    write(relative: string, bytes: Uint8Array) {
      const file = target(relative);
      naming(file, () => writeFileSync(file, bytes));
    },
    /** Through a temporary file renamed over the old one. */
    replace(relative: string, bytes: Uint8Array) {
      const file = target(relative);
      const temporary = temporaryPathOf(file);
      naming(file, () => {
        writeFileSync(temporary, bytes);
        renameSync(temporary, file);
      });
    },
    /** The serving generation's file, hard-linked (copied where the file system has no hard links). */
    link(relative: string) {
      const file = target(relative);
      const from = path.join(previousDir!, relative);
      naming(file, () => {
        try {
          linkSync(from, file);
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code !== "EXDEV" && code !== "EPERM" && code !== "ENOTSUP" && code !== "EMLINK") throw error;
          copyFileSync(from, file);
        }
      });
    },
  };
}

/** A report with nothing counted yet, naming the manifest's documents folder (known once they are settled). */
function reportOf(mode: EmitReport["mode"], manifest: Manifest): EmitReport {
  const report: EmitReport = { mode, generation: manifest.generation, files: 0, bytes: 0, written: 0, reused: 0, removed: 0, committedAfterMs: 0, pruned: [] };
  if (manifest.docs !== undefined) report.docs = manifest.docs;
  return report;
}

/**
 * The generations a build keeps: its own, and the one before it, for requests in flight. A build
 * of the serving version (verify) has no "before" of its own: it keeps the one the build that made
 * the serving generation kept, i.e. every other whole generation (with its index; one, normally).
 */
async function keptGenerations(outDir: string, manifest: Manifest, serving: Manifest | null): Promise<string[]> {
  if (serving === null) return [manifest.generation];
  if (serving.generation !== manifest.generation) return [manifest.generation, serving.generation];
  const indexed = (await fs.readdir(outDir)).filter((name) => name.startsWith(GENERATION_PREFIX) && name.endsWith(".files.gz")).map((name) => name.slice(0, -".files.gz".length));
  const others = [];
  for (const generation of indexed) if (generation !== manifest.generation && (await exists(path.join(outDir, generation)))) others.push(generation);
  return [manifest.generation, ...others];
}

/**
 * Removes generations and documents folders other than the kept ones (generations with their
 * indexes, and documents folders) and the documents the new and the serving build name; returns
 * the generations removed.
 */
async function pruneEntries(outDir: string, manifest: Manifest, serving: Manifest | null, kept: readonly string[]): Promise<string[]> {
  const documents = [manifest.docs, serving?.docs].filter((name): name is string => name !== undefined);
  const pruned: string[] = [];
  for (const name of await staleEntries(outDir, [...kept, ...kept.map(indexFileOf), ...documents])) {
    const generation = name.startsWith(GENERATION_PREFIX) && !name.endsWith(".files.gz");
    await removeByRename(path.join(outDir, name), generation ? "pruning-generation" : undefined);
    if (generation) pruned.push(name);
  }
  return pruned;
}

async function exists(target: string): Promise<boolean> {
  try {
    await fs.stat(target);
    return true;
  } catch {
    return false;
  }
}

/** Removes files of the generation that this build did not produce (and temporaries of a crashed repair). */
async function removeStrays(generationDir: string, expected: ReadonlyMap<string, string>): Promise<number> {
  let removed = 0;
  for (const entry of await entriesUnder(generationDir)) {
    if (!entry.isFile()) continue;
    const relative = path.relative(generationDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    if (!expected.has(relative)) {
      await fs.rm(path.join(entry.parentPath, entry.name), { force: true });
      removed++;
    }
  }
  return removed;
}
