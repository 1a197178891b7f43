// Reading a build on disk as the changes between builds see it (compare.ts): its guide files and
// `/resolve` answers, fingerprinted from the generation's index when it has one, and how many of
// its response files differ from another build's. Only the I/O half; the comparison is pure.

import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { parseManifest } from "../../contract/manifest.ts";
import { fileFor } from "../../contract/routes.ts";
import { MANIFEST_FILE, type Manifest } from "../../contract/manifest.ts";
import type { Guide } from "../../contract/schema/guide.ts";
import type { Item, MetaResponse, ResolveResponse } from "../../contract/schema/responses.ts";
import { indexFileOf, readGenerationIndex, type GenerationIndex } from "../../contract/file-index.ts";
import { fingerprint } from "../fingerprint.ts";
import { entriesOf } from "../../contract/pack.ts";
import type { BuildSnapshot, ResponseCounts } from "./compare.ts";

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

const GUIDE_FILE = /^v1\/guides\/([0-9]+)\.json$/;
const RESOLVE_FILE = /^v1\/resolve\/([a-z0-9-]+)\.json$/;

export function snapshotOf(build: GenerationOnDisk): BuildSnapshot {
  const root = path.join(build.outDir, build.generation);
  const read = (relative: string) => readFileSync(path.join(root, relative));
  const listed = (folder: string) =>
    build.index !== null ? [...build.index.files.keys()] : safeList(path.join(root, folder)).map((name) => `${folder}/${name}`);
  const printOf = (relative: string) => build.index?.files.get(relative) ?? fingerprint(relative, read(relative));
  const guides = new Map<string, { print: string; read(): Guide }>();
  for (const relative of listed("v1/guides")) {
    const id = GUIDE_FILE.exec(relative)?.[1];
    if (id !== undefined) guides.set(id, { print: printOf(relative), read: () => JSON.parse(read(relative).toString("utf8")) as Guide });
  }
  const slugs = new Map<string, { print: string; read(): Item[] }>();
  for (const relative of listed("v1/resolve")) {
    const slug = RESOLVE_FILE.exec(relative)?.[1];
    if (slug !== undefined) slugs.set(slug, { print: printOf(relative), read: () => (JSON.parse(read(relative).toString("utf8")) as ResolveResponse).items });
  }
  return { datasetVersion: build.datasetVersion, guides, slugs };
}

/**
 * Responses under `v1/` whose bytes differ between two builds: a file is one response, a pack one
 * per entry. A pack whose fingerprint is the same in both is equal as a whole and not read.
 */
export function countResponseChanges(a: GenerationOnDisk, b: GenerationOnDisk): ResponseCounts {
  const [before, after] = [printsOf(a), printsOf(b)];
  const counts: ResponseCounts = { changed: 0, added: 0, removed: 0 };
  for (const [relative, print] of after) {
    const old = before.get(relative);
    if (old === print) continue;
    if (!relative.endsWith(PACK_SUFFIX)) {
      if (old === undefined) counts.added++;
      else counts.changed++;
      continue;
    }
    const entriesAfter = packEntries(b, relative) ?? [];
    // A pack of the earlier build that cannot be read (damaged by hand): each of its entries counts as changed.
    const entriesBefore = old === undefined ? [] : (packEntries(a, relative) ?? entriesAfter.map(() => null));
    entriesAfter.forEach((entry, at) => {
      const was = entriesBefore[at];
      if (was === undefined) counts.added++;
      else if (was === null || !Buffer.from(was).equals(entry)) counts.changed++;
    });
    counts.removed += Math.max(0, entriesBefore.length - entriesAfter.length);
  }
  for (const relative of before.keys()) {
    if (after.has(relative)) continue;
    counts.removed += relative.endsWith(PACK_SUFFIX) ? (packEntries(a, relative)?.length ?? 1) : 1;
  }
  return counts;
}

const PACK_SUFFIX = ".pack";

/** The entries of a pack of a build, or null when it cannot be read as one. */
function packEntries(build: GenerationOnDisk, relative: string): Uint8Array[] | null {
  try {
    return entriesOf(readFileSync(path.join(build.outDir, build.generation, relative)));
  } catch {
    return null;
  }
}

/** Fingerprints of a generation's response files. */
function printsOf(build: GenerationOnDisk): Map<string, string> {
  const prints = new Map<string, string>();
  if (build.index === null) walk(path.join(build.outDir, build.generation), "", prints);
  else for (const [relative, print] of build.index.files) prints.set(relative, print);
  for (const relative of prints.keys()) if (!relative.startsWith("v1/")) prints.delete(relative);
  return prints;
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
