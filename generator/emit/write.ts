// Writing a generation's files: each one either written, or hard-linked from the serving generation
// when its bytes are the same (by the serving index's fingerprint, or by reading it back), or, for
// a unit reuse.ts found unchanged, linked without deriving a byte.
//
// A generation that already exists (the serving one, checked by verify, or an earlier one of the
// same version, kept because a server may still read it) is brought up to date in place instead: a
// file that differs is written or linked under a temporary name and renamed over whatever stands in
// its place, so that a reader finds the old file or the new one, never none and never half of one.
// What stands there is looked at without following links or opening it: opening a FIFO would block.

import { closeSync, constants, copyFileSync, fstatSync, linkSync, lstatSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, type Stats } from "node:fs";
import path from "node:path";
import type { GenerationIndex } from "../../contract/file-index.ts";
import { sizeOfFingerprint } from "../../contract/fingerprint.ts";
import { bytesOf, encodeGzipInBackground } from "../derive/index.ts";
import type { PieceEncoding } from "../derive/gzip-pieces.ts";
import { fingerprint } from "../fingerprint.ts";
import { pauseAt, pauseFileCount } from "./pause-point.ts";
import { removeByRenameSync, temporaryPathOf } from "./prune.ts";
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
  /**
   * In a generation brought up to date in place, the files that could not be put in place, each
   * error naming its file; the others are written meanwhile. Elsewhere the first failure is thrown.
   */
  readonly failures: string[];
  /** Writes every entry; gzip files are encoded on zlib's threads meanwhile and written once the others are. */
  writeEntries(entries: Iterable<EmitEntry>, onFiles?: (files: number) => void): Promise<void>;
}

export interface WriterOptions {
  generationDir: string;
  /** The serving generation, to link files from: null when there is none, or when it is this very one (verify). */
  previous: { dir: string; index: GenerationIndex | null } | null;
  /**
   * What the generation already holds, when it is brought up to date in place (null: a new, empty
   * folder). Its index null means "read the files to know".
   */
  existing: { index: GenerationIndex | null } | null;
  index: GenerationIndex;
}

export function createGenerationWriter(options: WriterOptions): GenerationWriter {
  const { previous, index } = options;
  const { counts, failures, writeFile, linkUnit } = generationFiles(options);
  const pauseFiles = pauseFileCount();
  return {
    index,
    counts,
    failures,
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
          const encoding = encodeGzipInBackground(entry.pieces, previousEncoding(previous, entry.path));
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
 * Puts files into the generation, one by one, counting them; in a generation brought up to date in
 * place, a file that cannot be put in place is recorded among the failures and the others go on.
 */
function generationFiles({ generationDir, previous, existing, index }: WriterOptions) {
  const counts: WriteCounts = { files: 0, bytes: 0, written: 0, reused: 0 };
  const failures: string[] = [];
  const place = placer(generationDir, previous?.dir ?? null, existing !== null);

  /** Runs one placement; in place, a failure is recorded (null) and the build goes on with the other files. */
  const attempt = <T>(placement: () => T): T | null => {
    if (existing === null) return placement();
    try {
      return placement();
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error));
      return null;
    }
  };

  const writeFile = (relative: string, bytes: Uint8Array) => {
    const print = fingerprint(relative, bytes);
    index.files.set(relative, print);
    counts.files++;
    counts.bytes += bytes.byteLength;
    // Whether its bytes were written (false: held already, or linked); null when it could not be placed.
    const written = attempt(() => {
      if (existing !== null && holds(existing, place.target(relative), relative, print, bytes)) return false;
      if (servingHolds(previous, relative, bytes, print)) {
        place.link(relative);
        return false;
      }
      place.write(relative, bytes);
      return true;
    });
    if (written === true) counts.written++;
    else if (written === false) counts.reused++;
  };

  const linkUnit = (entry: ReusedUnit) => {
    for (const [relative, print] of entry.files) {
      index.files.set(relative, print);
      const placed = attempt(() => {
        if (existing === null || !holds(existing, place.target(relative), relative, print)) place.link(relative);
        return true;
      });
      if (placed) counts.reused++;
    }
    index.inputs.set(entry.key, entry.record);
    counts.files += entry.record.files;
    counts.bytes += entry.record.bytes;
  };

  return { counts, failures, writeFile, linkUnit };
}

/** Whether the serving generation holds these very bytes: by its index's fingerprint, or by reading its file. */
function servingHolds(previous: WriterOptions["previous"], relative: string, bytes: Uint8Array, print: string): boolean {
  if (previous === null) return false;
  if (previous.index) return previous.index.files.get(relative) === print;
  return readRegularFile(path.join(previous.dir, relative))?.equals(bytes) ?? false;
}

