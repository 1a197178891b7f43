// What a draft decided without the page saying so plainly: each is listed under "check these" with the line
// it was read from, and the seeds it concerns, so that a maintainer looks at every seed the draft may have got
// wrong (dataset/README.md, "How guide:draft reads a page").

export interface Guess {
  /** 1-based line of the readable text (as `npm run capture:text` numbers it). */
  line: number;
  /** What was guessed, in a maintainer's words. */
  what: string;
  /** The seeds the guess decides, when it decides any. */
  seeds?: readonly number[];
}

export function guessText(guess: Guess): string {
  const seeds = guess.seeds === undefined || guess.seeds.length === 0 ? "" : ` (seed${guess.seeds.length === 1 ? "" : "s"} ${guess.seeds.join(", ")})`;
  return `line ${guess.line}: ${guess.what}${seeds}`;
}

/** In line order, each said once. */
export function orderedGuesses(guesses: readonly Guess[]): Guess[] {
  const seen = new Set<string>();
  return [...guesses]
    .sort((a, b) => a.line - b.line)
    .filter((guess) => {
      const key = guessText(guess);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
