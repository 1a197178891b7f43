import { coreLabel } from "../../generator/capture/shapes.ts";

// How close a draft is to a careful transcription: recall and precision of its (level label, seed) pairs,
// each pair counted as often as it is listed. Used by the draft tests and their report.

export interface SystemLike {
  levels: readonly { key: string; label: string }[];
  gradings: readonly { seed: number; level: string }[];
}

export interface Agreement {
  expected: number;
  drafted: number;
  matched: number;
  recall: number;
  precision: number;
  /** Of the matched pairs, the share the draft lists in the transcription's order (longest common subsequence). */
  order: number;
}

export function levelSeedPairs(systems: readonly SystemLike[]): string[] {
  return systems.flatMap((system) => {
    const labels = new Map(system.levels.map((level) => [level.key, level.label]));
    return system.gradings.map((grading) => `${normalizeLabel(labels.get(grading.level) ?? "")}\u0000${grading.seed}`);
  });
}

/**
 * Labels compare without case, outer punctuation and spacing differences (`Tier 1:` = `tier 1`), and a
 * level label with the author's description after it compares as the label alone (`Tier 1 – three webs`
 * = `Tier 1`, `100% Fade` = `100%`): the same level either way.
 */
function normalizeLabel(label: string): string {
  return coreLabel(label).toLowerCase().replace(/\s+/g, " ").replace(/^[\s#:.-]+|[\s:.-]+$/g, "");
}

export function agreement(expected: readonly SystemLike[], drafted: readonly SystemLike[]): Agreement {
  const want = new Map<string, number>();
  for (const pair of levelSeedPairs(expected)) want.set(pair, (want.get(pair) ?? 0) + 1);
  const got = levelSeedPairs(drafted);
  let matched = 0;
  for (const pair of got) {
    const left = want.get(pair) ?? 0;
    if (left > 0) {
      matched++;
      want.set(pair, left - 1);
    }
  }
  const expectedCount = levelSeedPairs(expected).length;
  const common = commonSubsequence(levelSeedPairs(expected), got);
  return {
    expected: expectedCount,
    drafted: got.length,
    matched,
    recall: expectedCount === 0 ? 1 : matched / expectedCount,
    precision: got.length === 0 ? (expectedCount === 0 ? 1 : 0) : matched / got.length,
    order: matched === 0 ? 1 : common / matched,
  };
}

/** The drafted (level, seed) pairs the transcription does not have, as often as they are extra. */
export function unmatchedPairs(expected: readonly SystemLike[], drafted: readonly SystemLike[]): string[] {
  const want = new Map<string, number>();
  for (const pair of levelSeedPairs(expected)) want.set(pair, (want.get(pair) ?? 0) + 1);
  return levelSeedPairs(drafted).filter((pair) => {
    const left = want.get(pair) ?? 0;
    if (left > 0) want.set(pair, left - 1);
    return left === 0;
  });
}

/** The length of the longest common subsequence of two sequences (two rows of the usual table). */
function commonSubsequence(a: readonly string[], b: readonly string[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const left of a) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = 0; j < b.length; j++) row[j + 1] = left === b[j] ? previous[j]! + 1 : Math.max(previous[j + 1]!, row[j]!);
    previous = row;
  }
  return previous[b.length]!;
}
