import type { BodyLine } from "../../generator/capture/lines.ts";
import type { Section } from "./sections.ts";

// Where each line of a page stands, as a reader sees it before deciding anything: the headings above it, and
// the lines of prose written just before its list (`Close but no:`, `These are not blue`). Read from the
// section tree of step 1 (sections.ts), so that the review of a finished draft (doubts.ts) and the choice of a
// system's item (items.ts) look at the page as written, not at what the draft made of it.

export interface Place {
  /** The headings above the line, the nearest first (the page's title is not among them). */
  headings: BodyLine[];
  /** The prose lines written right before the line's list (or before the line, for prose), the nearest first. */
  leadIns: BodyLine[];
  /** The cells of the table row the line is in, in their order; empty outside a table. */
  cells: BodyLine[];
}

/** How many prose lines before a list lead into it: a paragraph further up is about something else. */
const LEAD_IN_LINES = 2;

/** The place of every line of the tree, headings included (a heading's place is in the section around it). */
export function linePlaces(root: Section): Map<BodyLine, Place> {
  const places = new Map<BodyLine, Place>();
  placeSection(root, [], places);
  return places;
}

function placeSection(section: Section, above: readonly BodyLine[], places: Map<BodyLine, Place>): void {
  const headings = section.heading === null ? [...above] : [section.heading, ...above];
  // Prose written since the last list, row or heading; the lead-in of the list being read.
  let prose: BodyLine[] = [];
  let leadIns: BodyLine[] | null = null;
  const nearest = () => prose.slice(-LEAD_IN_LINES).reverse();
  for (const entry of section.entries) {
    if (entry.kind === "section") {
      places.set(entry.section.heading!, { headings, leadIns: nearest(), cells: [] });
      placeSection(entry.section, headings, places);
      prose = [];
      leadIns = null;
    } else if (entry.kind === "row" || entry.list !== null) {
      leadIns ??= nearest();
      const cells = entry.kind === "row" ? entry.cells : [];
      for (const line of entry.kind === "row" ? entry.cells : [entry.line]) places.set(line, { headings, leadIns, cells });
      prose = [];
    } else if (entry.caption) {
      // A picture's caption leads into nothing and breaks no list.
      places.set(entry.line, { headings, leadIns: [], cells: [] });
    } else {
      leadIns = null;
      places.set(entry.line, { headings, leadIns: nearest(), cells: [] });
      prose.push(entry.line);
    }
  }
}
