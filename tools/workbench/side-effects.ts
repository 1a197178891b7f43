import { firstOccurrence } from "../../generator/capture/quote-occurrences.ts";
import type { EditContext, GuideDocument } from "./document.ts";
import type { Edit, Span } from "./edit.ts";
import { lineOf } from "../../generator/capture/capture-text.ts";
import { groupsByQuote, takings } from "./listing.ts";
import { systemsOfLabel } from "./merge-by-label.ts";

// No silent change: what an edit did to gradings, levels and systems besides what it was about. Computed the
// same way for every edit, by comparing the guide before and after it: a grading is known by its seed and
// the place in the text of the number it takes (its quote's first occurrence in the guide's text, and the
// number of that quote it takes, as check reads them), so a grading moved to another level, given another
// quote or dropped is found whatever the edit. What the edit was about is its scope: the text it selected
// (a listing's span, a number), or the levels and systems it names. A listing taking over a grading written
// elsewhere, a number's neighbours given new quotes, a level or system left empty and removed: each is
// reported, and the page names it beside the edit with a way to undo it.

/** A grading as the comparison knows it. */
interface GradingAt {
  seed: number;
  quote: string;
  system: string;
  systemLabel: string;
  level: string;
  levelLabel: string;
  /** Where the number it takes is written in the text; null when its quote or seed is not found there. */
  place: number | null;
  /** Its other fields (note, rank, ...), to tell a grading changed in place. */
  rest: string;
}

/** What the comparison knows of a guide. */
export interface Picture {
  gradings: GradingAt[];
  levels: { system: string; systemLabel: string; level: string; label: string }[];
  systems: { system: string; label: string }[];
}

export interface Where {
  system: string;
  systemLabel: string;
  level: string;
  levelLabel: string;
}

export interface GradingChange {
  /** `moved` to another level or system, `requoted` (another quote, same level), `changed` (another field), `removed`. */
  change: "moved" | "requoted" | "changed" | "removed";
  seed: number;
  /** The line of the text it was taken from (1-based), when its place is known. */
  line: number | null;
  from: Where;
  /** Where it is after the edit; null when removed. */
  to: Where | null;
}

/** What an edit changed outside its scope. */
export interface SideEffects {
  gradings: GradingChange[];
  levels: Picture["levels"];
  systems: Picture["systems"];
}

/** The gradings, levels and systems of a guide, to compare with the guide after an edit. */
export function pictureOf(guide: GuideDocument, context: EditContext): Picture {
  return {
    gradings: gradingsAt(guide, context),
    levels: guide.systems.flatMap((system) => system.levels.map((level) => ({ system: system.id, systemLabel: system.label, level: level.key, label: level.label }))),
    systems: guide.systems.map((system) => ({ system: system.id, label: system.label })),
  };
}

function gradingsAt(guide: GuideDocument, context: EditContext): GradingAt[] {
  const quoteAt = quotePlaces(context);
  return guide.systems.flatMap((system) => {
    const labels = new Map(system.levels.map((level) => [level.key, level.label]));
    const places = new Map<object, number | null>();
    for (const group of groupsByQuote(system)) {
      const at = quoteAt(group[0]!.quote);
      takings(group[0]!.quote, group, labels.get(group[0]!.level) ?? "").forEach((number, index) => places.set(group[index]!, at === null || number === null ? null : at + number.start));
    }
    return system.gradings.map(({ seed, quote, level, position: _position, ...rest }, index): GradingAt => ({
      seed,
      quote,
      system: system.id,
      systemLabel: system.label,
      level,
      levelLabel: labels.get(level) ?? level,
      place: places.get(system.gradings[index]!) ?? null,
      rest: JSON.stringify(rest),
    }));
  });
}

/** A quote's first place in the guide's text (cutting no number), outside the page's other regions (one look-up per quote). */
function quotePlaces(context: EditContext): (quote: string) => number | null {
  const known = new Map<string, number | null>();
  const inRegion = (start: number, end: number) => context.regions.some((region) => region.start < end && start < region.end);
  return (quote) => {
    if (known.has(quote)) return known.get(quote)!;
    let at = firstOccurrence(context.text, quote);
    while (at !== -1 && inRegion(at, at + quote.length)) at = firstOccurrence(context.text, quote, at + 1);
    const place = at === -1 ? null : at;
    known.set(quote, place);
    return place;
  };
}

