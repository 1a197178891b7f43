// Derivation: the checked dataset in, every file of a build out, in memory and without I/O.
// This module and what it imports are the "response-derivation code" whose minified bundle is part
// of dataset_version (generator/version.ts): a change here that alters output changes the version.

import { gzipSync } from "node:zlib";
import type { Dataset } from "../dataset.ts";
import {
  DUMP_FILE,
  DUMP_GZIP_FILE,
  META_FILE,
  guideFile,
  guideSystemFile,
  itemFile,
  itemFolder,
  itemNoTopicFile,
  itemTopicFile,
  patternsFile,
  resolveFile,
  seedFile,
  MAX_SEED,
  type Manifest,
} from "../../edge/routes.ts";
import { itemOf } from "./blocks.ts";
import { coverageOf } from "./coverage.ts";
import { guideWithSystem } from "./guides.ts";
import { itemMenu } from "./item-menu.ts";
import { metaResponse } from "./meta.ts";
import { pairsOf, sortGuides } from "./order.ts";
import { patternsResponse } from "./patterns.ts";
import { resolveResponses } from "./resolve.ts";
import { seedResponses } from "./verdicts.ts";

/** One file of a build: its path inside the generation folder and its bytes (or text, UTF-8). */
export interface BuildFile {
  path: string;
  body: string | Uint8Array;
  /** The folder this file belongs to when that folder is stored as one unit (see emit). */
  unit?: string;
}

/** Every topic some system carries: the vocabulary of `?topic=` (empty today; spec). */
export function topicsOf(dataset: Dataset): string[] {
  const topics = new Set<string>();
  for (const guide of dataset.guides) for (const system of guide.systems) if (system.topic !== null) topics.add(system.topic);
  return [...topics].sort();
}

export function manifestOf(dataset: Dataset, datasetVersion: string): Manifest {
  return { format: 1, dataset_version: datasetVersion, generation: `g-${datasetVersion}`, topics: topicsOf(dataset) };
}

/** Files hold a response's `data` only; the edge wraps it in the envelope (see README, "What a file holds"). */
const json = (data: unknown) => JSON.stringify(data);

/**
 * Every file of the build, lazily, in a fixed order. The count is about pairs x 1001, so files are
 * produced one at a time rather than held in one array.
 */
export function* buildFiles(dataset: Dataset, datasetVersion: string): Generator<BuildFile> {
  const pairs = pairsOf(dataset.items);
  const coverage = coverageOf(dataset);
  const topics = topicsOf(dataset);

  for (const pair of pairs) {
    const def = pair.item.def_index;
    const paint = pair.paint.paint_index;
    const covering = coverage(pair);
    const unit = itemFolder(def, paint);
    yield { path: itemFile(def, paint), body: json(itemMenu(pair, covering)) };
    for (const topic of topics) yield { path: itemTopicFile(def, paint, topic), body: json(itemMenu(pair, covering, topic)), unit };
    // Any topic no system carries drops every guide (spec: today every topic value gives `guides: []`).
    yield { path: itemNoTopicFile(def, paint), body: json({ item: itemOf(pair), guides: [] }), unit };
    yield { path: patternsFile(def, paint), body: json(patternsResponse(pair, covering)), unit };
    const seedResponse = seedResponses(pair, covering);
    for (let seed = 0; seed <= MAX_SEED; seed++) yield { path: seedFile(def, paint, seed), body: json(seedResponse(seed)), unit };
  }

  const guides = sortGuides(dataset.guides);
  for (const guide of guides) {
    // Returned exactly as stored (key order of the file kept; whitespace is not content).
    yield { path: guideFile(guide.platform_id), body: json(guide) };
    for (const system of guide.systems) {
      yield { path: guideSystemFile(guide.platform_id, system.id), body: json(guideWithSystem(guide, system.id)) };
    }
  }

  const resolve = resolveResponses(dataset.items);
  for (const [key, response] of resolve) yield { path: resolveFile(key), body: json(response) };

  yield { path: META_FILE, body: json(metaResponse(dataset, resolve.size, datasetVersion)) };

  // The dump is built once per dataset_version, as a complete envelope, and served verbatim.
  const dump = Buffer.from(
    json({ dataset_version: datasetVersion, data: { items: pairs.map(itemOf), guides } }),
    "utf8",
  );
  yield { path: DUMP_FILE, body: dump };
  yield { path: DUMP_GZIP_FILE, body: gzipSync(dump, { level: 9 }) };
}
