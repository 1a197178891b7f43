// Derivation: the checked dataset in, every file of a build out, in memory and without I/O.
// This module and what it imports are the "response-derivation code" whose minified bundle is part
// of dataset_version (generator/version.ts): a change here that alters output changes the version.

import { envelopeFor } from "../../contract/envelope.ts";
import { MANIFEST_FORMAT, type ManifestDraft } from "../../contract/manifest.ts";
import type { Manifest } from "../../contract/routes.ts";
import { encodePack } from "./encode-pack.ts";
import { fileFor, packEntryOf, storedEncodingOf, UNCARRIED_TOPIC, type Route, type RouteName, type RouteOf } from "../../contract/routes.ts";
import { MAX_SEED } from "../../contract/parameters.ts";
import type { Dataset } from "../dataset.ts";
import type { Guide } from "../../contract/schema/guide.ts";
import type { ResolveResponse, SeedResponse } from "../../contract/schema/responses.ts";
import { itemOf } from "./blocks.ts";
import { coverageOf, type Covering } from "./coverage.ts";
import { guideWithSystem } from "./guides.ts";
import { itemMenu } from "./item-menu.ts";
import { metaResponse } from "./meta.ts";
import { pairsOf, sortGuides, type Pair } from "./order.ts";
import { patternsResponse } from "./patterns.ts";
import { resolveResponses } from "./resolve.ts";
import { seedResponses } from "./verdicts.ts";
import { gzipPieces, gzipPiecesSync, type Piece, type PieceEncoding } from "./gzip-pieces.ts";
import { guideInputs, guideJson, pairInputs, resolveInputs } from "./units.ts";

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
const json = (data: unknown) => JSON.stringify(data);

// ---- the derivation of each route ----

/** What the routes of one unit are derived from, computed once for the unit and shared by its routes. */
interface PairScope {
  pair: Pair;
  covering: readonly Covering[];
  seedResponse: (seed: number) => SeedResponse;
}
interface GuideScope {
  guide: Guide;
}
interface ResolveScope {
  response: ResolveResponse;
}
interface BuildScope {
  dataset: Dataset;
  datasetVersion: string;
  pairs: readonly Pair[];
  guides: readonly Guide[];
  aliases: number;
}
/** The scope each route name is derived in. */
interface ScopeOf {
  item: PairScope;
  seed: PairScope;
  patterns: PairScope;
  guide: GuideScope;
  resolve: ResolveScope;
  meta: BuildScope;
  dump: BuildScope;
}

/** A body given in pieces (the dump's): the file is their concatenation, cut between them for encoding. */
type Pieces = readonly Piece[];
type Body = string | Uint8Array | Pieces;

type Derivation<N extends RouteName> = (route: RouteOf<N>, scope: ScopeOf[N]) => Body;

/**
 * The body of every route's file, keyed by route name: a `Route` variant without an entry here (or
 * without a scope above) does not compile, so no route can be parsed by the edge and written by no one.
 */
const derivations: { [N in RouteName]: Derivation<N> } = {
  // A topic outside the vocabulary keeps no system, so it drops every guide (docs/README.md, "Endpoints": today
  // every topic gives `guides: []`).
  item: (route, { pair, covering }) => json(itemMenu(pair, covering, route.topic)),
  seed: (route, { seedResponse }) => json(seedResponse(route.seed)),
  patterns: (_route, { pair, covering }) => json(patternsResponse(pair, covering)),
  // Without `?system=`, returned exactly as stored (key order of the file kept; whitespace is not content).
  guide: (route, { guide }) => (route.system === null ? guideJson(guide) : json(guideWithSystem(guide, route.system))),
  resolve: (_route, { response }) => json(response),
  meta: (_route, build) => json(metaResponse(build.dataset, build.aliases, build.datasetVersion)),
  // The dump is built once per dataset_version, as a complete envelope (the edge's own, so the
  // envelope is written in one place), and served verbatim. Each guide's JSON is the bytes its
  // guide file holds, computed once; each is a piece of its own, so that its gzip is reused while
  // the guide is unchanged.
  dump: (_route, { pairs, guides, datasetVersion }) => {
    const { prefix, suffix } = envelopeFor(datasetVersion);
    return [
      [prefix, Buffer.from(`{"items":${JSON.stringify(pairs.map(itemOf))},"guides":[`, "utf8")],
      ...guides.map((guide, index) => (index === 0 ? [guideJson(guide)] : [COMMA, guideJson(guide)])),
      [CLOSE_DUMP, suffix],
    ];
  },
};

const COMMA = Buffer.from(",");
const CLOSE_DUMP = Buffer.from("]}");

function derive<N extends RouteName>(route: RouteOf<N>, scope: ScopeOf[N]): Body {
  // The entry picked by `route.name` is the one for this route's name; TypeScript cannot follow that
  // correlation through a union, hence the cast.
  return (derivations[route.name] as Derivation<N>)(route, scope);
}

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
  /** Its files, in order. */
  paths: string[];
  /** Every route the unit answers, in the order of its files (a pack's routes in entry order). */
  routes(): Iterable<Route>;
  files(): Iterable<DerivedFile>;
}

interface UnitSpec<N extends RouteName> {
  key: string;
  inputs: string | null;
  /** In file order; the routes of a pack together, in entry order. */
  routes: () => Iterable<RouteOf<N>>;
  /** Called once, when the unit's files are derived. */
  scope: () => ScopeOf[N];
}

