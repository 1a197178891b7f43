import { followLevel, followSystem, rescale } from "./bookkeeping.ts";
import { idFromLabel, unique, type DocumentGrading, type DocumentLevel, type DocumentSystem, type EditContext, type GuideDocument } from "./document.ts";
import type { Edit } from "./edit.ts";
import { EditRefused, quotedSpan } from "./listing.ts";

// Levels and systems: their order, labels, `ordered`, and merging and splitting them. A level's place in its
// system's `levels` is its ranking (best first); a grading's `position` follows from its place in `gradings`
// (bookkeeping.ts renumbers them after every edit).

type Of<K extends Edit["kind"]> = Extract<Edit, { kind: K }>;

export function systemOf(guide: GuideDocument, id: string): DocumentSystem {
  const system = guide.systems.find((candidate) => candidate.id === id);
  if (system === undefined) throw new EditRefused(`the guide has no system ${JSON.stringify(id)}`);
  return system;
}

function levelOf(system: DocumentSystem, key: string): DocumentLevel {
  const level = system.levels.find((candidate) => candidate.key === key);
  if (level === undefined) throw new EditRefused(`system ${JSON.stringify(system.id)} has no level ${JSON.stringify(key)}`);
  return level;
}

export function moveLevel(guide: GuideDocument, edit: Of<"move-level">): void {
  const system = systemOf(guide, edit.system);
  const index = system.levels.indexOf(levelOf(system, edit.level));
  const other = edit.direction === "up" ? index - 1 : index + 1;
  if (other < 0 || other >= system.levels.length) throw new EditRefused(`level ${JSON.stringify(system.levels[index]!.label)} is already the ${edit.direction === "up" ? "best" : "worst"} of its system`);
  [system.levels[index], system.levels[other]] = [system.levels[other]!, system.levels[index]!];
  rescale(system);
}

export function renameLevel(guide: GuideDocument, edit: Of<"rename-level">): void {
  const system = systemOf(guide, edit.system);
  levelOf(system, edit.level).label = edit.label;
  rescale(system);
}

/** A new key: the level's gradings and the discrepancy places naming it follow. */
export function renameLevelKey(guide: GuideDocument, edit: Of<"rename-level-key">): void {
  const system = systemOf(guide, edit.system);
  const level = levelOf(system, edit.level);
  if (edit.key === level.key) return;
  if (system.levels.some((other) => other.key === edit.key)) throw new EditRefused(`system ${JSON.stringify(system.id)} already has a level ${JSON.stringify(edit.key)}`);
  for (const grading of system.gradings) if (grading.level === level.key) grading.level = edit.key;
  followLevel(guide, system.id, level.key, edit.key);
  level.key = edit.key;
}

export function setOrdered(guide: GuideDocument, edit: Of<"set-ordered">, context: EditContext): void {
  const level = levelOf(systemOf(guide, edit.system), edit.level);
  level.ordered = edit.sentence !== null;
  level.ordered_quote = edit.sentence === null ? null : quotedSpan(edit.sentence, context).quote;
}

/** Every level whose `ordered` is not decided yet (not a boolean) is not ordered; refused when none is left. */
export function undecidedNotOrdered(guide: GuideDocument): void {
  const undecided = guide.systems.flatMap((system) => system.levels).filter((level) => typeof level.ordered !== "boolean");
  if (undecided.length === 0) throw new EditRefused("every level is already marked ordered or not");
  for (const level of undecided) {
    level.ordered = false;
    level.ordered_quote = null;
  }
}

/**
 * The level's gradings join `into`, after its gradings, and the level goes. Ranks they carry are then ranks
 * inside one level (`rank_scope: "level"`): a rank system's one-seed levels merged into a named level.
 */
export function mergeLevels(guide: GuideDocument, edit: Of<"merge-levels">): void {
  const system = systemOf(guide, edit.system);
  const from = levelOf(system, edit.level);
  const into = levelOf(system, edit.into);
  if (from === into) throw new EditRefused("a level cannot be merged into itself");
  if (into.gradings === null) throw new EditRefused(`level ${JSON.stringify(into.label)} is shown as images alone and takes no gradings`);
  const moving = system.gradings.filter((grading) => grading.level === from.key);
  const staying = system.gradings.filter((grading) => grading.level !== from.key);
  for (const grading of moving) grading.level = into.key;
  const last = staying.findLastIndex((grading) => grading.level === into.key);
  staying.splice(last === -1 ? staying.length : last + 1, 0, ...moving);
  system.gradings = staying;
  system.gradings = system.gradings.map((grading) => (grading.level === into.key ? rankedInLevel(grading) : grading));
  system.levels = system.levels.filter((level) => level !== from);
  followLevel(guide, system.id, from.key, into.key);
  rescale(system);
}

/** The grading with `rank_scope: "level"`, written right after its rank as guide files write it; an unranked grading as it is. */
function rankedInLevel(grading: DocumentGrading): DocumentGrading {
  if (grading.rank_scope === "level") return grading;
  const entries = Object.entries(grading).flatMap(([key, value]) => (key === "rank" ? [[key, value], ["rank_scope", "level"]] : [[key, value]]));
  return Object.fromEntries(entries) as DocumentGrading;
}

