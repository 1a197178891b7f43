// The unit store: `dist/store/<unit>-<hash>/` holds the files of one unit (one pair's 1001 seed
// files, patterns and topic files), named by the hash of their contents, and generations link to
// it with a relative symlink. An unchanged pair costs one symlink in a new generation instead of
// ~1,000 hard links. A store folder is written under a temporary name, its completeness marker
// last, and renamed into place; it is deleted only after being renamed to a trash name (prune.ts).
// A folder is reused only when its marker is there, never because its name exists: a folder
// half-deleted by a stopped build of an older version, or damaged by hand, is written again.

import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FileOperation } from "./file-writer.ts";
import { TRASH_PREFIX, temporaryPathOf } from "./prune.ts";

export const STORE_FOLDER = "store";
/** Written last into a store folder: its presence says the folder was written whole. */
export const COMPLETE_MARKER = ".complete";

/**
 * The marker's bytes: the size of every file of the folder, so that a reader (the local server)
 * can tell a file cut short from a whole one. `{"files":{"<path in the folder>":<bytes>,...}}`.
 */
export function completeMarker(files: readonly UnitFile[]): Uint8Array {
  return Buffer.from(`${JSON.stringify({ files: Object.fromEntries(files.map((file) => [file.relative, file.bytes.byteLength])) })}\n`);
}

/** The file sizes a store folder's marker lists, or null when the folder has no readable marker. */
export function readCompleteMarker(folder: string): Map<string, number> | null {
  try {
    const { files } = JSON.parse(readFileSync(path.join(folder, COMPLETE_MARKER), "utf8")) as { files?: Record<string, number> };
    return files ? new Map(Object.entries(files)) : null;
  } catch {
    return null;
  }
}

/** Whether the store folder `name` exists and was written whole. */
export function isStoredWhole(storeDir: string, name: string): boolean {
  return existsSync(path.join(storeDir, name, COMPLETE_MARKER));
}

export interface UnitFile {
  /** Path inside the unit folder. */
  relative: string;
  bytes: Uint8Array;
  print: string;
}

/** The store name of a unit: its folder (flattened) and a hash of its file names and fingerprints. */
export function storeNameOf(unit: string, files: readonly UnitFile[]): string {
  const hash = createHash("sha256");
  for (const file of files) hash.update(`${file.relative}\0${file.print}\n`);
  return `${unit.replaceAll("/", "_")}-${hash.digest("hex").slice(0, 20)}`;
}

/**
 * Operations that write a unit into the store under a temporary name, the marker last, and then
 * rename it into place. A folder already under that name without its marker is swapped out
 * (renamed to trash) just before: generations linking to it see the whole folder again.
 */
export function storeUnitOperations(storeDir: string, name: string, files: readonly UnitFile[]): FileOperation[] {
  const temporary = path.join(storeDir, `.tmp-${process.pid}-${name}`);
  const operations: FileOperation[] = [["rm", temporary]];
  const made = new Set<string>();
  for (const file of files) {
    const full = path.join(temporary, file.relative);
    const directory = path.dirname(full);
    if (!made.has(directory)) {
      operations.push(["mkdir", directory]);
      made.add(directory);
    }
    operations.push(["write", full, file.bytes]);
  }
  operations.push(["write", path.join(temporary, COMPLETE_MARKER), completeMarker(files)]);
  const target = path.join(storeDir, name);
  const trash = path.join(storeDir, `${TRASH_PREFIX}${name}-${process.pid}`);
  if (existsSync(target)) operations.push(["rm", trash], ["rename", target, trash], ["rename", temporary, target], ["rm", trash]);
  else operations.push(["rename", temporary, target]);
  return operations;
}

/** Operations that rewrite, each atomically, the files of a stored unit that are missing or differ on disk. */
export function repairUnitOperations(storeDir: string, name: string, files: readonly UnitFile[]): FileOperation[] {
  const operations: FileOperation[] = [];
  for (const file of files) {
    const full = path.join(storeDir, name, file.relative);
    const existing = readOrNull(full);
    if (existing !== null && existing.equals(file.bytes)) continue;
    const temporary = temporaryPathOf(full);
    operations.push(["mkdir", path.dirname(full)], ["write", temporary, file.bytes], ["rename", temporary, full]);
  }
  return operations;
}

/** A file's bytes, or null when it is not there; any other failure (permissions, I/O) is thrown. */
export function readOrNull(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return null;
    throw error;
  }
}
