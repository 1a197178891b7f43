// The fingerprint of everything a build is made from: every file of the dataset folder (items,
// guides, captures) byte for byte, and every file of the code that checks, derives and documents
// it (generator/, edge/, explorer/, the lockfile for the dependencies, and package.json and .nvmrc
// for the Node versions serve.mjs names), as written: an edit to a comment makes the shortcut below
// miss once, which costs a normal rebuild, never a wrong one (hashing bundles as dataset_version
// does would cost more than it saves here). A rebuild whose fingerprint equals the serving
// generation's (recorded in its index) has nothing to do and skips even the check: those same
// bytes were checked, with the same rules, when that generation was built. Any other rebuild
// checks and builds as usual.

import { createHash, type Hash } from "node:crypto";
import { fileURLToPath } from "node:url";
import { readlink } from "node:fs/promises";
import path from "node:path";
import { append } from "../append.ts";
import { entriesUnder } from "./walk.ts";
import { GENERATION_PREFIX, readManifest } from "./build-folder.ts";
import { indexFileOf, readGenerationIndex } from "../../contract/file-index.ts";
import type { Manifest } from "../../contract/manifest.ts";
import { existsSync } from "node:fs";
import { DEFAULT_LIMITS } from "../load/limits.ts";
import { hashRegularFile, readRegularFile, type FileRead } from "../load/regular-file.ts";
import type { FileMemory } from "../load/file-memory.ts";

/** Larger than any file the check reads with its default limits. */
const LARGEST_READ = Math.max(...Object.values(DEFAULT_LIMITS.maxBytes));

const REPOSITORY = fileURLToPath(new URL("../../", import.meta.url));
const CODE_FOLDERS = ["contract", "generator", "edge", "explorer"];
// package.json and .nvmrc: serve.mjs carries the Node versions they name (server-bundle.ts).
const CODE_FILES = ["package-lock.json", "package.json", ".nvmrc"];
/** Not code: the explorer's bundle output and installed packages (the lockfile stands for those). */
const NOT_CODE = (name: string) => name.startsWith("explorer/out/") || name.split("/").includes("node_modules");

export interface SourceFingerprint {
  /** Of the code and the dataset: what the serving generation's index records. */
  source: string;
  /** Of the code alone (it keys the check cache, validate/cache.ts). */
  code: string;
  /**
   * The regular files of the dataset folder that the check reads (item files, guide files and the
   * captures guides name) as they were read and hashed, by path relative to it ('/'-separated): the
   * check loads these bytes rather than reading the files again, so it checks exactly the bytes this
   * fingerprint names (read once, hashed once).
   */
  datasetFiles: ReadonlyMap<string, { bytes: Uint8Array; sha256: string }>;
}

/** Item and guide files: the entries of items/ and guides/ the check reads. */
const READ_BY_CHECK = /^(?:items|guides)\/[^./][^/]*\.json$/;

/**
 * The source fingerprint with its parts: the code's, and each dataset file's. With `memory` (a long-running
 * caller's, generator/load/file-memory.ts), a file unchanged since an earlier build is not read and hashed
 * again; the fingerprint is the same either way. `repository` holds the code (this checkout unless named).
 */
export async function sourceFingerprints(datasetDir: string, memory?: FileMemory, repository = REPOSITORY): Promise<SourceFingerprint> {
  const code = await codeFingerprint(memory, repository);
  const names = (await namesUnder(datasetDir, ".")).sort();
  // Each dataset file is hashed on its own and the fingerprint is made of those hashes, so that
  // the check can reuse them (a guide's hash keys its check outcome, validate/cache.ts). Only the
  // bytes of files the check reads are kept; any other file (the folder of images a browser's "save
  // page, complete" leaves beside a capture) is hashed in chunks and let go, so memory does not
  // grow with what the check never reads.
  const datasetFiles = new Map<string, { bytes: Uint8Array; sha256: string }>();
  const lines = new Map<string, string>();
  const keep = (file: string) => {
    const read = remembered(memory, path.join(datasetDir, file), () => {
      const bytes = readRegularFile(path.join(datasetDir, file), LARGEST_READ);
      return bytes.ok ? { bytes: bytes.bytes, sha256: sha256Of(bytes.bytes) } : bytes;
    });
    if ("ok" in read) return lines.set(file, textLine(file, notReadText(read)));
    datasetFiles.set(file, read);
    lines.set(file, fileLine(file, read.bytes.byteLength, read.sha256));
  };
  for (const file of names) if (READ_BY_CHECK.test(file)) keep(file);
  const captures = capturesNamed(datasetFiles, memory);
  for (const file of names) {
    if (lines.has(file)) continue;
    if (file.endsWith(LINK)) {
      lines.set(file, textLine(file, await linkText(datasetDir, file)));
    } else if (captures.has(file)) {
      keep(file);
    } else {
      const digest = remembered(memory, path.join(datasetDir, file), () => hashRegularFile(path.join(datasetDir, file), LARGEST_READ));
      lines.set(file, digest.ok ? fileLine(file, digest.size, digest.sha256) : textLine(file, notReadText(digest)));
    }
  }
  const hash = createHash("sha256");
  hash.update(`code ${code}\n`);
  for (const file of names) hash.update(lines.get(file)!);
  return { source: hash.digest("hex").slice(0, 32), code, datasetFiles };
}

/** `read()`, through the memory when there is one; a value that is no regular file's read is never remembered. */
function remembered<T extends object>(memory: FileMemory | undefined, location: string, read: () => T): T {
  if (memory === undefined) return read();
  let failed: T | null = null;
  const value = memory.read(location, () => {
    const result = read();
    if ("ok" in result && result.ok === false) {
      failed = result;
      return null;
    }
    return result;
  });
  return value ?? failed!;
}

