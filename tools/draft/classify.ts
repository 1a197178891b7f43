import type { ItemFile } from "../../contract/schema/item.ts";
import type { BodyLine } from "../../generator/capture/lines.ts";
import { RANKING_LEAD, RANKING_SEPARATORS, RANKING_TAIL } from "../../generator/capture/shapes.ts";
import type { Guess } from "./guess.ts";
import { comparable, continuedFrom, dividesLevel, labelIndex, labelKind, levelKind, type CalloutKind, type LabelIndex, type LabelKind } from "./labels.ts";
import { readListLine } from "./list-lines.ts";
import type { Entry, Section } from "./sections.ts";

// Step 2 of a draft: what each section of the page is, from its heading's words and from the tree around it.
//   - A heading's words name a level (`Tier 1`, `100%`), a callout (`Honourable mentions`), a paint (`Phase 2`,
//     `P1 / P3`), a section the guide does not grade (`Changelog`), or something else: a named level or a
//     section naming the levels under it, which readLists decides by what follows the heading.
//   - One sentence ranking named sections (`Fire & Ice > Tricolor > Blue Tip are the tiers`) makes them levels
//     of one system in its order, whatever their names would otherwise say (`Fake Fire` is no exclusion there).
//   - A paint's section holds the headings written at its own rank after it, up to the next paint, callout or
//     ungraded section (pages often write a paint's heading and its levels' headings alike).
//   - A level's own label line (`Tier C: 7, 8`) ends a callout or ungraded section a bold or plain line opened.
//   - A sub-heading that does not rank (`Playside`, `Screenshots`, `continued`, `More found later`) folds into
//     the level above it, or into the level just before it at its rank.
//   - A section titled with an earlier level's label and a continuation word (`Tier 1 (continued)`), or with
//     a small typo of it (`Teir 1`), continues that level.
// Each decision the page does not state plainly is a guess, listed under "check these".

export type Role =
  | { kind: "root" }
  | { kind: "callout"; callout: CalloutKind }
  | { kind: "ungraded" }
  | { kind: "paint"; paints: number[] }
  /** A level, or a section naming the levels under it: readLists tells which by what follows the heading. */
  | {
      kind: "heading";
      ranking: Ranking | null;
      continues: Section | null;
      /** Beside it, headings at its level list seeds of their own: it is likely one of the page's levels. */
      amongLevels: boolean;
    };

/** A level's place in a sentence ranking named levels. */
export interface Ranking {
  /** Which sentence of the page (one system per sentence). */
  sentence: number;
  /** 0 for the best. */
  order: number;
  line: BodyLine;
}

export interface Classified {
  root: Section;
  roles: ReadonlyMap<Section, Role>;
  guesses: Guess[];
}

/** Headings from this rank on are bold or plain lines within a section (shapes.ts, HEADING_RANKS). */
const BOLD_RANK = 5;

export function classifySections(tree: Section, item: ItemFile): Classified {
  const root = copy(tree);
  const guesses: Guess[] = [];
  const rankings = readRankings(root, item, guesses);
  const kinds = new Map<Section, LabelKind>();
  const kindOf = (section: Section): LabelKind => {
    let kind = kinds.get(section);
    if (kind === undefined) kinds.set(section, (kind = rankings.has(section) ? { kind: "named" } : labelKind(section.label, item)));
    return kind;
  };
  nestUnderPaints(root, kindOf);
  liftLevelLines(root, kindOf);
  foldSubheadings(root, kindOf, guesses);
  const roles = new Map<Section, Role>([[root, { kind: "root" }]]);
  assignRoles(root, kindOf, rankings, roles, new Map(), guesses);
  return { root, roles, guesses };
}

function copy(section: Section): Section {
  return { ...section, entries: section.entries.map((entry) => (entry.kind === "section" ? { kind: "section", section: copy(entry.section) } : entry)) };
}

function sectionsIn(entries: readonly Entry[]): Section[] {
  return entries.flatMap((entry) => (entry.kind === "section" ? [entry.section] : []));
}

/**
 * Sentences ranking named sections best first (`A > B > C`), or worst first (`C < B < A`): each section named
 * by a part of one is a level of that sentence's system. A sentence counts when two or more of its parts name
 * a section whose heading is not already a level's, a paint's or an ungraded section's.
 */
