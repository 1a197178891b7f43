// The one route table: which request path (and query) is answered by which file of a build.
// The generator enumerates the routes of a build and writes each one's file under `fileFor`; the
// edge finds a request's entry in the path table (paths.ts) and, for a /v1 route, reads its
// parameters with `routeOf` and the same `fileFor`. A request never becomes a path except through
// these functions, and every value they put in a path has been checked against a strict pattern first.

import type { Manifest } from "./manifest.ts";
import { marketNameKey } from "./market-name.ts";
import { MAX_ALIAS_LENGTH, MAX_SEED, PATH_SAFE_ID, PLATFORM_ID, SLUG } from "./parameters.ts";
import { BASE_PATH, lookupUnderBase, PATHS, type RouteMatch } from "./paths.ts";

/** The manifest's schema and parser live in manifest.ts; the type is re-exported for the route table's users. */
export type { Manifest };

export const MANIFEST_FILE = "manifest.json";

const DIGITS = /^[0-9]{1,9}$/;

// ---- files (paths relative to a generation folder) ----
// Private: a file is named only through `fileFor(route, manifest)`, so the generator cannot write a
// file the edge has no route to, nor the edge look for one no derivation writes.

const itemFile = (defIndex: number, paintIndex: number) => `v1/items/${defIndex}/${paintIndex}.json`;
const itemFolder = (defIndex: number, paintIndex: number) => `v1/items/${defIndex}/${paintIndex}`;
/** `?topic=` for a topic in the vocabulary. */
const itemTopicFile = (defIndex: number, paintIndex: number, topic: string) =>
  `${itemFolder(defIndex, paintIndex)}/topics/${encodeSegment(topic)}.json`;
/** `?topic=` for any topic no system carries: every guide is dropped. */
const itemNoTopicFile = (defIndex: number, paintIndex: number) => `${itemFolder(defIndex, paintIndex)}/topics/_none.json`;
/** The 1,001 seed responses of a pair, packed (pack.ts): entry i answers seed i. */
const seedsPack = (defIndex: number, paintIndex: number) => `${itemFolder(defIndex, paintIndex)}/seeds.pack`;
const patternsFile = (defIndex: number, paintIndex: number) => `${itemFolder(defIndex, paintIndex)}/patterns.json`;
const guideFile = (platformId: string) => `v1/guides/${platformId}.json`;
const guideSystemFile = (platformId: string, systemId: string) => `v1/guides/${platformId}/systems/${systemId}.json`;
const resolveFile = (aliasKey: string) => `v1/resolve/${aliasKey}.json`;
const META_FILE = "v1/meta.json";
/**
 * The dump is the one file that holds a whole envelope, built once per dataset_version, and it is
 * stored gzip-encoded only: about 30 MB of JSON at the API's stated scale would pass the 25 MiB a file may
 * have on some hosts, its gzip is a tenth of that, and the edge decodes it for a client without gzip.
 */
const DUMP_FILE = "v1/dump.json.gz";

/** Topics are an open vocabulary: anything outside [a-z0-9-] is hex-escaped ("_" too, so "_none" stays free). */
function encodeSegment(value: string): string {
  let out = "";
  for (const byte of new TextEncoder().encode(value)) {
    const c = String.fromCharCode(byte);
    out += /[a-z0-9-]/.test(c) ? c : `_${byte.toString(16).padStart(2, "0")}`;
  }
  return out;
}

// ---- requests ----

export type Route =
  | { name: "item"; defIndex: number; paintIndex: number; topic: string | null }
  | { name: "seed"; defIndex: number; paintIndex: number; seed: number }
  | { name: "patterns"; defIndex: number; paintIndex: number }
  | { name: "guide"; platformId: string; system: string | null }
  | { name: "resolve"; aliasKey: string }
  | { name: "meta" }
  | { name: "dump" };

export type RouteName = Route["name"];
/** The route of one name, e.g. `RouteOf<"seed">`: what a table keyed by route name hands each entry. */
export type RouteOf<N extends RouteName> = Extract<Route, { name: N }>;

