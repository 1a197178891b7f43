// Examples for the description document and the reference page, derived from the fixed example
// dataset (example-dataset.ts) with the same derivation functions as the responses themselves, so an
// example is always a real answer, and never from the dataset being built, so that the documents
// change only when the code does.

import type { ExampleValues } from "../../contract/endpoint.ts";
import { ENDPOINTS } from "../../contract/endpoints/index.ts";
import type { Route, RouteName } from "../../contract/routes.ts";
import type { Dataset } from "../dataset.ts";
import { itemOf } from "../derive/blocks.ts";
import { coverageOf, type Covering } from "../derive/coverage.ts";
import { responseTo } from "../derive/index.ts";
import { pairsOf, sortGuides, type Pair } from "../derive/order.ts";
import type { Guide } from "../../contract/schema/guide.ts";
import { EXAMPLE_DATASET, EXAMPLE_DATASET_VERSION } from "./example-dataset.ts";

export interface Examples extends ExampleValues {
  marketHashName: string;
  datasetVersion: string;
  /** The `data` of each endpoint's example: the answer to the route its registration names. */
  responses: Record<RouteName, unknown>;
  /** The dump shortened to the example item and guide: the real one is megabytes. */
  dump: unknown;
}

/**
 * The example item is the one most guides cover (side by side, never merged, is the point of the
 * API); the example seed is the one most of its systems grade; the example guide is the smallest
 * covering it. Ties go to the first in build order, so the choice is deterministic.
 */
export function examplesOf(dataset: Dataset, datasetVersion: string): Examples {
  const pairs = pairsOf(dataset.items);
  if (pairs.length === 0) throw new Error("the description document needs at least one item for its examples");
  const coverage = coverageOf(sortGuides(dataset.guides));
  const guidesCovering = (covering: Covering[]) => new Set(covering.map(({ guide }) => guide.platform_id)).size;
  let pair: Pair = pairs[0]!;
  let covering = coverage(pair);
  for (const candidate of pairs) {
    const candidateCovering = coverage(candidate);
    if (guidesCovering(candidateCovering) > guidesCovering(covering)) [pair, covering] = [candidate, candidateCovering];
  }

  const systemsGrading = new Map<number, number>();
  for (const { system } of covering) for (const seed of new Set(system.gradings.map((g) => g.seed))) systemsGrading.set(seed, (systemsGrading.get(seed) ?? 0) + 1);
  let seed = 0;
  for (const [candidate, count] of [...systemsGrading].sort(([a], [b]) => a - b)) {
    if (count > (systemsGrading.get(seed) ?? 0)) seed = candidate;
  }

  const guide: Guide | undefined = [...new Set(covering.map(({ guide }) => guide))].sort(
    (a, b) => JSON.stringify(a).length - JSON.stringify(b).length,
  )[0];
  const exampleGuide = guide ?? dataset.guides[0];
  const values: ExampleValues = {
    pair: { def_index: pair.item.def_index, paint_index: pair.paint.paint_index },
    seed,
    platformId: exampleGuide?.platform_id ?? "",
    systemId: exampleGuide?.systems[0]?.id ?? "",
    slug: pair.item.slug,
  };
  const responseOf = (name: RouteName) => responseTo(dataset, datasetVersion, { name, ...ENDPOINTS[name].example(values) } as Route);
  return {
    ...values,
    marketHashName: `${pair.item.star ? "★ " : ""}${pair.item.market_name} (Field-Tested)`,
    datasetVersion,
    responses: Object.fromEntries((Object.keys(ENDPOINTS) as RouteName[]).map((name) => [name, responseOf(name)])) as Record<RouteName, unknown>,
    dump: { dataset_version: datasetVersion, data: { items: [itemOf(pair)], guides: exampleGuide ? [exampleGuide] : [] } },
  };
}

/** The examples every build's documents show: those of the example dataset. */
export function documentExamples(): Examples {
  return examplesOf(EXAMPLE_DATASET, EXAMPLE_DATASET_VERSION);
}
