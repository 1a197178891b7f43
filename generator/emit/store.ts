// The unit store: `dist/store/<unit>-<hash>/` holds the files of one unit (one pair's 1001 seed
// files, patterns and topic files), named by the hash of their contents, and generations link to
// it with a relative symlink. An unchanged pair costs one symlink in a new generation instead of
// ~1,000 hard links, and a store folder is immutable once its name exists: it is written under a
// temporary name and renamed into place.

import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

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

/** Writes a unit into the store unless a folder of that name is there already. Returns whether it wrote. */
export function storeUnit(storeDir: string, name: string, files: readonly UnitFile[]): boolean {
  const target = path.join(storeDir, name);
  if (existsSync(target)) return false;
  const temporary = path.join(storeDir, `.tmp-${process.pid}-${name}`);
  rmSync(temporary, { recursive: true, force: true });
  const made = new Set<string>();
  for (const file of files) {
    const full = path.join(temporary, file.relative);
    const directory = path.dirname(full);
    if (!made.has(directory)) {
      mkdirSync(directory, { recursive: true });
      made.add(directory);
    }
    writeFileSync(full, file.bytes);
  }
  renameSync(temporary, target);
  return true;
}

/** Files of a stored unit that are missing or differ from what the build produced; rewritten in place atomically. */
export function repairUnit(storeDir: string, name: string, files: readonly UnitFile[]): number {
  let repaired = 0;
  for (const file of files) {
    const full = path.join(storeDir, name, file.relative);
    let existing: Buffer | null = null;
    try {
      existing = readFileSync(full);
    } catch {
      existing = null;
    }
    if (existing !== null && existing.equals(file.bytes)) continue;
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(`${full}.${process.pid}.tmp`, file.bytes);
    renameSync(`${full}.${process.pid}.tmp`, full);
    repaired++;
  }
  return repaired;
}
