// For generated datasets, what a reader of the seed endpoint sees: every grading of every guide is
// exactly one verdict, in the seed response of its seed for every pair its system covers, carrying
// its own level (key, label, place, of) and quote; and nothing else is a verdict. Every seed 0..1000
// of every pair is asked (that a build serves these responses byte for byte is
// test/e2e/every-route.test.ts's). Expected verdicts are written here from the API's definitions
// (docs/README.md), not from the derivation's code.
// 200 cases with a fixed seed, each of up to three items of up to three paints and up to three guides
// of up to three systems, drawn from a small pool of slugs and paint indexes so that systems overlap,
// skip some phases, name slugs no item has, and list one seed twice. Explore with other seeds.

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_SEED } from "../../../contract/parameters.ts";
import type { Dataset } from "../../../generator/dataset.ts";
import { coverageOf } from "../../../generator/derive/coverage.ts";
import { pairsOf, sortGuides } from "../../../generator/derive/order.ts";
import { canonicalJson } from "../../../generator/derive/units.ts";
import type { Guide, GuideSystem } from "../../../contract/schema/guide.ts";
import { evidenceKinds, scaleKinds } from "../../../contract/schema/guide.ts";
import type { ItemFile } from "../../../contract/schema/item.ts";
import type { SeedResponse, Verdict } from "../../../contract/schema/responses.ts";
import { seedResponses } from "../../../generator/derive/verdicts.ts";
import { scaleFixture } from "../../../tools/fixture/scale.ts";
import { guide, system } from "../../../generator/example-data.ts";

/** Slug, weapon and finish of each item the datasets draw from (a market name's alias is its slug). */
const ITEMS = [
  ["ak-47-case-hardened", "AK-47", "Case Hardened"],
  ["karambit-doppler", "Karambit", "Doppler"],
  ["five-seven-heat-treated", "Five-SeveN", "Heat Treated"],
] as const;
const SLUGS = ITEMS.map(([slug]) => slug);
/** A slug a system may name though no item has it: it covers nothing. */
const UNKNOWN_SLUG = "awp-not-an-item";
const PAINTS = fc.integer({ min: 1, max: 5 });
/** A few seeds drawn often, so that one seed is graded twice in a system or by two guides. */
const SEED = fc.oneof(fc.constantFrom(0, 7, 1000), fc.integer({ min: 0, max: 1000 }));
const TEXT = fc.string({ minLength: 1, maxLength: 12 });

const itemsArbitrary: fc.Arbitrary<ItemFile[]> = fc
  .subarray([...ITEMS], { minLength: 1 })
  .chain((items) => fc.tuple(...items.map(() => fc.uniqueArray(PAINTS, { minLength: 1, maxLength: 3 }))).map((paints) => ({ items, paints })))
  .map(({ items, paints }) =>
    items.map(([slug, weapon, finish], index) => ({
      slug,
      weapon,
      finish,
      def_index: SLUGS.indexOf(slug) + 1,
      market_name: `${weapon} | ${finish}`,
      star: false,
      paints: paints[index]!.map((paint_index) => ({ paint_index, paint_label: `Paint ${paint_index}` })),
    })),
  );

// Systems and guides are drawn without `chain`: chains nested in chains made each dataset take a
// quarter of a second to draw. A grading draws its level as an index into its system's levels.
const gradingArbitrary = fc.record(
  {
    seed: SEED,
    levelIndex: fc.nat(3),
    quote: TEXT,
    evidence: fc.constantFrom(...evidenceKinds),
    rank: fc.integer({ min: 1, max: 20 }),
    equivalent_to: fc.uniqueArray(fc.integer({ min: 0, max: 1000 }), { minLength: 1, maxLength: 2 }),
    value: fc.record({ name: fc.constantFrom("fade_pct", "blue_pct"), value: fc.integer({ min: 0, max: 100 }) }),
  },
  { requiredKeys: ["seed", "levelIndex", "quote", "evidence"] },
);

const SYSTEM_IDS = ["blue", "gold", "fade"];

