// What `npm start` and `npm run serve` suggest trying: requests that answer from the build being
// served, read from its own files, since a fixed item of the shipped dataset is a 404 on any other.
// The pair is the one whose patterns file is the largest (the most graded seeds), its seed the one
// with the most verdicts. Only a hint printed once: a build it cannot read gives fewer examples,
// never an error.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseManifest } from "../../../contract/manifest.ts";
import { marketNameKey } from "../../../contract/market-name.ts";
import { MAX_SEED } from "../../../contract/parameters.ts";
import { BASE_PATH } from "../../../contract/paths.ts";
import { fileFor, parseRequest } from "../../../contract/routes.ts";
import { MANIFEST_FILE, type Manifest } from "../../../contract/manifest.ts";
import { parseServingIndex, SERVING_INDEX_FILE } from "../../../contract/serving-index.ts";

export interface ServedExamples {
  datasetVersion: string;
  /** A pair of the build and one of its seeds; null when no patterns file could be read. */
  item: { defIndex: number; paintIndex: number; seed: number } | null;
  /** A slug `/resolve` answers, and a market hash name that resolves through its alias key. */
  slug: string | null;
  marketHashName: string | null;
}

/** Examples from the build committed in `distDir`, or null when it holds none. */
export function servedExamples(distDir: string): ServedExamples | null {
  const manifest = readManifest(distDir);
  if (manifest === null) return null;
  const examples: ServedExamples = { datasetVersion: manifest.dataset_version, item: null, slug: null, marketHashName: null };
  const generationDir = join(distDir, manifest.generation);
  const index = attempt(() => parseServingIndex(readFileSync(join(generationDir, SERVING_INDEX_FILE))));
  if (index === null || typeof index === "string") return examples;
  const readJson = (file: string) => attempt(() => JSON.parse(readFileSync(join(generationDir, file), "utf8")) as unknown);

  const patternsFile = largestPatternsFile(index, manifest);
  const patterns = patternsFile === null ? null : (readJson(patternsFile) as PatternsShape | null);
  const item = patterns?.item;
  if (typeof item?.def_index !== "number" || typeof item.paint_index !== "number") return examples;
  examples.item = { defIndex: item.def_index, paintIndex: item.paint_index, seed: mostGradedSeed(patterns?.seeds) };

  const resolveFile = (aliasKey: string, by: "slug" | "market_hash_name" = "slug") => fileFor({ name: "resolve", aliasKey, by }, manifest);
  if (typeof item.slug !== "string" || !index.has(resolveFile(item.slug))) return examples;
  examples.slug = item.slug;
  const named = (readJson(resolveFile(item.slug)) as ResolveShape | null)?.items?.[0];
  if (typeof named?.weapon !== "string" || typeof named.finish !== "string") return examples;
  // A name as Steam writes it, wear and all: /resolve drops the decorations (contract/market-name.ts).
  const marketHashName = `${named.finish === "" ? named.weapon : `${named.weapon} | ${named.finish}`} (Minimal Wear)`;
  if (index.has(resolveFile(marketNameKey(marketHashName), "market_hash_name"))) examples.marketHashName = marketHashName;
  return examples;
}

interface PatternsShape {
  item?: { def_index?: unknown; paint_index?: unknown; slug?: unknown };
  seeds?: unknown;
}
interface ResolveShape {
  items?: { weapon?: unknown; finish?: unknown }[];
}

function readManifest(distDir: string): Manifest | null {
  const parsed = attempt(() => parseManifest(readFileSync(join(distDir, MANIFEST_FILE))));
  return parsed?.ok ? parsed.manifest : null;
}

/**
 * The patterns file the index names with the most bytes. A file is taken for a patterns file only
 * when `parseRequest` gives it back as one, so no file layout is written twice.
 */
function largestPatternsFile(index: ReadonlyMap<string, string>, manifest: Manifest): string | null {
  const prefix = `${BASE_PATH.slice(1)}/`;
  let largest: string | null = null;
  let largestBytes = -1;
  for (const [file, print] of index) {
    if (!file.startsWith(prefix) || !file.endsWith(".json")) continue;
    const parsed = parseRequest(`/${file.slice(prefix.length, -".json".length)}`, new URLSearchParams());
    if (!parsed.ok || parsed.route.name !== "patterns" || fileFor(parsed.route, manifest) !== file) continue;
    const bytes = Number(print.slice(0, print.indexOf(":")));
    if (bytes > largestBytes) [largest, largestBytes] = [file, bytes];
  }
  return largest;
}

/** The seed with the most verdicts (the smallest of a tie); 0 when none is graded, every seed being answered. */
function mostGradedSeed(seeds: unknown): number {
  let best = 0;
  let bestCount = 0;
  if (typeof seeds !== "object" || seeds === null) return best;
  for (const [key, verdicts] of Object.entries(seeds)) {
    const seed = Number(key);
    if (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED) continue;
    const count = Array.isArray(verdicts) ? verdicts.length : 0;
    if (count > bestCount || (count === bestCount && count > 0 && seed < best)) [best, bestCount] = [seed, count];
  }
  return best;
}

function attempt<T>(read: () => T): T | null {
  try {
    return read();
  } catch {
    return null;
  }
}
