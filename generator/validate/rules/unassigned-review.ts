import type { Guide } from "../../../contract/schema/guide.ts";
import { readAttribution } from "../../capture/attribution.ts";
import { untranscribedNumbers } from "../../capture/untranscribed.ts";
import type { ReadableCapture } from "../../capture/capture.ts";
import { finding, type Finding } from "../finding.ts";

/**
 * `unassigned_review` records that "every number of the capture not transcribed as a seed was reviewed"
 * (dataset/README.md, "Guide documents: guides/<platform_id>.json"). Its `count` is how many such numbers there
 * were, counted as `npm run guide:numbers` counts them (generator/capture/untranscribed.ts): a count that
 * differs means the review saw another capture or another transcription, and must be done again.
 */
export function unassignedReviewCountsTheNumbers(guide: Guide, capture: ReadableCapture): Finding[] {
  if (guide.unassigned_review === undefined) return [];
  const { skip } = readAttribution(capture, guide.platform_id, guide.snapshot.retrieved_at);
  const count = untranscribedNumbers(capture, guide, { skip }).length;
  if (count === guide.unassigned_review.count) return [];
  return [
    finding(
      "$.unassigned_review.count",
      `is ${guide.unassigned_review.count}, but the capture has ${count} number${count === 1 ? "" : "s"} not transcribed as seeds`,
      `${count}: review them with npm run guide:numbers -- ${guide.platform_id}, then record the review with --record NAME`,
    ),
  ];
}
