// The check cache: each guide file's own outcome (guide-file.ts), kept so that a check of a dataset
// where one guide changed redoes the work of that guide only. Checking a guide is a pure function
// of its bytes, the bytes of its capture (or the problems met reading it), the limits and the check
// code; an entry is used only when every one of those is what it was made from:
//   - the cache as a whole carries a key, the hash of the code (codeHash: the build passes the code
//     part of its source fingerprint, every file of contract/, generator/, edge/ and explorer/ as written, which
//     holds the check and what it imports, and the lockfile for the packages), of the limits and of the Node.js
//     version. A cache made under another key is dropped whole;
//   - each entry, one per guide file present, carries the sha256 of the file's bytes and of its
//     capture's, and is used only when both match the bytes just read.
// What reads other files (the items a guide names, pairs unique across items) is never cached.
//
// The build keeps the cache in its output folder as CHECK_CACHE_FILE, written under a temporary name
// and renamed into place, so a reader finds a whole file or the one before. A file that cannot be
// read, does not parse, or has another format or key is an empty cache: the worst a damaged or
// foreign cache file costs is a full check. The server never reads it, pruning never touches it.

import { createHash } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { Checked, Dataset } from "../dataset.ts";
import { CHECK_CACHE_FILE } from "../emit/build-folder.ts";
import { temporaryPathOf } from "../emit/prune.ts";
import type { DatasetLimits } from "../load/limits.ts";
import { readDatasetDir, type ReadingOptions } from "../load/read-dataset.ts";
import type { GuideFileCheck } from "./guide-file.ts";
import { checkDatasetReusing } from "./index.ts";
import { byCodeUnits } from "../../contract/code-units.ts";

export { CHECK_CACHE_FILE };
const FORMAT = "pattern-seed-guides check cache 1";

export interface CheckCacheEntry {
  /** The sha256 of the guide file's bytes. */
  sha256: string;
  /** The guide's capture: `sha256 <hex>` of its bytes, the problems met reading it, or `none`. */
  capture: string;
  /** Whether reading the file's bytes met no problem (they can be read again with JSON.parse alone). */
  clean: boolean;
  check: GuideFileCheck;
}

export interface CheckCache {
  key: string;
  /** By guide file (`guides/<platform_id>.json`). */
  entries: ReadonlyMap<string, CheckCacheEntry>;
}

/**
 * The key of every cache made by this check code under these limits, on this Node.js: its Unicode
 * tables (what `\s` and `\p{…}` match in the check's patterns) come with its version.
 */
export function checkCacheKey(codeHash: string, limits: DatasetLimits): string {
  const runtime = `node ${process.versions.node} unicode ${process.versions.unicode ?? "?"}`;
  return createHash("sha256").update(`${FORMAT}\ncode ${codeHash}\nlimits ${JSON.stringify(limits)}\n${runtime}\n`).digest("hex").slice(0, 32);
}

export function emptyCheckCache(key: string): CheckCache {
  return { key, entries: new Map() };
}

/**
 * Loads and checks a dataset folder reusing `cache` (which is taken as empty when made under another
 * key); returns the outcome, equal to loadDataset's, and the cache for the next check, holding
 * entries for the guide files of this one only.
 */
export async function loadDatasetReusing(
  dir: string,
  limits: DatasetLimits,
  key: string,
  cache: CheckCache | null,
  /** Files just hashed by the caller (the build's source fingerprint), whose hashes loading may take. */
  known?: ReadingOptions["known"],
  /** A long-running caller's memory of files parsed before (generator/load/file-memory.ts). */
  memory?: ReadingOptions["memory"],
): Promise<{ checked: Checked<Dataset>; cache: CheckCache; /** Guide files whose own outcome came from the cache. */ reused: number }> {
  const usable = cache !== null && cache.key === key ? cache : emptyCheckCache(key);
  const clean = new Map<string, string>();
  for (const [file, entry] of usable.entries) if (entry.clean) clean.set(file, entry.sha256);
  const options: ReadingOptions = { digests: true, clean };
  if (known !== undefined) options.known = known;
  if (memory !== undefined) options.memory = memory;
  const raw = await readDatasetDir(dir, limits, options);
  const result = checkDatasetReusing(raw, usable);
  return { checked: result.checked, cache: result.cache!, reused: result.reused };
}

const findingSchema = z.object({ path: z.string(), message: z.string(), expected: z.string().optional() });
const problemSchema = findingSchema.extend({ file: z.string() });
const entrySchema = z.object({
  sha256: z.string(),
  capture: z.string(),
  clean: z.boolean(),
  check: z.object({
    loading: z.array(problemSchema),
    findings: z.array(findingSchema),
    crossFileAt: z.number().int().min(0),
    placeholders: z.array(findingSchema),
    shapeOk: z.boolean(),
    standIns: z.boolean(),
  }),
});
const cacheFileSchema = z.object({ format: z.literal(FORMAT), key: z.string(), entries: z.array(z.tuple([z.string(), entrySchema])) });

/** The cache as a file's text: plain JSON, entries in file order. */
export function serializeCheckCache(cache: CheckCache): string {
  const entries = [...cache.entries].sort(([a], [b]) => byCodeUnits(a, b));
  return `${JSON.stringify({ format: FORMAT, key: cache.key, entries })}\n`;
}

/** A cache file's text back, or null when it is not a whole cache file of this format. */
export function parseCheckCache(text: string): CheckCache | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  if (!cacheFileSchema.safeParse(json).success) return null;
  // The JSON as written, not zod's copy of it: the findings keep their key order.
  const { key, entries } = json as { key: string; entries: [string, CheckCacheEntry][] };
  if (entries.some(([, entry]) => entry.check.crossFileAt > entry.check.findings.length)) return null;
  return { key, entries: new Map(entries) };
}

/** The cache kept in a build folder, or null when there is none to use. */
export async function readCheckCache(outDir: string): Promise<CheckCache | null> {
  try {
    return parseCheckCache(await fs.readFile(path.join(outDir, CHECK_CACHE_FILE), "utf8"));
  } catch {
    return null;
  }
}

/**
 * Writes the cache into a build folder: to a temporary name (one that a build removes as a leftover),
 * then renamed into place. A cache is an aid, never needed: a failure to write it is not an error of
 * the build and leaves no temporary.
 */
export async function writeCheckCache(outDir: string, cache: CheckCache): Promise<boolean> {
  const target = path.join(outDir, CHECK_CACHE_FILE);
  const temporary = temporaryPathOf(target);
  try {
    await fs.writeFile(temporary, serializeCheckCache(cache));
    await fs.rename(temporary, target);
    return true;
  } catch {
    await fs.rm(temporary, { force: true }).catch(() => undefined);
    return false;
  }
}
