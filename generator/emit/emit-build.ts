// Emitting: the only stage of the build that writes. Two guarantees (README, "Safe and incremental"):
// - safe: files go into a generation folder that nothing serves yet; the manifest rename commits it;
// - incremental: a file whose bytes equal the serving generation's is hard-linked from it, not
//   written, so a rebuild allocates inodes only for responses that changed.

import { linkSync, mkdirSync, promises as fs, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Manifest } from "../../edge/routes.ts";
import type { BuildFile } from "../derive/index.ts";
import { assertBuildFolder, commitManifest, readManifest, staleEntries } from "./build-folder.ts";
import { fingerprint, indexFileOf, readFileIndex, writeFileIndex, type FileIndex } from "./file-index.ts";

export interface EmitProgress {
  stage: "write" | "verify" | "prune";
  files: number;
}

export interface EmitReport {
  /** `new`: a generation was built beside the serving one; `verify`: the serving generation already had this version and was checked in place. */
  mode: "new" | "verify";
  generation: string;
  files: number;
  bytes: number;
  /** Files whose bytes were written (new or changed responses, or repairs in verify mode). */
  written: number;
  /** Files hard-linked from the previous generation (mode `new`) or found intact (mode `verify`). */
  reused: number;
  /** Stray files removed from the generation in verify mode. */
  removed: number;
  /** Milliseconds from start until the new manifest was committed (the new build serves). */
  committedAfterMs: number;
  /** Generations pruned after the commit. */
  pruned: string[];
}

export interface EmitOptions {
  outDir: string;
  manifest: Manifest;
  files: Iterable<BuildFile>;
  /** Compare with the bytes on disk rather than the generation's file index (slower; finds damage done by hand). */
  readBack?: boolean;
  onProgress?: (progress: EmitProgress) => void;
}

export async function emitBuild({ outDir, manifest, files, readBack = false, onProgress }: EmitOptions): Promise<EmitReport> {
  const started = performance.now();
  await assertBuildFolder(outDir);
  await fs.mkdir(outDir, { recursive: true });
  const serving = await readManifest(outDir);
  const generationDir = path.join(outDir, manifest.generation);
  const previousDir = serving ? path.join(outDir, serving.generation) : null;
  const verifying = serving?.generation === manifest.generation && serving.dataset_version === manifest.dataset_version && (await exists(generationDir));
  // What the serving generation holds, by fingerprint; null means "read the files to know".
  const previousIndex = serving && !readBack ? readFileIndex(path.join(outDir, indexFileOf(serving.generation))) : null;

  if (!verifying) {
    // Left over from an interrupted build, or an older generation with this name: never serving.
    await fs.rm(generationDir, { recursive: true, force: true });
    await fs.mkdir(generationDir, { recursive: true });
  }

  const report: EmitReport = {
    mode: verifying ? "verify" : "new",
    generation: manifest.generation,
    files: 0,
    bytes: 0,
    written: 0,
    reused: 0,
    removed: 0,
    committedAfterMs: 0,
    pruned: [],
  };
  const index: FileIndex = new Map();
  const directories = new Set<string>();
  const ensureDirectory = (directory: string) => {
    if (directories.has(directory)) return;
    mkdirSync(directory, { recursive: true });
    directories.add(directory);
  };
  const matchesPrevious = (relative: string, bytes: Uint8Array, print: string) => {
    if (!previousDir) return false;
    if (previousIndex) return previousIndex.get(relative) === print;
    const existing = readOrNull(path.join(previousDir, relative));
    return existing !== null && existing.byteLength === bytes.byteLength && existing.equals(bytes);
  };

  // Synchronous calls on purpose: for ~300,000 small files they measured 2-8x faster here than
  // 64 concurrent fs.promises calls (each of which is several thread-pool round trips).
  const emitOne = (file: BuildFile) => {
    const bytes = typeof file.body === "string" ? Buffer.from(file.body, "utf8") : file.body;
    const print = fingerprint(bytes);
    const target = path.join(generationDir, file.path);
    index.set(file.path, print);
    report.bytes += bytes.byteLength;
    if (verifying) {
      if (matchesPrevious(file.path, bytes, print)) {
        report.reused++;
        return;
      }
      // A repair within the serving generation: replace atomically so no reader sees half a file.
      ensureDirectory(path.dirname(target));
      const temporary = `${target}.${process.pid}.tmp`;
      writeFileSync(temporary, bytes);
      renameSync(temporary, target);
      report.written++;
      return;
    }
    ensureDirectory(path.dirname(target));
    if (matchesPrevious(file.path, bytes, print)) {
      try {
        linkSync(path.join(previousDir!, file.path), target);
        report.reused++;
        return;
      } catch (error) {
        // The index promised a file the previous generation no longer has: write it instead.
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }
    writeFileSync(target, bytes);
    report.written++;
  };

  const stage = verifying ? "verify" : "write";
  for (const file of files) {
    emitOne(file);
    report.files++;
    if (report.files % 2000 === 0) onProgress?.({ stage, files: report.files });
  }
  onProgress?.({ stage, files: report.files });

  // Strays can only be found by looking; when the index vouched for the files, nobody looked.
  if (verifying && !previousIndex) report.removed = await removeStrays(generationDir, index);
  writeFileIndex(path.join(outDir, indexFileOf(manifest.generation)), index);
  if (!verifying || JSON.stringify(serving) !== JSON.stringify(manifest)) await commitManifest(outDir, manifest);
  report.committedAfterMs = performance.now() - started;

  onProgress?.({ stage: "prune", files: report.files });
  const keep = [manifest.generation, ...(serving && serving.generation !== manifest.generation ? [serving.generation] : [])];
  for (const name of await staleEntries(outDir, [...keep, ...keep.map(indexFileOf)])) {
    await fs.rm(path.join(outDir, name), { recursive: true, force: true });
    if (!name.endsWith(".files.gz")) report.pruned.push(name);
  }
  return report;
}

async function exists(target: string): Promise<boolean> {
  try {
    await fs.stat(target);
    return true;
  } catch {
    return false;
  }
}

function readOrNull(target: string): Buffer | null {
  try {
    return readFileSync(target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "ENOTDIR") return null;
    throw error;
  }
}

/** Removes files of the generation that this build did not produce (and temporaries of a crashed repair). */
async function removeStrays(generationDir: string, expected: ReadonlyMap<string, string>): Promise<number> {
  let removed = 0;
  const entries = await fs.readdir(generationDir, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const relative = path.relative(generationDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    if (!expected.has(relative)) {
      await fs.rm(path.join(entry.parentPath, entry.name), { force: true });
      removed++;
    }
  }
  return removed;
}
