import type { ReadableCapture } from "./capture.ts";
import type { TextElement } from "./capture-text.ts";
import { regionHolding } from "./regions.ts";
import { bodyLines } from "./lines.ts";
import { seedCandidates } from "./numbers.ts";
import { coreLabel } from "./shapes.ts";

// The numbers a transcription has not accounted for: every number of the guide's text that could be a seed
// (numbers.ts) except those the guide's gradings were read from. What `guide:numbers` lists, what the draft
// prints, and what `unassigned_review.count` counts. A number is accounted for when it is
//   - the seed of a grading, inside an occurrence of that grading's quote;
//   - the rank of a grading, inside an occurrence of that grading's quote;
//   - part of a level's or a system's label where the page writes it (the `1` of `Tier 1`, also where the
//     page writes the label without the description that follows it).
// Numbers in the page's comment thread, sidebar and other non-guide regions are not the guide's, and are
// not listed.

export interface UntranscribedNumber {
  value: number;
  /** 1-based line of the readable text. */
  line: number;
  /** The line, trimmed. */
  context: string;
}

interface SystemLike {
  label: string;
  levels: readonly { label: string }[];
  gradings: readonly { seed: number; quote: string; rank?: number }[];
}

/** Each quote of the gradings, with the seeds and ranks of the gradings that quote it: the numbers it accounts for. */
export function numbersByQuote(systems: readonly Pick<SystemLike, "gradings">[]): Map<string, Set<number>> {
  const byQuote = new Map<string, Set<number>>();
  for (const system of systems) {
    for (const grading of system.gradings) {
      const values = byQuote.get(grading.quote) ?? new Set<number>();
      values.add(grading.seed);
      if (grading.rank !== undefined) values.add(grading.rank);
      byQuote.set(grading.quote, values);
    }
  }
  return byQuote;
}

export function untranscribedNumbers(capture: ReadableCapture, systems: readonly SystemLike[], options: { skip: readonly TextElement[] }): UntranscribedNumber[] {
  const accounted = new Set<number>();
  const accountIn = (quote: string, accepts: (value: number) => boolean) => {
    for (const start of capture.index.occurrences(quote)) {
      if (regionHolding(capture.regions, start, start + quote.length) !== null) continue;
      for (const token of seedCandidates(quote)) if (accepts(token.value)) accounted.add(start + token.start);
    }
  };
  const byQuote = numbersByQuote(systems);
  for (const [quote, values] of byQuote) accountIn(quote, (value) => values.has(value));
  const labels = new Set(systems.flatMap((system) => [system.label, ...system.levels.flatMap((level) => [level.label, coreLabel(level.label)])]));
  for (const label of labels) if (label !== "") accountIn(label, () => true);

  const found: UntranscribedNumber[] = [];
  for (const line of bodyLines(capture, options.skip)) {
    for (const token of seedCandidates(line.text)) {
      if (!accounted.has(line.start + token.start)) found.push({ value: token.value, line: line.number, context: line.text });
    }
  }
  return found;
}
