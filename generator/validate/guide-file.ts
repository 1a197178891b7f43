import { append } from "../append.ts";
import type { Problem } from "../dataset.ts";
import type { RawGuideFile } from "../load/raw-dataset.ts";
import type { Guide } from "../../contract/schema/guide.ts";
import { withStandIns } from "./placeholder.ts";
import { prepareCapture, type Capture } from "../capture/capture.ts";
import type { Finding } from "./finding.ts";
import type { GuideContext } from "./rules/context.ts";
import { discrepancyPlacesExist, duplicateSeedPlacesAreExact, duplicateSeedsAreRecorded } from "./rules/discrepancies.ts";
import { guideFileNameIsPlatformId } from "./rules/file-names.ts";
import { equivalenceIsSymmetric, rankScopeNeedsRank } from "./rules/gradings.ts";
import { gradingLevelsExist, imageOnlyLevelsHaveNoGradings, levelKeysAreUnique, systemIdsAreUnique } from "./rules/guide-structure.ts";
import { imagesOccurInCapture } from "./rules/images.ts";
import { multiPaintSystemsAreNarrowedOrQuoted, systemItemsAreKnown } from "./rules/item-references.ts";
import { placeholderFindings } from "./rules/placeholders.ts";
import { positionsCountFromZero } from "./rules/positions.ts";
import { seedsOccurInTheirQuotes, sharedQuotesKeepTheirOrder } from "./rules/seeds-in-quotes.ts";
import { quotesComeFromTheGuide } from "./rules/quote-regions.ts";
import { quotesOccurInCapture } from "./rules/quotes.ts";
import { snapshotMatchesCapture } from "./rules/snapshot.ts";
import { systemReferencesExist } from "./rules/system-references.ts";
import { unassignedReviewCountsTheNumbers } from "./rules/unassigned-review.ts";
import { guideShape } from "./shape.ts";

// Checking one guide file splits in two. What reads only the file and its capture (its shape, its own
// structure, its quotes against the capture) is a pure function of their bytes, so its outcome can be
// kept and reused while those bytes stay the same (cache.ts). What reads other files, the items a
// system names, runs on every check (index.ts). Its findings sit in the middle of the file's own,
// where they always have, so that a problem list reads the same however it was produced.

type GuideRule = (guide: Guide) => Finding[];

/** Rules reading the guide alone, in the order their findings are listed, before the item references. */
const OWN_RULES_BEFORE_ITEMS: GuideRule[] = [
  systemIdsAreUnique,
  levelKeysAreUnique,
  gradingLevelsExist,
  imageOnlyLevelsHaveNoGradings,
  positionsCountFromZero,
  equivalenceIsSymmetric,
  rankScopeNeedsRank,
];

/** The same, listed after the item references. */
const OWN_RULES_AFTER_ITEMS: GuideRule[] = [
  systemReferencesExist,
  discrepancyPlacesExist,
  duplicateSeedsAreRecorded,
  duplicateSeedPlacesAreExact,
  seedsOccurInTheirQuotes,
  sharedQuotesKeepTheirOrder,
];

/**
 * The guide rules that read other files: each system's `item` names a checked item file, and a system on an
 * item with several paints either narrows them or quotes the guide covering them all.
 */
export function crossFileFindings(guide: Guide, context: GuideContext): Finding[] {
  return [...systemItemsAreKnown(guide, context), ...multiPaintSystemsAreNarrowedOrQuoted(guide, context)];
}

/**
 * The outcome of everything that reads only one guide file and its capture. Plain JSON (no class,
 * no undefined), so that it survives a round trip through the cache file unchanged.
 */
export interface GuideFileCheck {
  /** Problems met reading the file and its capture, already naming the file, in the order met. */
  loading: Problem[];
  /** The file's own findings; the cross-file findings go in before `findings[crossFileAt]`. */
  findings: Finding[];
  crossFileAt: number;
  /** The placeholders left by guide:draft; any other finding at their paths is left out. */
  placeholders: Finding[];
  /** Whether the document has the guide's shape, so that it is the checked guide (its parsed JSON, as is). */
  shapeOk: boolean;
  /**
   * Whether the document has the guide's shape once its placeholders have stand-ins (placeholder.ts): then
   * the rules ran on that copy, and the cross-file rules run on it too (ruledGuide).
   */
  standIns: boolean;
}

/** Checks what one guide file holds on its own. `captures` prepares each capture once per check. */
export function checkGuideFile(file: RawGuideFile, captures: Map<string, Capture>): GuideFileCheck {
  const loading: Problem[] = [...file.problems];
  const shape = file.parsed === null ? null : guideShape(file.parsed.json);
  const findings = shape === null || shape.ok ? [] : [...shape.findings];
  const placeholders = file.parsed === null ? [] : placeholderFindings(file.parsed.json);
  // A draft with placeholders left is checked by every rule all the same (placeholder.ts, withStandIns).
  const ruled = shape === null ? null : shape.ok ? shape.value : placeholders.length > 0 ? standInGuide(file.parsed!.json) : null;
  // A snapshot path of the wrong shape is one mistake, already reported; its capture is not looked at.
  const badPath = findings.some((found) => found.path === "$.snapshot.path");
  if (file.capture !== null && !file.capture.ok && !badPath) append(loading, file.capture.problems);
  let crossFileAt = findings.length;
  if (ruled !== null) {
    const guide = ruled;
    append(findings, [...guideFileNameIsPlatformId(guide, file.name), ...OWN_RULES_BEFORE_ITEMS.flatMap((rule) => rule(guide))]);
    crossFileAt = findings.length;
    append(findings, OWN_RULES_AFTER_ITEMS.flatMap((rule) => rule(guide)));
  }
  // The capture's hash and every quote are checked even when the guide has shape mistakes elsewhere:
  // each quote stands alone, and quotes are most of a transcription's work.
  if (file.parsed !== null && !badPath) append(findings, captureFindings(file.parsed.json, ruled, file, captures));
  return { loading, findings, crossFileAt, placeholders, shapeOk: shape !== null && shape.ok, standIns: shape !== null && !shape.ok && ruled !== null };
}

/** The guide the rules read: the document itself, or its copy with stand-ins for its placeholders. */
export function ruledGuide(check: GuideFileCheck, json: unknown): Guide | null {
  if (check.shapeOk) return json as Guide;
  return check.standIns ? standInGuide(json) : null;
}

function standInGuide(json: unknown): Guide | null {
  const shape = guideShape(withStandIns(json));
  return shape.ok ? shape.value : null;
}

/** A file's problems once the cross-file findings are known: loading problems first, then findings in order. */
export function guideFileProblems(file: string, check: GuideFileCheck, crossFile: readonly Finding[]): Problem[] {
  const { findings, crossFileAt, placeholders } = check;
  let all: Finding[] = crossFile.length === 0 ? findings : [...findings.slice(0, crossFileAt), ...crossFile, ...findings.slice(crossFileAt)];
  if (placeholders.length > 0) {
    const paths = new Set(placeholders.map((found) => found.path));
    all = [...placeholders, ...all.filter((found) => !paths.has(found.path))];
  }
  return [...check.loading, ...all.map((found) => ({ file, ...found }))];
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
    append(findings, quotesOccurInCapture(document, capture.readable, capture.shownPath));
    append(findings, imagesOccurInCapture(document, capture.readable, capture.shownPath));
    append(findings, quotesComeFromTheGuide(document, capture.readable, capture.shownPath));
    if (guide !== null) append(findings, unassignedReviewCountsTheNumbers(guide, capture.readable));
  }
  return findings;
}
