import type { Guide } from "../../../contract/schema/guide.ts";
import { finding, type Finding } from "../finding.ts";
import { quotedList } from "./quoted-list.ts";
import { repeats } from "./repeats.ts";

// Contradictions inside a guide are kept and recorded in `discrepancies`, never fixed
// (docs/README.md, "What the API says, and what it never says").

/**
 * `where` is an array of `<system id>:<level key>`
 * (dataset/README.md, "Guide documents: guides/<platform_id>.json"); each must name a real level.
 */
export function discrepancyPlacesExist(guide: Guide): Finding[] {
  const systems = new Map(guide.systems.map((system) => [system.id, system]));
  const findings: Finding[] = [];
  guide.discrepancies.forEach((discrepancy, d) => {
    (discrepancy.where ?? []).forEach((place, w) => {
      const path = `$.discrepancies[${d}].where[${w}]`;
      // System ids hold no ':', so the first ':' ends the system id; a level key may hold more.
      const colon = place.indexOf(":");
      const systemId = place.slice(0, colon);
      const levelKey = place.slice(colon + 1);
      const system = systems.get(systemId);
      if (system === undefined) {
        findings.push(finding(path, `names system ${JSON.stringify(systemId)}, which this guide does not have`, `"<system id>:<level key>" with a system id of this guide: ${quotedList(systems.keys())}`));
      } else if (!system.levels.some((level) => level.key === levelKey)) {
        const places = system.levels.map((level) => `${system.id}:${level.key}`);
        findings.push(finding(path, `names level ${JSON.stringify(levelKey)}, which system ${JSON.stringify(systemId)} does not have`, `one of ${quotedList(places)}`));
      }
    });
  });
  return findings;
}

/**
 * A `duplicate_seed` records a seed the guide lists twice, in one system or across two
 * (dataset/README.md, "Guide documents: guides/<platform_id>.json"). A seed counts as listed twice when two
 * gradings of the guide give it, in one system or in any two systems (whatever items they cover). Every such
 * seed has a `duplicate_seed` discrepancy naming it, and every `duplicate_seed` names such a seed.
 */
export function duplicateSeedsAreRecorded(guide: Guide): Finding[] {
  const listedTwice = seedsListedTwice(guide);
  const recorded = new Set<number>();
  const findings: Finding[] = [];
  guide.discrepancies.forEach((discrepancy, d) => {
    if (discrepancy.kind !== "duplicate_seed") return;
    if (discrepancy.seed === undefined) {
      findings.push(finding(`$.discrepancies[${d}].seed`, "is missing", 'the seed listed twice (a "duplicate_seed" names its seed)'));
      return;
    }
    recorded.add(discrepancy.seed);
    if (!listedTwice.has(discrepancy.seed)) {
      findings.push(finding(`$.discrepancies[${d}].seed`, `seed ${discrepancy.seed} is not listed twice in this guide`, "a seed graded twice in the guide, in one system or in two"));
    }
  });
  for (const [seed, { first, again }] of listedTwice) {
    if (recorded.has(seed)) continue;
    findings.push(
      finding(
        `${again}.seed`,
        `seed ${seed} is listed again (first at ${first}) but no "duplicate_seed" discrepancy names it`,
        `an entry {"kind": "duplicate_seed", "seed": ${seed}, ...} in $.discrepancies`,
      ),
    );
  }
  return findings;
}

/**
 * A discrepancy's `where` locates it. For a `duplicate_seed` that is every level the seed is graded in,
 * and nothing else (in any order), so a reader can go from the discrepancy to each listing. A `where`
 * entry naming no level of the guide is reported by discrepancyPlacesExist, not again here.
 */
export function duplicateSeedPlacesAreExact(guide: Guide): Finding[] {
  const placesOf = gradedPlaces(guide);
  const levels = new Set(guide.systems.flatMap((system) => system.levels.map((level) => place(system.id, level.key))));
  const findings: Finding[] = [];
  guide.discrepancies.forEach((discrepancy, d) => {
    if (discrepancy.kind !== "duplicate_seed" || discrepancy.seed === undefined) return;
    const graded = placesOf.get(discrepancy.seed);
    // A seed listed once is reported by duplicateSeedsAreRecorded.
    if (graded === undefined || graded.length < 2) return;
    const gradedIn = [...new Set(graded)];
    const expected = `exactly the levels seed ${discrepancy.seed} is graded in: ${JSON.stringify(gradedIn)}`;
    if (discrepancy.where === undefined) {
      findings.push(finding(`$.discrepancies[${d}].where`, `is missing: a "duplicate_seed" names the levels its seed is listed in`, expected));
      return;
    }
    const named = new Set(discrepancy.where);
    const left = gradedIn.filter((entry) => !named.has(entry));
    const extra = [...named].filter((entry) => levels.has(entry) && !gradedIn.includes(entry));
    const wrong = [
      ...(left.length > 0 ? [`leaves out ${quotedList(left)}, where seed ${discrepancy.seed} is graded`] : []),
      ...(extra.length > 0 ? [`names ${quotedList(extra)}, where seed ${discrepancy.seed} is not graded`] : []),
    ];
    if (wrong.length > 0) findings.push(finding(`$.discrepancies[${d}].where`, wrong.join("; "), expected));
  });
  return findings;
}

/** Each seed's places, `<system id>:<level key>`, once per grading, in document order. */
function gradedPlaces(guide: Guide): Map<number, string[]> {
  const places = new Map<number, string[]>();
  for (const system of guide.systems) {
    for (const grading of system.gradings) {
      const list = places.get(grading.seed);
      if (list === undefined) places.set(grading.seed, [place(system.id, grading.level)]);
      else list.push(place(system.id, grading.level));
    }
  }
  return places;
}

function place(systemId: string, levelKey: string): string {
  return `${systemId}:${levelKey}`;
}

/** Each seed listed twice, with the paths of its first two gradings. */
function seedsListedTwice(guide: Guide): Map<number, { first: string; again: string }> {
  const gradings = guide.systems.flatMap((system, s) => system.gradings.map((grading, g) => ({ seed: grading.seed, path: `$.systems[${s}].gradings[${g}]` })));
  const found = new Map<number, { first: string; again: string }>();
  for (const { index, first } of repeats(gradings, (grading) => grading.seed)) {
    const { seed, path } = gradings[index]!;
    if (!found.has(seed)) found.set(seed, { first: gradings[first]!.path, again: path });
  }
  return found;
}