/**
 * A topic no system carries (the empty `?topic=`), standing for every other one: they all share one
 * file, so the generator enumerates that file through this route. A system's topic is never empty
 * (contract/schema/guide.ts), so the vocabulary cannot hold it.
 */
export const UNCARRIED_TOPIC = "";

export type ErrorCode = "bad_request" | "not_found" | "rate_limited" | "internal_error";
export interface RouteError {
  status: 400 | 404 | 422;
  code: ErrorCode;
  message: string;
}
export type Parsed = { ok: true; route: Route } | { ok: false; error: RouteError };

const notFound = (message: string): Parsed => ({ ok: false, error: { status: 404, code: "not_found", message } });
const invalid = (message: string): Parsed => ({ ok: false, error: { status: 422, code: "bad_request", message } });
const missing = (message: string): Parsed => ({ ok: false, error: { status: 400, code: "bad_request", message } });
const ok = (route: Route): Parsed => ({ ok: true, route });

const NUMERIC = /^[0-9]+$/;

/**
 * Parses a path under {base_url} (already stripped of "/v1", still percent-encoded) and its query
 * into a route or an error: the path table's lookup, then `routeOf`.
 */
export function parseRequest(pathname: string, query: URLSearchParams): Parsed {
  const match = lookupUnderBase(pathname);
  if (match === null) return notFound(`no endpoint at ${BASE_PATH}${pathname}`);
  return routeOf(match, query);
}

export type { RouteMatch };

/**
 * The route of a /v1 match, its parameters checked, or the error they earn. A query parameter
 * counts as sent when it is present, even empty: `?topic=` is a topic no system carries, `?system=`
 * names no system, and `?slug=` wins over `market_hash_name` and resolves to nothing.
 */
export function routeOf(match: RouteMatch, query: URLSearchParams): Parsed {
  return READERS[match.name](match.values, query);
}

type Reader = (values: Readonly<Record<string, string>>, query: URLSearchParams) => Parsed;

const READERS: Record<RouteName, Reader> = {
  item: (values, query) => readItem(values, undefined, (defIndex, paintIndex) => ({ name: "item", defIndex, paintIndex, topic: query.get("topic") })),
  seed: (values) => readItem(values, values.seed!, (defIndex, paintIndex) => ({ name: "seed", defIndex, paintIndex, seed: Number(values.seed) })),
  patterns: (values) => readItem(values, undefined, (defIndex, paintIndex) => ({ name: "patterns", defIndex, paintIndex })),
  guide(values, query) {
    const platformId = values.platform_id!;
    if (!PLATFORM_ID.test(platformId)) return notFound(`no guide has platform_id "${platformId}"`);
    const system = query.get("system");
    if (system !== null && !PATH_SAFE_ID.test(system)) return notFound(`guide ${platformId} has no system "${system}"`);
    return ok({ name: "guide", platformId, system });
  },
  resolve: (_values, query) => readResolve(query),
  meta: () => ok({ name: "meta" }),
  dump: () => ok({ name: "dump" }),
};

function readItem(values: Readonly<Record<string, string>>, seedRaw: string | undefined, route: (defIndex: number, paintIndex: number) => Route): Parsed {
  const defRaw = values.def_index!;
  const paintRaw = values.paint_index!;
  // A non-numeric def_index, paint_index or seed, or a seed outside 0..1000, is 422
  // (docs/README.md, "Endpoints"); every parameter's syntax is checked before any identity is looked at
  // (docs/serving.md, "Decisions").
  for (const [name, raw] of [["def_index", defRaw], ["paint_index", paintRaw]] as const) {
    if (!NUMERIC.test(raw)) return invalid(`${name} must be a non-negative integer, got "${raw}"`);
  }
  if (seedRaw !== undefined && (!NUMERIC.test(seedRaw) || Number(seedRaw) > MAX_SEED)) {
    return invalid(`seed must be an integer from 0 to ${MAX_SEED}, got "${seedRaw}"`);
  }
  // Numeric but with more digits than any def or paint index: simply unknown.
  if (!DIGITS.test(String(Number(defRaw))) || !DIGITS.test(String(Number(paintRaw)))) return notFound(`no item ${defRaw}/${paintRaw}`);
  return ok(route(Number(defRaw), Number(paintRaw)));
}

