// The Node asset source: files of a build, read from the dist folder and never from outside it.
// Paths come from `fileFor` (contract/routes.ts), which only ever builds them from checked values; the check
// here is the second wall, so that no bug upstream can turn a request into a read elsewhere.
//
// Speed: a response file is a few KiB and, on a server, in the page cache. Reading it
// synchronously (open, read, close) costs a few microseconds, less than a single hop through
// libuv's thread pool, and the asynchronous path makes four; measured here, it is the
// difference between about 14k and 21k requests/s for a bare node:http file server. Files
// larger than the scratch buffer (the dump) are read asynchronously.

import { closeSync, constants, fstatSync, openSync, readFile, readSync } from "node:fs";
import { resolve, sep } from "node:path";
import type { AssetSlice, AssetSource } from "../../core.ts";

/** Errors that mean "no such file" rather than "the disk failed". */
const MISSING = new Set(["ENOENT", "ENOTDIR", "EISDIR", "ENAMETOOLONG"]);
const SCRATCH_BYTES = 256 * 1024;
/** Never blocking: something other than a file in a file's place (a FIFO) must fail its check, not stop the server. */
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK;

/** Whether `path` is a plain relative path: forward slashes, no empty, "." or ".." segment, no NUL or backslash. */
export function isPlainRelativePath(path: string): boolean {
  if (path === "" || path.includes("\\") || path.includes("\0")) return false;
  for (const segment of path.split("/")) {
    if (segment === "" || segment === "." || segment === "..") return false;
  }
  return true;
}

/** The absolute file a relative build path names, or null when it would not stay inside `root`. */
function inside(root: string, path: string): string | null {
  if (!isPlainRelativePath(path)) return null;
  const file = resolve(root, path);
  return file.startsWith(root + sep) ? file : null;
}

/** A build's files under `distDir`; the core checks each against its index before serving it. */
export function createFileAssetSource(distDir: string): AssetSource {
  return readFiles(distDir);
}

function readFiles(distDir: string): AssetSource {
  const root = resolve(distDir);
  // One buffer per source, reused: a file is copied out of it before anything else can run.
  const scratch = Buffer.allocUnsafe(SCRATCH_BYTES);
  return async (path) => {
    const file = inside(root, path);
    if (file === null) return null;
    let descriptor: number;
    try {
      descriptor = openSync(file, OPEN_FLAGS);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    let filled = 0;
    try {
      while (filled < SCRATCH_BYTES) {
        const wanted = SCRATCH_BYTES - filled;
        const read = readSync(descriptor, scratch, filled, wanted, filled);
        filled += read;
        // A short read of a regular file is its end: one read per response file, not a second
        // one to see 0 bytes (system calls are most of the cost here).
        if (read < wanted) break;
      }
    } catch (error) {
      if (isMissing(error)) return null; // EISDIR: a folder is not a response file
      throw error;
    } finally {
      closeSync(descriptor);
    }
    return filled < SCRATCH_BYTES ? new Uint8Array(scratch.subarray(0, filled)) : readLarge(file);
  };
}

/**
 * Bytes [start, end) of a file (one packed response and its pack's directory): one positioned read,
 * synchronous for the reason above. A range past the file's end comes back short, which the core
 * reports as damage.
 */
export function createFileSlicer(distDir: string): AssetSlice {
  const root = resolve(distDir);
  return async (path, start, end) => {
    const file = inside(root, path);
    if (file === null) return null;
    let descriptor: number;
    try {
      descriptor = openSync(file, OPEN_FLAGS);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const size = fstatSync(descriptor).size;
      // The range comes from the file's own directory: never allocate past the file's end for it.
      if (end > size) return { bytes: new Uint8Array(0), size };
      const bytes = Buffer.allocUnsafe(end - start);
      let filled = 0;
      while (filled < bytes.length) {
        const read = readSync(descriptor, bytes, filled, bytes.length - filled, start + filled);
        if (read === 0) break;
        filled += read;
      }
      return { bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, filled), size };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    } finally {
      closeSync(descriptor);
    }
  };
}

function readLarge(file: string): Promise<Uint8Array | null> {
  return new Promise((resolveBytes, reject) => {
    readFile(file, (error, bytes) => {
      if (error === null) resolveBytes(bytes);
      else if (isMissing(error)) resolveBytes(null);
      else reject(error);
    });
  });
}

function isMissing(error: unknown): boolean {
  return MISSING.has((error as NodeJS.ErrnoException | null)?.code ?? "");
}