/**
 * Whether the generation being brought up to date already holds the file at `file` (`bytes` when
 * known, else its fingerprint): by its index and the file's size, or by reading it back.
 */
function holds(existing: { index: GenerationIndex | null }, file: string, relative: string, print: string, bytes?: Uint8Array): boolean {
  if (existing.index !== null) {
    const standing = lstatOrNull(file);
    return standing !== null && standing.isFile() && existing.index.files.get(relative) === print && standing.size === sizeOfFingerprint(print);
  }
  const onDisk = readRegularFile(file);
  return onDisk !== null && (bytes === undefined ? fingerprint(relative, onDisk) === print : onDisk.equals(bytes));
}

/** The serving generation's encoding of a gzip file, when its index says how and the file is intact. */
function previousEncoding(previous: WriterOptions["previous"], relative: string): PieceEncoding | null {
  const encoded = previous?.index?.pieces.get(relative);
  if (encoded === undefined) return null;
  const bytes = readRegularFile(path.join(previous!.dir, relative));
  return bytes !== null && fingerprint(relative, bytes) === previous!.index!.files.get(relative) ? { bytes, pieces: encoded.pieces, encoder: encoded.encoder } : null;
}

/**
 * The ways a file gets into a generation, each naming the file when it fails (Node names none for
 * a failed write: ENOSPC, EIO). A build holds a few files per pair (seeds are packed), so they are
 * written one after another on this thread.
 */
function placer(generationDir: string, previousDir: string | null, inPlace: boolean) {
  const folder = folderMaker(generationDir, inPlace);
  const target = (relative: string) => {
    const file = path.join(generationDir, relative);
    naming(file, () => folder(path.dirname(file)));
    return file;
  };
  return {
    /** The file's path, its folders made (in place: every level a real folder). */
    target,
    write(relative: string, bytes: Uint8Array) {
      const file = target(relative);
      naming(file, () => (inPlace ? replace(file, (temporary) => writeFileSync(temporary, bytes)) : writeFileSync(file, bytes)));
    },
    link(relative: string) {
      const file = target(relative);
      const from = path.join(previousDir!, relative);
      naming(file, () => (inPlace ? replace(file, (temporary) => linkOrCopy(from, temporary)) : linkOrCopy(from, file)));
    },
  };
}

/** Makes a folder of the generation and the folders above it, once each. */
function folderMaker(generationDir: string, inPlace: boolean): (dir: string) => void {
  const folders = new Set<string>([generationDir]);
  const folder = (dir: string) => {
    if (folders.has(dir)) return;
    if (!inPlace) {
      mkdirSync(dir, { recursive: true });
    } else {
      // Each level is looked at: a link in a folder's place would lead the writes out of the generation.
      folder(path.dirname(dir));
      const standing = lstatOrNull(dir);
      if (standing === null || !standing.isDirectory()) {
        // A file, link or FIFO where the build has a folder: removed whole by one unlink.
        if (standing !== null) rmSync(dir);
        mkdirSync(dir);
      }
    }
    folders.add(dir);
  };
  return folder;
}

/** Runs an operation on `file`, naming the file in its error. */
function naming(file: string, operation: () => void): void {
  try {
    operation();
  } catch (error) {
    throw namingFile(error, file);
  }
}

/** The serving generation's file `from`, hard-linked (copied where the file system has no hard links). */
function linkOrCopy(from: string, destination: string): void {
  try {
    linkSync(from, destination);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "EXDEV" && code !== "EPERM" && code !== "ENOTSUP" && code !== "EMLINK") throw error;
    copyFileSync(from, destination);
  }
}

/** Filled under a temporary name, then renamed over whatever stands in the file's place. */
function replace(file: string, fill: (temporary: string) => void): void {
  const temporary = temporaryPathOf(file);
  try {
    fill(temporary);
    // A rename cannot put a file over a folder: the folder goes to trash first (prune.ts).
    if (lstatOrNull(file)?.isDirectory()) removeByRenameSync(file);
    renameSync(temporary, file);
  } finally {
    // Left after a failure, or when the file already was this very inode: a rename between two
    // links of one file does nothing.
    try {
      rmSync(temporary);
    } catch {
      // Gone (renamed into place), or not a file (a folder someone made under this name): a stray
      // for the next check in place.
    }
  }
}

function lstatOrNull(file: string): Stats | null {
  try {
    return lstatSync(file);
  } catch {
    return null;
  }
}

/**
 * A regular file's bytes, or null when it is missing, unreadable or anything else: a link is not
 * followed, and a FIFO is opened without waiting for a writer, then refused.
 */
function readRegularFile(file: string): Buffer | null {
  let descriptor: number;
  try {
    descriptor = openSync(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    return fstatSync(descriptor).isFile() ? readFileSync(descriptor) : null;
  } catch {
    return null;
  } finally {
    closeSync(descriptor);
  }
}
