import { append } from "../append.ts";
import { createHash } from "node:crypto";
import type { Checked, Dataset, Problem } from "../dataset.ts";
import { DEFAULT_LIMITS, type DatasetLimits } from "../load/limits.ts";
import { readDatasetDir } from "../load/read-dataset.ts";
import { snapshotPathOf } from "../load/snapshot-path.ts";
import type { RawDataset, RawGuideFile } from "../load/raw-dataset.ts";
import type { Guide } from "../../contract/schema/guide.ts";
import type { ItemFile } from "../../contract/schema/item.ts";
import type { Capture } from "../capture/capture.ts";
import type { CheckCache, CheckCacheEntry } from "./cache.ts";
import { inFile, type Finding } from "./finding.ts";
import { checkGuideFile, crossFileFindings, guideFileProblems, ruledGuide, type GuideFileCheck } from "./guide-file.ts";
import type { GuideContext } from "./rules/context.ts";
import { itemFileNameIsSlug } from "./rules/file-names.ts";
import { itemPairsAreUnique, marketNamesAreDistinct, paintIndexesAreUnique, slugIsAliasOfMarketName } from "./rules/items.ts";
import { itemShape } from "./shape.ts";
import { byCodeUnits } from "../../contract/code-units.ts";

/** Load a dataset folder and check it: what `npm run build`, `npm run check` and the benchmarks call. */
export async function loadDataset(dir: string, limits: DatasetLimits = DEFAULT_LIMITS): Promise<Checked<Dataset>> {
  return checkDataset(await readDatasetDir(dir, limits));
}

// Item files are checked whole on every check: a few hundred files of under 1 kB cost a few
// milliseconds, so keeping their outcomes would save nothing worth the code.
const ITEM_RULES: ((item: ItemFile) => Finding[])[] = [slugIsAliasOfMarketName, paintIndexesAreUnique];

/**
 * The pure core of checking: raw files in, a typed dataset or every problem out. No I/O. Items come out
 * sorted by slug and guides by platform_id (code-unit order); problems by file, then in the order found.
 */
export function checkDataset(raw: RawDataset): Checked<Dataset> {
  return checkDatasetReusing(raw, null).checked;
}

/**
 * The same check, taking each guide file's own outcome from `cache` when the file's bytes and its
 * capture's are those it was made from (guide-file.ts says what that covers), and returning the
 * outcomes of this check's files for the next one. The cross-file rules run on the whole dataset every
 * time. `cache` must have been made under the same check code and limits (cache.ts keys it so); the
 * result is the same as checkDataset's, problem for problem and value for value.
 */
export function checkDatasetReusing(raw: RawDataset, cache: CheckCache | null): { checked: Checked<Dataset>; cache: CheckCache | null; reused: number } {
  const problems: Problem[] = [...raw.problems];

  const items: { file: string; item: ItemFile }[] = [];
  const uncheckedSlugs = new Set<string>();
  for (const file of raw.items) {
    append(problems, file.problems);
    const shape = file.parsed === null ? null : itemShape(file.parsed.json);
    if (shape === null || !shape.ok) {
      if (shape !== null) append(problems, inFile(file.file, shape.findings));
      uncheckedSlugs.add(file.name);
      continue;
    }
    const item = shape.value;
    append(problems, inFile(file.file, [...itemFileNameIsSlug(item, file.name), ...ITEM_RULES.flatMap((rule) => rule(item))]));
    items.push({ file: file.file, item });
  }
  items.sort((a, b) => byCodeUnits(a.item.slug, b.item.slug));
  append(problems, itemPairsAreUnique(items));
  append(problems, marketNamesAreDistinct(items));

  const context: GuideContext = { items: new Map(items.map(({ item }) => [item.slug, item])), uncheckedSlugs };
  const captures = new Map<string, Capture>();
  const captureKeys = new WeakMap<Uint8Array, string>();
  // A prepared capture (its text, elements and quote index) is several times its bytes: it is kept
  // while a guide still to be checked names it, not for the whole check.
  const usesLeft = new Map<string, number>();
  for (const file of raw.guides) {
    const path = snapshotPathOf(file.parsed?.json);
    if (path !== undefined) usesLeft.set(path, (usesLeft.get(path) ?? 0) + 1);
  }
  const entries = new Map<string, CheckCacheEntry>();
  const guides: Guide[] = [];
  let reused = 0;
  for (const file of raw.guides) {
    const capture = cache === null ? "" : captureKey(file, captureKeys);
    const cached = cache?.entries.get(file.file);
    let check: GuideFileCheck;
    if (cached !== undefined && file.sha256 !== undefined && cached.sha256 === file.sha256 && cached.capture === capture && (file.parsed !== null || (!cached.check.shapeOk && !cached.check.standIns))) {
      check = cached.check;
      reused++;
    } else {
      check = checkGuideFile(file, captures);
    }
    const path = snapshotPathOf(file.parsed?.json);
    if (path !== undefined) {
      const left = usesLeft.get(path)! - 1;
      usesLeft.set(path, left);
      if (left === 0) captures.delete(path);
    }
    if (cache !== null && file.sha256 !== undefined) {
      entries.set(file.file, { sha256: file.sha256, capture, clean: file.problems.length === 0 && file.parsed !== null, check });
    }
    const guide = check.shapeOk ? (file.parsed!.json as Guide) : null;
    const ruled = file.parsed === null ? null : ruledGuide(check, file.parsed.json);
    append(problems, guideFileProblems(file.file, check, ruled === null ? [] : crossFileFindings(ruled, context)));
    if (guide !== null) guides.push(guide);
  }
  guides.sort((a, b) => byCodeUnits(a.platform_id, b.platform_id));

  const next = cache === null ? null : { key: cache.key, entries };
  if (problems.length > 0) return { checked: { ok: false, problems: sortProblems(problems) }, cache: next, reused };
  return { checked: { ok: true, value: { items: items.map(({ item }) => item), guides } }, cache: next, reused };
}

/** What a guide file's own outcome depends on besides its bytes: the capture it names, as loading found it. */
function captureKey(file: RawGuideFile, keys: WeakMap<Uint8Array, string>): string {
  if (file.capture === null) return "none";
  if (!file.capture.ok) return `problems ${JSON.stringify(file.capture.problems)}`;
  const bytes = file.capture.value;
  let key = keys.get(bytes);
  if (key === undefined) {
    key = `sha256 ${file.captureSha256 ?? createHash("sha256").update(bytes).digest("hex")}`;
    keys.set(bytes, key);
  }
  return key;
}


/** By file; within a file, in the order found (Array.prototype.sort is stable). */
function sortProblems(problems: Problem[]): Problem[] {
  return problems.sort((a, b) => byCodeUnits(a.file, b.file));
}
