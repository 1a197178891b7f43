// The derivation of every endpoint, keyed by the name its registration gives (contract/endpoints/):
// which part of a build it is derived in, the routes it answers there, the zod schema of its
// response, and the function that derives a route's response, typed by that schema. A registration
// whose derivation is missing here does not compile, nor does a derivation that returns anything but
// its schema's type. The response schemas are defined in contract/schema/responses.ts and paired with
// their derivation here rather than in the registration, because the edge imports every registration
// and must not load zod's full build (contract/endpoint.ts).

import type { z } from "zod";
import { envelopeFor } from "../../contract/envelope.ts";
import type { FieldsOf } from "../../contract/endpoint.ts";
import { dump } from "../../contract/endpoints/dump.ts";
import { guide } from "../../contract/endpoints/guide.ts";
import { ENDPOINTS } from "../../contract/endpoints/index.ts";
import { item, UNCARRIED_TOPIC } from "../../contract/endpoints/item.ts";
import { meta } from "../../contract/endpoints/meta.ts";
import { patterns } from "../../contract/endpoints/patterns.ts";
import { resolve } from "../../contract/endpoints/resolve.ts";
import { seed } from "../../contract/endpoints/seed.ts";
import { MAX_SEED } from "../../contract/parameters.ts";
import { nameKey } from "../../contract/market-name.ts";
import type { RouteOf } from "../../contract/routes.ts";
import { guideSchema, type Guide } from "../../contract/schema/guide.ts";
import {
  dumpResponseSchema,
  itemMenuSchema,
  metaResponseSchema,
  patternsResponseSchema,
  resolveResponseSchema,
  seedResponseSchema,
  type ResolveResponse,
  type SeedResponse,
} from "../../contract/schema/responses.ts";
import type { Dataset } from "../dataset.ts";
import { itemOf } from "./blocks.ts";
import type { Covering } from "./coverage.ts";
import type { Piece } from "./gzip-pieces.ts";
import { guideWithSystem } from "./guides.ts";
import { itemMenu } from "./item-menu.ts";
import { metaResponse } from "./meta.ts";
import type { Pair } from "./order.ts";
import { patternsResponse } from "./patterns.ts";
import { guideJson } from "./units.ts";

// ---- what a derivation is given ----

/**
 * The parts of a build derived as a whole (derivation units, index.ts): each pair, each guide, each
 * alias's `/resolve` answer, and the build itself for what reads the whole dataset.
 */
export type Unit = "pair" | "guide" | "alias" | "build";

/** What a unit's routes are enumerated from. */
export interface Sources {
  pair: { pair: Pair; topics: readonly string[] };
  guide: Guide;
  alias: { aliasKey: string };
  build: null;
}

/** What a unit's routes are derived from, computed once per unit and shared by its routes. */
export interface Scopes {
  pair: { pair: Pair; covering: readonly Covering[]; seedResponse: (seed: number) => SeedResponse };
  guide: { guide: Guide };
  alias: { response: ResolveResponse };
  build: { dataset: Dataset; datasetVersion: string; pairs: readonly Pair[]; guides: readonly Guide[]; aliases: number };
}

// ---- what a derivation gives ----

const ENCODED = Symbol("encoded");

/** A response's JSON already encoded (a guide as stored): written as these bytes. */
export interface EncodedJson<T> {
  readonly [ENCODED]: "json";
  readonly bytes: Uint8Array;
  /** Never set: it ties the bytes to the type they encode. */
  readonly encodes?: T;
}

/**
 * A whole envelope around the response (the dump's file), in the pieces it is deflated in
 * independently (gzip-pieces.ts): a rebuild re-encodes only the pieces whose bytes changed.
 */
export interface EnvelopePieces<T> {
  readonly [ENCODED]: "pieces";
  readonly pieces: readonly Piece[];
  readonly encodes?: { dataset_version: string; data: T };
}

/** A response: the value, encoded as compact JSON, or its bytes already encoded. */
export type Derived<T> = T | EncodedJson<T> | EnvelopePieces<T>;

const encodedJson = <T>(bytes: Uint8Array): EncodedJson<T> => ({ [ENCODED]: "json", bytes });
const envelopePieces = <T>(pieces: readonly Piece[]): EnvelopePieces<T> => ({ [ENCODED]: "pieces", pieces });

export const isEncodedJson = (derived: unknown): derived is EncodedJson<unknown> => (derived as EncodedJson<unknown> | null)?.[ENCODED] === "json";
export const isEnvelopePieces = (derived: unknown): derived is EnvelopePieces<unknown> => (derived as EnvelopePieces<unknown> | null)?.[ENCODED] === "pieces";

// ---- the table ----

type Registered = (typeof ENDPOINTS)[keyof typeof ENDPOINTS];

