import type { TextElement } from "./capture-text.ts";
import { classNames } from "./shapes.ts";

// Text of a guide that a careful reader does not take as the author's grading even though it is the guide's:
// struck-through text (a seed the author took back), a quoted block (someone else's words, "Originally posted
// by ..."), and a spoiler (hidden until clicked, often an aside). The drafter names every seed it reads there
// under "check these", and the review page shows struck text struck. Which elements those are is data, as
// saved pages write them (Steam: `bb_strike`, `bb_blockquote`, `bb_spoiler`; HTML: `<s>`, `<strike>`,
// `<del>`, `<blockquote>`, `<details>`); a quoted block a page writes as plain text is found by its opening
// words (QUOTE_OPENINGS).

export type MarkKind = "struck" | "quoted" | "spoiler";

interface MarkRule {
  mark: MarkKind;
  tags: readonly string[];
  /** Tested against each class name of an element. */
  name: RegExp;
}

export const MARK_RULES: readonly MarkRule[] = [
  { mark: "struck", tags: ["s", "strike", "del"], name: /^bb_strike$|^strike(?:through)?$|^line-through$/i },
  { mark: "quoted", tags: ["blockquote", "q"], name: /^bb_blockquote$|^quote(?:box|block)?$|^bb_quote/i },
  { mark: "spoiler", tags: ["details"], name: /^bb_spoiler$|^spoiler$/i },
];

/**
 * A line opening a quoted block that a page writes as plain text: "Originally posted by X:" (Steam's quote
 * header), "Quote:", and the same words in the languages guides are written in.
 */
export const QUOTE_OPENINGS: readonly RegExp[] = [
  /^\s*originally posted by\b/i,
  /^\s*quote\s*:/i,
  /^\s*(?:изначально )?сообщение от\b/i,
  /^\s*цитата\s*:/i,
  /^\s*postado originalmente por\b/i,
  /^\s*citação\s*:/i,
  /^\s*publicado originalmente por\b/i,
  /^\s*cita\s*:/i,
  /^\s*ursprünglich geschrieben von\b/i,
  /^\s*zitat\s*:/i,
  /^\s*message d'origine de\b/i,
  /^\s*citation\s*:/i,
  /^\s*pierwotnie napisane przez\b/i,
  /^\s*cytat\s*:/i,
  /^\s*ilk olarak .* tarafından gönderildi\b/i,
  /^\s*alıntı\s*:/i,
  /^\s*最初由\s*\S.*发布/,
  /^\s*引用\s*[:：]/,
];

export interface Mark {
  mark: MarkKind;
  start: number;
  end: number;
}

/** The mark an element's tag or class names, if any. */
export function markOf(element: TextElement): MarkKind | null {
  const names = classNames(element);
  for (const rule of MARK_RULES) {
    if (rule.tags.includes(element.tag) || names.some((name) => rule.name.test(name))) return rule.mark;
  }
  // An inline style striking its text through is a strike however the page names it.
  if (/text-decoration(?:-line)?\s*:[^;]*line-through/i.test(element.attributes.style ?? "")) return "struck";
  return null;
}

/**
 * Every marked span of a page's text, sorted by start. Marks of different kinds may overlap (a strike inside a
 * quote); a mark inside one of its own kind is left out. A plain-text quote header marks its own line and the
 * block of lines after it up to the next empty line.
 */
export function textMarks(text: string, elements: readonly TextElement[]): Mark[] {
  const marks: Mark[] = [];
  const coveredTo = new Map<MarkKind, number>();
  for (const element of elements) {
    if (element.end <= element.start) continue;
    const mark = markOf(element);
    if (mark === null || element.start < (coveredTo.get(mark) ?? -1)) continue;
    marks.push({ mark, start: element.start, end: element.end });
    coveredTo.set(mark, element.end);
  }
  for (const block of quoteHeaderBlocks(text)) {
    if (!marks.some((mark) => mark.mark === "quoted" && mark.start <= block.start && block.end <= mark.end)) marks.push(block);
  }
  return marks.sort((a, b) => a.start - b.start || b.end - a.end);
}

/** Lines opening with a quote header, each with the lines after it up to an empty line. */
function quoteHeaderBlocks(text: string): Mark[] {
  const blocks: Mark[] = [];
  let block: Mark | null = null;
  let start = 0;
  for (const line of text.split("\n")) {
    const end = start + line.length;
    // A header inside a block is the block's text; an empty line ends the block (and opens none).
    if (block !== null && line.trim() !== "") block.end = end;
    else if (QUOTE_OPENINGS.some((opening) => opening.test(line))) blocks.push((block = { mark: "quoted", start, end }));
    else block = null;
    start = end + 1;
  }
  return blocks;
}

/** The marks that hold any of the span [start, end), each kind once. */
export function marksOver(marks: readonly Mark[], start: number, end: number): MarkKind[] {
  const kinds = new Set<MarkKind>();
  for (const mark of marks) {
    if (mark.start >= end) break;
    if (mark.end > start) kinds.add(mark.mark);
  }
  return [...kinds];
}
