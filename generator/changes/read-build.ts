// Reading a build on disk as the changes between builds see it (compare.ts): its guide files and
// `/resolve` answers, fingerprinted from the generation's index when it has one, and how many of
// its response files differ from another build's. Only the I/O half; the comparison is pure. Files
// are named only by `fileFor` (contract/routes.ts): this module knows no file name of its own.

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseManifest } from "../../contract/manifest.ts";
import { CHANGES_FILE } from "../../contract/changes.ts";
import { fileFor, type Route } from "../../contract/routes.ts";
import { SERVING_INDEX_FILE } from "../../contract/serving-index.ts";
import { MANIFEST_FILE, type Manifest } from "../../contract/manifest.ts";
import type { Guide } from "../../contract/schema/guide.ts";
import type { Item, MetaResponse, ResolveResponse } from "../../contract/schema/responses.ts";
import { indexFileOf, readGenerationIndex, type GenerationIndex } from "../../contract/file-index.ts";
import { fingerprint } from "../fingerprint.ts";
import { entriesOf } from "../../contract/pack.ts";
import { chunkFileOf, chunkOfFile, packChunksOf } from "../../contract/pack-chunks.ts";
import type { BuildSnapshot, ResponseCounts } from "./compare.ts";
import type { Change } from "./response-runs.ts";

const META_FILE = fileFor({ name: "meta" }, { topics: [] });

/** One generation of a build folder. */
export interface GenerationOnDisk {
  /** The build folder. */
  outDir: string;
  generation: string;
  datasetVersion: string;
  /** Null when the generation has no readable index: then its files are read. */
  index: GenerationIndex | null;
}

export type Opened = { ok: true; build: GenerationOnDisk } | { ok: false; message: string };

/**
 * A build named on the command line: a build folder (its serving generation, per manifest.json)
 * or one of its generation folders (`dist/g-...`).
 */
export function openBuild(target: string): Opened {
  const resolved = path.resolve(target);
  if (!existsSync(resolved)) return { ok: false, message: `${target} does not exist` };
  let outDir = resolved;
  let generation: string;
  const manifest = readManifestSync(resolved);
  if (manifest !== null) {
    generation = manifest.generation;
  } else if (existsSync(path.join(resolved, META_FILE))) {
    outDir = path.dirname(resolved);
    generation = path.basename(resolved);
  } else {
    return { ok: false, message: `${target} is neither a build folder (no manifest.json) nor a generation folder (no ${META_FILE})` };
  }
  const metaPath = path.join(outDir, generation, META_FILE);
  let meta: MetaResponse;
  try {
    meta = JSON.parse(readFileSync(metaPath, "utf8")) as MetaResponse;
  } catch (error) {
    return { ok: false, message: `${metaPath} cannot be read: ${(error as Error).message}` };
  }
  return { ok: true, build: { outDir, generation, datasetVersion: meta.dataset_version, index: readGenerationIndex(path.join(outDir, indexFileOf(generation))) } };
}

/**
 * Reads back the one value of a route's file name: `fileFor` of the route with a mark where the
 * value goes gives what comes before and after it. Null for a file of another shape.
 */
function fileValue(route: (value: string) => Route): (relative: string) => string | null {
  const MARK = "\u0000";
  const [before, after] = fileFor(route(MARK), { topics: [] }).split(MARK) as [string, string];
  return (relative) => {
    if (!relative.startsWith(before) || !relative.endsWith(after) || relative.length <= before.length + after.length) return null;
    const value = relative.slice(before.length, relative.length - after.length);
    return value.includes("/") ? null : value;
  };
}

const guideIdOf = fileValue((platformId) => ({ name: "guide", platformId, system: null }));
const aliasKeyOf = fileValue((aliasKey) => ({ name: "resolve", aliasKey, by: "slug" }));

