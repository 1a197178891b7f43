import { readFile, realpath, stat } from "node:fs/promises";
import path from "node:path";
import fg from "fast-glob";
import type { Checked, Problem } from "../dataset.ts";
import { fileStem, readJsonBytes } from "./json-file.ts";
import type { RawDataset, RawGuideFile, RawJsonFile } from "./raw-dataset.ts";
import { captureLocation, isInside } from "./snapshot-path.ts";

// Loading: the only stage of checking that touches the disk. Every problem is collected and returned;
// nothing a maintainer can get wrong in the dataset folder throws.

const FOLDERS = {
  items: "one <slug>.json per item",
  guides: "one <platform_id>.json per guide",
} as const;

export async function readDatasetDir(dir: string): Promise<RawDataset> {
  const root = path.resolve(dir);
  if (!(await isDirectory(root))) {
    return { items: [], guides: [], problems: [{ file: ".", path: "$", message: `dataset folder ${dir} not found`, expected: "a folder holding items/, guides/ and snapshots/" }] };
  }
  const problems: Problem[] = [];
  const captures = captureReader(path.join(root, "snapshots"));
  // Each guide's capture is read as soon as the guide is parsed, so parsing one overlaps reading another.
  const [items, guides] = await Promise.all([
    readJsonFolder(root, "items", problems, async (file) => file),
    readJsonFolder(root, "guides", problems, async (file): Promise<RawGuideFile> => ({ ...file, capture: await captures(file) })),
  ]);
  return { items, guides, problems };
}

async function readJsonFolder<T>(root: string, folder: keyof typeof FOLDERS, problems: Problem[], then: (file: RawJsonFile) => Promise<T>): Promise<T[]> {
  const expected = `${folder}/ with ${FOLDERS[folder]}`;
  if (!(await isDirectory(path.join(root, folder)))) {
    problems.push({ file: `${folder}/`, path: "$", message: "folder is missing", expected });
    return [];
  }
  const names = (await fg("*", { cwd: path.join(root, folder), onlyFiles: true, dot: false })).sort();
  const jsonNames = names.filter((name) => name.endsWith(".json"));
  for (const name of names.filter((name) => !name.endsWith(".json"))) {
    problems.push({ file: `${folder}/${name}`, path: "$", message: "not a .json file, so not read", expected: `only .json files in ${folder}/` });
  }
  if (jsonNames.length === 0) problems.push({ file: `${folder}/`, path: "$", message: "no .json files", expected });
  return Promise.all(
    jsonNames.map(async (name) => {
      const file = `${folder}/${name}`;
      let bytes: Uint8Array;
      try {
        bytes = await readFile(path.join(root, folder, name));
      } catch (error) {
        return then({ file, name: fileStem(file), parsed: null, problems: [{ file, path: "$", message: `cannot be read (${errorCode(error)})` }] });
      }
      return then(readJsonBytes(file, bytes));
    }),
  );
}

/** Reads each capture once, however many guides name it. */
function captureReader(snapshotsDir: string): (guide: RawJsonFile) => Promise<Checked<Uint8Array> | null> {
  const reads = new Map<string, Promise<Checked<Uint8Array>>>();
  // The folder's own real location, for the symbolic-link check: resolved once, when a capture is first read.
  let realFolder: Promise<string> | undefined;
  const snapshotsFolder = () => (realFolder ??= realpath(snapshotsDir));
  return async (guide) => {
    const snapshotPath = snapshotPathOf(guide.parsed?.json);
    if (snapshotPath === undefined) return null;
    let read = reads.get(snapshotPath);
    if (read === undefined) {
      read = readCapture(snapshotsDir, snapshotsFolder, snapshotPath);
      reads.set(snapshotPath, read);
    }
    const result = await read;
    // The same capture problem belongs to every guide that names the capture.
    return result.ok ? result : { ok: false, problems: result.problems.map((problem) => ({ ...problem, file: guide.file })) };
  };
}

async function readCapture(snapshotsDir: string, realFolderOf: () => Promise<string>, snapshotPath: string): Promise<Checked<Uint8Array>> {
  const fail = (message: string, expected: string): Checked<Uint8Array> => ({
    ok: false,
    problems: [{ file: "", path: "$.snapshot.path", message, expected }],
  });
  const location = captureLocation(snapshotsDir, snapshotPath);
  if (location === null) return fail(`${JSON.stringify(snapshotPath)} points outside snapshots/`, "a path relative to dataset/snapshots/, inside it");
  const shown = `snapshots/${snapshotPath}`;
  try {
    // A symbolic link may not lead out of the snapshots folder either.
    const [real, realFolder] = await Promise.all([realpath(location), realFolderOf()]);
    if (!isInside(realFolder, real)) return fail(`${shown} links to a file outside snapshots/`, "a capture file kept inside dataset/snapshots/");
    return { ok: true, value: await readFile(real) };
  } catch (error) {
    const code = errorCode(error);
    if (code === "ENOENT") return fail(`capture ${shown} not found`, "the path of a capture file, relative to dataset/snapshots/");
    if (code === "EISDIR") return fail(`capture ${shown} is a folder`, "the path of a capture file, relative to dataset/snapshots/");
    return fail(`capture ${shown} cannot be read (${code})`, "a readable capture file");
  }
}

function snapshotPathOf(json: unknown): string | undefined {
  if (json === null || typeof json !== "object") return undefined;
  const snapshot = (json as { snapshot?: unknown }).snapshot;
  if (snapshot === null || typeof snapshot !== "object") return undefined;
  const snapshotPath = (snapshot as { path?: unknown }).path;
  return typeof snapshotPath === "string" ? snapshotPath : undefined;
}

async function isDirectory(location: string): Promise<boolean> {
  try {
    return (await stat(location)).isDirectory();
  } catch {
    return false;
  }
}

function errorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : String((error as Error | null)?.message ?? error);
}
