import type { Grading } from "../../contract/schema/guide.ts";
import type { SeedResponse, Verdict } from "../../contract/schema/responses.ts";
import { guideBlock, itemRefOf, standingsOf } from "./blocks.ts";
import type { Covering } from "./coverage.ts";
import type { Pair } from "./order.ts";

/**
 * Fields a verdict and a patterns entry share: always present, null when the guide has nothing
 * (contract/schema/responses.ts).
 */
export function gradingExtras(grading: Grading) {
  return {
    rank: grading.rank ?? null,
    equivalent_to: grading.equivalent_to ?? null,
    value: grading.value ?? null,
  };
}

/**
 * Every verdict on every seed of one pair, computed once per pair: `verdictsFor(seed)` then costs a lookup.
 * Each verdict reads against its own guide's list only, and a seed listed twice in a guide yields two verdicts,
 * in the guide's order (docs/README.md, "What the API says, and what it never says": one guide at a time; as
 * written).
 */
export function seedResponses(pair: Pair, covering: readonly Covering[]): (seed: number) => SeedResponse {
  const bySeed = new Map<number, { verdict: Verdict; covering: Covering }[]>();
  for (const entry of covering) {
    const { guide, system } = entry;
    const block = guideBlock(guide);
    const systemRef = { id: system.id, label: system.label, topic: system.topic, kind: system.scale.kind };
    const standings = standingsOf(system);
    for (const grading of system.gradings) {
      const { key, label, place, of } = standings.get(grading.level)!;
      const verdict: Verdict = {
        guide: block,
        system: systemRef,
        level: { key, label, place, of },
        ...gradingExtras(grading),
        evidence: grading.evidence,
        quote: grading.quote,
      };
      const list = bySeed.get(grading.seed) ?? [];
      list.push({ verdict, covering: entry });
      bySeed.set(grading.seed, list);
    }
  }
  const item = itemRefOf(pair);
  return (seed) => {
    const found = bySeed.get(seed) ?? [];
    const graded = new Set(found.map((entry) => entry.covering));
    return {
      item,
      seed,
      verdicts: found.map((entry) => entry.verdict),
      // `not_listed` (docs/README.md, "Endpoints"): every covering system without a verdict for this seed.
      not_listed: covering
        .filter((entry) => !graded.has(entry))
        .map(({ guide, system }) => ({ platform_id: guide.platform_id, system: system.id })),
    };
  };
}
