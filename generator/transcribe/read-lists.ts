import { seedCandidates } from "./numbers.ts";
import { LABEL_END, LIST_FILLER, MEASUREMENT, NOTE, RANKED_LINE } from "./shapes.ts";

/** A seed as a list line writes it, with what is written beside it. */
export interface ListedSeed {
  seed: number;
  /** Offset of the seed's digits within the line. */
  at: number;
  value?: { percent: number; word: string | null };
  note?: string;
}

/** A line read as a list of seeds: `Tier A: 412, 13`, `#1 - 661 (note)`, `146 (100%)`, `763 / 404`. */
export interface ListLine {
  /** The label written before the seeds (`Tier A`, `100% Fade`, `#1`), or null. */
  label: string | null;
  /** The rank of a ranked line (`#1 - 661`, `P1: 661`, `1. 661`). */
  rank: number | null;
  seeds: ListedSeed[];
}

/** Reads one trimmed line as a list of seeds, or null when it is prose, a heading, or holds no seed. */
export function readListLine(line: string): ListLine | null {
  const ranked = RANKED_LINE.exec(line);
  if (ranked !== null) {
    const groups = ranked.groups!;
    const rank = Number(groups.a ?? groups.b ?? groups.c ?? groups.d);
    const seeds = readSeeds(line, ranked[0].length);
    if (seeds !== null && seeds.length > 0) return { label: groups.label!.replace(/[.)]$/, ""), rank, seeds };
  }
  const labelled = LABEL_END.exec(line);
  if (labelled !== null && /[\p{L}%#]/u.test(labelled.groups!.label!)) {
    const seeds = readSeeds(line, labelled[0].length);
    if (seeds !== null && seeds.length > 0) return { label: labelled.groups!.label!, rank: null, seeds };
  }
  const seeds = readSeeds(line, 0);
  return seeds !== null && seeds.length > 0 ? { label: null, rank: null, seeds } : null;
}

/**
 * The seeds of `line` from `from` on, when everything there is seeds, their measurements and notes, and
 * separators (commas, dashes, slashes, spaces, `and`); null when anything else is written (prose).
 */
function readSeeds(line: string, from: number): ListedSeed[] | null {
  const rest = line.slice(from);
  const seeds: ListedSeed[] = [];
  let cursor = 0;
  for (const token of seedCandidates(rest)) {
    if (token.start < cursor) continue;
    if (!LIST_FILLER.test(rest.slice(cursor, token.start))) return null;
    const listed: ListedSeed = { seed: token.value, at: from + token.start };
    cursor = token.end;
    const after = rest.slice(cursor);
    const measured = MEASUREMENT.exec(after);
    if (measured !== null) {
      const groups = measured.groups!;
      listed.value = { percent: Number((groups.a ?? groups.b)!.replace(",", ".")), word: groups.wordA ?? groups.wordB ?? null };
      cursor += measured[0].length;
    } else {
      const noted = NOTE.exec(after);
      if (noted !== null) {
        listed.note = noted.groups!.note!.trim();
        cursor += noted[0].length;
      }
    }
    seeds.push(listed);
  }
  // A list may end with a full stop or an ellipsis.
  return LIST_FILLER.test(rest.slice(cursor).replace(/(?:\.{1,3}|…)$/u, "")) ? seeds : null;
}
