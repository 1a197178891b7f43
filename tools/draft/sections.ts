import type { BodyLine } from "../../generator/capture/lines.ts";
import { readListLine, type ListLine } from "./list-lines.ts";
import type { Pictures } from "./captions.ts";
import { calloutKind, levelKind } from "./labels.ts";

// Step 1 of a draft: the guide's lines as a tree of sections. A heading (Steam's section titles, `bb_h1`..
// `bb_h3`, `h1`..`h6`, bold lines, short lines ending in `:`, a table row of one heading cell) opens a section
// holding what follows it, up to the next heading of its rank or a higher one (shapes.ts, HEADING_RANKS);
// the page itself is the root section. A section holds lines (each read as a list of seeds, or as prose),
// table rows and its sub-sections, in page order. Nothing is decided here about what a section is: that is
// classify.ts.

export interface Section {
  /** The heading line, or null for the page's root. */
  heading: BodyLine | null;
  /** The heading's text without a closing colon; "" for the root. */
  label: string;
  /** The heading's rank (lower is higher); -1 for the root. */
  rank: number;
  entries: Entry[];
}

export type Entry =
  | {
      kind: "line";
      line: BodyLine;
      /** The line read as a list of seeds, or null for prose. */
      list: ListLine | null;
      /** The line is a picture's caption: its seeds are not a list's. */
      caption: boolean;
      /** The line is written right after a picture. */
      afterImage: boolean;
    }
  | {
      kind: "row";
      /** The row's lines, one or more per cell. */
      cells: BodyLine[];
      /** Rows of one table share this number (a line outside the table between two rows starts another). */
      table: number;
    }
  | { kind: "section"; section: Section };

/** Headings are at most this long; a longer line is a sentence. */
const HEADING_LENGTH = 80;

export function readSections(lines: readonly BodyLine[], pictures: Pictures): Section {
  const root: Section = { heading: null, label: "", rank: -1, entries: [] };
  const open: Section[] = [root];
  const openSection = (line: BodyLine, rank: number) => {
    while (open.length > 1 && open[open.length - 1]!.rank >= rank) open.pop();
    const section: Section = { heading: line, label: headingLabel(line.text), rank, entries: [] };
    open[open.length - 1]!.entries.push({ kind: "section", section });
    open.push(section);
  };
  let table = 0;
  let inTable = false;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (line.row !== null) {
      let last = index;
      while (last + 1 < lines.length && lines[last + 1]!.row === line.row) last++;
      const cells = lines.slice(index, last + 1);
      index = last;
      if (!inTable) table++;
      inTable = true;
      // A row of one cell that is a heading, not a table's header, opens a section (a tier's title row).
      if (cells.length === 1 && !line.headerCell && readListLine(line.text, { item: true, names: true }) === null && looksLikeHeading(line)) openSection(line, line.rank);
      else open[open.length - 1]!.entries.push({ kind: "row", cells, table });
      continue;
    }
    inTable = false;
    const caption = line.caption || pictures.captions.has(line);
    const list = caption ? null : readListLine(line.text, { item: line.cell && !line.heading, names: line.heading });
    if (!caption && list === null && looksLikeHeading(line)) openSection(line, line.rank);
    else open[open.length - 1]!.entries.push({ kind: "line", line, list, caption, afterImage: pictures.afterImage.has(line) });
  }
  return root;
}

export function headingLabel(text: string): string {
  return text.replace(/\s*[:：]$/u, "");
}

/** A line that heads what follows it: a heading element, or a short line that says it labels something. */
export function looksLikeHeading(line: BodyLine): boolean {
  if (line.text.length > HEADING_LENGTH) return false;
  const label = headingLabel(line.text);
  if (line.heading) return true;
  // A bullet or a cell heads what follows only when it says so; a plain short line ending in ':' (`Tier A:`),
  // or one that is a level label by itself (`Tier 1`).
  return (line.text.endsWith(":") && label.length <= 40) || levelKind(label) !== null || (line.cell && calloutKind(label) !== null);
}

/** Every section of the tree, the root first, in page order. */
export function allSections(root: Section): Section[] {
  const found: Section[] = [root];
  for (const entry of root.entries) if (entry.kind === "section") found.push(...allSections(entry.section));
  return found;
}
