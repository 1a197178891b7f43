import type { Problem } from "../../generator/dataset.ts";
import { readAttribution } from "../../generator/capture/attribution.ts";
import { MARK, placeholderSites } from "../../generator/validate/placeholder.ts";
import { accountedParts, accountNumbers, type Accounting } from "../../generator/capture/untranscribed.ts";
import type { Capture, ReadableCapture } from "../../generator/capture/capture.ts";
import { regionHolding } from "../../generator/capture/regions.ts";
import { quoteSites, type QuoteSite } from "../../generator/validate/rules/quotes.ts";
import { guideOutline, type OutlineEntry, type OutlineSystem } from "./outline.ts";
import { cutText, type Piece } from "./pieces.ts";

// What the review page shows of one guide, computed from the guide file as it is now, its capture and
// what `check` says of it; no I/O. Everything is placed where a maintainer looks for it: a grading's
// quote is marked in the capture's readable text in its level's colour, the numbers no grading takes are
// marked where they are written, and a problem or placeholder goes to the quote of the entry it is about,
// else to the list at the top (and beside the level it names, if any).

/** How many level colours the page has; levels past it reuse them in order. */
export const LEVEL_COLOURS = 12;

export interface ReviewInput {
  platformId: string;
  /** The guide file, relative to the dataset folder: `guides/<platform_id>.json`. */
  file: string;
  /** The guide file's parsed JSON, or null when it is not readable JSON. */
  document: unknown;
  /** The capture its `snapshot.path` names, prepared as `check` prepares it; null when none could be read. */
  capture: Capture | null;
  /** Every problem `check` reports for the guide file. */
  problems: readonly Problem[];
}

export interface ReviewView {
  platformId: string;
  file: string;
  title: string | null;
  /** The capture's name and, when it has no readable text, why. null when the guide names none that could be read. */
  capture: { shownPath: string; problem: string | null } | null;
  systems: SystemView[];
  quotes: QuoteMark[];
  /** The numbers of the guide's text that no grading takes (as `guide:numbers` lists them), in text order. */
  unassigned: UnassignedNumber[];
  /** The readable text, cut where marks begin and end; empty when there is no readable text. */
  pieces: Piece[];
  notes: Note[];
  gradings: number;
  /** Callouts, remarks and item claims, in document order. */
  entries: OutlineEntry[];
  /** The service's notes and the author's reuse statement, when they are strings (a draft holds placeholders there). */
  guideNotes: string | null;
  permissionQuote: string | null;
}

export interface SystemView {
  id: string;
  label: string;
  kind: string;
  item: string;
  paintIndexes: number[] | null;
  levels: LevelView[];
  /** Gradings naming a level key the system does not have (check reports each). */
  unknownLevelGradings: number;
  notes: number[];
}

export interface LevelView {
  key: string;
  label: string;
  /** `ordered`, or null while undecided. */
  ordered: boolean | null;
  imagesOnly: boolean;
  colour: number;
  /** The seeds graded in the level, in the order of the system's gradings. */
  seeds: number[];
  notes: number[];
}

export interface QuoteLevel {
  system: string;
  level: string;
  colour: number;
  seeds: number[];
}

/** One place in the text where one or more quotes of the guide occur. */
export interface QuoteMark {
  id: number;
  start: number;
  end: number;
  /** The levels whose gradings quote this text, with the seeds they take from it; empty for other quotes. */
  levels: QuoteLevel[];
  /** The other fields quoting this text (`callouts[0]`, `systems[0].levels[1].definition`, ...). */
  fields: string[];
  /** The colour of the first level, or null for a quote no grading takes. */
  colour: number | null;
  /** The non-guide region (comment thread, sidebar, ...) holding it, if any. */
  region: string | null;
  /** The notes about the entries quoting it. */
  notes: number[];
}

export interface UnassignedNumber {
  id: number;
  start: number;
  end: number;
  value: number;
  /** 1-based line of the readable text, as `npm run capture:text` numbers it. */
  line: number;
}

export interface Note {
  id: number;
  kind: "placeholder" | "problem";
  path: string;
  message: string;
  expected: string | null;
  /** The quote mark it is shown at, or null when it goes in the list at the top. */
  quote: number | null;
}