export function removeLevel(guide: GuideDocument, edit: Of<"remove-level">): void {
  const system = systemOf(guide, edit.system);
  const level = levelOf(system, edit.level);
  if (system.levels.length === 1) throw new EditRefused(`level ${JSON.stringify(level.label)} is the only level of system ${JSON.stringify(system.id)}: remove the system instead`);
  system.levels = system.levels.filter((candidate) => candidate !== level);
  system.gradings = system.gradings.filter((grading) => grading.level !== level.key);
  rescale(system);
}

export function renameSystem(guide: GuideDocument, edit: Of<"rename-system">): void {
  const system = systemOf(guide, edit.system);
  system.label = edit.label;
  if (edit.id === undefined || edit.id === system.id) return;
  if (guide.systems.some((other) => other.id === edit.id)) throw new EditRefused(`the guide already has a system ${JSON.stringify(edit.id)}`);
  const old = system.id;
  system.id = edit.id;
  followSystem(guide, old, edit.id);
}

/** A system's place in the guide is only the order it is shown in: systems rank nothing against each other. */
export function moveSystem(guide: GuideDocument, edit: Of<"move-system">): void {
  const index = guide.systems.indexOf(systemOf(guide, edit.system));
  const other = edit.direction === "up" ? index - 1 : index + 1;
  if (other < 0 || other >= guide.systems.length) throw new EditRefused(`system ${JSON.stringify(edit.system)} is already the ${edit.direction === "up" ? "first" : "last"} of the guide`);
  [guide.systems[index], guide.systems[other]] = [guide.systems[other]!, guide.systems[index]!];
}

export function setScale(guide: GuideDocument, edit: Of<"set-scale">): void {
  const system = systemOf(guide, edit.system);
  system.scale.kind = edit.scale;
  rescale(system);
}

/** The system's levels (keys kept where free) and gradings join `into`, after its own; references follow. */
export function mergeSystems(guide: GuideDocument, edit: Of<"merge-systems">): void {
  const from = systemOf(guide, edit.system);
  const into = systemOf(guide, edit.into);
  if (from === into) throw new EditRefused("a system cannot be merged into itself");
  if (from.item !== into.item) throw new EditRefused(`systems of two items (${from.item}, ${into.item}) cannot be one system`);
  const keys = new Set(into.levels.map((level) => level.key));
  const renamed = new Map<string, string>();
  for (const level of from.levels) {
    const key = keys.has(level.key) ? unique(idFromLabel(level.label) || "level", keys) : level.key;
    keys.add(key);
    renamed.set(level.key, key);
    into.levels.push({ ...level, key });
  }
  for (const grading of from.gradings) into.gradings.push({ ...grading, level: renamed.get(grading.level) ?? grading.level });
  into.remarks.push(...from.remarks);
  into.paint_indexes = from.paint_indexes === null || into.paint_indexes === null ? null : [...new Set([...into.paint_indexes, ...from.paint_indexes])].sort((a, b) => a - b);
  guide.systems = guide.systems.filter((system) => system !== from);
  for (const discrepancy of guide.discrepancies) {
    if (discrepancy.where === undefined) continue;
    discrepancy.where = discrepancy.where.map((place) => {
      if (!place.startsWith(`${from.id}:`)) return place;
      const key = place.slice(from.id.length + 1);
      return `${into.id}:${renamed.get(key) ?? key}`;
    });
  }
  followSystem(guide, from.id, into.id);
  rescale(into);
}

/**
 * One copy of the system per paint it covers (all of its item's paints when it names none), each narrowed to
 * that paint and labelled with it, in the system's place. Its item claims (that it covers every paint) go;
 * callouts and remarks naming it name the first copy; discrepancy places name every copy.
 */
export function splitPerPaint(guide: GuideDocument, edit: Of<"split-per-paint">, context: EditContext): void {
  const system = systemOf(guide, edit.system);
  const item = context.items.get(system.item);
  if (item === undefined) throw new EditRefused(`no item file items/${system.item}.json: its paints are not known`);
  const paints = item.paints.filter((paint) => system.paint_indexes === null || system.paint_indexes.includes(paint.paint_index));
  if (paints.length < 2) throw new EditRefused(`system ${JSON.stringify(system.id)} covers one paint: there is nothing to split`);
  const ids = new Set(guide.systems.filter((other) => other !== system).map((other) => other.id));
  const copies = paints.map((paint): DocumentSystem => {
    const id = unique(`${system.id}_${idFromLabel(paint.paint_label) || paint.paint_index}`.slice(0, 64), ids);
    ids.add(id);
    return { ...structuredClone(system), id, label: `${system.label} (${paint.paint_label || paint.paint_index})`, paint_indexes: [paint.paint_index] };
  });
  guide.systems.splice(guide.systems.indexOf(system), 1, ...copies);
  guide.item_claims = guide.item_claims.filter((claim) => claim.system !== system.id);
  for (const entry of [...guide.callouts, ...guide.remarks]) if (entry.system === system.id) entry.system = copies[0]!.id;
  for (const discrepancy of guide.discrepancies) {
    if (discrepancy.where === undefined) continue;
    discrepancy.where = discrepancy.where.flatMap((place) => (place.startsWith(`${system.id}:`) ? copies.map((copy) => `${copy.id}${place.slice(system.id.length)}`) : [place]));
  }
}

export function removeSystem(guide: GuideDocument, edit: Of<"remove-system">): void {
  const system = systemOf(guide, edit.system);
  guide.systems = guide.systems.filter((candidate) => candidate !== system);
  followSystem(guide, system.id, null);
}
