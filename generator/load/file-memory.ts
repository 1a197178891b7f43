import { lstatSync } from "node:fs";

// What a long-running caller of the build (`npm run dev`) keeps from one build to the next, so that a save
// of one guide file costs the reading, hashing and parsing of that file, not of the whole dataset again:
// each file's bytes and sha256 while the file is unchanged, and what was computed from a file's bytes (its
// parsed JSON, the capture it names) while they are the same. A file is unchanged while its lstat stamp is:
// the same inode on the same device, the same size, and the same modification and status-change times to
// the nanosecond (every write sets the status-change time, which no tool sets back). The stamp is taken
// before the file is read, so a write during the read leaves a stamp that the next build finds changed. One
// entry is kept per file read (and per kind of value computed from it), for the life of the process. A
// one-off build (the CLI, CI) keeps nothing and reads every file, as before.
//
// The same parsed object for the same bytes also keeps the derivation's memory of a guide (its JSON and
// hash, generator/derive/units.ts) from one build to the next: nothing downstream of loading changes a
// parsed document.

export interface FileMemory {
  /** `read()`'s value for the file at `location`, or the one remembered when the file's stamp is unchanged since. */
  read<T extends object>(location: string, read: () => T | null): T | null;
  /** `compute()`'s value for a file whose bytes have this sha256, or the one remembered for the same file and bytes. */
  derived<T>(kind: string, file: string, sha256: string, compute: () => T): T;
}

export function createFileMemory(): FileMemory {
  const files = new Map<string, { stamp: string; value: object }>();
  const derived = new Map<string, { sha256: string; value: unknown }>();
  return {
    read(location, read) {
      const stamp = stampOf(location);
      const known = files.get(location);
      if (stamp !== null && known !== undefined && known.stamp === stamp) return known.value as never;
      const value = read();
      if (value === null || stamp === null) files.delete(location);
      else files.set(location, { stamp, value });
      return value;
    },
    derived(kind, file, sha256, compute) {
      const key = `${kind}\u0000${file}`;
      const known = derived.get(key);
      if (known !== undefined && known.sha256 === sha256) return known.value as never;
      const value = compute();
      derived.set(key, { sha256, value });
      return value;
    },
  };
}

function stampOf(location: string): string | null {
  try {
    const stats = lstatSync(location, { bigint: true });
    if (!stats.isFile()) return null;
    return `${stats.dev}:${stats.ino}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;
  } catch {
    return null;
  }
}
