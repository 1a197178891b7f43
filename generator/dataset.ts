import type { Guide } from "../contract/schema/guide.ts";
import type { ItemFile } from "../contract/schema/item.ts";
import { printable } from "./printable.ts";

/** A checked dataset: what every derivation reads. Items sorted by slug, guides by platform_id. */
export interface Dataset {
  items: ItemFile[];
  guides: Guide[];
}

/**
 * How much a dataset holds. `pairs` counts (def_index, paint_index) pairs, what the API calls items
 * (docs/README.md, "What the API says, and what it never says").
 */
export interface DatasetCounts {
  itemFiles: number;
  pairs: number;
  guides: number;
  systems: number;
  gradings: number;
}

export function datasetCounts(dataset: Dataset): DatasetCounts {
  let systems = 0;
  let gradings = 0;
  for (const guide of dataset.guides) {
    systems += guide.systems.length;
    for (const system of guide.systems) gradings += system.gradings.length;
  }
  return {
    itemFiles: dataset.items.length,
    pairs: dataset.items.reduce((sum, item) => sum + item.paints.length, 0),
    guides: dataset.guides.length,
    systems,
    gradings,
  };
}

/**
 * One mistake found in a dataset. Printed as `file: path: message (expected ...)`.
 * `file` is relative to the dataset folder; `path` is a JSON path such as `$.systems[0].gradings[3].seed`.
 */
export interface Problem {
  file: string;
  path: string;
  message: string;
  expected?: string;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; problems: Problem[] };

/** One line of `check`'s output; control characters of file names and quotes are escaped (printable.ts). */
export function formatProblem(problem: Problem): string {
  const expected = problem.expected ? ` (expected ${problem.expected})` : "";
  return printable(`${problem.file}: ${problem.path}: ${problem.message}${expected}`);
}
