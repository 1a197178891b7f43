/**
 * Names longer than this get no suggestion: no field, level key or item slug is that long, and the distance
 * table grows with the product of the two lengths (a 50 MB key once made check allocate 3 GB).
 */
export const LONGEST_NAME_COMPARED = 200;

/** The closest of some known names to a misspelt one, if it is close enough to be the one meant. */
export function closestName(name: string, known: Iterable<string>): string | undefined {
  if (name.length > LONGEST_NAME_COMPARED) return undefined;
  // Two edits catch a dropped, doubled or swapped letter without matching unrelated short names.
  const limit = Math.min(2, Math.floor(name.length / 3));
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    // Names differing in length by more than the limit are more edits apart than that.
    if (Math.abs(candidate.length - name.length) > limit) continue;
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= limit ? best : undefined;
}

/** `; did you mean "x"?` to end a message about a misspelt name, or "" when no known name is close. */
export function didYouMean(name: string, known: Iterable<string>): string {
  const meant = closestName(name, known);
  return meant === undefined ? "" : `; did you mean ${JSON.stringify(meant)}?`;
}

/** Levenshtein distance, counting a swap of two neighbouring letters as one edit. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array(rows * cols).fill(0);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[(i - 1) * cols + j]! + 1, d[i * cols + j - 1]! + 1, d[(i - 1) * cols + j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[(i - 2) * cols + j - 2]! + 1);
      d[i * cols + j] = best;
    }
  }
  return d[rows * cols - 1]!;
}
