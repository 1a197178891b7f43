// The layout of a build folder and its commit point. `dist/manifest.json` names the generation
// folder that serves; a build writes a new generation beside the serving one and then replaces
// the manifest with one rename, so a reader sees either the whole old build or the whole new one.

import { promises as fs, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseManifest } from "../../contract/manifest.ts";
import { MANIFEST_FILE, type Manifest } from "../../contract/manifest.ts";
import { DOCS_FOLDER_PREFIX } from "../../contract/serving-index.ts";
import { COMMIT_LOG_FILE } from "./commit-log.ts";
import { LOCK_FILE, isLockEntry } from "./lock.ts";
import { pauseAt } from "./pause-point.ts";
import { TRASH_PREFIX, temporaryPathOf } from "./prune.ts";
import { keptFolderLine, UPLOAD_IGNORE_FILE } from "../../contract/upload-ignore.ts";

export const GENERATION_PREFIX = "g-";

/** The check cache (generator/validate/cache.ts): kept beside the builds, never served nor pruned. */
export const CHECK_CACHE_FILE = "check-cache.json";

/**
 * The build folder's own server (server-file.ts): `node serve.mjs` serves the folder it sits in,
 * wherever the folder is copied, with Node alone.
 */
export const SERVER_FILE = "serve.mjs";

/**
 * What a host that uploads the folder should leave out (Cloudflare's `.assetsignore`, gitignore
 * syntax): the files only the generator reads, the folder's own server (a host answers through its
 * own adapter), and the generations and documents folders that the serving manifest does not name
 * (kept for a local server's requests in flight, of no use to a deploy, and twice the files).
 * Written after every commit, so an upload of the folder as built is right.
 */
export function writeUploadIgnore(outDir: string, serving: Manifest): void {
  const file = path.join(outDir, UPLOAD_IGNORE_FILE);
  const lines = [
    // The generator's own files, the server, a build's leftovers.
    UPLOAD_IGNORE_FILE, CHECK_CACHE_FILE, COMMIT_LOG_FILE, SERVER_FILE, "*.files.gz", `${LOCK_FILE}*`, `${TRASH_PREFIX}*`, ".tmp-*", "*.tmp",
    // Every generation but the serving one.
    `${GENERATION_PREFIX}*`,
    keptFolderLine(serving.generation),
  ];
  if (serving.docs !== undefined) lines.push(`${DOCS_FOLDER_PREFIX}*`, keptFolderLine(serving.docs));
  const text = `${lines.join("\n")}\n`;
  if (readOrNull(file)?.toString("utf8") === text) return;
  const temporary = temporaryPathOf(file);
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

/** A file's bytes, or null when it cannot be read. */
export function readOrNull(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch {
    return null;
  }
}

/** Entries a build writes at the top of dist/ and prunes once nothing names them. */
const isBuildEntry = (name: string) =>
  name.startsWith(GENERATION_PREFIX) || name.startsWith(DOCS_FOLDER_PREFIX) || name.startsWith(`${MANIFEST_FILE}.`) || name.startsWith(TRASH_PREFIX);

export async function readManifest(outDir: string): Promise<Manifest | null> {
  try {
    // The edge's parser: a manifest the server would refuse is no serving build to reuse either.
    const parsed = parseManifest(await fs.readFile(path.join(outDir, MANIFEST_FILE)));
    if (!parsed.ok || !parsed.manifest.generation.startsWith(GENERATION_PREFIX)) return null;
    return parsed.manifest;
  } catch {
    return null;
  }
}

/** Writes the manifest to a temporary name, flushes it, and renames it into place: the commit. */
export async function commitManifest(outDir: string, manifest: Manifest): Promise<void> {
  const target = path.join(outDir, MANIFEST_FILE);
  const temporary = temporaryPathOf(target);
  const handle = await fs.open(temporary, "w");
  try {
    await handle.writeFile(`${JSON.stringify(manifest, null, 2)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await pauseAt("manifest-staged", temporary);
  await fs.rename(temporary, target);
}

/**
 * Refuses to treat a folder as a build folder when it holds anything else, so that a mistyped
 * `--out` never has its contents pruned.
 */
export async function assertBuildFolder(outDir: string): Promise<void> {
  let entries: string[];
  try {
    entries = await fs.readdir(outDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  const foreign = entries.filter((name) => name !== MANIFEST_FILE && name !== CHECK_CACHE_FILE && name !== COMMIT_LOG_FILE && name !== UPLOAD_IGNORE_FILE && name !== SERVER_FILE && !isBuildEntry(name) && !isLockEntry(name));
  if (foreign.length > 0) {
    throw new Error(`${outDir} is not a build folder (it holds ${foreign.slice(0, 3).join(", ")}${foreign.length > 3 ? ", ..." : ""}); choose an empty or new folder`);
  }
}

/**
 * Generations (and their indexes and temporaries) and documents folders that are neither serving
 * nor the one before it (kept for requests in flight).
 */
export async function staleEntries(outDir: string, keep: readonly string[]): Promise<string[]> {
  const entries = await fs.readdir(outDir);
  return entries.filter((name) => isBuildEntry(name) && !keep.includes(name));
}