function readResolve(query: URLSearchParams): Parsed {
  const slug = query.get("slug");
  const marketHashName = query.get("market_hash_name");
  // When both are sent, slug wins (docs/README.md, "Endpoints") and market_hash_name is ignored (its length
  // too).
  const [name, value] = slug !== null ? ["slug", slug] : ["market_hash_name", marketHashName];
  if (value === null) return missing("send slug or market_hash_name");
  if ([...value].length > MAX_ALIAS_LENGTH) return invalid(`${name} is longer than ${MAX_ALIAS_LENGTH} characters`);
  const key = name === "slug" ? value : marketNameKey(value);
  if (!SLUG.test(key)) return notFound(`no item has ${name} "${value}"`);
  return ok({ name: "resolve", aliasKey: key });
}

/**
 * The request target (path under the API root, and query) that asks for a route: the inverse of
 * `parseRequest`, so `parseRequest` of its path and query gives the route back (tested as a
 * property). A resolve route asks by `slug`, the alias key being a slug.
 */
export function pathFor(route: Route): string {
  const under = (path: string, query?: Record<string, string>) =>
    `${BASE_PATH}${path}${query ? `?${new URLSearchParams(query)}` : ""}`;
  switch (route.name) {
    case "item": {
      const path = `/items/${route.defIndex}/${route.paintIndex}`;
      return route.topic === null ? under(path) : under(path, { topic: route.topic });
    }
    case "seed":
      return under(`/items/${route.defIndex}/${route.paintIndex}/seeds/${route.seed}`);
    case "patterns":
      return under(`/items/${route.defIndex}/${route.paintIndex}/patterns`);
    case "guide":
      return route.system === null ? under(`/guides/${route.platformId}`) : under(`/guides/${route.platformId}`, { system: route.system });
    case "resolve":
      return under("/resolve", { slug: route.aliasKey });
    case "meta":
      return under("/meta");
    case "dump":
      return under("/dump");
  }
}

/** The file that answers a route in a build: the generator writes it under this name, the edge reads it. */
export function fileFor(route: Route, manifest: Pick<Manifest, "topics">): string {
  switch (route.name) {
    case "item":
      if (route.topic === null) return itemFile(route.defIndex, route.paintIndex);
      return manifest.topics.includes(route.topic)
        ? itemTopicFile(route.defIndex, route.paintIndex, route.topic)
        : itemNoTopicFile(route.defIndex, route.paintIndex);
    case "seed":
      return seedsPack(route.defIndex, route.paintIndex);
    case "patterns":
      return patternsFile(route.defIndex, route.paintIndex);
    case "guide":
      return route.system === null ? guideFile(route.platformId) : guideSystemFile(route.platformId, route.system);
    case "resolve":
      return resolveFile(route.aliasKey);
    case "meta":
      return META_FILE;
    case "dump":
      return DUMP_FILE;
  }
}

/** Entries of a seeds pack: one per seed 0..1000. */
export const SEEDS_PER_PACK = MAX_SEED + 1;

/** Where a packed response lies in its route's file (pack.ts): entry `index` of `count`. */
export interface PackEntry {
  readonly index: number;
  readonly count: number;
}

/** The entry of a route whose file is a pack, or null when its file holds its response alone. */
export function packEntryOf(route: Route): PackEntry | null {
  return route.name === "seed" ? { index: route.seed, count: SEEDS_PER_PACK } : null;
}

/**
 * The content coding a route's file is stored in, or null for plain JSON: only the dump, stored as
 * gzip, its whole envelope included (docs/build.md, "What a file holds"), sent as is to a client that
 * accepts gzip and decoded by the edge for one that does not.
 */
export function storedEncodingOf(route: Route): "gzip" | null {
  return PATHS[route.name].kind === "dump" ? "gzip" : null;
}
