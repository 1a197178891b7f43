import { createHash } from "node:crypto";
import type { Dirent } from "node:fs";
import { readdir, realpath, stat } from "node:fs/promises";
import path from "node:path";
import type { Checked, Problem } from "../dataset.ts";
import { fileStem, readCleanJsonBytes, readJsonBytes } from "./json-file.ts";
import { DEFAULT_LIMITS, LIMIT_OPTIONS, formatByteSize, type DatasetFolder, type DatasetLimits } from "./limits.ts";
import type { RawDataset, RawGuideFile, RawJsonFile } from "./raw-dataset.ts";
import { errorCode, readRegularFile, type FileRead } from "./regular-file.ts";
import { captureLocation, isInside, snapshotPathOf } from "./snapshot-path.ts";
import type { FileMemory } from "./file-memory.ts";
import { byCodeUnits } from "../../contract/code-units.ts";

// Loading: the only stage of checking that touches the disk. Every problem is collected and returned;
// nothing a maintainer can get wrong in the dataset folder throws, blocks or reads without bound.
//
// What is read: regular files. A symbolic link is followed only to a regular file inside the dataset
// folder (a capture's link: inside snapshots/), so a dataset cannot pull in a file from elsewhere on the
// machine; folders, FIFOs, sockets and devices are refused by name; every file has a size limit per folder.

const FOLDERS = {
  items: "one <slug>.json per item",
  guides: "one <platform_id>.json per guide",
} as const;

/** What a caller that keeps check outcomes (validate/cache.ts) asks of reading. */
export interface ReadingOptions {
  /** Give each JSON file read the sha256 of its bytes. */
  digests?: boolean;
  /**
   * Files (by dataset path) whose bytes, with this sha256, were read before without a problem: they
   * are parsed with JSON.parse alone, skipping the scans for duplicate keys and depth that found
   * nothing in those very bytes. The result is the same as a full read.
   */
  clean?: ReadonlyMap<string, string>;
  /**
   * Regular files read and hashed just before (by the build's source fingerprint, without following
   * links), by path relative to the dataset folder: their bytes and sha256 are taken from here rather
   * than read and hashed again, so the check sees the very bytes the fingerprint names. Every other
   * rule of reading still applies (what a folder entry is now, where a link leads, the size limits).
   */
  known?: ReadonlyMap<string, { bytes: Uint8Array; sha256: string }>;
  /** A long-running caller's memory (file-memory.ts): a file's bytes read before are not parsed again. Needs `digests`. */
  memory?: FileMemory;
}

export async function readDatasetDir(dir: string, limits: DatasetLimits = DEFAULT_LIMITS, options: ReadingOptions = {}): Promise<RawDataset> {
  const root = path.resolve(dir);
  if (!(await isDirectory(root))) {
    return { items: [], guides: [], problems: [{ file: ".", path: "$", message: `dataset folder ${dir} not found`, expected: "a folder holding items/, guides/ and snapshots/" }] };
  }
  const realRoot = await realpath(root);
  const reader = knownFileReader(realRoot, options.known);
  const captures = captureReader(path.join(root, "snapshots"), realRoot, limits, reader, options.digests === true);
  // Each folder's problems are kept apart so that they come out in the same order whichever folder is read first.
  const itemProblems: Problem[] = [];
  const guideProblems: Problem[] = [];
  // Each guide's capture is read as soon as the guide is parsed, so parsing one overlaps reading another.
  const [items, guides] = await Promise.all([
    readJsonFolder(root, realRoot, "items", limits, options, reader, itemProblems, async (file) => file),
    readJsonFolder(root, realRoot, "guides", limits, options, reader, guideProblems, async (file): Promise<RawGuideFile> => ({ ...file, ...(await captures(file)) })),
  ]);
  return { items, guides, problems: [...itemProblems, ...guideProblems] };
}