const systemArbitrary = fc
  .record({
    label: TEXT,
    item: fc.constantFrom(...SLUGS, UNKNOWN_SLUG),
    paint_indexes: fc.option(fc.uniqueArray(PAINTS, { minLength: 1, maxLength: 3 }), { nil: null }),
    kind: fc.constantFrom(...scaleKinds),
    levelKeys: fc.uniqueArray(fc.stringMatching(/^[a-z][a-z0-9]{0,2}$/), { minLength: 1, maxLength: 4 }),
    // Labels may repeat across levels: a verdict must carry its own level's, not one found by label.
    levelLabels: fc.array(fc.constantFrom("Tier 1", "Tier 2", "Best", "Best", ""), { minLength: 4, maxLength: 4 }),
    gradings: fc.array(gradingArbitrary, { maxLength: 8 }),
  })
  .map(
    (drawn) =>
      (id: string): GuideSystem =>
        system({
          id,
          label: drawn.label,
          item: drawn.item,
          paint_indexes: drawn.paint_indexes,
          scale: { kind: drawn.kind, best: null, worst: null },
          levels: drawn.levelKeys.map((key, index) => ({ key, label: drawn.levelLabels[index]!, images: [], ordered: false, ordered_quote: null })),
          gradings: drawn.gradings.map(({ levelIndex, ...grading }, position) => ({ ...grading, level: drawn.levelKeys[levelIndex % drawn.levelKeys.length]!, position })),
        }),
  );

const guidesArbitrary: fc.Arbitrary<Guide[]> = fc
  .uniqueArray(
    fc.record({
      // Ids of different lengths, so that guides order as numbers, not as strings.
      id: fc.integer({ min: 1, max: 100_000 }),
      systems: fc.array(systemArbitrary, { minLength: 1, maxLength: SYSTEM_IDS.length }),
    }),
    { selector: ({ id }) => id, minLength: 1, maxLength: 3 },
  )
  .map((guides) => guides.map(({ id, systems }) => guide({ platform_id: String(id), systems: systems.map((systemWith, index) => systemWith(SYSTEM_IDS[index]!)) })));

const datasetArbitrary: fc.Arbitrary<Dataset> = fc.record({ items: itemsArbitrary, guides: guidesArbitrary });

/** Every seed response of every pair, by `def/paint`, index = seed. */
function seedResponsesOf(dataset: Dataset): Map<string, SeedResponse[]> {
  const coverage = coverageOf(sortGuides(dataset.guides));
  return new Map(
    pairsOf(dataset.items).map((pair) => {
      const responseOf = seedResponses(pair, coverage(pair));
      return [`${pair.item.def_index}/${pair.paint.paint_index}`, Array.from({ length: MAX_SEED + 1 }, (_, seed) => responseOf(seed))];
    }),
  );
}

/**
 * The verdicts the API defines, by `def/paint` then seed: one for each grading of each system that
 * covers the pair (the system's item is the pair's slug, and its paint_indexes are null or list the
 * pair's paint), against its own guide and its own level's place in its system's level list.
 */
function expectedVerdicts(dataset: Dataset): Map<string, Map<number, Verdict[]>> {
  const expected = new Map<string, Map<number, Verdict[]>>();
  for (const item of dataset.items) {
    for (const paint of item.paints) {
      const bySeed = new Map<number, Verdict[]>();
      expected.set(`${item.def_index}/${paint.paint_index}`, bySeed);
      for (const { platform_id, title, authors, url, permission, updated, systems } of dataset.guides) {
        for (const { id, label, topic, scale, levels, gradings, item: slug, paint_indexes } of systems) {
          if (slug !== item.slug || (paint_indexes !== null && !paint_indexes.includes(paint.paint_index))) continue;
          for (const grading of gradings) {
            const place = levels.findIndex((level) => level.key === grading.level) + 1;
            const verdict: Verdict = {
              guide: { platform_id, title, authors, url, permission, updated },
              system: { id, label, topic, kind: scale.kind },
              level: { key: grading.level, label: levels[place - 1]!.label, place, of: levels.length },
              rank: grading.rank ?? null,
              equivalent_to: grading.equivalent_to ?? null,
              value: grading.value ?? null,
              evidence: grading.evidence,
              quote: grading.quote,
            };
            bySeed.set(grading.seed, [...(bySeed.get(grading.seed) ?? []), verdict]);
          }
        }
      }
    }
  }
  return expected;
}

