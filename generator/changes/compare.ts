// What build B changes for API consumers against build A, in their terms: guides, systems,
// levels, verdicts, items, and how many responses differ. Pure: both builds come in as
// snapshots whose parts are compared by fingerprint first, so only the guides and slugs whose
// files differ are read and compared (a one-grading change reads one guide of each build).

import { covers } from "../derive/coverage.ts";
import { comparePlatformIds, type Pair } from "../derive/order.ts";
import type { Guide, GuideSystem } from "../../contract/schema/guide.ts";
import type { Item } from "../../contract/schema/responses.ts";
import type { Changes } from "../../contract/schema/changes.ts";

interface Part<T> {
  /** Fingerprint of the file the part is read from: equal prints, equal parts. */
  print: string;
  read(): T;
}

/** One build, as the changes between builds read it: its guide documents and its `/resolve` answers. */
export interface BuildSnapshot {
  datasetVersion: string;
  guides: ReadonlyMap<string, Part<Guide>>;
  /** By slug: the items (pairs) `/resolve` answers for it. */
  slugs: ReadonlyMap<string, Part<Item[]>>;
}

export interface ResponseCounts {
  changed: number;
  added: number;
  removed: number;
}

type Lists = Omit<Changes, "from" | "to" | "totals">;

const pairKey = (item: { def_index: number; paint_index: number }) => `${item.def_index}/${item.paint_index}`;
const emptyLists = (): Lists => ({
  guides: { added: [], removed: [], retitled: [] },
  systems: { added: [], removed: [] },
  levels: { added: [], removed: [], renamed: [] },
  verdicts: { added: [], removed: [], moved: [] },
  items: { added: [], removed: [] },
});

/** The changelog of a build with no build before it: nothing to compare, every list empty. */
export function initialChanges(to: string): Changes {
  return withTotals(null, to, emptyLists(), { changed: 0, added: 0, removed: 0 });
}

export function changesBetween(a: BuildSnapshot, b: BuildSnapshot, responses: ResponseCounts): Changes {
  const lists = emptyLists();
  const itemsA = itemsOf(a);
  const itemsB = itemsOf(b);

  for (const [key, item] of itemsB.pairs) if (!itemsA.pairs.has(key)) lists.items.added.push(item);
  for (const [key, item] of itemsA.pairs) if (!itemsB.pairs.has(key)) lists.items.removed.push(item);

  // Slugs that gained or lost a paint: an unchanged guide naming one covers other pairs now.
  const repainted = new Set<string>();
  for (const slug of new Set([...a.slugs.keys(), ...b.slugs.keys()])) {
    if (itemsA.bySlug(slug).map(pairKey).join(",") !== itemsB.bySlug(slug).map(pairKey).join(",")) repainted.add(slug);
  }
  const ids = [...new Set([...a.guides.keys(), ...b.guides.keys()])].sort(comparePlatformIds);
  for (const id of ids) {
    const before = a.guides.get(id);
    const after = b.guides.get(id);
    if (before === undefined) {
      lists.guides.added.push({ platform_id: id, title: after!.read().title });
    } else if (after === undefined) {
      lists.guides.removed.push({ platform_id: id, title: before.read().title });
    } else if (before.print !== after.print || (repainted.size > 0 && after.read().systems.some((system) => repainted.has(system.item)))) {
      compareGuide(before.read(), after.read(), itemsA, itemsB, lists);
    }
  }
  return withTotals(a.datasetVersion, b.datasetVersion, lists, responses);
}

interface Items {
  /** Every pair of the build, by "def/paint". */
  pairs: Map<string, Item>;
  bySlug(slug: string): Item[];
}

/** The items of a build (every `/resolve` answer: a few hundred small files). */
function itemsOf(build: BuildSnapshot): Items {
  const read = new Map<string, Item[]>();
  const bySlug = (slug: string) => {
    let items = read.get(slug);
    if (items === undefined) {
      items = build.slugs.get(slug)?.read() ?? [];
      read.set(slug, items);
    }
    return items;
  };
  const pairs = new Map<string, Item>();
  for (const slug of build.slugs.keys()) for (const item of bySlug(slug)) pairs.set(pairKey(item), item);
  return { pairs, bySlug };
}

function compareGuide(before: Guide, after: Guide, itemsA: Items, itemsB: Items, lists: Lists): void {
  const id = after.platform_id;
  if (before.title !== after.title) lists.guides.retitled.push({ platform_id: id, from: before.title, to: after.title });
  const systemsA = new Map(before.systems.map((system) => [system.id, system]));
  const systemsB = new Map(after.systems.map((system) => [system.id, system]));
  for (const [systemId, system] of systemsB) if (!systemsA.has(systemId)) lists.systems.added.push({ platform_id: id, system: systemId, label: system.label });
  for (const [systemId, system] of systemsA) if (!systemsB.has(systemId)) lists.systems.removed.push({ platform_id: id, system: systemId, label: system.label });

  for (const [systemId, systemB] of systemsB) {
    const systemA = systemsA.get(systemId);
    if (systemA === undefined) continue;
    const levelsA = new Map(systemA.levels.map((level) => [level.key, level.label]));
    const levelsB = new Map(systemB.levels.map((level) => [level.key, level.label]));
    for (const [key, label] of levelsB) {
      const old = levelsA.get(key);
      if (old === undefined) lists.levels.added.push({ platform_id: id, system: systemId, key, label });
      else if (old !== label) lists.levels.renamed.push({ platform_id: id, system: systemId, key, from: old, to: label });
    }
    for (const [key, label] of levelsA) if (!levelsB.has(key)) lists.levels.removed.push({ platform_id: id, system: systemId, key, label });
    compareVerdicts(id, systemA, systemB, itemsA, itemsB, lists);
  }
}

