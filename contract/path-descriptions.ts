// What each described entry of the path table (paths.ts) and each parameter mean, for people: the
// description document's summaries and descriptions, written once. A module of its own, keyed by
// the table's names, because only the description document reads it: the edge, and so the Worker
// bundle, never imports it.

import { MAX_ALIAS_LENGTH, MAX_SEED, type ParameterName } from "./parameters.ts";
import type { OperationName } from "./paths.ts";

/** The example values a 200's description names (generator/openapi/examples.ts supplies them). */
export interface ExampleValues {
  pair: { def_index: number; paint_index: number };
  seed: number;
  platformId: string;
  slug: string;
}

export interface PathDescription {
  summary: string;
  description: string;
  /** What a 200 holds, said of the document's example. */
  ok: (examples: ExampleValues) => string;
  /** A 503 of its own (/health's bare body); every other 503 is the shared error. */
  unavailable?: string;
}

const lines = (...text: string[]) => text.join("\n");

export const PATH_DESCRIPTIONS: Record<OperationName, PathDescription> = {
  item: {
    summary: "An item and the guides that cover it",
    description: lines(
      "The item's identity plus one entry per guide covering it, each with its systems: label, kind of scale, number of",
      "levels and number of gradings (`seeds`; a seed a system lists twice counts twice, matching its verdicts). No seeds",
      "are listed here. A known item that no guide covers answers 200 with `guides: []`.",
      "",
      "`topic` keeps only the systems carrying that topic and drops guides left with none. No system carries a topic",
      "yet, so today every `topic` value answers `guides: []`.",
    ),
    ok: ({ pair }) => `The menu of item ${pair.def_index}/${pair.paint_index}.`,
  },
  seed: {
    summary: "Every guide's verdict on one seed",
    description: lines(
      "One verdict per grading of this seed, each against its own guide and system (`level.place` of `level.of`, best",
      "first), with the guide's exact quote. A seed listed twice in a guide gives two verdicts. `not_listed` names every",
      "system covering the item that does not grade the seed; a system in neither list does not cover the item. A seed",
      "no guide grades answers 200 with `verdicts: []`.",
    ),
    ok: ({ pair, seed }) => `Verdicts on seed ${seed} of item ${pair.def_index}/${pair.paint_index}.`,
  },
  patterns: {
    summary: "Every graded seed of an item, without quotes",
    description: lines(
      "The bulk form of the seed endpoint: `seeds` maps each graded seed (a decimal string) to its entries, one per",
      "grading, and `guides` describes each guide and system once, levels best first. Quotes are left out. A known item",
      "that no guide covers answers 200 with `seeds: {}`.",
    ),
    ok: ({ pair }) => `The graded seeds of item ${pair.def_index}/${pair.paint_index}.`,
  },
  guide: {
    summary: "A guide document, as stored",
    description: lines(
      "The whole guide: attribution, the capture it was transcribed from, its systems, levels and gradings with their",
      "quotes, and what the guide says beside its scale (remarks, item claims, callouts, discrepancies). Read fields by",
      "name; their order carries no meaning. `system` narrows `systems` to one system and leaves every other field whole.",
    ),
    ok: ({ platformId }) => `Guide ${platformId}.`,
  },
  resolve: {
    summary: "Canonical items of a slug or a market hash name",
    description: lines(
      "Send `slug` or `market_hash_name` (when both are sent, `slug` is used and the other ignored). A market hash name",
      "is matched without regard to case, spacing or punctuation, and with `★`, `StatTrak™`, `Souvenir` and the wear",
      "stripped; a slug must match exactly. One alias may stand for several items, one per paint (for example the phases",
      "of a Doppler): choose by `paint_label`.",
    ),
    ok: ({ slug }) => `The items of slug ${slug}.`,
  },
  meta: {
    summary: "Version, load time and counts of the dataset",
    description: lines(
      "`counts.items` counts `(def_index, paint_index)` pairs, `counts.gradings` every grading. `loaded_at` is the newest",
      "capture time of the data, so it changes only with the data. Poll this (with `If-None-Match`) to learn of updates.",
    ),
    ok: () => "The dataset's metadata.",
  },
  dump: {
    summary: "The whole dataset in one response",
    description: lines(
      "Every item and every guide document (each exactly as the guide endpoint returns it). Built once per",
      "`dataset_version`; gzip-encoded when `Accept-Encoding` allows it. Tens of megabytes uncompressed at full scale:",
      "revalidate with `If-None-Match` rather than download it again. The example is shortened to one item and one guide.",
    ),
    ok: () => "The dataset.",
  },
  health: {
    summary: "Whether a build is loaded and readable",
    description: "Outside `/v1`: not enveloped, never rate limited, never cached, no `dataset_version`.",
    ok: () => "A build is loaded and its files can be read.",
    unavailable: "No build is loaded, or its files cannot be read.",
  },
  changes: {
    summary: "What the serving dataset_version changed",
    description: lines(
      "The changes from the build served before this one, for consumers who poll `/v1/meta`: guides added, removed or",
      "retitled, systems added or removed, levels added, removed or renamed, per seed the verdicts added, removed or moved",
      "between levels, items added or removed, and how many response files changed. `from` names the version compared",
      "against: if it is not the version you last saw, you missed one in between (compare dumps). `from` is null for the",
      "first build of a deploy. Verdicts of added or removed guides, systems and items are implied, not listed. Not",
      "enveloped; `ETag` is the serving `dataset_version`, as under `/v1`.",
    ),
    ok: () => "The changelog of the serving build.",
  },
  openapi: {
    summary: "This description document",
    description: lines(
      "The OpenAPI 3.1 description of the API. Not enveloped. Its `ETag` is its own content hash rather than the",
      "`dataset_version`: an edit to the description alone changes the document without changing any response.",
    ),
    ok: () => "The document.",
  },
};

export const PARAMETER_DESCRIPTIONS: Record<ParameterName, string> = {
  DefIndex: "The item's definition index. Digits only (leading zeros allowed); anything else is 422.",
  PaintIndex: "The finish's paint index. Digits only (leading zeros allowed); anything else is 422.",
  Seed: `A pattern seed, 0 to ${MAX_SEED}. Anything else is 422.`,
  PlatformId: "The guide's identifier on its platform: a string of digits.",
  System: "A system id of the guide; an id the guide does not have (or an empty value) is 404.",
  Topic: "Keep only systems carrying this topic. Present counts as sent, even empty. No system has a topic yet.",
  Slug: `An item slug, matched exactly (slugs are lowercase). At most ${MAX_ALIAS_LENGTH} characters (422 beyond). Wins over \`market_hash_name\`.`,
  MarketHashName: `A Steam market hash name, in any of its forms. At most ${MAX_ALIAS_LENGTH} characters (422 beyond). Ignored when \`slug\` is sent; with neither, 400.`,
  Version: "`latest`, or the serving `dataset_version` (from `/v1/meta` or any ETag). Only the serving build's changelog is kept.",
  IfNoneMatch: "An ETag received earlier, sent back as it was (a weak `W/` form, a list containing it, or `*` also match). A match answers 304.",
  AcceptEncoding: "With `gzip` accepted, the dump is sent gzip-encoded.",
};
