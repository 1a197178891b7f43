import type { Guide } from "../../../contract/schema/guide.ts";
import { quoteReadings, type QuoteNumber } from "../../capture/quote-numbers.ts";
import { finding, type Finding } from "../finding.ts";

// A grading's quote is the span of the guide its seed was read from, so the seed is written in it
// (dataset/README.md, "What check catches besides shape"). Read as numbers (generator/capture/numbers.ts: `661`
// is in `Tier 1: 661, 151`; `47` is not in `AK-47`, nor the count `1` in `661 - 1 gold stripe`), this catches a
// seed mistyped into another seed (868 -> 886), or a count drafted as a seed, that a verbatim quote check
// misses. Gradings read off an image have no text to hold the seed, and are not checked.

export function seedsOccurInTheirQuotes(guide: Guide): Finding[] {
  const findings: Finding[] = [];
  const numbersOf = numbersOfQuotes(guide);
  guide.systems.forEach((system, s) => {
    system.gradings.forEach((grading, g) => {
      if (grading.evidence === "image") return;
      if (!numbersOf(grading.quote).includes(grading.seed)) {
        findings.push(finding(`$.systems[${s}].gradings[${g}].seed`, `is ${grading.seed}, which its quote does not write as a number: ${JSON.stringify(grading.quote.length > 80 ? `${grading.quote.slice(0, 80)}…` : grading.quote)}`, "the seed as the quote writes it"));
      }
    });
  });
  return findings;
}

/**
 * Gradings that share one quote (one list line) take its seeds in the order it writes them: within each
 * level, a later grading's seed is written after an earlier one's. A skipped seed, two swapped seeds, or
 * positions renumbered after a deletion break that order.
 */
export function sharedQuotesKeepTheirOrder(guide: Guide): Finding[] {
  const findings: Finding[] = [];
  const numbersOf = numbersOfQuotes(guide);
  // A quote's own words never make it wrong: its label, a note or a level it names are not seeds it skips.
  const read = readingsOfQuotes(guide);
  const notASeed = (quote: string, index: number) => {
    const roles = read.get(quote)?.[index]?.roles;
    return roles !== undefined && (roles.has("label") || roles.has("note") || roles.has("mention"));
  };
  guide.systems.forEach((system, s) => {
    // By level, then by quote: a key joining the two would copy every quote once more.
    const reading = new Map<string, Map<string, { next: number; used: number[] }>>();
    system.gradings.forEach((grading, g) => {
      if (grading.evidence === "image") return;
      const seeds = numbersOf(grading.quote);
      let ofLevel = reading.get(grading.level);
      if (ofLevel === undefined) reading.set(grading.level, (ofLevel = new Map()));
      let state = ofLevel.get(grading.quote);
      if (state === undefined) ofLevel.set(grading.quote, (state = { next: 0, used: [] }));
      const at = seeds.indexOf(grading.seed, state.next);
      if (at === -1) {
        if (seeds.includes(grading.seed)) {
          const previous = state.used[state.used.length - 1];
          findings.push(finding(`$.systems[${s}].gradings[${g}].seed`, `is ${grading.seed}, which its quote writes before ${previous}, the seed graded just before it: the gradings sharing this quote are not in its order`, `gradings in the order the quote lists their seeds: ${seeds.join(", ")}`));
        }
        return;
      }
      // Numbers before the first seed taken from a quote are its label (`#1 — 661`), not skipped seeds.
      const skipped =
        state.used.length === 0
          ? []
          : seeds
              .map((seed, index) => ({ seed, index }))
              .slice(state.next, at)
              .filter(({ seed, index }) => !notASeed(grading.quote, index) && !system.gradings.some((other) => other.quote === grading.quote && other.seed === seed && other.level === grading.level))
              .map(({ seed }) => seed);
      if (skipped.length > 0) {
        findings.push(finding(`$.systems[${s}].gradings[${g}].seed`, `is ${grading.seed}, but its quote lists ${skipped.join(", ")} before it, which no grading of this level takes from this quote`, `a grading for every seed the quote lists, in its order: ${seeds.join(", ")}`));
      }
      state.next = at + 1;
      state.used.push(grading.seed);
    });
  });
  return findings;
}

/**
 * Both rules read the same quotes, as the review of numbers reads them (generator/capture/quote-numbers.ts),
 * so each guide's quotes are read once. Kept with the guide object (an edited guide is a new object).
 */
const readings = new WeakMap<Guide, Map<string, QuoteNumber[]>>();

function readingsOfQuotes(guide: Guide): Map<string, QuoteNumber[]> {
  let read = readings.get(guide);
  if (read === undefined) readings.set(guide, (read = quoteReadings(guide.systems)));
  return read;
}

function numbersOfQuotes(guide: Guide): (quote: string) => number[] {
  const read = readingsOfQuotes(guide);
  return (quote) => read.get(quote)?.map((number) => number.value) ?? [];
}
