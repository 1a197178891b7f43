// GET /v1/items/{def_index}/{paint_index}/seeds/{seed}: every guide's verdict on one seed.

import { endpoint, found, invalid, lines } from "../endpoint.ts";
import { MAX_SEED } from "../parameters.ts";
import { pairFolder, pairNotFound, pairValues, readPair } from "./pair.ts";

/** Entries of a seeds pack: one per seed 0..1000. */
export const SEEDS_PER_PACK = MAX_SEED + 1;

const SEED = /^[0-9]+$/;

export const seed = endpoint({
  name: "seed",
  path: "/v1/items/{def_index}/{paint_index}/seeds/{seed}",
  kind: "packed",
  parameters: ["DefIndex", "PaintIndex", "Seed"],
  errors: [404, 422],
  operation: { id: "getSeed", tag: "items" },
  response: "SeedResponse",
  derivation: "seedResponse",
  read: (values) =>
    readPair(values, (pair) => {
      const raw = values.seed!;
      // A seed outside 0..1000 is malformed (422), not unknown: every pair has every seed.
      if (!SEED.test(raw) || Number(raw) > MAX_SEED) return invalid(`seed must be an integer from 0 to ${MAX_SEED}, got "${raw}"`);
      return found({ ...pair, seed: Number(raw) });
    }),
  request: (route) => ({ values: { ...pairValues(route), seed: route.seed } }),
  // The 1,001 seed responses of a pair are one file: entry i answers seed i.
  file: (route) => `${pairFolder(route)}/seeds.pack`,
  entry: (route) => ({ index: route.seed, count: SEEDS_PER_PACK }),
  notFound: (route) => pairNotFound(route.defIndex, route.paintIndex),
  description: {
    summary: "Every guide's verdict on one seed",
    description: lines(
      "One verdict per grading of this seed, each against its own guide and system (`level.place` of `level.of`, best",
      "first), with the guide's exact quote. A seed listed twice in a guide gives two verdicts. `not_listed` names every",
      "system covering the item that does not grade the seed; a system in neither list does not cover the item. A seed",
      "no guide grades answers 200 with `verdicts: []`.",
    ),
    ok: ({ pair, seed }) => `Verdicts on seed ${seed} of item ${pair.def_index}/${pair.paint_index}.`,
  },
  example: ({ pair, seed }) => ({ defIndex: pair.def_index, paintIndex: pair.paint_index, seed }),
});