/** What an edit is about: the text it selected, and the levels (`<system id>:<level key>`) and systems it names. */
export interface Scope {
  spans: readonly Span[];
  levels: ReadonlySet<string>;
  systems: ReadonlySet<string>;
}

type ScopeOf<K extends Edit["kind"]> = (edit: Extract<Edit, { kind: K }>, guide: GuideDocument) => Partial<Scope>;

const ofLevel = (edit: { system: string; level: string }) => ({ levels: new Set([`${edit.system}:${edit.level}`]) });
const ofSystem = (edit: { system: string }) => ({ systems: new Set([edit.system]) });
const ofSpan = (edit: { span: Span }) => ({ spans: [edit.span] });
const ofNothing = () => ({});

/** Each edit's scope, by kind: the compiler names a kind left out. */
const SCOPES: { [K in Edit["kind"]]: ScopeOf<K> } = {
  assign: ofSpan,
  "read-table": ofSpan,
  // The places the reading was shown: each label with its listing, or each heading with its section.
  "apply-reading": (edit) => ({ spans: edit.reading.as === "listing" ? edit.reading.places.flatMap((place) => [place.label, place.listing]) : edit.reading.places.flatMap((place) => [place.heading, place.section]) }),
  "drop-number": (edit) => ({ spans: [edit.number] }),
  "not-graded": (edit) => ({ spans: [edit.number] }),
  "move-level": ofLevel,
  "rename-level": ofLevel,
  "rename-level-key": ofLevel,
  "set-ordered": ofLevel,
  "undecided-not-ordered": ofNothing,
  "remove-level": ofLevel,
  "merge-levels": (edit) => ({ levels: new Set([`${edit.system}:${edit.level}`, `${edit.system}:${edit.into}`]) }),
  "merge-levels-by-label": ofSystem,
  "rename-system": ofSystem,
  "set-scale": ofSystem,
  "move-system": ofSystem,
  "set-item": ofSystem,
  "set-paints": ofSystem,
  "split-per-paint": ofSystem,
  "remove-system": ofSystem,
  "merge-systems": (edit) => ({ systems: new Set([edit.system, edit.into]) }),
  "merge-systems-by-label": (edit, guide) => {
    const system = guide.systems.find((candidate) => candidate.id === edit.system);
    return { systems: new Set(system === undefined ? [] : systemsOfLabel(guide, system).map((other) => other.id)) };
  },
  "merge-item-systems": (edit, guide) => {
    // The system merged into is of its own item; with no such system, no system is of an undefined item.
    const item = guide.systems.find((candidate) => candidate.id === edit.into)?.item;
    return { systems: new Set(guide.systems.filter((other) => other.item === item).map((other) => other.id)) };
  },
  callout: ofSpan,
  remark: ofSpan,
  "item-claim": ofSpan,
  "remove-entry": ofNothing,
  "set-notes": ofNothing,
  "set-permission-quote": ofNothing,
  fill: ofNothing,
};

export function scopeOf(edit: Edit, guide: GuideDocument): Scope {
  const scope = (SCOPES[edit.kind] as ScopeOf<Edit["kind"]>)(edit, guide);
  return { spans: scope.spans ?? [], levels: scope.levels ?? new Set(), systems: scope.systems ?? new Set() };
}

function inScope(grading: GradingAt, scope: Scope): boolean {
  if (scope.systems.has(grading.system) || scope.levels.has(`${grading.system}:${grading.level}`)) return true;
  return grading.place !== null && scope.spans.some((span) => span.start <= grading.place! && grading.place! < span.end);
}

/** What the edit changed outside its scope: the guide `after` it compared with what it was `before`. */
export function sideEffects(was: Picture, scope: Scope, after: GuideDocument, context: EditContext): SideEffects {
  const now = pictureOf(after, context);
  const matched = matchGradings(was.gradings, now.gradings);
  const gradings = was.gradings.flatMap((grading, index): GradingChange[] => {
    if (inScope(grading, scope)) return [];
    const change = changeOf(grading, matched[index] ?? null);
    return change === null ? [] : [{ change, seed: grading.seed, line: grading.place === null ? null : lineOf(context.text, grading.place), from: whereOf(grading), to: matched[index] === undefined ? null : whereOf(matched[index]!) }];
  });
  const systemsNow = new Set(now.systems.map((system) => system.system));
  const levelsNow = new Set(now.levels.map((level) => `${level.system}:${level.level}`));
  const systems = was.systems.filter((system) => !systemsNow.has(system.system) && !scope.systems.has(system.system));
  const levels = was.levels.filter(
    (level) => systemsNow.has(level.system) && !levelsNow.has(`${level.system}:${level.level}`) && !scope.systems.has(level.system) && !scope.levels.has(`${level.system}:${level.level}`),
  );
  return { gradings, levels, systems };
}