function readRankings(root: Section, item: ItemFile, guesses: Guess[]): Map<Section, Ranking> {
  const rankings = new Map<Section, Ranking>();
  const named = labelIndex<Section>();
  const lines: BodyLine[] = [];
  const walk = (section: Section) => {
    if (section.heading !== null) lines.push(section.heading);
    const kind = section.heading === null ? null : labelKind(section.label, item).kind;
    if (kind === "named" || kind === "callout") named.add(section.label, section);
    for (const entry of section.entries) {
      if (entry.kind === "line") lines.push(entry.line);
      else if (entry.kind === "section") walk(entry.section);
    }
  };
  walk(root);
  lines.sort((a, b) => a.start - b.start);
  let sentence = 0;
  for (const line of lines) {
    for (const { pattern, bestFirst } of RANKING_SEPARATORS) {
      const parts = line.text.split(new RegExp(pattern.source, `${pattern.flags}g`));
      if (parts.length < 2) continue;
      const found = parts.map((part, index) => sectionsNamed(part, named, index === 0, index === parts.length - 1));
      if (found.filter((sections) => sections.length > 0).length < 2) continue;
      const order = bestFirst ? found : [...found].reverse();
      order.forEach((sections, place) => {
        for (const section of sections) if (!rankings.has(section)) rankings.set(section, { sentence, order: place, line });
      });
      const labels = order.flatMap((sections) => (sections.length === 0 ? [] : [JSON.stringify(sections[0]!.label)]));
      guesses.push({ line: line.number, what: `levels ${labels.join(", ")} read as one system's levels, best first, from this sentence: ${JSON.stringify(line.text)}` });
      sentence++;
      break;
    }
  }
  return rankings;
}

/** How much of a sentence's first or last part is read for the section it names. */
const RANKING_PART = 120;

/**
 * The sections a part of a ranking sentence names: as its whole text, after the sentence's lead-in (`My order:
 * Fire & Ice`), or before its tail (`Gold are the tiers`), in page order.
 */
function sectionsNamed(part: string, named: LabelIndex<Section>, first: boolean, last: boolean): Section[] {
  const written = new Set([part, first ? part.replace(RANKING_LEAD, "") : part, last ? part.replace(RANKING_TAIL, "") : part]);
  const words = comparable(first ? part.slice(-RANKING_PART) : part.slice(0, RANKING_PART)).split(" ");
  for (let cut = 1; cut < words.length; cut++) {
    if (first) written.add(words.slice(cut).join(" "));
    if (last) written.add(words.slice(0, words.length - cut).join(" "));
  }
  const found = new Set<Section>();
  for (const text of written) for (const { value } of named.find(text)) found.add(value);
  return [...found].sort((a, b) => a.heading!.start - b.heading!.start);
}

/** A paint's section holds the level and named headings written after it at its own rank. */
function nestUnderPaints(section: Section, kindOf: (section: Section) => LabelKind): void {
  const entries: Entry[] = [];
  let paint: Section | null = null;
  for (const entry of section.entries) {
    if (entry.kind !== "section") {
      entries.push(entry);
      continue;
    }
    const kind = kindOf(entry.section).kind;
    if (kind === "paint") paint = entry.section;
    else if (paint !== null && entry.section.rank === paint.rank && (kind === "level" || kind === "named")) {
      paint.entries.push(entry);
      continue;
    } else if (kind === "callout" || kind === "ungraded") paint = null;
    entries.push(entry);
  }
  section.entries = entries;
  for (const child of sectionsIn(entries)) nestUnderPaints(child, kindOf);
}

/** A level's own label line ends the callout or ungraded section a bold or plain line opened: it and what follows go back to the section around. */
function liftLevelLines(section: Section, kindOf: (section: Section) => LabelKind): void {
  for (const child of sectionsIn(section.entries)) liftLevelLines(child, kindOf);
  for (let index = 0; index < section.entries.length; index++) {
    const entry = section.entries[index]!;
    if (entry.kind !== "section") continue;
    const child = entry.section;
    const kind = kindOf(child).kind;
    if (child.rank < BOLD_RANK || (kind !== "callout" && kind !== "ungraded")) continue;
    const at = child.entries.findIndex((inner) => inner.kind === "line" && inner.list?.label != null && levelKind(inner.list.label) !== null);
    if (at === -1) continue;
    const lifted = child.entries.splice(at);
    section.entries.splice(index + 1, 0, ...lifted);
  }
}

/**
 * A sub-heading that does not rank folds into the level above it (its parent, when that holds no level
 * headings of its own), or else into the level just before it at its rank. Its heading names nothing.
 */
