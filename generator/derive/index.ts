// Derivation: the checked dataset in, every file of a build out, in memory and without I/O. Each
// endpoint's response is derived by its entry in derivations.ts; this module cuts a build into the
// units those entries are derived in, and lays their routes' responses out as files under `fileFor`.

import { MANIFEST_FORMAT, type ManifestDraft } from "../../contract/manifest.ts";
import type { Manifest } from "../../contract/manifest.ts";
import { encodeChunks } from "./encode-pack.ts";
import { ENDPOINTS } from "../../contract/endpoints/index.ts";
import { fileFor, packEntryOf, storedEncodingOf, type Route } from "../../contract/routes.ts";
import { nameKey } from "../../contract/market-name.ts";
import type { Dataset } from "../dataset.ts";
import type { Guide } from "../../contract/schema/guide.ts";
import { coverageOf } from "./coverage.ts";
import { DERIVATIONS, derivationOf, isEncodedJson, isEnvelopePieces, type Derivation, type Derived, type Scopes, type Sources, type Unit } from "./derivations.ts";
import { pairsOf, sortGuides, type Pair } from "./order.ts";
import { resolveResponses } from "./resolve.ts";
import { seedResponses } from "./verdicts.ts";
import { gzipPieces, gzipPiecesSync, type Piece, type PieceEncoding } from "./gzip-pieces.ts";
import { guideInputs, pairInputs, resolveInputs } from "./units.ts";

/** One file of a build: its path inside the generation folder and its bytes (or text, UTF-8). */
export interface BuildFile {
  path: string;
  body: string | Uint8Array;
}

/**
 * A file stored gzip-encoded (the dump), not yet encoded: the emit stage encodes it off the main
 * thread while it derives the rest, `buildFiles` in place. Its body is given as the pieces it is
 * deflated in, independently: the dump is cut between guides, so a rebuild re-encodes only the
 * pieces whose bytes changed (gzip-pieces.ts), and the body is never joined whole.
 */
export interface GzipFile {
  path: string;
  pieces: readonly Piece[];
}

export type DerivedFile = BuildFile | GzipFile;

/**
 * Every topic some system carries: the vocabulary of `?topic=` (empty today: no guide carries a topic yet,
 * docs/README.md, "Endpoints").
 */
export function topicsOf(dataset: Dataset): string[] {
  const topics = new Set<string>();
  for (const guide of dataset.guides) for (const system of guide.systems) if (system.topic !== null) topics.add(system.topic);
  return [...topics].sort();
}

export function manifestOf(dataset: Dataset, datasetVersion: string): ManifestDraft {
  return { format: MANIFEST_FORMAT, dataset_version: datasetVersion, generation: `g-${datasetVersion}`, topics: topicsOf(dataset) };
}

/** Files hold a response's `data` only; the edge wraps it in the envelope (docs/build.md, "What a file holds"). */
const bodyOf = (derived: Derived<unknown>): string | Uint8Array =>
  isEncodedJson(derived) ? derived.bytes : isEnvelopePieces(derived) ? Buffer.concat(derived.pieces.flat()) : JSON.stringify(derived);

/**
 * One part of a build that is derived as a whole: a pair (its menu, topics, patterns and seeds
 * pack), a guide with its narrowings, a slug's `/resolve` answer, meta, the dump. `inputs` hashes
 * what it reads (units.ts), so a rebuild can take an unchanged part from the serving build without
 * deriving it; `paths` says which files it writes, known without deriving them.
 */
export interface DerivationUnit {
  /** Stable across builds: "pair 7/44", "guide 123", "resolve ak-47-case-hardened", "meta", "dump". */
  key: string;
  /** Null for the parts that carry dataset_version (meta, dump): they change with every build. */
  inputs: string | null;
  /**
   * Its files, in order; a pack by its name, which stands for its chunks (their names depend on the
   * bytes of its entries, contract/pack-chunks.ts).
   */
  paths: string[];
  /** Every route the unit answers, in the order of its files (a pack's routes in entry order). */
  routes(): Iterable<Route>;
  files(): Iterable<DerivedFile>;
}

type Entry<U extends Unit> = Derivation & { unit: U };
const ENTRIES = Object.values(DERIVATIONS) as Derivation[];
const entriesOf = <U extends Unit>(unit: U) => ENTRIES.filter((entry): entry is Entry<U> => entry.unit === unit);

