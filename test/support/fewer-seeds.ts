// Builds with a sample of the seed files. A pair's folder holds 1001 seed files, which is nearly
// every file of a build and most of the time a test spends writing one; tests about how a build is
// written (reuse, links, the store, kill points, locks) keep the folders' shape with a few seeds
// each. The full 0..1000 are written by the emit tests that are about them
// (test/generator/emit/emit-build.test.ts) and at scale by `npm run bench:build`.

import type { BuildFile, DerivationUnit } from "../../generator/derive/index.ts";

const SEED_FILE = /\/seeds\/(\d+)\.json$/;

/** Whether a build file is kept: every file but the seed files outside `seeds`. */
export function keptFile(path: string, seeds: ReadonlySet<number>): boolean {
  const seed = SEED_FILE.exec(path)?.[1];
  return seed === undefined || seeds.has(Number(seed));
}

/** Seeds 0..24, the graded ones of the example datasets and the last: a few dozen files per pair. */
export const SAMPLE_SEEDS: ReadonlySet<number> = new Set([...Array.from({ length: 25 }, (_, seed) => seed), 151, 321, 555, 661, 955, 1000]);

/** The files of a build without the seed files outside `seeds`. */
export function* withFewerSeeds(files: Iterable<BuildFile>, seeds: ReadonlySet<number> = SAMPLE_SEEDS): Generator<BuildFile> {
  for (const file of files) if (keptFile(file.path, seeds)) yield file;
}

/**
 * The derivation units of a build, each deriving only the kept seed files. Inputs, keys and paths
 * are the units' own, so reuse decides exactly as it would for the whole build.
 */
export function* unitsWithFewerSeeds(units: Iterable<DerivationUnit>, seeds: ReadonlySet<number> = SAMPLE_SEEDS): Generator<DerivationUnit> {
  for (const unit of units) yield { ...unit, files: () => withFewerSeeds(unit.files(), seeds) };
}