export function snapshotOf(build: GenerationOnDisk): BuildSnapshot {
  const root = path.join(build.outDir, build.generation);
  const read = (relative: string) => readFileSync(path.join(root, relative));
  const files = build.index !== null ? [...build.index.files.keys()] : listed(root);
  const printOf = (relative: string) => build.index?.files.get(relative) ?? fingerprint(relative, read(relative));
  const guides = new Map<string, { print: string; read(): Guide }>();
  const slugs = new Map<string, { print: string; read(): Item[] }>();
  for (const relative of files) {
    const id = guideIdOf(relative);
    if (id !== null) guides.set(id, { print: printOf(relative), read: () => JSON.parse(read(relative).toString("utf8")) as Guide });
    const slug = aliasKeyOf(relative);
    if (slug !== null) slugs.set(slug, { print: printOf(relative), read: () => (JSON.parse(read(relative).toString("utf8")) as ResolveResponse).items });
  }
  return { datasetVersion: build.datasetVersion, guides, slugs };
}

/** One response of a build: a file, or an entry of a pack (`entry`, its index). */
export interface ResponseRef {
  file: string;
  entry: number | null;
}

/**
 * Responses whose bytes differ between two builds: a file is one response, a pack one per entry. A
 * pack whose chunks have the same fingerprints in both is equal as a whole and not read; of a pack
 * that differs, a chunk starting at the same entry with the same fingerprint in both holds the same
 * entries and is skipped, and the other chunks are read and compared entry by entry. Each response
 * is handed to `visit` in file order, a pack's entries in entry order (a removed one is of the
 * earlier build).
 */
export function eachResponseChange(a: GenerationOnDisk, b: GenerationOnDisk, visit: (change: Change, response: ResponseRef) => void): void {
  const [before, after] = [responseFilesOf(printsOf(a)), responseFilesOf(printsOf(b))];
  for (const [file, { print, chunks }] of after) {
    const old = before.get(file);
    if (old?.print === print) continue;
    if (chunks === null) visit(old === undefined ? "added" : "changed", { file, entry: null });
    else packChanges(a, b, file, old, chunks, visit);
  }
  for (const [file, { chunks }] of before) {
    if (after.has(file)) continue;
    const entries = chunks === null ? null : packEntries(a, file, [...chunks.keys()]);
    if (entries === null) visit("removed", { file, entry: null });
    else entries.forEach((_, at) => visit("removed", { file, entry: at }));
  }
}

/** The changed, added and removed entries of a pack present in the later build (`old`: the earlier build's, if any). */
function packChanges(a: GenerationOnDisk, b: GenerationOnDisk, file: string, old: ResponseFile | undefined, chunks: ReadonlyMap<number, string>, visit: (change: Change, response: ResponseRef) => void): void {
  const oldChunks = old?.chunks ?? new Map<number, string>();
  // A chunk starting at the same entry with the same fingerprint holds the same entries in both builds.
  const kept = (first: number, print: string) => oldChunks.get(first) === print && chunks.get(first) === print;
  const entriesAfter = chunkEntries(b, file, [...chunks].filter(([first, print]) => !kept(first, print)).map(([first]) => first)) ?? new Map<number, Uint8Array>();
  const readBefore = [...oldChunks].filter(([first, print]) => !kept(first, print)).map(([first]) => first);
  // A pack of the earlier build that cannot be read (damaged by hand): each entry read of the later one counts as changed.
  const entriesBefore: Map<number, Uint8Array | null> = chunkEntries(a, file, readBefore) ?? new Map([...entriesAfter.keys()].map((at) => [at, null]));
  // An entry read on one side alone lies past the other side's end: a kept chunk covers the same entries on both.
  // So the entries read of the later build, then those of the earlier past its end, are in ascending order.
  const indexes = new Set([...entriesAfter.keys(), ...entriesBefore.keys()]);
  for (const at of indexes) {
    const [was, entry] = [entriesBefore.get(at), entriesAfter.get(at)];
    if (entry === undefined) visit("removed", { file, entry: at });
    else if (was === undefined) visit("added", { file, entry: at });
    else if (was === null || !Buffer.from(was).equals(entry)) visit("changed", { file, entry: at });
  }
}

