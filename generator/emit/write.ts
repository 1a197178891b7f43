// Writing a generation's files: each one either written, or hard-linked from the serving generation
// when its bytes are the same (by the serving index's fingerprint, or by reading it back), or, for
// a unit reuse.ts found unchanged, linked without deriving a byte. In a generation that is serving
// (verify) a file that differs is replaced by rename, never missing or half written.

import { copyFileSync, linkSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { GenerationIndex } from "../../contract/file-index.ts";
import { bytesOf, encodeGzipInBackground } from "../derive/index.ts";
import type { PieceEncoding } from "../derive/gzip-pieces.ts";
import { readOrNull } from "./build-folder.ts";
import { fingerprint } from "../fingerprint.ts";
import { pauseAt, pauseFileCount } from "./pause-point.ts";
import { temporaryPathOf } from "./prune.ts";
import { isFile, type EmitEntry, type ReusedUnit } from "./reuse.ts";
import { namingFile } from "./write-error.ts";

export interface WriteCounts {
  files: number;
  bytes: number;
  /** Files whose bytes were written (new or changed responses, or repairs). */
  written: number;
  /** Files reused: linked from the previous generation, or found intact. */
  reused: number;
}

export interface GenerationWriter {
  /** The index of what has been written so far. */
  readonly index: GenerationIndex;
  readonly counts: WriteCounts;
  /** Writes every entry; gzip files are encoded on zlib's threads meanwhile and written once the others are. */
  writeEntries(entries: Iterable<EmitEntry>, onFiles?: (files: number) => void): Promise<void>;
}

export interface WriterOptions {
  generationDir: string;
  /** The serving generation's folder (null: none); in verify mode, the generation itself. */
  previousDir: string | null;
  /** What the serving generation holds; null means "read the files to know". */
  previousIndex: GenerationIndex | null;
  verifying: boolean;
  index: GenerationIndex;
}

export function createGenerationWriter({ generationDir, previousDir, previousIndex, verifying, index }: WriterOptions): GenerationWriter {
  const counts: WriteCounts = { files: 0, bytes: 0, written: 0, reused: 0 };
  const place = placer(generationDir, previousDir);
  const pauseFiles = pauseFileCount();

  const matchesPrevious = (relative: string, bytes: Uint8Array, print: string) => {
    if (!previousDir) return false;
    if (previousIndex) return previousIndex.files.get(relative) === print;
    const existing = readOrNull(path.join(previousDir, relative));
    return existing !== null && existing.equals(bytes);
  };

  const writeFile = (relative: string, bytes: Uint8Array) => {
    const print = fingerprint(relative, bytes);
    index.files.set(relative, print);
    counts.files++;
    counts.bytes += bytes.byteLength;
    if (matchesPrevious(relative, bytes, print)) {
      counts.reused++;
      // In verify mode the previous generation is this one: the file is already in place.
      if (!verifying) place.link(relative);
      return;
    }
    if (verifying) place.replace(relative, bytes);
    else place.write(relative, bytes);
    counts.written++;
  };

  const linkUnit = (entry: ReusedUnit) => {
    for (const [relative, print] of entry.files) {
      index.files.set(relative, print);
      place.link(relative);
    }
    index.inputs.set(entry.key, entry.record);
    counts.files += entry.record.files;
    counts.bytes += entry.record.bytes;
    counts.reused += entry.record.files;
  };

  /** The serving generation's encoding of a gzip file, when its index says how and the file is intact. */
  const previousEncoding = (relative: string): PieceEncoding | null => {
    const encoded = previousIndex?.pieces.get(relative);
    if (encoded === undefined || previousDir === null) return null;
    const bytes = readOrNull(path.join(previousDir, relative));
    return bytes !== null && fingerprint(relative, bytes) === previousIndex!.files.get(relative) ? { ...encoded, bytes } : null;
  };

  return {
    index,
    counts,
    async writeEntries(entries, onFiles) {
      const encodings: { path: string; encoding: Promise<PieceEncoding> }[] = [];
      for (const entry of entries) {
        if (!isFile(entry)) {
          if (entry.kind === "reused") linkUnit(entry);
          else index.inputs.set(entry.key, entry.record);
          continue;
        }
        if (!("pieces" in entry)) {
          writeFile(entry.path, bytesOf(entry.body));
        } else {
          // Listed in the index at its place now (the entry is replaced in place), as a build from
          // `buildFiles` lists it.
          index.files.set(entry.path, "");
          const encoding = encodeGzipInBackground(entry.pieces, previousEncoding(entry.path));
          encoding.catch(() => undefined); // awaited below, unless deriving fails first
          encodings.push({ path: entry.path, encoding });
        }
        if (counts.files % 100 === 0) onFiles?.(counts.files);
        if (counts.files === pauseFiles) await pauseAt(`files:${counts.files}`);
      }
      for (const { path: relative, encoding } of encodings) {
        const { bytes, pieces, encoder } = await encoding;
        index.pieces.set(relative, { pieces, encoder });
        writeFile(relative, bytes);
      }
      onFiles?.(counts.files);
    },
  };
}

/**
 * The three ways a file gets into a generation, each naming the file when it fails (Node names
 * none for a failed write: ENOSPC, EIO). A build holds a few files per pair (seeds are packed), so
 * they are written one after another on this thread.
 */
function placer(generationDir: string, previousDir: string | null) {
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
