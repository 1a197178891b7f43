import type { Checked, Dataset, Problem } from "../dataset.ts";
import { DEFAULT_LIMITS, type DatasetLimits } from "../load/limits.ts";
import { readDatasetDir } from "../load/read-dataset.ts";
import type { RawDataset, RawGuideFile } from "../load/raw-dataset.ts";
import type { Guide } from "../schema/guide.ts";
import type { ItemFile } from "../schema/item.ts";
import { prepareCapture, type Capture } from "./capture.ts";
import { inFile, type Finding } from "./finding.ts";
import type { GuideContext } from "./rules/context.ts";
import { discrepancyPlacesExist, duplicateSeedPlacesAreExact, duplicateSeedsAreRecorded } from "./rules/discrepancies.ts";
import { guideFileNameIsPlatformId, itemFileNameIsSlug } from "./rules/file-names.ts";
import { equivalenceIsSymmetric, rankScopeNeedsRank } from "./rules/gradings.ts";
import { gradingLevelsExist, imageOnlyLevelsHaveNoGradings, levelKeysAreUnique, systemIdsAreUnique } from "./rules/guide-structure.ts";
import { imagesOccurInCapture } from "./rules/images.ts";
import { systemItemsAreKnown } from "./rules/item-references.ts";
import { itemPairsAreUnique, paintIndexesAreUnique, slugIsAliasOfMarketName } from "./rules/items.ts";
import { placeholdersAreDecided } from "./rules/placeholders.ts";
import { positionsCountFromZero } from "./rules/positions.ts";
import { quotesComeFromTheGuide } from "./rules/quote-regions.ts";
import { quotesOccurInCapture } from "./rules/quotes.ts";
import { seedsOccurInTheirQuotes, sharedQuotesKeepTheirOrder } from "./rules/seeds-in-quotes.ts";
import { snapshotMatchesCapture } from "./rules/snapshot.ts";
import { systemReferencesExist } from "./rules/system-references.ts";
import { unassignedReviewCountsTheNumbers } from "./rules/unassigned-review.ts";
import { guideShape, itemShape } from "./shape.ts";

/** Load a dataset folder and check it: what `npm run build`, `npm run check` and the benchmarks call. */
export async function loadDataset(dir: string, limits: DatasetLimits = DEFAULT_LIMITS): Promise<Checked<Dataset>> {
  return checkDataset(await readDatasetDir(dir, limits));
}

const ITEM_RULES: ((item: ItemFile) => Finding[])[] = [slugIsAliasOfMarketName, paintIndexesAreUnique];

const GUIDE_RULES: ((guide: Guide, context: GuideContext) => Finding[])[] = [
  systemIdsAreUnique,
  levelKeysAreUnique,
  gradingLevelsExist,
  imageOnlyLevelsHaveNoGradings,
  positionsCountFromZero,
  equivalenceIsSymmetric,
  rankScopeNeedsRank,
  systemItemsAreKnown,
  systemReferencesExist,
  discrepancyPlacesExist,
  duplicateSeedsAreRecorded,
  duplicateSeedPlacesAreExact,
];

/**
 * The pure core of checking: raw files in, a typed dataset or every problem out. No I/O. Items come out
 * sorted by slug and guides by platform_id (code-unit order); problems by file, then in the order found.
 */
export function checkDataset(raw: RawDataset): Checked<Dataset> {
  const problems: Problem[] = [...raw.problems];

  const items: { file: string; item: ItemFile }[] = [];
  const uncheckedSlugs = new Set<string>();
  for (const file of raw.items) {
    problems.push(...file.problems);
    const shape = file.parsed === null ? null : itemShape(file.parsed.json);
    if (shape === null || !shape.ok) {
      if (shape !== null) problems.push(...inFile(file.file, shape.findings));
      uncheckedSlugs.add(file.name);
      continue;
    }
    const item = shape.value;
    problems.push(...inFile(file.file, [...itemFileNameIsSlug(item, file.name), ...ITEM_RULES.flatMap((rule) => rule(item))]));
    items.push({ file: file.file, item });
  }
  items.sort((a, b) => compare(a.item.slug, b.item.slug));
  problems.push(...itemPairsAreUnique(items));

  const context: GuideContext = { items: new Map(items.map(({ item }) => [item.slug, item])), uncheckedSlugs };
  const captures = new Map<string, Capture>();
  const guides: Guide[] = [];
  for (const file of raw.guides) {
    problems.push(...file.problems);
    const shape = file.parsed === null ? null : guideShape(file.parsed.json);
    const findings = shape === null || shape.ok ? [] : [...shape.findings];
    // A snapshot path of the wrong shape is one mistake, already reported; its capture is not looked at.
    const badPath = findings.some((found) => found.path === "$.snapshot.path");
    if (file.capture !== null && !file.capture.ok && !badPath) problems.push(...file.capture.problems);
    if (shape !== null && shape.ok) {
      const guide = shape.value;
      findings.push(...guideFileNameIsPlatformId(guide, file.name), ...GUIDE_RULES.flatMap((rule) => rule(guide, context)));
      guides.push(guide);
    }
    // The capture's hash and every quote are checked even when the guide has shape mistakes elsewhere:
    // each quote stands alone, and quotes are most of a transcription's work.
    if (file.parsed !== null && !badPath) findings.push(...captureFindings(file.parsed.json, shape?.ok ? shape.value : null, file, captures));
    problems.push(...inFile(file.file, file.parsed === null ? findings : placeholdersAreDecided(file.parsed.json, findings)));
  }
  guides.sort((a, b) => compare(a.platform_id, b.platform_id));

  if (problems.length > 0) return { ok: false, problems: sortProblems(problems) };
  return { ok: true, value: { items: items.map(({ item }) => item), guides } };
}

function captureFindings(document: unknown, guide: Guide | null, file: RawGuideFile, captures: Map<string, Capture>): Finding[] {
  // A capture that could not be read was reported with the guide's loading problems.
  if (file.capture === null || !file.capture.ok) return [];
  const snapshot = (document as { snapshot: { path: string; sha256?: unknown } }).snapshot;
  let capture = captures.get(snapshot.path);
  if (capture === undefined) {
    capture = prepareCapture(snapshot.path, file.capture.value);
    captures.set(snapshot.path, capture);
  }
  // A sha256 of the wrong shape is reported by shape validation.
  const sha256 = typeof snapshot.sha256 === "string" && /^[0-9a-f]{64}$/.test(snapshot.sha256) ? snapshot.sha256 : capture.sha256;
  const findings = snapshotMatchesCapture({ sha256 }, capture);
  if (!("problem" in capture.readable)) {
    findings.push(...quotesOccurInCapture(document, capture.readable, capture.shownPath));
    findings.push(...imagesOccurInCapture(document, capture.readable, capture.shownPath));
    findings.push(...quotesComeFromTheGuide(document, capture.readable, capture.shownPath));
    if (guide !== null) findings.push(...unassignedReviewCountsTheNumbers(guide, capture.readable));
  }
  return findings;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** By file; within a file, in the order found (Array.prototype.sort is stable). */
function sortProblems(problems: Problem[]): Problem[] {
  return problems.sort((a, b) => compare(a.file, b.file));
}