export function reviewView(input: ReviewInput): ReviewView {
  const outline = guideOutline(input.document);
  const readable = input.capture !== null && !("problem" in input.capture.readable) ? input.capture.readable : null;
  const sites = input.document === null ? [] : quoteSites(input.document);
  const colours = levelColours(outline.systems);
  const quotes = readable === null ? [] : quoteMarks(readable, outline.systems, sites, colours);
  const notes = placeNotes(input, sites, quotes);
  const systems = systemViews(outline.systems, colours, notes);
  const accounting = readable === null ? null : accountingOf(readable, input, outline.retrievedAt);
  const taken = accounting?.taken ?? [];
  const unassigned = accounting?.untranscribed.map(({ start, end, value, line }, id): UnassignedNumber => ({ id, start, end, value, line })) ?? [];
  return {
    platformId: input.platformId,
    file: input.file,
    title: outline.title,
    capture: input.capture === null ? null : { shownPath: input.capture.shownPath, problem: "problem" in input.capture.readable ? input.capture.readable.problem : null },
    systems,
    quotes,
    unassigned,
    pieces: readable === null ? [] : cutText(readable.text, { quotes, taken, unassigned, regions: readable.regions, marks: readable.marks }),
    notes,
    gradings: outline.systems.reduce((sum, system) => sum + system.gradings.length, 0),
    entries: outline.entries,
    guideNotes: outline.notes,
    permissionQuote: outline.permissionQuote,
  };
}

/** Each level's colour, counted over the guide's levels in document order. */
function levelColours(systems: readonly OutlineSystem[]): Map<string, number> {
  const colours = new Map<string, number>();
  let next = 0;
  for (const system of systems) for (const level of system.levels) colours.set(levelId(system.index, level.key), next++ % LEVEL_COLOURS);
  return colours;
}

function levelId(system: number, key: string): string {
  return `${system}\u0000${key}`;
}

const GRADING_QUOTE = /^\$\.systems\[(\d+)\]\.gradings\[(\d+)\]\.quote$/;

/**
 * Where the guide's quotes are in the text. Occurrences in the guide's own text are marked; a quote found
 * only in a non-guide region is marked there (check refuses it, and that problem is shown at the mark).
 */
function quoteMarks(capture: ReadableCapture, systems: readonly OutlineSystem[], sites: readonly QuoteSite[], colours: ReadonlyMap<string, number>): QuoteMark[] {
  const marks = new Map<string, QuoteMark>();
  const occurrences = new Map<string, number[]>();
  const markAt = (quote: string): QuoteMark[] => {
    let starts = occurrences.get(quote);
    if (starts === undefined) {
      const all = capture.index.occurrences(quote);
      const inGuide = all.filter((start) => regionHolding(capture.regions, start, start + quote.length) === null);
      starts = inGuide.length > 0 ? inGuide : all;
      occurrences.set(quote, starts);
    }
    return starts.map((start) => {
      const key = `${start}:${quote.length}`;
      let mark = marks.get(key);
      if (mark === undefined) {
        const region = regionHolding(capture.regions, start, start + quote.length)?.region ?? null;
        mark = { id: -1, start, end: start + quote.length, levels: [], fields: [], colour: null, region, notes: [] };
        marks.set(key, mark);
      }
      return mark;
    });
  };
  for (const site of sites) {
    if (site.quote.startsWith(MARK)) continue;
    const grading = gradingOf(site.path, systems);
    for (const mark of markAt(site.quote)) {
      if (grading === null) {
        const field = site.path.replace(/^\$\.?/, "").replace(/\.quote$/, "");
        if (!mark.fields.includes(field)) mark.fields.push(field);
        continue;
      }
      const { system, seed, level } = grading;
      const levelLabel = system.levels.find((candidate) => candidate.key === level)?.label ?? `${level} (no such level)`;
      let entry = mark.levels.find((candidate) => candidate.system === system.label && candidate.level === levelLabel);
      if (entry === undefined) {
        entry = { system: system.label, level: levelLabel, colour: colours.get(levelId(system.index, level)) ?? 0, seeds: [] };
        mark.levels.push(entry);
      }
      entry.seeds.push(seed);
    }
  }
  const sorted = [...marks.values()].sort((a, b) => a.start - b.start || b.end - a.end);
  sorted.forEach((mark, id) => {
    mark.id = id;
    mark.colour = mark.levels[0]?.colour ?? null;
  });
  return sorted;
}

function gradingOf(path: string, systems: readonly OutlineSystem[]): { system: OutlineSystem; seed: number; level: string } | null {
  const match = GRADING_QUOTE.exec(path);
  if (match === null) return null;
  const system = systems.find((candidate) => candidate.index === Number(match[1]));
  const grading = system?.gradings.find((candidate) => candidate.index === Number(match[2]));
  return system === undefined || grading === undefined ? null : { system, seed: grading.seed, level: grading.level };
}