async function readJsonFolder<T>(
  root: string,
  realRoot: string,
  folder: keyof typeof FOLDERS,
  limits: DatasetLimits,
  options: ReadingOptions,
  reader: KnownFileReader,
  problems: Problem[],
  then: (file: RawJsonFile) => Promise<T>,
): Promise<T[]> {
  const expected = `${folder}/ with ${FOLDERS[folder]}`;
  if (!(await isDirectory(path.join(root, folder)))) {
    problems.push({ file: `${folder}/`, path: "$", message: "folder is missing", expected });
    return [];
  }
  if (!isInside(realRoot, await realpath(path.join(root, folder)))) {
    problems.push({ file: `${folder}/`, path: "$", message: "is a symbolic link to a folder outside the dataset folder", expected: `${folder}/ kept inside the dataset folder` });
    return [];
  }
  // Names starting with a dot (.gitkeep, .DS_Store) are not dataset files.
  const entries = (await readdir(path.join(root, folder), { withFileTypes: true })).filter((entry) => !entry.name.startsWith("."));
  entries.sort((a, b) => byCodeUnits(a.name, b.name));
  const located = await Promise.all(entries.map((entry) => locateEntry(root, realRoot, folder, entry)));
  const jsonFiles: { file: string; location: string }[] = [];
  for (const entry of located) {
    if ("problem" in entry) problems.push(entry.problem);
    else jsonFiles.push(entry);
  }
  if (jsonFiles.length === 0 && !entries.some((entry) => entry.name.endsWith(".json"))) problems.push({ file: `${folder}/`, path: "$", message: "no .json files", expected });
  return Promise.all(
    jsonFiles.map(async ({ file, location }) => {
      const read = await reader.read(location, limits.maxBytes[folder]);
      if (!read.ok) return then({ file, name: fileStem(file), parsed: null, problems: [readProblem(file, "$", folder, limits, read)] });
      if (options.digests !== true) return then(readJsonBytes(file, read.bytes, limits.maxDepth));
      const sha256 = reader.digestOf(read.bytes);
      const parse = () => (options.clean?.get(file) === sha256 ? readCleanJsonBytes(file, read.bytes, limits.maxDepth) : readJsonBytes(file, read.bytes, limits.maxDepth));
      // The same bytes parse to the same value: the one parsed before is taken, not a new one.
      const parsed = options.memory === undefined ? parse() : options.memory.derived(`json ${limits.maxDepth}`, file, sha256, parse);
      return then({ ...parsed, sha256 });
    }),
  );
}

/** Where a folder entry's bytes are, or why it is not read: only .json regular files (or links to one inside the dataset) are. */
async function locateEntry(root: string, realRoot: string, folder: DatasetFolder, entry: Dirent): Promise<{ file: string; location: string } | { problem: Problem }> {
  const file = `${folder}/${entry.name}`;
  const refuse = (message: string, expected: string) => ({ problem: { file, path: "$", message, expected } });
  const isJson = entry.name.endsWith(".json");
  const regular = `a regular file (${FOLDERS[folder as keyof typeof FOLDERS]})`;
  if (entry.isDirectory()) return refuse(isJson ? "is a folder, not a file" : "is a folder, so not read", regular);
  let location = path.join(root, folder, entry.name);
  if (entry.isSymbolicLink()) {
    try {
      location = await realpath(location);
    } catch (error) {
      return refuse(`is a symbolic link that leads nowhere (${errorCode(error)})`, regular);
    }
    if (!isInside(realRoot, location)) return refuse("is a symbolic link to a file outside the dataset folder", "a file kept inside the dataset folder");
    // The kind of what the link leads to is checked when it is read.
  } else if (!entry.isFile()) {
    return refuse(`is ${kindOfEntry(entry)}, not a regular file`, regular);
  }
  if (!isJson) return refuse("not a .json file, so not read", `only .json files in ${folder}/`);
  return { file, location };
}

function kindOfEntry(entry: Dirent): string {
  if (entry.isFIFO()) return "a FIFO (named pipe)";
  if (entry.isSocket()) return "a socket";
  if (entry.isCharacterDevice()) return "a character device";
  if (entry.isBlockDevice()) return "a block device";
  return "not a regular file";
}

/** The problem of a file that could not be read, in the words of `check`'s output. */
function readProblem(file: string, jsonPath: string, folder: DatasetFolder, limits: DatasetLimits, read: Exclude<FileRead, { ok: true }>): Problem {
  const shown = folder === "snapshots" ? `capture ${file}` : "file";
  if ("notRegular" in read) return { file, path: jsonPath, message: `${shown} is ${read.notRegular}, not a regular file`, expected: "a regular file" };
  if ("tooLarge" in read) {
    const limit = formatByteSize(limits.maxBytes[folder]);
    return {
      file,
      path: jsonPath,
      message: `${shown} is ${formatByteSize(read.tooLarge)}, over the limit of ${limit} for ${folder}/`,
      expected: `at most ${limit} (${LIMIT_OPTIONS[folder]} raises the limit)`,
    };
  }
  return { file, path: jsonPath, message: `${shown} cannot be read (${read.code})` };
}