export interface Derivation<E extends Registered = Registered, S extends z.ZodType = z.ZodType, U extends Unit = Unit> {
  endpoint: E;
  unit: U;
  /** The routes one unit answers, in the order of its files (a pack's entries together, in order). */
  routes(source: Sources[U]): Iterable<FieldsOf<E>>;
  /** The schema of its response (the `data` of a 200), named in the description document by the registration's `response`. */
  schema: S;
  derive(route: RouteOf<E["name"]>, scope: Scopes[U]): Derived<z.output<S>>;
}

const derivation = <E extends Registered, S extends z.ZodType, U extends Unit>(endpoint: E, rest: Omit<Derivation<E, S, U>, "endpoint">): Derivation<E, S, U> => ({ endpoint, ...rest });

const COMMA = Buffer.from(",");
const CLOSE_DUMP = Buffer.from("]}");

/** Within a unit, routes are enumerated (and files written) in the order of this table. */
export const DERIVATIONS = {
  // A topic outside the vocabulary keeps no system, so it drops every guide (docs/README.md,
  // "Endpoints": today every topic gives `guides: []`); the uncarried topic's route names their one file.
  itemMenu: derivation(item, {
    unit: "pair",
    *routes({ pair, topics }) {
      const { def_index: defIndex } = pair.item;
      const { paint_index: paintIndex } = pair.paint;
      for (const topic of [null, ...topics, UNCARRIED_TOPIC]) yield { defIndex, paintIndex, topic };
    },
    schema: itemMenuSchema,
    derive: (route, { pair, covering }) => itemMenu(pair, covering, route.topic),
  }),
  patterns: derivation(patterns, {
    unit: "pair",
    routes: ({ pair }) => [{ defIndex: pair.item.def_index, paintIndex: pair.paint.paint_index }],
    schema: patternsResponseSchema,
    derive: (_route, { pair, covering }) => patternsResponse(pair, covering),
  }),
  seedResponse: derivation(seed, {
    unit: "pair",
    *routes({ pair }) {
      for (let seed = 0; seed <= MAX_SEED; seed++) yield { defIndex: pair.item.def_index, paintIndex: pair.paint.paint_index, seed };
    },
    schema: seedResponseSchema,
    derive: (route, { seedResponse }) => seedResponse(route.seed),
  }),
  // Without `?system=`, returned exactly as stored (key order of the file kept; whitespace is not content).
  guide: derivation(guide, {
    unit: "guide",
    routes: (stored) => [{ platformId: stored.platform_id, system: null }, ...stored.systems.map((system) => ({ platformId: stored.platform_id, system: system.id }))],
    schema: guideSchema,
    derive: (route, { guide: stored }) => (route.system === null ? encodedJson<Guide>(guideJson(stored)) : guideWithSystem(stored, route.system)),
  }),
  // One answer, asked for by slug or by a market hash name's letters and digits (contract/market-name.ts).
  resolve: derivation(resolve, {
    unit: "alias",
    routes: ({ aliasKey }) => [
      { aliasKey, by: "slug" },
      { aliasKey: nameKey(aliasKey), by: "market_hash_name" },
    ],
    schema: resolveResponseSchema,
    derive: (_route, { response }) => response,
  }),
  meta: derivation(meta, {
    unit: "build",
    routes: () => [{}],
    schema: metaResponseSchema,
    derive: (_route, build) => metaResponse(build.dataset, build.aliases, build.datasetVersion),
  }),
  // Built once per dataset_version, as a complete envelope (the edge's own, so the envelope is written
  // in one place), and served verbatim. Each guide's JSON is the bytes its guide file holds, computed
  // once; each is a piece of its own, so that its gzip is reused while the guide is unchanged.
  dump: derivation(dump, {
    unit: "build",
    routes: () => [{}],
    schema: dumpResponseSchema,
    derive: (_route, { pairs, guides, datasetVersion }) => {
      const { prefix, suffix } = envelopeFor(datasetVersion);
      return envelopePieces([
        [prefix, Buffer.from(`{"items":${JSON.stringify(pairs.map(itemOf))},"guides":[`)],
        ...guides.map((stored, index) => (index === 0 ? [guideJson(stored)] : [COMMA, guideJson(stored)])),
        [CLOSE_DUMP, suffix],
      ]);
    },
  }),
} satisfies { [N in Registered["derivation"]]: Derivation<Extract<Registered, { derivation: N }>, z.ZodType, Unit> };

export type DerivationName = keyof typeof DERIVATIONS;

/**
 * The derivation of an endpoint, by its registration's name for it. The entry is that endpoint's;
 * TypeScript cannot follow that through the union of entries, hence the cast, made here once.
 */
export const derivationOf = (name: Registered["name"]): Derivation => DERIVATIONS[ENDPOINTS[name].derivation] as unknown as Derivation;
