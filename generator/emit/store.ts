// The unit store: `dist/store/<unit>-<hash>/` holds the files of one unit (one pair's 1001 seed
// files, patterns and topic files), named by the hash of their contents, and generations link to
// it with a relative symlink. An unchanged pair costs one symlink in a new generation instead of
// ~1,000 hard links, and a store folder is immutable once its name exists: it is written under a
// temporary name and renamed into place.

import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { FileOperation } from "./file-writer.ts";

export const STORE_FOLDER = "store";

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

/** Operations that write a unit into the store under a temporary name and then rename it into place. */
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
  operations.push(["rename", temporary, path.join(storeDir, name)]);
  return operations;
}

/** Operations that rewrite, each atomically, the files of a stored unit that are missing or differ on disk. */
export function repairUnitOperations(storeDir: string, name: string, files: readonly UnitFile[]): FileOperation[] {
  const operations: FileOperation[] = [];
  for (const file of files) {
    const full = path.join(storeDir, name, file.relative);
    const existing = readOrNull(full);
    if (existing !== null && existing.equals(file.bytes)) continue;
    operations.push(["mkdir", path.dirname(full)], ["write", `${full}.${process.pid}.tmp`, file.bytes], ["rename", `${full}.${process.pid}.tmp`, full]);
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