/** Reads each capture once, however many guides name it (and hashes it once, when `digestOf` is given). */
function captureReader(
  snapshotsDir: string,
  realRoot: string,
  limits: DatasetLimits,
  reader: KnownFileReader,
  digests: boolean,
): (guide: RawJsonFile) => Promise<Pick<RawGuideFile, "capture" | "captureSha256">> {
  const reads = new Map<string, Promise<{ read: Checked<Uint8Array>; sha256?: string }>>();
  // The folder's own real location, for the symbolic-link check: resolved once, when a capture is first read.
  let realFolder: Promise<string> | undefined;
  const snapshotsFolder = () => (realFolder ??= realpath(snapshotsDir));
  return async (guide) => {
    const snapshotPath = snapshotPathOf(guide.parsed?.json);
    if (snapshotPath === undefined) return { capture: null };
    let reading = reads.get(snapshotPath);
    if (reading === undefined) {
      reading = readCapture(snapshotsDir, realRoot, snapshotsFolder, snapshotPath, limits, reader).then((read) =>
        read.ok && digests ? { read, sha256: reader.digestOf(read.value) } : { read },
      );
      reads.set(snapshotPath, reading);
    }
    const { read, sha256 } = await reading;
    // The same capture problem belongs to every guide that names the capture.
    if (!read.ok) return { capture: { ok: false, problems: read.problems.map((problem) => ({ ...problem, file: guide.file })) } };
    return sha256 === undefined ? { capture: read } : { capture: read, captureSha256: sha256 };
  };
}

async function readCapture(
  snapshotsDir: string,
  realRoot: string,
  realFolderOf: () => Promise<string>,
  snapshotPath: string,
  limits: DatasetLimits,
  reader: KnownFileReader,
): Promise<Checked<Uint8Array>> {
  const fail = (message: string, expected?: string): Checked<Uint8Array> => ({
    ok: false,
    problems: [expected === undefined ? { file: "", path: "$.snapshot.path", message } : { file: "", path: "$.snapshot.path", message, expected }],
  });
  const location = captureLocation(snapshotsDir, snapshotPath);
  if (location === null) return fail(`${JSON.stringify(snapshotPath)} points outside snapshots/`, "a path relative to dataset/snapshots/, inside it");
  const shown = `snapshots/${snapshotPath}`;
  let real: string;
  try {
    // A symbolic link may not lead out of the snapshots folder either.
    const [resolved, realFolder] = await Promise.all([realpath(location), realFolderOf()]);
    if (!isInside(realRoot, realFolder)) return fail("snapshots/ is a symbolic link to a folder outside the dataset folder", "snapshots/ kept inside the dataset folder");
    if (!isInside(realFolder, resolved)) return fail(`${shown} links to a file outside snapshots/`, "a capture file kept inside dataset/snapshots/");
    real = resolved;
  } catch (error) {
    const code = errorCode(error);
    if (code === "ENOENT") return fail(`capture ${shown} not found`, "the path of a capture file, relative to dataset/snapshots/");
    return fail(`capture ${shown} cannot be read (${code})`, "a readable capture file");
  }
  const read = await reader.read(real, limits.maxBytes.snapshots);
  if (read.ok) return { ok: true, value: read.bytes };
  if ("notRegular" in read && read.notRegular === "a folder") return fail(`capture ${shown} is a folder`, "the path of a capture file, relative to dataset/snapshots/");
  const { message, expected } = readProblem(shown, "$.snapshot.path", "snapshots", limits, read);
  return fail(message, expected ?? "a readable capture file");
}

interface KnownFileReader {
  /** readRegularFile, or the bytes the caller read just before from that very file. */
  read(location: string, maxBytes: number): Promise<FileRead>;
  /** The hex sha256 of bytes `read` gave (taken from the caller for its bytes). */
  digestOf(bytes: Uint8Array): string;
}

/**
 * Reads files, taking those the caller already read (ReadingOptions.known) from it. `location` is
 * always a real path (links resolved) inside the dataset folder, so the file it names is the one the
 * caller read at the same path relative to the folder.
 */
function knownFileReader(realRoot: string, known: ReadingOptions["known"]): KnownFileReader {
  const digests = new WeakMap<Uint8Array, string>();
  return {
    async read(location, maxBytes) {
      const file = known?.get(path.relative(realRoot, location).split(path.sep).join("/"));
      if (file === undefined) return readRegularFile(location, maxBytes);
      if (file.bytes.byteLength > maxBytes) return { ok: false, tooLarge: file.bytes.byteLength };
      digests.set(file.bytes, file.sha256);
      return { ok: true, bytes: file.bytes };
    },
    digestOf: (bytes) => digests.get(bytes) ?? createHash("sha256").update(bytes).digest("hex"),
  };
}


async function isDirectory(location: string): Promise<boolean> {
  try {
    return (await stat(location)).isDirectory();
  } catch {
    return false;
  }
}
