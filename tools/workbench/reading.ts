import type { ReadableCapture } from "../../generator/capture/capture.ts";
import { lineOf, type TextElement } from "../../generator/capture/capture-text.ts";
import { notGradedPhrase } from "../../generator/capture/languages.ts";
import { bodyLines, type BodyLine } from "../../generator/capture/lines.ts";
import { seedCandidates } from "../../generator/capture/numbers.ts";
import { CALLOUT_LABELS, classNames, LABEL_BEFORE_NUMBER, UNGRADED_SECTIONS, undecorated } from "../../generator/capture/shapes.ts";
import { readListLine } from "../draft/list-lines.ts";
import { followSystem, rescale } from "./bookkeeping.ts";
import type { EditContext, GuideDocument } from "./document.ts";
import type { Edit, Span } from "./edit.ts";
import { hasKey, labelPattern, levelLabelOf, naturalOrder, sameLabel } from "./level-labels.ts";
import { assign, EditRefused, quotedSpan, seedsOf } from "./listing.ts";
import { takeOverStanding } from "./standing.ts";

// A reading shown once and applied everywhere it fits. A maintainer shows one place (a line that is a level's
// label and its seeds, or a heading over a list, or a heading whose section is not graded); the page finds
// every place of the same shape (listingPlaces, notGradedPlaces: pure, recomputed by the server for the page),
// shows them, and one edit applies the reading to all of them. The edit holds the places' spans, so it stays
// data and replays the same whatever the shape readers become.
//
// Two lines have the same shape when their labels are the same words with another number, letter grade or
// Roman numeral (level-labels.ts, labelPattern) and the same separator before the seeds (`Tier 1 ~ 612 / 634`
// and `Tier 3 ~ 802`, not `Tier 2 is where most of my trades ended: 701`); or, for a label without such a key
// (`Blue tip: 12`), when the same elements hold the whole line (`<li>`, a bold label, Steam's
// `subSectionTitle`).

type ApplyReading = Extract<Edit, { kind: "apply-reading" }>;
type Listing = Extract<ApplyReading["reading"], { as: "listing" }>;
type NotGraded = Extract<ApplyReading["reading"], { as: "not-graded" }>;

/** A line of the guide's text, with the elements that hold exactly that line (`div.subSectionTitle`, `b`, `li`), outermost first; "" when none does. */
export interface PageLine extends BodyLine {
  shape: string;
}

export function pageLines(capture: ReadableCapture): PageLine[] {
  const lines: PageLine[] = bodyLines(capture, []).map((line) => ({ ...line, shape: "" }));
  const byBounds = new Map(lines.map((line, index) => [`${line.start}:${line.end}`, index]));
  for (const element of capture.elements) {
    const raw = capture.text.slice(element.start, element.end);
    const lead = raw.search(/\S/u);
    if (lead === -1) continue;
    const index = byBounds.get(`${element.start + lead}:${element.start + raw.trimEnd().length}`);
    if (index !== undefined) lines[index]!.shape += `${lines[index]!.shape === "" ? "" : ">"}${elementShape(element)}`;
  }
  return lines;
}

function elementShape(element: TextElement): string {
  return [element.tag, ...classNames(element).sort()].join(".");
}

