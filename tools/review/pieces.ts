import type { Mark, MarkKind } from "../../generator/capture/marks.ts";
import type { Region } from "../../generator/capture/regions.ts";

// The readable text cut into pieces a page can show without nesting rules: a cut after each line end and
// wherever a quote, a number, a non-guide region or a mark of the page (struck, quoted, spoiler) begins or
// ends, so that each piece lies wholly inside or outside each of them. Quotes may overlap each other (a level's
// definition holding a grading's line); a piece takes the colour of the innermost quote over it.

export type Piece =
  /** Where a quote mark begins: the page shows what the quote is (its levels, seeds, notes) here. */
  | { kind: "quote"; quote: number }
  /** Where a mark of the page begins (before its first text that is not blank): the page names it here. */
  | { kind: "mark"; mark: MarkKind }
  | {
      kind: "text";
      text: string;
      /** Where the text starts in the readable text (the workbench's spans are offsets into it). */
      start: number;
      /** The quote marks over this text, innermost first. */
      quotes: number[];
      /** The innermost quote's level colour; "other" for a quote no grading takes; null outside quotes. */
      colour: number | "other" | null;
      /** A number a grading takes, one no grading takes (by its id), or neither. */
      number: { kind: "taken" } | { kind: "unassigned"; id: number } | null;
      region: string | null;
      /** The kinds of the page's marks over this text (struck, quoted, spoiler), each once. */
      marks: MarkKind[];
    };

interface Span {
  start: number;
  end: number;
}

export interface TextMarks {
  quotes: readonly (Span & { id: number; colour: number | null })[];
  taken: readonly Span[];
  unassigned: readonly (Span & { id: number })[];
  regions: readonly Region[];
  /** The page's struck, quoted and spoiler spans (generator/capture/marks.ts), sorted by start. */
  marks: readonly Mark[];
}

export function cutText(text: string, marks: TextMarks): Piece[] {
  const cuts = new Set<number>([0, text.length]);
  // Each piece lies on one line (ending with its "\n"), so a page can show the text line by line.
  for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) cuts.add(at + 1);
  for (const list of [marks.quotes, marks.taken, marks.unassigned, marks.regions, marks.marks]) {
    for (const span of list) {
      cuts.add(span.start);
      cuts.add(span.end);
    }
  }
  const points = [...cuts].filter((at) => at >= 0 && at <= text.length).sort((a, b) => a - b);
  const quotes = [...marks.quotes].sort((a, b) => a.start - b.start || a.id - b.id);
  const numbers = [...marks.taken.map((span) => ({ ...span, id: -1 })), ...marks.unassigned].sort((a, b) => a.start - b.start);
  const pieces: Piece[] = [];
  const pageMarks = marksReader(marks.marks);
  let active: (typeof quotes)[number][] = [];
  let nextQuote = 0;
  let nextNumber = 0;
  let nextRegion = 0;
  for (let k = 0; k + 1 < points.length; k++) {
    const start = points[k]!;
    const end = points[k + 1]!;
    active = active.filter((quote) => quote.end > start);
    for (; nextQuote < quotes.length && quotes[nextQuote]!.start <= start; nextQuote++) {
      const quote = quotes[nextQuote]!;
      if (quote.end <= start) continue;
      active.push(quote);
      if (quote.start === start) pieces.push({ kind: "quote", quote: quote.id });
    }
    while (nextNumber < numbers.length && numbers[nextNumber]!.end <= start) nextNumber++;
    while (nextRegion < marks.regions.length && marks.regions[nextRegion]!.end <= start) nextRegion++;
    const number = numbers[nextNumber];
    const region = marks.regions[nextRegion];
    const innermost = [...active].sort((a, b) => a.end - a.start - (b.end - b.start) || a.id - b.id);
    const over = pageMarks(start, text.slice(start, end).trim() !== "");
    pieces.push(...over.begun.map((mark): Piece => ({ kind: "mark", mark })));
    pieces.push({
      kind: "text",
      text: text.slice(start, end),
      start,
      quotes: innermost.map((quote) => quote.id),
      colour: innermost.length === 0 ? null : (innermost[0]!.colour ?? "other"),
      number: number === undefined || number.start > start ? null : number.id === -1 ? { kind: "taken" } : { kind: "unassigned", id: number.id },
      region: region === undefined || region.start > start ? null : region.region,
      marks: over.kinds,
    });
  }
  return pieces;
}

/**
 * Reads the page's marks over the pieces, asked in text order: the kinds over the piece at `start`, and the
 * kinds to name before it (of the marks begun and not yet named, each kind once, when the piece holds text
 * that is not blank: a quoted block often starts with its line end).
 */
function marksReader(marks: readonly Mark[]): (start: number, visible: boolean) => { kinds: MarkKind[]; begun: MarkKind[] } {
  let active: Mark[] = [];
  let unnamed: Mark[] = [];
  let next = 0;
  return (start, visible) => {
    active = active.filter((mark) => mark.end > start);
    for (; next < marks.length && marks[next]!.start <= start; next++) {
      if (marks[next]!.end <= start) continue;
      active.push(marks[next]!);
      unnamed.push(marks[next]!);
    }
    unnamed = unnamed.filter((mark) => mark.end > start);
    const begun = visible ? [...new Set(unnamed.map((mark) => mark.mark))] : [];
    if (visible) unnamed = [];
    return { kinds: [...new Set(active.map((mark) => mark.mark))], begun };
  };
}