/** Verdicts in one fixed order, so that two lists of the same verdicts in any order compare equal and a missing or extra one does not. */
const asMultiset = (verdicts: readonly Verdict[]) =>
  verdicts
    .map((verdict) => ({ verdict, text: canonicalJson(verdict) }))
    .sort((a, b) => (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));

/** The property, for one dataset. */
function expectOneVerdictPerGrading(dataset: Dataset): void {
  const served = seedResponsesOf(dataset);
  const expected = expectedVerdicts(dataset);
  expect([...served.keys()].sort()).toEqual([...expected.keys()].sort());
  for (const [pair, responses] of served) {
    const bySeed = expected.get(pair)!;
    responses.forEach((response, seed) => {
      const wanted = bySeed.get(seed) ?? [];
      if (response.seed === seed && response.verdicts.length === 0 && wanted.length === 0) return;
      const got = asMultiset(response.verdicts);
      const want = asMultiset(wanted);
      // Compared as text: expect's deep equality on every seed of every case costs seconds; its diff is for a difference.
      if (response.seed === seed && got.map(({ text }) => text).join("\n") === want.map(({ text }) => text).join("\n")) return;
      expect({ seed: response.seed, verdicts: got.map(({ verdict }) => verdict) }, pair).toEqual({ seed, verdicts: want.map(({ verdict }) => verdict) });
    });
  }
}

/**
 * The property of `not_listed`, for one dataset: per pair and seed, exactly the systems covering the
 * pair (by the same definition as above) that grade no seed of that number, each once, system by
 * system: a guide's other system that does grade it does not take its place.
 */
function expectNotListedPerSystem(dataset: Dataset): void {
  for (const [pair, responses] of seedResponsesOf(dataset)) {
    const [defIndex, paintIndex] = pair.split("/").map(Number) as [number, number];
    const item = dataset.items.find((candidate) => candidate.def_index === defIndex)!;
    const covering = dataset.guides.flatMap((guide) =>
      guide.systems
        .filter((system) => system.item === item.slug && (system.paint_indexes === null || system.paint_indexes.includes(paintIndex)))
        .map((system) => ({ platform_id: guide.platform_id, system: system.id, seeds: new Set(system.gradings.map((grading) => grading.seed)) })),
    );
    responses.forEach((response, seed) => {
      const want = covering.filter(({ seeds }) => !seeds.has(seed)).map(({ platform_id, system }) => `${platform_id}/${system}`).sort();
      const got = response.not_listed.map(({ platform_id, system }) => `${platform_id}/${system}`).sort();
      if (got.join(",") !== want.join(",")) expect({ pair, seed, not_listed: got }).toEqual({ pair, seed, not_listed: want });
    });
  }
}

describe("verdicts of generated datasets", () => {
  it("not_listed names, system by system, every system covering the pair that grades no such seed, and no other", () => {
    fc.assert(fc.property(datasetArbitrary, expectNotListedPerSystem), { seed: 20240612, numRuns: 200 });
  });

  it("every grading is exactly one verdict, with its own level label, place and quote, in the seed response of its seed for every pair it covers, and no verdict comes without a grading", () => {
    fc.assert(fc.property(datasetArbitrary, expectOneVerdictPerGrading), { seed: 20240611, numRuns: 200 });
  });

  it("so is every grading of the synthetic fixture's guides: ordered levels, ranks, values, systems on some phases", () => {
    // Small fixtures of the benchmarks' generator (generator/fixture/scale.ts), whose guides are shaped
    // like transcribed ones; 5 seeds, some 100 gradings each.
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const { items, guides } = scaleFixture({ seed, items: 6, guides: 4, averageGuideBytes: 4_000 });
        expectOneVerdictPerGrading({ items, guides });
      }),
      { seed: 20240611, numRuns: 5 },
    );
  });
});