/**
 * Each grading before the edit with the grading it is after it, if any: first one at the same place in the
 * same level unchanged, then any at the same place, then (a grading given another quote) the same seed in the
 * same level. Each grading after is matched once.
 */
function matchGradings(was: readonly GradingAt[], now: readonly GradingAt[]): (GradingAt | undefined)[] {
  const used = new Set<number>();
  const matched: (GradingAt | undefined)[] = [];
  const pass = (key: (grading: GradingAt) => string, accept: (a: GradingAt, b: GradingAt) => boolean) => {
    const byKey = new Map<string, number[]>();
    // A grading after the edit already matched is listed too: the look-up below passes over it.
    now.forEach((grading, index) => {
      const list = byKey.get(key(grading));
      if (list === undefined) byKey.set(key(grading), [index]);
      else list.push(index);
    });
    was.forEach((grading, index) => {
      if (matched[index] !== undefined) return;
      const found = byKey.get(key(grading))?.find((candidate) => !used.has(candidate) && accept(grading, now[candidate]!));
      if (found === undefined) return;
      used.add(found);
      matched[index] = now[found]!;
    });
  };
  const place = (grading: GradingAt) => (grading.place === null ? `${grading.seed}:${grading.quote}` : `${grading.seed}@${grading.place}`);
  pass(place, (a, b) => changeOf(a, b) === null);
  pass(place, () => true);
  pass((grading) => `${grading.seed}\u0000${grading.system}\u0000${grading.level}`, () => true);
  return matched;
}

function changeOf(was: GradingAt, now: GradingAt | null): GradingChange["change"] | null {
  if (now === null) return "removed";
  if (now.system !== was.system || now.level !== was.level) return "moved";
  if (now.quote !== was.quote) return "requoted";
  return now.rest === was.rest ? null : "changed";
}

function whereOf(grading: GradingAt): Where {
  return { system: grading.system, systemLabel: grading.systemLabel, level: grading.level, levelLabel: grading.levelLabel };
}

const SAID: Record<GradingChange["change"], (seeds: string, where: string) => string> = {
  moved: (seeds, where) => `moved ${seeds} from ${where}`,
  requoted: (seeds, where) => `changed the quote of ${seeds} of ${where}`,
  changed: (seeds, where) => `changed ${seeds} of ${where}`,
  removed: (seeds, where) => `removed ${seeds} of ${where}`,
};

/**
 * The side effects as the page's status line says them, or null when there are none: "also moved seed 66
 * from Tier 2 (line 14); removed level Tier 2 of Blue gems". Gradings of one change, level and line are named together.
 */
export function sideEffectsSentence(effects: SideEffects): string | null {
  const groups = new Map<string, { change: GradingChange; seeds: number[] }>();
  for (const change of effects.gradings) {
    // join writes a line not known (null) as an empty part.
    const key = [change.change, change.from.system, change.from.level, change.line].join("\u0000");
    const group = groups.get(key);
    if (group === undefined) groups.set(key, { change, seeds: [change.seed] });
    else group.seeds.push(change.seed);
  }
  const parts = [...groups.values()].map(({ change, seeds }) => {
    const where = `${levelName(change.from.levelLabel, change.from.systemLabel)}${change.line === null ? "" : ` (line ${change.line})`}`;
    return SAID[change.change](`${seeds.length === 1 ? "seed" : "seeds"} ${seeds.join(", ")}`, where);
  });
  if (effects.systems.length > 0) parts.push(`removed ${effects.systems.length === 1 ? "system" : "systems"} ${effects.systems.map((system) => system.label).join(", ")}`);
  for (const level of effects.levels) parts.push(`removed level ${levelName(level.label, level.systemLabel)}`);
  return parts.length === 0 ? null : `also ${parts.join("; ")}`;
}

/** A level named with its system, unless the system bears the level's label (a draft's one-level groups). */
function levelName(level: string, system: string): string {
  return level === system ? level : `${level} of ${system}`;
}