/**
 * Per pair covered in either build (and present in both) and per seed, the levels the system
 * places the seed in, before and after. A seed listed twice has two verdicts, so the levels are a
 * multiset: the ones only before are removed, the ones only after added, and a removed one paired
 * with an added one is a move.
 */
function compareVerdicts(id: string, systemA: GuideSystem, systemB: GuideSystem, itemsA: Items, itemsB: Items, lists: Lists): void {
  const coveredA = coveredPairs(systemA, itemsA);
  const coveredB = coveredPairs(systemB, itemsB);
  const labelsA = new Map(systemA.levels.map((level) => [level.key, level.label]));
  const labelsB = new Map(systemB.levels.map((level) => [level.key, level.label]));
  const seedsA = levelsBySeed(systemA);
  const seedsB = levelsBySeed(systemB);
  const pairs = [...new Set([...coveredA.keys(), ...coveredB.keys()])]
    .filter((key) => itemsA.pairs.has(key) && itemsB.pairs.has(key))
    .sort((x, y) => comparePairKeys(x, y));
  const seeds = [...new Set([...seedsA.keys(), ...seedsB.keys()])].sort((x, y) => x - y);
  for (const key of pairs) {
    const { def_index, paint_index, slug } = itemsB.pairs.get(key)!;
    const item = { def_index, paint_index, slug };
    for (const seed of seeds) {
      const before = coveredA.has(key) ? (seedsA.get(seed) ?? []) : [];
      const after = coveredB.has(key) ? (seedsB.get(seed) ?? []) : [];
      const removed = minus(before, after);
      const added = minus(after, before);
      const place = { item, seed, platform_id: id, system: systemB.id };
      const moves = Math.min(removed.length, added.length);
      for (let i = 0; i < moves; i++) {
        lists.verdicts.moved.push({ ...place, from: { key: removed[i]!, label: labelsA.get(removed[i]!)! }, to: { key: added[i]!, label: labelsB.get(added[i]!)! } });
      }
      for (const level of removed.slice(moves)) lists.verdicts.removed.push({ ...place, level: { key: level, label: labelsA.get(level)! } });
      for (const level of added.slice(moves)) lists.verdicts.added.push({ ...place, level: { key: level, label: labelsB.get(level)! } });
    }
  }
}

/** The pairs a system covers, by the derivation's own rule. */
function coveredPairs(system: GuideSystem, items: Items): Map<string, Item> {
  const covered = new Map<string, Item>();
  for (const item of items.bySlug(system.item)) {
    const pair = { item: { slug: item.slug }, paint: { paint_index: item.paint_index } } as unknown as Pair;
    if (covers(system, pair)) covered.set(pairKey(item), item);
  }
  return covered;
}

function levelsBySeed(system: GuideSystem): Map<number, string[]> {
  const bySeed = new Map<number, string[]>();
  for (const grading of system.gradings) {
    const list = bySeed.get(grading.seed) ?? [];
    list.push(grading.level);
    bySeed.set(grading.seed, list);
  }
  return bySeed;
}

/** The elements of `a` not matched one for one in `b`, in `a`'s order. */
function minus(a: readonly string[], b: readonly string[]): string[] {
  const left = [...b];
  const out: string[] = [];
  for (const value of a) {
    const at = left.indexOf(value);
    if (at === -1) out.push(value);
    else left.splice(at, 1);
  }
  return out;
}

function comparePairKeys(x: string, y: string): number {
  const [defX, paintX] = x.split("/").map(Number) as [number, number];
  const [defY, paintY] = y.split("/").map(Number) as [number, number];
  return defX - defY || paintX - paintY;
}

function withTotals(from: string | null, to: string, lists: Lists, responses: ResponseCounts): Changes {
  return {
    from,
    to,
    totals: {
      guides_added: lists.guides.added.length,
      guides_removed: lists.guides.removed.length,
      guides_retitled: lists.guides.retitled.length,
      systems_added: lists.systems.added.length,
      systems_removed: lists.systems.removed.length,
      levels_added: lists.levels.added.length,
      levels_removed: lists.levels.removed.length,
      levels_renamed: lists.levels.renamed.length,
      verdicts_added: lists.verdicts.added.length,
      verdicts_removed: lists.verdicts.removed.length,
      verdicts_moved: lists.verdicts.moved.length,
      items_added: lists.items.added.length,
      items_removed: lists.items.removed.length,
      responses_changed: responses.changed,
      responses_added: responses.added,
      responses_removed: responses.removed,
    },
    ...lists,
  };
}
