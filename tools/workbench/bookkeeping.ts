import type { DocumentSystem, GuideDocument } from "./document.ts";

// What follows from a guide's gradings and is kept right after every edit, so that a maintainer never
// writes it by hand: each grading's `position` in its level, the `duplicate_seed` discrepancies (dataset/README.md,
// "Guide documents": a seed listed twice is two gradings plus one naming it and exactly its places), and
// discrepancy places naming levels that are gone.

/** Every grading's `position`: 0, 1, 2, ... in the order its level's gradings appear in the system's `gradings`. */
export function numberPositions(guide: GuideDocument): void {
  for (const system of guide.systems) {
    const next = new Map<string, number>();
    for (const grading of system.gradings) {
      const position = next.get(grading.level) ?? 0;
      grading.position = position;
      next.set(grading.level, position + 1);
    }
  }
}

/** A note the workbench (or guide:draft) wrote for a duplicate seed: rewritten when its places change. */
const GENERATED_NOTE = /^Seed \d+ is listed \d+ times \(.*\); every grading is kept\.$/;

/**
 * One `duplicate_seed` per seed graded twice or more in the guide (in one system or across systems), naming
 * exactly its places in document order. An existing entry keeps its own words; one whose seed is no longer
 * listed twice goes; a new one is written as guide:draft writes it.
 */
export function recordDuplicateSeeds(guide: GuideDocument): void {
  const listed = new Map<number, { places: string[]; quotes: string[] }>();
  for (const system of guide.systems) {
    for (const grading of system.gradings) {
      let entry = listed.get(grading.seed);
      if (entry === undefined) listed.set(grading.seed, (entry = { places: [], quotes: [] }));
      entry.places.push(`${system.id}:${grading.level}`);
      entry.quotes.push(grading.quote);
    }
  }
  const noteOf = (seed: number, places: readonly string[], count: number) => `Seed ${seed} is listed ${count} times (${places.join(", ")}); every grading is kept.`;
  const recorded = new Set<number>();
  guide.discrepancies = guide.discrepancies.filter((discrepancy) => {
    if (discrepancy.kind !== "duplicate_seed" || discrepancy.seed === undefined) return true;
    const entry = listed.get(discrepancy.seed);
    if (entry === undefined || entry.places.length < 2) return false;
    const places = [...new Set(entry.places)];
    discrepancy.where = places;
    if (typeof discrepancy.note === "string" && GENERATED_NOTE.test(discrepancy.note)) discrepancy.note = noteOf(discrepancy.seed, places, entry.places.length);
    recorded.add(discrepancy.seed);
    return true;
  });
  for (const [seed, entry] of listed) {
    if (entry.places.length < 2 || recorded.has(seed)) continue;
    const places = [...new Set(entry.places)];
    guide.discrepancies.push({ kind: "duplicate_seed", seed, where: places, note: noteOf(seed, places, entry.places.length), quote_a: entry.quotes[0]!, quote_b: entry.quotes[1]! });
  }
}

/** Discrepancy places (`<system id>:<level key>`) naming a level the guide no longer has are dropped, and an emptied `where` with them. */
export function dropPlacesGone(guide: GuideDocument): void {
  const places = new Set(guide.systems.flatMap((system) => system.levels.map((level) => `${system.id}:${level.key}`)));
  for (const discrepancy of guide.discrepancies) {
    if (!Array.isArray(discrepancy.where)) continue;
    discrepancy.where = discrepancy.where.filter((place) => places.has(place));
    if (discrepancy.where.length === 0) delete discrepancy.where;
  }
}

/** References to a system renamed (`to` its new id) or gone (`to` null): callouts and remarks follow it, item claims of a system gone go. */
export function followSystem(guide: GuideDocument, from: string, to: string | null): void {
  for (const entry of [...guide.callouts, ...guide.remarks]) if (entry.system === from) entry.system = to;
  guide.item_claims = to === null ? guide.item_claims.filter((claim) => claim.system !== from) : guide.item_claims;
  for (const claim of guide.item_claims) if (claim.system === from) claim.system = to;
  if (to === null) return;
  for (const discrepancy of guide.discrepancies) {
    if (Array.isArray(discrepancy.where)) discrepancy.where = discrepancy.where.map((place) => (place.startsWith(`${from}:`) ? `${to}${place.slice(from.length)}` : place));
  }
}

/** Discrepancy places naming one level now name another (a merge): each place once. */
export function followLevel(guide: GuideDocument, system: string, from: string, to: string): void {
  for (const discrepancy of guide.discrepancies) {
    if (!Array.isArray(discrepancy.where)) continue;
    discrepancy.where = [...new Set(discrepancy.where.map((place) => (place === `${system}:${from}` ? `${system}:${to}` : place)))];
  }
}

/**
 * The scale's best and worst as guide:draft writes them: a rank scale from 1 to its largest rank; a scale whose
 * level labels all hold a number, from the first level's number to the last's; otherwise unknown (null).
 */
export function rescale(system: DocumentSystem): void {
  const { scale } = system;
  if (scale.kind === "rank") {
    const ranks = system.gradings.flatMap((grading) => (typeof grading.rank === "number" ? [grading.rank] : []));
    scale.best = ranks.length === 0 ? null : 1;
    scale.worst = ranks.length === 0 ? null : Math.max(...ranks);
    return;
  }
  const numbers = system.levels.map((level) => leadingNumber(level.label));
  const known = numbers.length > 0 && numbers.every((number) => number !== null);
  scale.best = known ? numbers[0]! : null;
  scale.worst = known ? numbers[numbers.length - 1]! : null;
}

function leadingNumber(label: string): number | null {
  const match = /\d+(?:\.\d+)?/.exec(label);
  return match === null ? null : Number(match[0]);
}