/** What may stand between a level's label and its first seed (`:`, `~`, `-`, `•`, `→`, spaces). */
const SEPARATOR_AT_END = /[\s:：=~|•·→»➜>\-–—]*$/u;
/** Bullets and decorations before a label. */
const LEADING_DECORATION = /^[^\p{L}\p{N}#%(]*/u;

/** A line that is a level's label then its seeds: where its label is, the separator after it, and its label's shape. */
interface LabelledLine {
  label: Span;
  separator: string;
  pattern: string;
  keyed: boolean;
}

/**
 * The line read as a label and a list: the label ends where the seeds begin, at the first number (not one a
 * level's word stands before, the `2` of `Tier 2`) after which the line reads as nothing but seeds (the
 * drafter's list reader, tools/draft/list-lines.ts). Null for a list without a label, and for prose.
 */
function labelledLine(line: BodyLine): LabelledLine | null {
  for (const token of seedCandidates(line.text)) {
    const before = line.text.slice(0, token.start);
    if (LABEL_BEFORE_NUMBER.test(before.slice(-12))) continue;
    const separator = SEPARATOR_AT_END.exec(before)![0];
    const written = before.slice(0, before.length - separator.length);
    const from = LEADING_DECORATION.exec(written)![0].length;
    if (from >= written.length) return null;
    const list = readListLine(line.text.slice(token.start), { item: line.cell });
    // A number that opens a label of its own (`2 sides: 41`, a rank's `#1 - 661`) is a word of this line's label.
    if (list === null || list.label !== null) continue;
    const label = levelLabelOf(written);
    return { label: { start: line.start + from, end: line.start + written.length }, separator: separator.replace(/\s/gu, ""), pattern: labelPattern(label), keyed: hasKey(label) };
  }
  return null;
}

/** A label that names no level: a callout's, a section's the guide does not grade. */
function namesNoLevel(label: string): boolean {
  return notGradedPhrase(label) !== null || CALLOUT_LABELS.some(({ pattern }) => pattern.test(label)) || UNGRADED_SECTIONS.test(undecorated(label));
}

export interface ListingPlace {
  line: number;
  /** The label's line as written. */
  text: string;
  /** The level's label it makes. */
  label: string;
  seeds: number[];
  spans: { label: Span; listing: Span };
}

export type Found<T> = { places: T[] } | { problem: string };

/** The first line of the guide's text the span touches. */
function exampleLine(lines: readonly PageLine[], example: Span): number {
  return lines.findIndex((line) => line.end > example.start && line.start < example.end);
}

/**
 * Every place of the example's shape, each a level's label and the listing it labels: for a line holding
 * both (`Tier 2: 32, 92`), each line of its shape; for a heading over a list, each line of its shape followed
 * by list lines, the listing being those lines.
 */
export function listingPlaces(capture: ReadableCapture, example: Span): Found<ListingPlace> {
  const lines = pageLines(capture);
  const at = exampleLine(lines, example);
  if (at === -1) return { problem: "the selection holds no line of the guide's text" };
  const first = lines[at]!;
  const inline = labelledLine(first);
  if (inline !== null) {
    const places = lines.flatMap((line) => {
      const labelled = line === first ? inline : labelledLine(line);
      if (labelled === null || labelled.separator !== inline.separator) return [];
      const label = levelLabelOf(capture.text.slice(labelled.label.start, labelled.label.end));
      const same = labelled.pattern === inline.pattern || (!inline.keyed && first.shape !== "" && line.shape === first.shape);
      if (line !== first && (!same || namesNoLevel(label))) return [];
      return [place(line, label, labelled.label, [line])];
    });
    return { places };
  }
  const read = readListLine(first.text, { item: first.cell });
  if (read !== null) return { problem: `line ${first.number} is a list without a label: select the line of its label (or the heading over it)` };
  const label = levelLabelOf(first.text);
  const keyed = hasKey(label);
  const heads = new Set(
    lines.flatMap((line, index) => {
      if (line === first) return [index];
      const own = levelLabelOf(line.text);
      const same = line.shape === first.shape && (keyed ? labelPattern(own) === labelPattern(label) : first.shape !== "");
      return same && labelledLine(line) === null && !namesNoLevel(own) ? [index] : [];
    }),
  );
  const places = [...heads].flatMap((index) => {
    const listing = listingUnder(lines, index, heads, capture);
    const head = lines[index]!;
    return listing.length === 0 ? [] : [place(head, levelLabelOf(head.text), { start: head.start, end: head.end }, listing)];
  });
  return places.length === 0 ? { problem: `no list follows line ${first.number}: select a line holding a level's label and its seeds, or a heading with a list under it` } : { places };
}

function place(line: PageLine, label: string, labelSpan: Span, listing: readonly PageLine[]): ListingPlace {
  const seeds = listing.flatMap((listed) => seedsOf({ quote: listed.text }, label).map((token) => token.value));
  return { line: line.number, text: line.text, label, seeds, spans: { label: labelSpan, listing: { start: listing[0]!.start, end: listing[listing.length - 1]!.end } } };
}

/** The list lines right under a heading: up to the next heading, a line of the heading's shape, a line that is no list, or the guide's text's end. */
function listingUnder(lines: readonly PageLine[], index: number, heads: ReadonlySet<number>, capture: ReadableCapture): PageLine[] {
  const listing: PageLine[] = [];
  for (let next = index + 1; next < lines.length && !heads.has(next) && !lines[next]!.heading && !regionBetween(capture, lines[next - 1]!, lines[next]!); next++) {
    const read = readListLine(lines[next]!.text, { item: lines[next]!.cell });
    if (read === null || (read.label !== null && read.rank === null)) break;
    listing.push(lines[next]!);
  }
  return listing;
}

function regionBetween(capture: ReadableCapture, before: Span, after: Span): boolean {
  return capture.regions.some((region) => region.start < after.start && region.end > before.end);
}

export interface SectionPlace {
  line: number;
  /** The heading as written. */
  text: string;
  /** The section's first and last line. */
  lines: { from: number; to: number };
  spans: { heading: Span; section: Span };
}

/**
 * Every heading of the example heading's shape, with its section: headings held by the same elements with
 * the same words (another number or letter aside), or saying the same not-graded phrase (languages.ts). A
 * section runs to the next heading of its rank or higher, the next such heading, or the guide's text's end.
 */
export function notGradedPlaces(capture: ReadableCapture, example: Span): Found<SectionPlace> {
  const lines = pageLines(capture);
  const at = exampleLine(lines, example);
  if (at === -1) return { problem: "the selection holds no line of the guide's text" };
  const first = lines[at]!;
  const phrase = notGradedPhrase(first.text);
  const pattern = labelPattern(first.text);
  const heads = new Set(
    lines.flatMap((line, index) => {
      if (line === first) return [index];
      const sameElements = first.shape !== "" && line.shape === first.shape;
      if (!line.heading && !sameElements) return [];
      const samePhrase = phrase !== null && sameLabel(notGradedPhrase(line.text) ?? "", phrase);
      return (sameElements && labelPattern(line.text) === pattern) || samePhrase ? [index] : [];
    }),
  );
  const places = [...heads].map((index): SectionPlace => {
    const head = lines[index]!;
    let last = index;
    while (last + 1 < lines.length && !heads.has(last + 1) && !(lines[last + 1]!.heading && lines[last + 1]!.rank <= head.rank) && !regionBetween(capture, lines[last]!, lines[last + 1]!)) last++;
    return { line: head.number, text: head.text, lines: { from: head.number, to: lines[last]!.number }, spans: { heading: { start: head.start, end: head.end }, section: { start: head.start, end: lines[last]!.end } } };
  });
  return { places };
}

export function applyReading(guide: GuideDocument, edit: ApplyReading, context: EditContext): void {
  if (edit.reading.as === "listing") applyListings(guide, edit.reading, context);
  else removeSections(guide, edit.reading, context);
}

/**
 * Each place a listing of the level its own label names (an existing level of the system with that label, or
 * a new one), as the listing edit makes it; the new levels then in their labels' natural order (level-labels.ts).
 */
function applyListings(guide: GuideDocument, reading: Listing, context: EditContext): void {
  let systemId = "id" in reading.system ? reading.system.id : null;
  const systemNow = () => (systemId === null ? undefined : guide.systems.find((candidate) => candidate.id === systemId));
  const before = new Set(systemNow()?.levels.map((level) => level.key) ?? []);
  for (const place of reading.places) {
    const label = levelLabelOf(quotedSpan(place.label, context).quote);
    if (label === "") throw new EditRefused(`the label on line ${lineOf(context.text, place.label.start)} holds no words`);
    const existing = systemNow()?.levels.find((level) => sameLabel(level.label, label));
    const ids = new Set(guide.systems.map((candidate) => candidate.id));
    const level = existing === undefined ? { new: { label } } : { key: existing.key };
    assign(guide, { kind: "assign", span: place.listing, quotes: "lines", system: systemId === null ? reading.system : { id: systemId }, level }, context);
    systemId ??= guide.systems.find((candidate) => !ids.has(candidate.id))!.id;
  }
  const system = systemNow()!;
  const created = system.levels.filter((level) => !before.has(level.key));
  const ordered = naturalOrder(created.map((level) => level.label)).map((label) => created.find((level) => sameLabel(level.label, label))!);
  let next = 0;
  system.levels = system.levels.map((level) => (created.includes(level) ? ordered[next++]! : level));
  rescale(system);
}

/** The gradings standing inside each section (standing.ts) go; so do the levels and systems they leave empty. */
function removeSections(guide: GuideDocument, reading: NotGraded, context: EditContext): void {
  let removed = 0;
  const from = new Set<string>();
  for (const place of reading.places) {
    quotedSpan(place.heading, context);
    const taken = takeOverStanding(guide, quotedSpan(place.section, context), context);
    removed += taken.moved.length;
    for (const level of taken.from) from.add(level);
  }
  if (removed === 0) throw new EditRefused(`no grading quotes text in ${reading.places.length === 1 ? "that section" : `those ${reading.places.length} sections`}: there is nothing to remove`);
  for (const system of guide.systems) {
    const graded = new Set(system.gradings.map((grading) => grading.level));
    const kept = system.levels.filter((level) => graded.has(level.key) || !from.has(`${system.id}:${level.key}`));
    if (kept.length === system.levels.length) continue;
    system.levels = kept;
    rescale(system);
  }
  const gone = guide.systems.filter((system) => system.levels.length === 0 && [...from].some((level) => level.startsWith(`${system.id}:`)));
  guide.systems = guide.systems.filter((system) => !gone.includes(system));
  for (const system of gone) followSystem(guide, system.id, null);
}
