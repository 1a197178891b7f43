import { seedCandidates } from "../../generator/capture/numbers.ts";
import { LABEL_END, LEVEL_LABEL_THEN_LIST, LEVEL_LABELS, SEED_WORD_LABEL, undecorated, LIST_END, LIST_FILLER, MEASUREMENT, MEASUREMENT_ENDING_COMMENT, NOTE, RANKED_LINE, SEED_THEN_MEASUREMENT, TRAILING_COMMENT, TRAILING_COMMENT_AFTER_MEASUREMENT, TRAILING_COMMENT_FROM_NUMBER, TRAILING_COMMENT_IN_ITEM, UNREADABLE_NUMBER } from "../../generator/capture/shapes.ts";

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
  /** Tokens in the list that look like seeds but are not numbers (`4O7`). */
  unreadable: string[];
}

export interface LineOptions {
  /** The line is a bullet or a table cell: a comment may follow its seeds after a space alone. */
  item?: boolean;
  /** The line is a heading element or a table cell: a place that names a level (`90 - 94% Fade`). */
  names?: boolean;
}

/** Reads one trimmed line as a list of seeds, or null when it is prose, a heading, or holds no seed. */
export function readListLine(line: string, options: LineOptions = {}): ListLine | null {
  // `90–94% Fade` is a band's label, not seed 90 measured at 94%; `18 - 98.5%` in a list is seed 18 measured.
  const band = LEVEL_LABELS.some(({ kind, pattern }) => kind === "band" && pattern.test(line));
  if (band && (options.names === true || !SEED_THEN_MEASUREMENT.test(line))) return null;
  const ranked = RANKED_LINE.exec(line);
  if (ranked !== null) {
    const groups = ranked.groups!;
    const rank = Number(groups.a ?? groups.b ?? groups.c ?? groups.d);
    const read = readSeeds(line, ranked[0].length, options);
    if (read !== null) return { label: groups.label!.replace(/[.)]$/, ""), rank, ...read };
  }
  const labelled = LABEL_END.exec(line);
  // `seed:412`, `Pattern: 661` name the seed, not a level.
  if (labelled !== null && /[\p{L}%#]/u.test(labelled.groups!.label!) && !SEED_WORD_LABEL.test(labelled.groups!.label!.trim())) {
    const read = readSeeds(line, labelled[0].length, options);
    if (read !== null) return { label: labelled.groups!.label!, rank: null, ...read };
  }
  const leveled = LEVEL_LABEL_THEN_LIST.exec(line);
  if (leveled !== null && LEVEL_LABELS.some(({ pattern }) => pattern.test(undecorated(leveled.groups!.label!)))) {
    const read = readSeeds(line, leveled[0].length, options);
    if (read !== null) return { label: leveled.groups!.label!, rank: null, ...read };
  }
  const read = readSeeds(line, 0, options);
  return read === null ? null : { label: null, rank: null, ...read };
}

/**
 * The seeds of `line` from `from` on, when everything there is seeds, their measurements and notes, and
 * separators (commas, dashes, slashes, spaces, `and`), with at most a comment after the last one (the note of
 * every seed before it); null when anything else is written (prose). The numbers are the whole line's
 * (numbers.ts), read as `check` reads the quote, so that a seed drafted from a line is a seed of its quote.
 */
function readSeeds(line: string, from: number, options: LineOptions): { seeds: ListedSeed[]; unreadable: string[] } | null {
  const rest = line.slice(from);
  const tokens = seedCandidates(line)
    .filter((token) => token.start >= from)
    .map((token) => ({ ...token, start: token.start - from, end: token.end - from }));
  const seeds: ListedSeed[] = [];
  const unreadable: string[] = [];
  let cursor = 0;
  const isFiller = (gap: string): boolean => {
    if (LIST_FILLER.test(gap)) return true;
    // One misread number between separators keeps the list a list (it is reported, not graded).
    const word = /^(?<before>[^\p{L}\d]*)(?<word>[\p{L}\d]+)(?<after>[^\p{L}\d]*)$/u.exec(gap)?.groups;
    if (word === undefined || !UNREADABLE_NUMBER.test(word.word!) || !LIST_FILLER.test(word.before!) || !LIST_FILLER.test(word.after!)) return false;
    unreadable.push(word.word!);
    return true;
  };
  for (const token of tokens) {
    if (token.start < cursor) continue;
    // Words before the next number end the list: they are its last seed's comment, or prose.
    if (!isFiller(rest.slice(cursor, token.start))) break;
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
  if (seeds.length === 0) return null;
  // A list may end with a full stop, an ellipsis or an `etc.`
  const tail = rest.slice(cursor);
  if (isFiller(tail.replace(LIST_END, ""))) return { seeds, unreadable };
  const last = seeds[seeds.length - 1]!;
  const described = last.value !== undefined || last.note !== undefined;
  const uncounted = tokens.every((token) => token.start < cursor);
  const comment = (
    TRAILING_COMMENT.exec(tail) ??
    (options.item === true ? TRAILING_COMMENT_IN_ITEM.exec(tail) : null) ??
    (described ? TRAILING_COMMENT_AFTER_MEASUREMENT.exec(tail) : null) ??
    (uncounted ? TRAILING_COMMENT_FROM_NUMBER.exec(tail) : null)
  )?.groups?.comment;
  if (comment === undefined) return null;
  for (const listed of seeds) listed.note ??= comment;
  // One seed's comment may end in its measurement; a comment shared by several seeds says whose it is not.
  const measured = seeds.length === 1 && last.value === undefined ? MEASUREMENT_ENDING_COMMENT.exec(comment)?.groups : undefined;
  if (measured !== undefined) last.value = { percent: Number((measured.a ?? measured.b)!.replace(",", ".")), word: measured.wordA ?? measured.wordB ?? null };
  return { seeds, unreadable };
}
