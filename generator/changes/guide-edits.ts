// What changes in a guide that both builds hold, beyond what the changelog lists (its title, systems,
// levels and verdicts): the guide's own fields (its metadata, `unassigned_review`, callouts, remarks,
// discrepancies…) and, in each system both hold, the system's fields, its levels' fields other than
// their labels and the wording of gradings whose verdict stays. A pull request changing any of them
// changes the guide's responses; the reviewer sees which field, before and after. Pure: the guides
// come from the build snapshots.

import type { Guide, GuideSystem } from "../../contract/schema/guide.ts";

export interface FieldEdit {
  /** The guide's field, or a system's: `callouts`, `systems.top30.label`. */
  field: string;
  before: string;
  after: string;
}

export interface GuideEdits {
  platform_id: string;
  title: string;
  edits: FieldEdit[];
}

/** Longest text shown of a field's value: a quote or a note is recognized by its start. */
const MAX_TEXT = 80;

const text = (value: string) => JSON.stringify(value.length > MAX_TEXT ? `${value.slice(0, MAX_TEXT - 1)}…` : value);
const orNone = <T>(show: (value: T) => string) => (value: T | null | undefined) => (value === null || value === undefined ? "none" : show(value));
const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);

/** How a field's value is shown: a value as a whole, or a list by its elements (`element` names one). */
type Shown<T> = { value: (value: T) => string } | { element: (element: T extends readonly (infer E)[] ? E : never) => string; nouns: [one: string, more: string] };

type Fields<T> = { [K in keyof T]?: Shown<T[K]> };

/** The guide's own fields, in the order of its document; title and systems are the changelog's. */
const GUIDE_FIELDS: Fields<Guide> = {
  schema: { value: text },
  authors: { value: (authors) => authors.map(text).join(", ") },
  url: { value: text },
  updated: { value: text },
  permission: { value: text },
  collaborators: { value: String },
  posted: { value: text },
  snapshot: { value: (snapshot) => `${text(snapshot.path)}, retrieved ${snapshot.retrieved_at}, sha256 ${snapshot.sha256.slice(0, 12)}…` },
  permission_quote: { value: text },
  incomplete: { value: orNone((quoted) => text(quoted.quote)) },
  complete: { value: orNone((quoted) => text(quoted.quote)) },
  notes: { value: (notes) => (notes === "" ? "none" : text(notes)) },
  related_guides: { element: (related) => related.platform_id, nouns: ["related guide", "related guides"] },
  remarks: { element: (remark) => text(remark.quote), nouns: ["remark", "remarks"] },
  item_claims: { element: (claim) => text(claim.quote), nouns: ["item claim", "item claims"] },
  callouts: { element: (callout) => `${callout.kind} ${text(callout.label || callout.quote)}`, nouns: ["callout", "callouts"] },
  discrepancies: { element: (discrepancy) => `${discrepancy.kind}${discrepancy.seed === undefined ? "" : ` seed ${discrepancy.seed}`}`, nouns: ["discrepancy", "discrepancies"] },
  unassigned_review: { value: orNone((review) => `${review.count} unassigned, reviewed ${review.reviewed_at} by ${text(review.reviewed_by)}`) },
};

/** A system's own fields; its id, levels and gradings are compared apart. */
const SYSTEM_FIELDS: Fields<GuideSystem> = {
  label: { value: text },
  item: { value: text },
  paint_indexes: { value: orNone((indexes) => indexes.join(", ")) },
  alias: { value: orNone(text) },
  topic: { value: orNone(text) },
  definition: { value: orNone((quoted) => text(quoted.quote)) },
  scale: { value: (scale) => `${scale.kind}, best ${JSON.stringify(scale.best)}, worst ${JSON.stringify(scale.worst)}${scale.definition ? `, ${text(scale.definition.quote)}` : ""}` },
  remarks: { element: (remark) => text(remark.quote), nouns: ["remark", "remarks"] },
};