function foldSubheadings(section: Section, kindOf: (section: Section) => LabelKind, guesses: Guess[]): void {
  const kind = kindOf(section).kind;
  if (section.heading !== null && (kind === "callout" || kind === "ungraded")) return;
  for (const child of sectionsIn(section.entries)) foldSubheadings(child, kindOf, guesses);
  const holdsLevels = (candidate: Section): boolean => sectionsIn(candidate.entries).some((inner) => ["level", "paint"].includes(kindOf(inner).kind) || holdsLevels(inner));
  const aLevel = (candidate: Section) => ["level", "named"].includes(kindOf(candidate).kind) && candidate.heading !== null && !holdsLevels(candidate);
  for (let index = 0; index < section.entries.length; index++) {
    const entry = section.entries[index]!;
    if (entry.kind !== "section") continue;
    const child = entry.section;
    if (kindOf(child).kind !== "named" || !dividesLevel(child.label) || holdsLevels(child)) continue;
    const seeds = seedsIn(child.entries);
    if (aLevel(section)) {
      section.entries.splice(index, 1, ...child.entries);
      index += child.entries.length - 1;
      guesses.push({ line: child.heading!.number, what: `sub-heading ${JSON.stringify(child.label)} read as part of ${JSON.stringify(section.label)} above it, not as a level`, seeds });
      continue;
    }
    const previous = section.entries[index - 1];
    if (previous?.kind === "section" && aLevel(previous.section)) {
      previous.section.entries.push(...child.entries);
      section.entries.splice(index, 1);
      index--;
      guesses.push({ line: child.heading!.number, what: `heading ${JSON.stringify(child.label)} read as part of ${JSON.stringify(previous.section.label)} before it, not as a level`, seeds });
    }
  }
}

/** The seeds of the list lines and rows of some entries, sub-sections included. */
function seedsIn(entries: readonly Entry[]): number[] {
  return entries.flatMap((entry) => {
    if (entry.kind === "line") return entry.list?.seeds.map((listed) => listed.seed) ?? [];
    if (entry.kind === "row") return entry.cells.flatMap((cell) => readListLine(cell.text, { item: true, names: true })?.seeds.map((listed) => listed.seed) ?? []);
    return seedsIn(entry.section.entries);
  });
}

/** Whether a section lists seeds under its heading, with no label or rank of their own (the heading names their level). */
function listsPlainSeeds(section: Section): boolean {
  const first = section.entries.find((entry) => (entry.kind === "line" && entry.list !== null) || entry.kind === "row" || entry.kind === "section");
  return first?.kind === "line" && first.list!.label === null && first.list!.rank === null && first.line.ordinal === null;
}

/**
 * Each section's role, in page order. `earlier` holds, per paint's section, the headings met so far: a section
 * may continue one of them, a level (`Tier 3, continued`) or a section of levels (`Tier list, part 2`).
 */
function assignRoles(
  section: Section,
  kindOf: (section: Section) => LabelKind,
  rankings: ReadonlyMap<Section, Ranking>,
  roles: Map<Section, Role>,
  earlier: Map<Section | null, LabelIndex<Section>>,
  guesses: Guess[],
  paint: Section | null = null,
): void {
  const children = sectionsIn(section.entries);
  const listing = new Set(children.filter((child) => kindOf(child).kind !== "callout" && listsPlainSeeds(child)));
  for (const child of children) {
    const kind = kindOf(child);
    if (kind.kind === "callout") roles.set(child, { kind: "callout", callout: kind.callout });
    else if (kind.kind === "ungraded") roles.set(child, { kind: "ungraded" });
    else if (kind.kind === "paint") {
      roles.set(child, { kind: "paint", paints: kind.paints });
      assignRoles(child, kindOf, rankings, roles, earlier, guesses, child);
      continue;
    } else {
      const levels = earlier.get(paint) ?? labelIndex<Section>();
      earlier.set(paint, levels);
      const continues = continuedFrom(child.label, levels);
      const amongLevels = listing.size > (listing.has(child) ? 1 : 0);
      roles.set(child, { kind: "heading", ranking: rankings.get(child) ?? null, continues, amongLevels });
      if (continues !== null) {
        guesses.push({ line: child.heading!.number, what: `section ${JSON.stringify(child.label)} read as going on with ${JSON.stringify(continues.label)} (line ${continues.heading!.number})`, seeds: seedsIn(child.entries) });
      } else levels.add(child.label, child);
      assignRoles(child, kindOf, rankings, roles, earlier, guesses, paint);
      continue;
    }
    // What is inside a callout or an ungraded section is that section's.
    markInside(child, roles, kindOf);
  }
}

function markInside(section: Section, roles: Map<Section, Role>, kindOf: (section: Section) => LabelKind): void {
  for (const child of sectionsIn(section.entries)) {
    const kind = kindOf(child);
    roles.set(child, kind.kind === "callout" ? { kind: "callout", callout: kind.callout } : kind.kind === "ungraded" ? { kind: "ungraded" } : kind.kind === "paint" ? { kind: "paint", paints: kind.paints } : { kind: "heading", ranking: null, continues: null, amongLevels: false });
    markInside(child, roles, kindOf);
  }
}
