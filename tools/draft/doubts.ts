import type { BodyLine } from "../../generator/capture/lines.ts";
import { notGradedPhrase } from "../../generator/capture/languages.ts";
import { marksOver, type Mark, type MarkKind } from "../../generator/capture/marks.ts";
import type { Guess } from "./guess.ts";
import type { Place } from "./places.ts";
import type { DraftSystem } from "./systems.ts";

// The review of a finished draft: every grading a careful reader would doubt, whatever way the draft read its
// list, named under "check these" with its line, the reason and its seeds. Each grading is looked at where
// its seed is written in the readable text: inside struck, quoted or spoiler text (marks.ts), under a heading
// or after a lead-in line that says what follows is not graded (languages.ts, `notGraded`), after such a label
// on its own line or in its table row, or in a picture's caption. The readers of the page know nothing of this
// net; it catches what they take wrongly.

export interface DoubtInput {
  text: string;
  marks: readonly Mark[];
  places: ReadonlyMap<BodyLine, Place>;
  /** Lines that are a picture's caption (captions.ts). */
  captions: ReadonlySet<BodyLine>;
  systems: readonly DraftSystem[];
}

/** A grading where the page writes it: its seed's digits are `start`..`end` of the readable text. */
interface Written {
  seed: number;
  line: BodyLine;
  start: number;
  end: number;
  /** The marks over its line (a page of many marks is looked up a line at a time). */
  marks: readonly Mark[];
  /** Where the line's first graded seed is written, within the line: what comes before it is the line's label. */
  labelEnd: number;
}

/** What a mark says of a seed written inside it. */
export const MARK_DOUBTS: Readonly<Record<MarkKind, string>> = {
  struck: "seed in struck-through text, the author may have taken it back",
  quoted: "seed in a quoted block, which may be someone else's words",
  spoiler: "seed in a spoiler, hidden on the page and often an aside",
};

/** Each reason to doubt a grading, in the order they are named: what it finds, nothing when it does not apply. */
const DOUBTS: readonly ((written: Written, input: DoubtInput) => string[])[] = [
  (written) => marksOver(written.marks, written.start, written.end).map((mark) => MARK_DOUBTS[mark]),
  (written, input) => {
    const heading = input.places.get(written.line)?.headings.find((line) => notGradedPhrase(line.text) !== null);
    // A short line ending in `:` heads what follows it as a heading element does; the reader sees a line.
    return heading === undefined ? [] : [`seed ${heading.heading ? "under the heading" : "after the line"} ${JSON.stringify(heading.text)} (line ${heading.number}), which says it is not graded`];
  },
  (written, input) => {
    const leadIn = input.places.get(written.line)?.leadIns.find((line) => notGradedPhrase(firstClause(line.text)) !== null);
    return leadIn === undefined ? [] : [`seed after the line ${JSON.stringify(leadIn.text)} (line ${leadIn.number}), which says it is not graded`];
  },
  (written) => {
    // The label a line writes before its first seed (`Sold: 661, 151`).
    const label = written.line.text.slice(0, written.labelEnd);
    const phrase = notGradedPhrase(label);
    return phrase === null ? [] : [`seed after ${JSON.stringify(phrase)} on its line, which says it is not graded`];
  },
  (written, input) => {
    // The cells before the seeds' own in a table row: its level, rank or status.
    const cells = input.places.get(written.line)?.cells ?? [];
    const cell = cells.slice(0, cells.indexOf(written.line)).find((line) => notGradedPhrase(line.text) !== null);
    return cell === undefined ? [] : [`seed in a table row whose cell ${JSON.stringify(cell.text)} says it is not graded`];
  },
  (written, input) => (written.line.caption || input.captions.has(written.line) ? ["seed in a picture's caption, which shows it rather than grades it"] : []),
];

/** One guess per line and reasons, its seeds as the gradings list them, in line order. */
export function gradingDoubts(input: DoubtInput): Guess[] {
  const doubts = new Map<string, { line: number; what: string; seeds: number[] }>();
  for (const written of writtenGradings(input.systems, input.text, input.marks)) {
    const reasons = DOUBTS.flatMap((doubt) => doubt(written, input));
    if (reasons.length === 0) continue;
    const what = reasons.join("; ");
    const key = `${written.line.number}\u0000${what}`;
    const doubt = doubts.get(key) ?? { line: written.line.number, what, seeds: [] };
    if (!doubt.seeds.includes(written.seed)) doubt.seeds.push(written.seed);
    doubts.set(key, doubt);
  }
  return [...doubts.values()].sort((a, b) => a.line - b.line);
}

/** Every grading of the draft's systems, where its seed's digits are written. */
function writtenGradings(systems: readonly DraftSystem[], text: string, marks: readonly Mark[]): Written[] {
  const listed = systems.flatMap((system) => system.levels.flatMap(([block]) => block.listed));
  const labelEnds = new Map<BodyLine, number>();
  for (const { seed, line } of listed) labelEnds.set(line, Math.min(labelEnds.get(line) ?? Infinity, seed.at));
  const lineMarks = marksByLine(marks, [...labelEnds.keys()]);
  return listed.map(({ seed, line }) => {
    const start = line.start + seed.at;
    return { seed: seed.seed, line, start, end: start + (/^\d+/.exec(text.slice(start, start + 8))?.[0].length ?? 1), marks: lineMarks.get(line)!, labelEnd: labelEnds.get(line)! };
  });
}

/** The marks over each line, sorted by start as `marks` is: one pass over both in text order. */
function marksByLine(marks: readonly Mark[], lines: readonly BodyLine[]): Map<BodyLine, Mark[]> {
  const byLine = new Map<BodyLine, Mark[]>();
  let next = 0;
  let open: Mark[] = [];
  for (const line of [...lines].sort((a, b) => a.start - b.start)) {
    open = open.filter((mark) => mark.end > line.start);
    for (; next < marks.length && marks[next]!.start < line.end; next++) if (marks[next]!.end > line.start) open.push(marks[next]!);
    byLine.set(line, open.filter((mark) => mark.start < line.end));
  }
  return byLine;
}

/**
 * What a lead-in line says of the list after it is in its first clause (`Close but no, these are nice:`, `Sold
 * in 2023`); a sentence going on about something else may mention a sale in passing (`Emerald is the rarest
 * phase; clean ones sold for $12k`).
 */
function firstClause(text: string): string {
  return text.split(CLAUSE_END, 1)[0]!;
}
const CLAUSE_END = /[.;!?。；！？](?:\s|$)/u;