/** A level's fields but its key and its label (a renamed level is the changelog's). */
const LEVEL_FIELDS: Fields<GuideSystem["levels"][number]> = {
  images: { element: text, nouns: ["image", "images"] },
  ordered: { value: String },
  ordered_quote: { value: orNone(text) },
  definition: { value: orNone((quoted) => text(quoted.quote)) },
  gradings: { value: (gradings) => (gradings === null ? "shown as images only" : "graded") },
};

const counted = (count: number, [one, more]: [string, string]) => `${count} ${count === 1 ? one : more}`;

/** The elements of `a` not matched one for one in `b`, compared as JSON. */
function minus<T>(a: readonly T[], b: readonly T[]): T[] {
  const left = b.map((element) => JSON.stringify(element));
  return a.filter((element) => {
    const at = left.indexOf(JSON.stringify(element));
    if (at === -1) return true;
    left.splice(at, 1);
    return false;
  });
}

function fieldEdits<T extends object>(prefix: string, before: T, after: T, fields: Fields<T>): FieldEdit[] {
  const edits: FieldEdit[] = [];
  for (const [field, shown] of Object.entries(fields) as [keyof T & string, Shown<unknown>][]) {
    const [x, y] = [before[field], after[field]];
    if (same(x, y)) continue;
    if ("value" in shown) {
      edits.push({ field: `${prefix}${field}`, before: shown.value(x), after: shown.value(y) });
      continue;
    }
    const [listX, listY] = [(x ?? []) as never[], (y ?? []) as never[]];
    const removed = minus(listX, listY).map((element) => `− ${shown.element(element)}`);
    const added = minus(listY, listX).map((element) => `+ ${shown.element(element)}`);
    // The same elements in another order: the list's order is what changed.
    const detail = [...removed, ...added].join("; ") || "reordered";
    edits.push({ field: `${prefix}${field}`, before: counted(listX.length, shown.nouns), after: `${counted(listY.length, shown.nouns)}: ${detail}` });
  }
  return edits;
}

/** The fields of each level both systems hold, by key. */
function levelEdits(prefix: string, before: GuideSystem, after: GuideSystem): FieldEdit[] {
  const levelsA = new Map(before.levels.map((level) => [level.key, level]));
  return after.levels.flatMap((level) => {
    const old = levelsA.get(level.key);
    return old === undefined ? [] : fieldEdits(`${prefix}levels.${level.key}.`, old, level, LEVEL_FIELDS);
  });
}

/**
 * Gradings whose verdict (seed, level) is in both builds but whose other fields differ: a quote, a
 * note, a rank corrected. Compared per verdict, so a moved verdict is the changelog's alone.
 */
function gradingEdits(prefix: string, before: GuideSystem, after: GuideSystem): FieldEdit[] {
  const byVerdict = (system: GuideSystem) => {
    const map = new Map<string, string[]>();
    for (const grading of system.gradings) {
      const key = `${grading.seed} ${grading.level}`;
      map.set(key, [...(map.get(key) ?? []), JSON.stringify(grading)]);
    }
    return map;
  };
  const [a, b] = [byVerdict(before), byVerdict(after)];
  const seeds = [...b].filter(([key, gradings]) => a.has(key) && !same([...a.get(key)!].sort(), [...gradings].sort())).map(([key]) => Number(key.split(" ")[0]));
  if (seeds.length === 0) return [];
  const shown = [...new Set(seeds)].sort((x, y) => x - y);
  return [{ field: `${prefix}gradings`, before: counted(seeds.length, ["grading", "gradings"]), after: `reworded (seeds ${shown.slice(0, 10).join(", ")}${shown.length > 10 ? ", …" : ""})` }];
}

/** Every edit of a guide both builds hold, its own fields first, then each system both hold. */
export function guideEdits(before: Guide, after: Guide): FieldEdit[] {
  const edits = fieldEdits("", before, after, GUIDE_FIELDS);
  const systemsA = new Map(before.systems.map((system) => [system.id, system]));
  for (const system of after.systems) {
    const old = systemsA.get(system.id);
    if (old === undefined) continue;
    const prefix = `systems.${system.id}.`;
    edits.push(...fieldEdits(prefix, old, system, SYSTEM_FIELDS), ...levelEdits(prefix, old, system), ...gradingEdits(prefix, old, system));
  }
  return edits;
}
