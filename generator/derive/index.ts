// Derivation: the checked dataset in, every file of a build out, in memory and without I/O.
// This module and what it imports are the "response-derivation code" whose minified bundle is part
// of dataset_version (generator/version.ts): a change here that alters output changes the version.

import { gzipSync } from "node:zlib";
import { envelopeFor, wrapData } from "../../edge/envelope.ts";
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
import { guideInputs, guideText, pairInputs, resolveInputs } from "./units.ts";

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
 * One part of a build that is derived as a whole: a pair (its menu and its stored folder), a guide
 * with its narrowings, a slug's `/resolve` answer, meta, the dump. `inputs` hashes what it reads
 * (units.ts), so a rebuild can take an unchanged part from the serving build without deriving it;
 * `paths` and `folder` say which files it writes, known without deriving them.
 */
export interface DerivationUnit {
  /** Stable across builds: "pair 7/44", "guide 123", "resolve ak-47-case-hardened", "meta", "dump". */
  key: string;
  /** Null for the parts that carry dataset_version (meta, dump): they change with every build. */
  inputs: string | null;
  /** Files outside `folder`. */
  paths: string[];
  /** The folder whose files are stored as one unit (emit), if any. */
  folder: string | null;
  files(): Iterable<BuildFile>;
}

/** Every part of the build, in the fixed order of its files. Nothing is derived until `files()` is called. */
export function* derivationUnits(dataset: Dataset, datasetVersion: string): Generator<DerivationUnit> {
  const pairs = pairsOf(dataset.items);
  const coverage = coverageOf(dataset);
  const topics = topicsOf(dataset);

  for (const pair of pairs) {
    const def = pair.item.def_index;
    const paint = pair.paint.paint_index;
    const covering = coverage(pair);
    const unit = itemFolder(def, paint);
    const guides = [...new Set(covering.map(({ guide }) => guide))];
    yield {
      key: `pair ${def}/${paint}`,
      inputs: pairInputs(pair.item, topics, guides),
      paths: [itemFile(def, paint)],
      folder: unit,
      *files() {
        yield { path: itemFile(def, paint), body: json(itemMenu(pair, covering)) };
        for (const topic of topics) yield { path: itemTopicFile(def, paint, topic), body: json(itemMenu(pair, covering, topic)), unit };
        // Any topic no system carries drops every guide (spec: today every topic value gives `guides: []`).
        yield { path: itemNoTopicFile(def, paint), body: json({ item: itemOf(pair), guides: [] }), unit };
        yield { path: patternsFile(def, paint), body: json(patternsResponse(pair, covering)), unit };
        const seedResponse = seedResponses(pair, covering);
        for (let seed = 0; seed <= MAX_SEED; seed++) yield { path: seedFile(def, paint, seed), body: json(seedResponse(seed)), unit };
      },
    };
  }

  const guides = sortGuides(dataset.guides);
  for (const guide of guides) {
    yield {
      key: `guide ${guide.platform_id}`,
      inputs: guideInputs(guide),
      paths: [guideFile(guide.platform_id), ...guide.systems.map((system) => guideSystemFile(guide.platform_id, system.id))],
      folder: null,
      *files() {
        // Returned exactly as stored (key order of the file kept; whitespace is not content).
        yield { path: guideFile(guide.platform_id), body: guideText(guide) };
        for (const system of guide.systems) {
          yield { path: guideSystemFile(guide.platform_id, system.id), body: json(guideWithSystem(guide, system.id)) };
        }
      },
    };
  }

  const resolve = resolveResponses(dataset.items);
  const itemsBySlug = new Map(dataset.items.map((item) => [item.slug, item]));
  for (const [key, response] of resolve) {
    yield {
      key: `resolve ${key}`,
      inputs: resolveInputs(itemsBySlug.get(key)!),
      paths: [resolveFile(key)],
      folder: null,
      files: () => [{ path: resolveFile(key), body: json(response) }],
    };
  }

  yield {
    key: "meta",
    inputs: null,
    paths: [META_FILE],
    folder: null,
    files: () => [{ path: META_FILE, body: json(metaResponse(dataset, resolve.size, datasetVersion)) }],
  };

  yield {
    key: "dump",
    inputs: null,
    paths: [DUMP_FILE, DUMP_GZIP_FILE],
    folder: null,
    *files() {
      // The dump is built once per dataset_version, as a complete envelope (the edge's own, so the
      // envelope is written in one place), and served verbatim. Each guide's JSON is the text its
      // guide file holds, computed once.
      const items = JSON.stringify(pairs.map(itemOf));
      const data = Buffer.from(`{"items":${items},"guides":[${guides.map(guideText).join(",")}]}`, "utf8");
      const dump = wrapData(envelopeFor(datasetVersion), data);
      yield { path: DUMP_FILE, body: dump };
      yield { path: DUMP_GZIP_FILE, body: gzipSync(dump, { level: DUMP_GZIP_LEVEL }) };
    },
  };
}

/**
 * Level 6 (zlib's default) rather than 9: measured on the scale fixture's 30 MB dump, 9 takes 2.5x
 * as long (0.85 s against 0.33 s, the largest single cost of a one-grading rebuild) for a file 4 %
 * smaller.
 */
const DUMP_GZIP_LEVEL = 6;

/**
 * Every file of the build, lazily, in a fixed order. The count is about pairs x 1001, so files are
 * produced one at a time rather than held in one array.
 */
export function* buildFiles(dataset: Dataset, datasetVersion: string): Generator<BuildFile> {
  for (const unit of derivationUnits(dataset, datasetVersion)) yield* unit.files();
}
