// Committing a build and pruning after it. The manifest's rename is the commit: readers see all of
// one build or the other. What a server may still read is kept: the new generation, the one it
// replaces, and whatever commits of the grace period named (commit-log.ts); everything else is
// renamed to trash, then deleted.

import { promises as fs } from "node:fs";
import path from "node:path";
import { indexFileOf, type GenerationIndex } from "../../contract/file-index.ts";
import { MANIFEST_FILE, type Manifest } from "../../contract/manifest.ts";
import { GENERATION_PREFIX, commitManifest, staleEntries, writeUploadIgnore } from "./build-folder.ts";
import { GRACE_MS, readCommitLog, recentlyServed, recordCommit } from "./commit-log.ts";
import { writeGenerationIndex } from "./file-index.ts";
import type { BuildLock } from "./lock.ts";
import { pauseAt } from "./pause-point.ts";
import { removeByRename, removeLeftovers } from "./prune.ts";
import { namingPath } from "./write-error.ts";

export interface CommitClock {
  /** The clock of the commit log, which decides how long replaced folders are kept. */
  now?: () => number;
  /** How long a folder is kept after a commit replaced it (default GRACE_MS). */
  graceMs?: number;
}

/** Writes the generation's index beside it. */
export async function writeIndex(outDir: string, generation: string, index: GenerationIndex): Promise<void> {
  const indexFile = path.join(outDir, indexFileOf(generation));
  await namingPath(indexFile, async () => writeGenerationIndex(indexFile, index));
  await pauseAt("indexed");
}

/** Makes `manifest` the serving build, if the lock still names this build. */
export async function commit(outDir: string, manifest: Manifest, lock: BuildLock, { now = Date.now, graceMs = GRACE_MS }: CommitClock): Promise<void> {
  await lock.assertHeld();
  await namingPath(path.join(outDir, MANIFEST_FILE), () => {
    recordCommit(outDir, manifest, now(), graceMs);
    return commitManifest(outDir, manifest);
  });
}

/**
 * After a commit: removes leftovers and every folder no server may still read, and names the
 * files an upload must skip. Returns the generations removed.
 */
export async function pruneAfterCommit(outDir: string, manifest: Manifest, serving: Manifest | null, { now = Date.now, graceMs = GRACE_MS }: CommitClock): Promise<string[]> {
  await removeLeftovers(outDir);
  const recent = recentlyServed(readCommitLog(outDir), now(), graceMs);
  const pruned = await pruneEntries(outDir, manifest, serving, [...(await keptGenerations(outDir, manifest, serving)), ...recent]);
  writeUploadIgnore(outDir, manifest);
  return pruned;
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
  // The build's own generation is among them, kept twice: harmless.
  const whole = await Promise.all(indexed.map((generation) => exists(path.join(outDir, generation))));
  return [manifest.generation, ...indexed.filter((_, i) => whole[i])];
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

export async function exists(target: string): Promise<boolean> {
  try {
    await fs.stat(target);
    return true;
  } catch {
    return false;
  }
}