/** A unit whose every file is `fileFor` of its routes, derived through the table above. */
function unitOf<N extends RouteName>(spec: UnitSpec<N>, manifest: Pick<Manifest, "topics">): DerivationUnit {
  const paths: string[] = [];
  for (const route of spec.routes()) {
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
    routes: spec.routes,
    *files() {
      const scope = spec.scope();
      // A pack's entries, gathered until its last one.
      let pack: { path: string; entries: Uint8Array[]; count: number } | null = null;
      for (const route of spec.routes()) {
        const path = fileFor(route, manifest);
        const entry = packEntryOf(route);
        if (entry === null) {
          const derived = derive(route, scope);
          if (storedEncodingOf(route) === null) yield { path, body: bodyOf(derived) };
          else yield { path, pieces: isPieces(derived) ? derived : [[bytesOf(derived)]] };
          continue;
        }
        if (pack === null) pack = { path, entries: [], count: entry.count };
        // The route table names entries 0..count-1 of one file in order; anything else is a bug here.
        if (pack.path !== path || entry.index !== pack.entries.length) throw new Error(`${spec.key}: entry ${entry.index} of ${path} is out of order`);
        pack.entries.push(bytesOf(bodyOf(derive(route, scope))));
        if (pack.entries.length === pack.count) {
          yield { path, body: encodePack(pack.entries) };
          pack = null;
        }
      }
      if (pack !== null) throw new Error(`${spec.key}: ${pack.path} has ${pack.entries.length} of its ${pack.count} entries`);
    },
  };
}

/** Every part of the build, in the fixed order of its files. Nothing is derived until `files()` is called. */
export function* derivationUnits(dataset: Dataset, datasetVersion: string): Generator<DerivationUnit> {
  const pairs = pairsOf(dataset.items);
  const coverage = coverageOf(dataset);
  const manifest = manifestOf(dataset, datasetVersion);
  const { topics } = manifest;
  const guides = sortGuides(dataset.guides);
  const resolve = resolveResponses(dataset.items);
  const build = (): BuildScope => ({ dataset, datasetVersion, pairs, guides, aliases: resolve.size });

  // The dump first: a build encodes its 30 MB gzip in the background (see BuildFile.variant) while
  // it derives every other unit, instead of after them all.
  yield unitOf<"dump">({ key: "dump", inputs: null, routes: () => [{ name: "dump" }], scope: build }, manifest);

  for (const pair of pairs) {
    const defIndex = pair.item.def_index;
    const paintIndex = pair.paint.paint_index;
    const covering = coverage(pair);
    const guides = [...new Set(covering.map(({ guide }) => guide))];
    yield unitOf<"item" | "seed" | "patterns">(
      {
        key: `pair ${defIndex}/${paintIndex}`,
        inputs: pairInputs(pair.item, topics, guides),
        *routes() {
          yield { name: "item", defIndex, paintIndex, topic: null };
          for (const topic of topics) yield { name: "item", defIndex, paintIndex, topic };
          yield { name: "item", defIndex, paintIndex, topic: UNCARRIED_TOPIC };
          yield { name: "patterns", defIndex, paintIndex };
          for (let seed = 0; seed <= MAX_SEED; seed++) yield { name: "seed", defIndex, paintIndex, seed };
        },
        scope: () => ({ pair, covering, seedResponse: seedResponses(pair, covering) }),
      },
      manifest,
    );
  }

  for (const guide of guides) {
    const platformId = guide.platform_id;
    yield unitOf<"guide">(
      {
        key: `guide ${platformId}`,
        inputs: guideInputs(guide),
        routes: () => [{ name: "guide", platformId, system: null }, ...guide.systems.map((system) => ({ name: "guide" as const, platformId, system: system.id }))],
        scope: () => ({ guide }),
      },
      manifest,
    );
  }

  const itemsBySlug = new Map(dataset.items.map((item) => [item.slug, item]));
  for (const [aliasKey, response] of resolve) {
    yield unitOf<"resolve">(
      { key: `resolve ${aliasKey}`, inputs: resolveInputs(itemsBySlug.get(aliasKey)!), routes: () => [{ name: "resolve", aliasKey }], scope: () => ({ response }) },
      manifest,
    );
  }

  yield unitOf<"meta">({ key: "meta", inputs: null, routes: () => [{ name: "meta" }], scope: build }, manifest);
}

/**
 * Level 6 (zlib's default) rather than 9: measured on the scale fixture's 30 MB dump, 9 takes 2.5x
 * as long (0.85 s against 0.33 s) for a file 4 % smaller. Deflating each guide as a piece of its
 * own (gzip-pieces.ts) costs 4 % more bytes there (3.34 MB against 3.20 MB) and lets a rebuild
 * re-deflate only the guides that changed.
 */
const DUMP_GZIP_LEVEL = 6;

/** A file's body as bytes (text is UTF-8). */
export const bytesOf = (body: string | Uint8Array): Uint8Array => (typeof body === "string" ? Buffer.from(body, "utf8") : body);

const isPieces = (body: Body): body is Pieces => Array.isArray(body);

/** A body as one file body: pieces laid end to end. */
const bodyOf = (body: Body): string | Uint8Array => (isPieces(body) ? Buffer.concat(body.flat()) : body);

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