/** The scope of each kind of unit, from the dataset of one build. */
function scopesOf(dataset: Dataset, datasetVersion: string) {
  const pairs = pairsOf(dataset.items);
  // Guides by platform_id, as every response lists them: sorted once, for the guide units, the dump and
  // the systems covering each pair.
  const guides = sortGuides(dataset.guides);
  const coverage = coverageOf(guides);
  const resolve = resolveResponses(dataset.items);
  return {
    pairs,
    guides,
    resolve,
    coverage,
    pair: (pair: Pair, covering = coverage(pair)): Scopes["pair"] => ({ pair, covering, seedResponse: seedResponses(pair, covering) }),
    guide: (guide: Guide): Scopes["guide"] => ({ guide }),
    alias: (aliasKey: string): Scopes["alias"] => ({ response: resolve.get(aliasKey)! }),
    build: (): Scopes["build"] => ({ dataset, datasetVersion, pairs, guides, aliases: resolve.size }),
  };
}

interface UnitSpec<U extends Unit> {
  key: string;
  inputs: string | null;
  entries: readonly Entry<U>[];
  source: Sources[U];
  /** Called once, when the unit's files are derived. */
  scope: () => Scopes[U];
}

/**
 * A unit whose every file is `fileFor` of its routes: its entries' routes, in the order of the table.
 * It refuses entries the build could not store: a route stored encoded in a unit with inputs, a
 * pack's entries out of order or short of its count.
 */
export function unitOf<U extends Unit>(spec: UnitSpec<U>, manifest: Pick<Manifest, "topics">): DerivationUnit {
  function* routes(): Generator<{ route: Route; entry: Entry<U> }> {
    for (const entry of spec.entries) {
      for (const fields of entry.routes(spec.source)) yield { route: { name: entry.endpoint.name, ...fields } as Route, entry };
    }
  }
  const paths: string[] = [];
  for (const { route } of routes()) {
    const path = fileFor(route, manifest);
    if (paths.at(-1) !== path) paths.push(path);
    // A gzip file is encoded after its unit has been counted (emit), which only a unit derived every
    // time (no inputs, nothing recorded) can afford; today the dump, which carries dataset_version.
    if (spec.inputs !== null && storedEncodingOf(route) !== null) throw new Error(`unit ${spec.key}: a route stored encoded must be derived every build (inputs null)`);
  }
  return {
    key: spec.key,
    inputs: spec.inputs,
    paths,
    *routes() {
      for (const { route } of routes()) yield route;
    },
    *files() {
      const scope = spec.scope();
      // A pack's entries, gathered until its last one.
      let pack: { path: string; entries: Uint8Array[]; count: number } | null = null;
      for (const { route, entry: derivation } of routes()) {
        const path = fileFor(route, manifest);
        const entry = packEntryOf(route);
        const derived = derivation.derive(route as never, scope);
        if (entry === null) {
          if (storedEncodingOf(route) === null) yield { path, body: bodyOf(derived) };
          else yield { path, pieces: isEnvelopePieces(derived) ? derived.pieces : [[bytesOf(bodyOf(derived))]] };
          continue;
        }
        if (pack === null) pack = { path, entries: [], count: entry.count };
        // The registration names entries 0..count-1 of one file in order; anything else is a bug here.
        if (pack.path !== path || entry.index !== pack.entries.length) throw new Error(`${spec.key}: entry ${entry.index} of ${path} is out of order`);
        pack.entries.push(bytesOf(bodyOf(derived)));
        if (pack.entries.length === pack.count) {
          // A pack is stored in chunks of consecutive entries (contract/pack-chunks.ts).
          yield* encodeChunks(path, pack.entries);
          pack = null;
        }
      }
      if (pack !== null) throw new Error(`${spec.key}: ${pack.path} has ${pack.entries.length} of its ${pack.count} entries`);
    },
  };
}

/** Whether an endpoint's file is stored encoded: such a build unit comes first, so that it is encoded in the background while the rest is derived. */
const encoded = (entry: Derivation) => ENDPOINTS[entry.endpoint.name].kind === "dump";