/**
 * The placeholders and check's problems, each at the first mark of the quote of the entry its path is in
 * (`$.systems[0].gradings[3].seed` goes to that grading's quote). Check reports a placeholder as a problem at
 * its path and nothing else there, so a problem at a placeholder's path is that placeholder.
 */
function placeNotes(input: ReviewInput, sites: readonly QuoteSite[], quotes: QuoteMark[]): Note[] {
  const placeholders = input.document === null ? [] : placeholderSites(input.document);
  const placeholderPaths = new Set(placeholders.map((site) => site.path));
  const notes: Note[] = [
    ...placeholders.map((site, id): Note => ({ id, kind: "placeholder", path: site.path, message: site.what, expected: null, quote: null })),
    ...input.problems
      .filter((problem) => !placeholderPaths.has(problem.path))
      .map((problem): Note => ({ id: 0, kind: "problem", path: problem.path, message: problem.message, expected: problem.expected ?? null, quote: null })),
  ];
  const firstMark = new Map<string, QuoteMark>();
  notes.forEach((note, id) => {
    note.id = id;
    const site = owningSite(note.path, sites);
    if (site === null) return;
    let mark = firstMark.get(site.quote);
    if (mark === undefined) {
      mark = quotes.find((candidate) => candidate.end - candidate.start === site.quote.length && textAt(input, candidate) === site.quote);
      if (mark !== undefined) firstMark.set(site.quote, mark);
    }
    if (mark === undefined) return;
    note.quote = mark.id;
    mark.notes.push(id);
  });
  return notes;
}

function textAt(input: ReviewInput, mark: QuoteMark): string | null {
  const readable = input.capture?.readable;
  return readable === undefined || "problem" in readable ? null : readable.text.slice(mark.start, mark.end);
}

/** The quote of the innermost entry holding `path` (the entry is the quote's parent object; `$` holds no entry). */
function owningSite(path: string, sites: readonly QuoteSite[]): QuoteSite | null {
  let best: QuoteSite | null = null;
  let bestLength = -1;
  for (const site of sites) {
    if (site.quote.startsWith(MARK)) continue;
    const owner = site.path.replace(/(?:\.[A-Za-z_$][A-Za-z0-9_$]*|\[[^\]]*\])$/, "");
    const holds = path === site.path || (owner !== "$" && (path === owner || path.startsWith(`${owner}.`) || path.startsWith(`${owner}[`)));
    if (holds && owner.length > bestLength) {
      best = site;
      bestLength = owner.length;
    }
  }
  return best;
}

const LEVEL_PATH = /^\$\.systems\[(\d+)\]\.levels\[(\d+)\]/;
const SYSTEM_PATH = /^\$\.systems\[(\d+)\](?:$|\.(?!levels\b|gradings\b))/;

function systemViews(systems: readonly OutlineSystem[], colours: ReadonlyMap<string, number>, notes: readonly Note[]): SystemView[] {
  return systems.map((system) => {
    const levels = system.levels.map((level): LevelView => {
      const seeds = system.gradings.filter((grading) => grading.level === level.key).map((grading) => grading.seed);
      const levelNotes = notes.filter((note) => {
        const match = LEVEL_PATH.exec(note.path);
        return match !== null && Number(match[1]) === system.index && Number(match[2]) === level.index;
      });
      return {
        key: level.key,
        label: level.label,
        ordered: level.ordered,
        imagesOnly: level.imagesOnly,
        colour: colours.get(levelId(system.index, level.key)) ?? 0,
        seeds,
        notes: levelNotes.map((note) => note.id),
      };
    });
    const keys = new Set(system.levels.map((level) => level.key));
    const systemNotes = notes.filter((note) => Number(SYSTEM_PATH.exec(note.path)?.[1] ?? -1) === system.index);
    return {
      id: system.id,
      label: system.label,
      kind: system.kind,
      item: system.item,
      paintIndexes: system.paintIndexes,
      levels,
      unknownLevelGradings: system.gradings.filter((grading) => !keys.has(grading.level)).length,
      notes: systemNotes.map((note) => note.id),
    };
  });
}

/** The numbers the gradings take and the ones nothing accounts for, as `guide:numbers` and check count them. */
function accountingOf(capture: ReadableCapture, input: ReviewInput, retrievedAt: string | null): Accounting {
  const { skip } = readAttribution(capture, input.platformId, retrievedAt ?? "");
  return accountNumbers(capture, accountedParts(input.document), { skip });
}