function fileLine(file: string, size: number, sha256: string): string {
  return `file ${file} ${size} ${sha256}\n`;
}

const sha256Of = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** The line of a file whose bytes `text` stands for. */
const textLine = (file: string, text: Uint8Array) => fileLine(file, text.byteLength, sha256Of(text));

/** A FIFO, socket or device is never opened, nor a file larger than any the check reads: their kind or size stands for their bytes. */
const notReadText = (read: Exclude<FileRead, { ok: true }>) =>
  Buffer.from(`not read: ${"notRegular" in read ? read.notRegular : "tooLarge" in read ? `${read.tooLarge} bytes` : read.code}`);

/** How a link is listed (namesUnder): after its path, a name no file can have. */
const LINK = "\0link";

/** A link stands for where it points (it is never followed). */
const linkText = async (root: string, file: string) => Buffer.from(`link ${await readlink(path.join(root, file.slice(0, -LINK.length)))}`);

/**
 * "snapshots/<snapshot.path>" of every guide file that names one. Found without parsing whole guides
 * (tens of MB at the API's stated scale, on every build, even one with nothing to do): the snapshot
 * object holds no object, so the first `"snapshot": {...}` of a guide is it. A capture this misses is
 * only hashed here and read again by the check.
 */
function capturesNamed(files: ReadonlyMap<string, { bytes: Uint8Array; sha256: string }>, memory: FileMemory | undefined): Set<string> {
  const named = new Set<string>();
  for (const [file, { bytes, sha256 }] of files) {
    if (!file.startsWith("guides/")) continue;
    const snapshotPath = memory === undefined ? snapshotPathIn(bytes) : memory.derived("snapshot path", file, sha256, () => snapshotPathIn(bytes));
    if (snapshotPath !== null) named.add(snapshotPath);
  }
  return named;
}

/** "snapshots/<snapshot.path>" of a guide file's bytes, or null when they name none. */
function snapshotPathIn(bytes: Uint8Array): string | null {
  // latin1: one character per byte, so the match's offsets are the bytes' (the path may be UTF-8).
  const match = SNAPSHOT_OBJECT.exec(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1"));
  if (match === null) return null;
  const start = match.index + match[0].length - match[1]!.length;
  let snapshotPath: unknown;
  try {
    snapshotPath = (JSON.parse(Buffer.from(bytes.subarray(start, start + match[1]!.length)).toString("utf8")) as { path?: unknown }).path;
  } catch {
    // Not JSON: it names no capture (snapshotPath stays undefined).
  }
  return typeof snapshotPath === "string" ? path.posix.normalize(`snapshots/${snapshotPath}`) : null;
}

const SNAPSHOT_OBJECT = /"snapshot"\s*:\s*(\{[^{}]*\})/;

/**
 * The hash of the code files as written: contract/, generator/, edge/, explorer/ and the lockfile. With
 * `memory`, each file's bytes are remembered while it is unchanged (the hash is the same either way).
 * `repository` is the folder they are in: this checkout unless named.
 */
export async function codeFingerprint(memory?: FileMemory, repository = REPOSITORY): Promise<string> {
  const hash = createHash("sha256");
  const code = [...CODE_FILES];
  for (const folder of CODE_FOLDERS) append(code, (await namesUnder(repository, folder)).filter((name) => !NOT_CODE(name)));
  await hashFiles(hash, repository, code, memory);
  return hash.digest("hex").slice(0, 32);
}

/** Paths relative to `root` (slash-separated) of the files and links under `root/folder`, links not followed. */
async function namesUnder(root: string, folder: string): Promise<string[]> {
  const start = path.join(root, folder);
  const names: string[] = [];
  try {
    for (const entry of await entriesUnder(start)) {
      const name = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
      names.push(entry.isSymbolicLink() ? `${name}${LINK}` : name);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  return names;
}

async function hashFiles(hash: Hash, root: string, names: string[], memory?: FileMemory): Promise<void> {
  await readFiles(root, names, memory, (file, bytes) => {
    hash.update(`file ${file} ${bytes.byteLength}\n`);
    hash.update(bytes);
  });
}

/** Calls `each` with every file's bytes, in name order. */
async function readFiles(root: string, names: string[], memory: FileMemory | undefined, each: (file: string, bytes: Uint8Array) => void): Promise<void> {
  // A link is read as where it points (check refuses links in the dataset, so a link never becomes
  // a build). A FIFO, socket or device is never opened (reading a FIFO waits for a writer, for
  // ever); nor is a file larger than any the check reads: their kind or size stands for their
  // bytes, and the check refuses them by name.
  for (const file of names.sort()) {
    if (file.endsWith(LINK)) {
      each(file, await linkText(root, file));
      continue;
    }
    const read = remembered(memory, path.join(root, file), () => readRegularFile(path.join(root, file), LARGEST_READ));
    if (read.ok) each(file, read.bytes);
    else each(file, notReadText(read));
  }
}

/** The serving build's manifest when it was built from exactly this source, else null. */
export async function servingBuiltFrom(outDir: string, source: string): Promise<Manifest | null> {
  const serving = await readManifest(outDir);
  if (serving === null || !serving.generation.startsWith(GENERATION_PREFIX) || !existsSync(path.join(outDir, serving.generation))) return null;
  const index = readGenerationIndex(path.join(outDir, indexFileOf(serving.generation)));
  return index?.source === source ? serving : null;
}
