import type { Problem } from "../../generator/dataset.ts";
import { DEFAULT_LIMITS, type DatasetLimits } from "../../generator/load/limits.ts";
import { readDatasetDir } from "../../generator/load/read-dataset.ts";
import { placeholderSites } from "../../generator/validate/placeholder.ts";
import { emptyCheckCache, type CheckCache } from "../../generator/validate/cache.ts";
import { prepareCapture } from "../../generator/capture/capture.ts";
import { checkDatasetReusing } from "../../generator/validate/index.ts";
import { itemShape } from "../../generator/validate/shape.ts";
import type { ItemFile } from "../../contract/schema/item.ts";
import type { WorkbenchBase } from "../workbench/base.ts";
import { guideOutline } from "./outline.ts";
import type { ReviewInput } from "./view.ts";

// The review page's one read of the disk: the dataset folder as it is now, read and checked exactly as
// `npm run check` does, on every request, so the page shows the last save. Each guide's own check is kept
// while its bytes and its capture's stay the same (validate/cache.ts), so a request after a save re-checks
// the saved guide alone.

export interface GuideListing {
  platformId: string;
  title: string | null;
  problems: number;
  placeholders: number;
}

export interface ReviewReader {
  /** What the page of one guide is made from, or null when the dataset has no such guide file. */
  guide(platformId: string): Promise<ReviewInput | null>;
  /** The same, as the workbench edits it: with the file's sha256 and the dataset's items. */
  base(platformId: string): Promise<WorkbenchBase | null>;
  /** Every guide file of the dataset, by platform_id. */
  index(): Promise<GuideListing[]>;
}

/** The cache is kept in memory for this process only: its key need not name the code, which cannot change under it. */
const CACHE_KEY = "review page";

export function createReviewReader(datasetDir: string, limits: DatasetLimits = DEFAULT_LIMITS): ReviewReader {
  let cache: CheckCache = emptyCheckCache(CACHE_KEY);
  const read = async () => {
    const clean = new Map<string, string>();
    for (const [file, entry] of cache.entries) if (entry.clean) clean.set(file, entry.sha256);
    const raw = await readDatasetDir(datasetDir, limits, { digests: true, clean });
    const result = checkDatasetReusing(raw, cache);
    if (result.cache !== null) cache = result.cache;
    const problems = result.checked.ok ? [] : result.checked.problems;
    return { raw, problemsOf: (file: string): Problem[] => problems.filter((problem) => problem.file === file) };
  };
  const base = async (platformId: string): Promise<WorkbenchBase | null> => {
    // Only a platform_id of the format's shape names a file; the path is then found among those read.
    if (!/^[0-9]+$/.test(platformId)) return null;
    const { raw, problemsOf } = await read();
    const file = raw.guides.find((candidate) => candidate.name === platformId);
    if (file === undefined) return null;
    const snapshotPath = guideOutline(file.parsed?.json ?? null).snapshotPath;
    const capture = snapshotPath !== null && file.capture !== null && file.capture.ok ? prepareCapture(snapshotPath, file.capture.value) : null;
    const items = new Map<string, ItemFile>();
    const uncheckedSlugs = new Set<string>();
    for (const item of raw.items) {
      const shape = item.parsed === null ? null : itemShape(item.parsed.json);
      if (shape !== null && shape.ok) items.set(shape.value.slug, shape.value);
      else uncheckedSlugs.add(item.name);
    }
    return { platformId, file: file.file, sha256: file.sha256 ?? null, raw: file, capture, problems: problemsOf(file.file), items, uncheckedSlugs };
  };
  return {
    base,
    async guide(platformId) {
      const read = await base(platformId);
      if (read === null) return null;
      return { platformId, file: read.file, document: read.raw.parsed?.json ?? null, capture: read.capture, problems: read.problems };
    },
    async index() {
      const { raw, problemsOf } = await read();
      return raw.guides
        .map((file) => {
          const document = file.parsed?.json ?? null;
          const placeholders = document === null ? [] : placeholderSites(document);
          // Check reports a placeholder as a problem at its path: counted once, as a placeholder.
          const placeholderPaths = new Set(placeholders.map((site) => site.path));
          return {
            platformId: file.name,
            title: guideOutline(document).title,
            problems: problemsOf(file.file).filter((problem) => !placeholderPaths.has(problem.path)).length,
            placeholders: placeholders.length,
          };
        })
        .sort((a, b) => (a.platformId < b.platformId ? -1 : a.platformId > b.platformId ? 1 : 0));
    },
  };
}
