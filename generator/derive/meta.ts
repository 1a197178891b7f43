import { datasetCounts, type Dataset } from "../dataset.ts";
import type { MetaResponse } from "../../contract/schema/responses.ts";

/**
 * `loaded_at` must not be the build's wall-clock time, or two builds of the same data would differ
 * under one ETag. It is the newest capture time of the data loaded into this version.
 */
export function loadedAt(dataset: Dataset): string {
  let newest = "1970-01-01T00:00:00Z";
  for (const guide of dataset.guides) {
    if (Date.parse(guide.snapshot.retrieved_at) > Date.parse(newest)) newest = guide.snapshot.retrieved_at;
  }
  return newest;
}

export function metaResponse(dataset: Dataset, aliases: number, datasetVersion: string): MetaResponse {
  const { pairs, guides, systems, gradings } = datasetCounts(dataset);
  return {
    dataset_version: datasetVersion,
    loaded_at: loadedAt(dataset),
    counts: {
      // `items` counts (def_index, paint_index) pairs, not item files.
      items: pairs,
      guides,
      aliases,
      systems,
      gradings,
    },
  };
}