/** Every part of the build, in the fixed order of its files. Nothing is derived until `files()` is called. */
export function* derivationUnits(dataset: Dataset, datasetVersion: string): Generator<DerivationUnit> {
  const scopes = scopesOf(dataset, datasetVersion);
  const manifest = manifestOf(dataset, datasetVersion);
  const { topics } = manifest;
  const buildUnit = (entry: Entry<"build">) => unitOf<"build">({ key: entry.endpoint.name, inputs: null, entries: [entry], source: null, scope: scopes.build }, manifest);

  // The dump first: a build encodes its 30 MB gzip in the background (emit/write.ts) while it derives
  // every other unit, instead of after them all.
  for (const entry of entriesOf("build").filter(encoded)) yield buildUnit(entry);

  const pairEntries = entriesOf("pair");
  for (const pair of scopes.pairs) {
    const covering = scopes.coverage(pair);
    const guides = [...new Set(covering.map(({ guide }) => guide))];
    yield unitOf<"pair">(
      { key: `pair ${pair.item.def_index}/${pair.paint.paint_index}`, inputs: pairInputs(pair.item, topics, guides), entries: pairEntries, source: { pair, topics }, scope: () => scopes.pair(pair, covering) },
      manifest,
    );
  }

  const guideEntries = entriesOf("guide");
  for (const guide of scopes.guides) {
    yield unitOf<"guide">({ key: `guide ${guide.platform_id}`, inputs: guideInputs(guide), entries: guideEntries, source: guide, scope: () => scopes.guide(guide) }, manifest);
  }

  const aliasEntries = entriesOf("alias");
  const itemsBySlug = new Map(dataset.items.map((item) => [item.slug, item]));
  for (const aliasKey of scopes.resolve.keys()) {
    yield unitOf<"alias">(
      { key: `resolve ${aliasKey}`, inputs: resolveInputs(itemsBySlug.get(aliasKey)!), entries: aliasEntries, source: { aliasKey }, scope: () => scopes.alias(aliasKey) },
      manifest,
    );
  }

  for (const entry of entriesOf("build").filter((entry) => !encoded(entry))) yield buildUnit(entry);
}

/**
 * The response to one route, derived alone (no other route of its unit, no file): what the
 * description document shows as an endpoint's example. Null when the dataset has nothing there.
 */
export function responseTo(dataset: Dataset, datasetVersion: string, route: Route): unknown {
  const scopes = scopesOf(dataset, datasetVersion);
  const derivation = derivationOf(route.name);
  const scope = scopeFor(scopes, derivation.unit, route);
  if (scope === null) return null;
  const derived = derivation.derive(route as never, scope);
  return isEncodedJson(derived) ? JSON.parse(Buffer.from(derived.bytes).toString("utf8")) : isEnvelopePieces(derived) ? JSON.parse(bodyOf(derived).toString()) : derived;
}

/** The scope a route is derived in, found by the values it names. */
function scopeFor(scopes: ReturnType<typeof scopesOf>, unit: Unit, route: Route): Scopes[Unit] | null {
  const fields = route as Partial<{ defIndex: number; paintIndex: number; platformId: string; aliasKey: string; by: "slug" | "market_hash_name" }>;
  switch (unit) {
    case "pair": {
      const pair = scopes.pairs.find(({ item, paint }) => item.def_index === fields.defIndex && paint.paint_index === fields.paintIndex);
      return pair === undefined ? null : scopes.pair(pair);
    }
    case "guide": {
      const guide = scopes.guides.find(({ platform_id }) => platform_id === fields.platformId);
      return guide === undefined ? null : scopes.guide(guide);
    }
    case "alias": {
      // The slug the route names: by itself, or by a market hash name's key, the letters and digits of one slug.
      const slug = [...scopes.resolve.keys()].find((key) => (fields.by === "slug" ? key : nameKey(key)) === fields.aliasKey);
      return slug === undefined ? null : scopes.alias(slug);
    }
    case "build":
      return scopes.build();
  }
}

/**
 * Level 6 (zlib's default) rather than 9: measured on the scale fixture's 30 MB dump, 9 takes 2.5x
 * as long (0.85 s against 0.33 s) for a file 4 % smaller. Deflating each guide as a piece of its
 * own (gzip-pieces.ts) costs 4 % more bytes there (3.34 MB against 3.20 MB) and lets a rebuild
 * re-deflate only the guides that changed.
 */
const DUMP_GZIP_LEVEL = 6;

/** A file's body as bytes (text is UTF-8). */
export const bytesOf = (body: string | Uint8Array): Uint8Array => (typeof body === "string" ? Buffer.from(body) : body);

/** A gzip file's bytes, encoded now. */
export function encodeGzipFile(pieces: readonly Piece[]): Uint8Array {
  return gzipPiecesSync(pieces, DUMP_GZIP_LEVEL).bytes;
}

/**
 * The same bytes, encoded on zlib's thread pool while the caller goes on, with the pieces whose
 * bytes are unchanged copied from `previous` (the serving build's encoding of the same file).
 */
export function encodeGzipInBackground(pieces: readonly Piece[], previous: PieceEncoding | null): Promise<PieceEncoding> {
  return gzipPieces(pieces, DUMP_GZIP_LEVEL, previous);
}

/**
 * Every file of the build, lazily, in a fixed order, each as it is stored (the dump gzip-encoded).
 * Files are produced one at a time rather than held in one array.
 */
export function* buildFiles(dataset: Dataset, datasetVersion: string): Generator<BuildFile> {
  for (const unit of derivationUnits(dataset, datasetVersion)) {
    for (const file of unit.files()) yield "pieces" in file ? { path: file.path, body: encodeGzipFile(file.pieces) } : file;
  }
}
