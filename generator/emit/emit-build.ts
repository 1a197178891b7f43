// Emitting: the only stage of the build that writes. Two guarantees (README, "Safe and incremental"):
// - safe: files go into a generation folder that nothing serves yet; the manifest rename commits it;
// - incremental: a file whose bytes equal the serving generation's is hard-linked from it, not
//   written, so a rebuild allocates inodes only for responses that changed.

import { promises as fs } from "node:fs";
import path from "node:path";
import type { Manifest } from "../../edge/routes.ts";
import type { BuildFile } from "../derive/index.ts";
import { assertBuildFolder, commitManifest, readManifest, staleGenerations } from "./build-folder.ts";

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
  concurrency?: number;
  onProgress?: (progress: EmitProgress) => void;
}

export async function emitBuild({ outDir, manifest, files, concurrency = 64, onProgress }: EmitOptions): Promise<EmitReport> {
  const started = performance.now();
  await assertBuildFolder(outDir);
  await fs.mkdir(outDir, { recursive: true });
  const serving = await readManifest(outDir);
  const generationDir = path.join(outDir, manifest.generation);
  const previousDir = serving ? path.join(outDir, serving.generation) : null;
  const verifying = serving?.dataset_version === manifest.dataset_version && serving.generation === manifest.generation && (await exists(generationDir));

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
  const directories = new Map<string, Promise<unknown>>();
  const ensureDirectory = (directory: string) => {
    let made = directories.get(directory);
    if (!made) {
      made = fs.mkdir(directory, { recursive: true });
      directories.set(directory, made);
    }
    return made;
  };
  const expected = verifying ? new Set<string>() : null;

  const emitOne = async (file: BuildFile) => {
    const bytes = typeof file.body === "string" ? Buffer.from(file.body, "utf8") : file.body;
    const target = path.join(generationDir, file.path);
    report.bytes += bytes.byteLength;
    if (verifying) {
      expected!.add(file.path);
      if (sameBytes(await readOrNull(target), bytes)) {
        report.reused++;
      } else {
        // A repair within the serving generation: replace atomically so no reader sees half a file.
        await ensureDirectory(path.dirname(target));
        const temporary = `${target}.${process.pid}.tmp`;
        await fs.writeFile(temporary, bytes);
        await fs.rename(temporary, target);
        report.written++;
      }
      return;
    }
    await ensureDirectory(path.dirname(target));
    const previous = previousDir ? path.join(previousDir, file.path) : null;
    if (previous && sameBytes(await readOrNull(previous), bytes)) {
      await fs.link(previous, target);
      report.reused++;
    } else {
      await fs.writeFile(target, bytes);
      report.written++;
    }
  };

  const stage = verifying ? "verify" : "write";
  const inFlight = new Set<Promise<void>>();
  for (const file of files) {
    const pending: Promise<void> = emitOne(file).finally(() => inFlight.delete(pending));
    inFlight.add(pending);
    report.files++;
    if (report.files % 2000 === 0) onProgress?.({ stage, files: report.files });
    if (inFlight.size >= concurrency) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  onProgress?.({ stage, files: report.files });

  if (verifying) report.removed = await removeStrays(generationDir, expected!);
  if (!verifying || JSON.stringify(serving) !== JSON.stringify(manifest)) await commitManifest(outDir, manifest);
  report.committedAfterMs = performance.now() - started;

  onProgress?.({ stage: "prune", files: report.files });
  const keep = [manifest.generation, ...(serving && serving.generation !== manifest.generation ? [serving.generation] : [])];
  for (const name of await staleGenerations(outDir, keep)) {
    await fs.rm(path.join(outDir, name), { recursive: true, force: true });
    report.pruned.push(name);
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

async function readOrNull(target: string): Promise<Buffer | null> {
  try {
    return await fs.readFile(target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "ENOTDIR") return null;
    throw error;
  }
}

function sameBytes(existing: Buffer | null, bytes: Uint8Array): boolean {
  return existing !== null && existing.byteLength === bytes.byteLength && existing.equals(bytes);
}

/** Removes files of the generation that this build did not produce (and temporaries of a crashed repair). */
async function removeStrays(generationDir: string, expected: ReadonlySet<string>): Promise<number> {
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