/** How many responses differ between two builds (eachResponseChange). */
export function countResponseChanges(a: GenerationOnDisk, b: GenerationOnDisk): ResponseCounts {
  const counts: ResponseCounts = { changed: 0, added: 0, removed: 0 };
  eachResponseChange(a, b, (change) => counts[change]++);
  return counts;
}

/** A response file, or a pack with the fingerprint of each of its chunks by first entry, ascending; `print` stands for all its bytes. */
interface ResponseFile {
  print: string;
  chunks: Map<number, string> | null;
}

/** A generation's files as responses are stored: each plain file, and each pack once for all its chunks. */
function responseFilesOf(prints: ReadonlyMap<string, string>): Map<string, ResponseFile> {
  const files = new Map<string, ResponseFile>();
  const packs = packChunksOf(prints.keys());
  // In the files' order, a pack where its first listed chunk is.
  for (const [file, print] of prints) {
    const pack = chunkOfFile(file)?.pack;
    if (pack === undefined) files.set(file, { print, chunks: null });
    else if (!files.has(pack)) {
      const chunks = new Map(packs.get(pack)!.map((first) => [first, prints.get(chunkFileOf(pack, first))!]));
      files.set(pack, { print: JSON.stringify([...chunks]), chunks });
    }
  }
  return files;
}

/** The entries of a pack of a build, its chunks' in order, or null when one cannot be read as a pack. */
function packEntries(build: GenerationOnDisk, pack: string, chunks: readonly number[]): Uint8Array[] | null {
  try {
    return chunks.flatMap((first) => entriesOf(readFileSync(path.join(build.outDir, build.generation, chunkFileOf(pack, first)))));
  } catch {
    return null;
  }
}

/** The entries of some chunks of a pack of a build, by their index in the pack, or null when one cannot be read as a pack. */
function chunkEntries(build: GenerationOnDisk, pack: string, chunks: readonly number[]): Map<number, Uint8Array> | null {
  const entries = new Map<number, Uint8Array>();
  try {
    for (const first of chunks) {
      entriesOf(readFileSync(path.join(build.outDir, build.generation, chunkFileOf(pack, first)))).forEach((entry, at) => entries.set(first + at, entry));
    }
  } catch {
    return null;
  }
  return entries;
}

/** The files of a generation that are not responses: its changelog and its serving index. */
const NOT_RESPONSES = new Set([CHANGES_FILE, SERVING_INDEX_FILE]);

/** Fingerprints of a generation's response files. */
function printsOf(build: GenerationOnDisk): Map<string, string> {
  const prints = new Map<string, string>();
  if (build.index === null) walk(path.join(build.outDir, build.generation), "", prints);
  else for (const [relative, print] of build.index.files) prints.set(relative, print);
  for (const relative of NOT_RESPONSES) prints.delete(relative);
  return prints;
}

/** Every file under a generation folder, by path relative to it, without reading any. */
function listed(dir: string, prefix = ""): string[] {
  return safeList(dir).flatMap((name) => {
    const relative = prefix === "" ? name : `${prefix}/${name}`;
    return statSync(path.join(dir, name)).isDirectory() ? listed(path.join(dir, name), relative) : [relative];
  });
}

function walk(dir: string, prefix: string, prints: Map<string, string>): void {
  for (const name of safeList(dir)) {
    const full = path.join(dir, name);
    const relative = prefix === "" ? name : `${prefix}/${name}`;
    if (statSync(full).isDirectory()) walk(full, relative, prints);
    else prints.set(relative, fingerprint(relative, readFileSync(full)));
  }
}

function safeList(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch {
    return [];
  }
}

function readManifestSync(outDir: string): Manifest | null {
  try {
    const parsed = parseManifest(readFileSync(path.join(outDir, MANIFEST_FILE)));
    return parsed.ok ? parsed.manifest : null;
  } catch {
    return null;
  }
}
