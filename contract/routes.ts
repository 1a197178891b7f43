// A route is one request of a /v1 endpoint, its parameters checked: the endpoint's name and the values
// its registration read (contract/endpoints/). The generator enumerates the routes of a build and
// writes each one's file under `fileFor`; the edge finds a request's entry in the path table
// (paths.ts), reads its route with `routeOf` and reads the same `fileFor`. A request never becomes a
// path except through a registration, and every value a registration puts in a path has been checked
// against a strict pattern first.

import type { FieldsOf, PackEntry, RouteError } from "./endpoint.ts";
import { ENDPOINTS } from "./endpoints/index.ts";
import type { Manifest } from "./manifest.ts";
import { BASE_PATH, lookupUnderBase, type RouteMatch } from "./paths.ts";

export type RouteName = keyof typeof ENDPOINTS;
/** The route of one endpoint, e.g. `RouteOf<"seed">`: what a table keyed by endpoint hands each entry. */
export type RouteOf<N extends RouteName> = { name: N } & FieldsOf<(typeof ENDPOINTS)[N]>;
export type Route = { [N in RouteName]: RouteOf<N> }[RouteName];

export type Parsed = { ok: true; route: Route } | { ok: false; error: RouteError };

/**
 * The registration of a route's endpoint, typed for that route. The registration picked by
 * `route.name` is the one of this route's name; TypeScript cannot follow that correlation through
 * the union, hence the cast, made here once.
 */
const registrationOf = <N extends RouteName>(route: RouteOf<N>) => ENDPOINTS[route.name] as unknown as EndpointOfRoute<RouteOf<N>>;
interface EndpointOfRoute<R> {
  request(fields: R): { values: Readonly<Record<string, string | number>>; query?: Readonly<Record<string, string>> };
  file(fields: R, manifest: Pick<Manifest, "topics">): string;
  notFound(fields: R): string;
  entry?(fields: R): PackEntry;
  kind: string;
}

/**
 * Parses a path under {base_url} (already stripped of "/v1", still percent-encoded) and its query
 * into a route or an error: the path table's lookup, then `routeOf`.
 */
export function parseRequest(pathname: string, query: URLSearchParams): Parsed {
  const match = lookupUnderBase(pathname);
  if (match === null) return { ok: false, error: { status: 404, code: "not_found", message: `no endpoint at ${BASE_PATH}${pathname}` } };
  return routeOf(match, query);
}

/** The route of a /v1 match, its parameters read and checked by its endpoint's registration, or the error they earn. */
export function routeOf(match: RouteMatch, query: URLSearchParams): Parsed {
  const read = ENDPOINTS[match.name].read(match.values, query);
  return read.ok ? { ok: true, route: { name: match.name, ...read.fields } as Route } : read;
}

/**
 * The request target (path under the API root, and query) that asks for a route: the inverse of
 * `parseRequest`, so `parseRequest` of its path and query gives the route back (tested as a property).
 */
export function pathFor(route: Route): string {
  const { values, query } = registrationOf(route).request(route);
  const path = ENDPOINTS[route.name].path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(values[name])));
  return query === undefined ? path : `${path}?${new URLSearchParams(query as Record<string, string>)}`;
}

/** The file that answers a route in a build: the generator writes it under this name, the edge reads it. */
export function fileFor(route: Route, manifest: Pick<Manifest, "topics">): string {
  return registrationOf(route).file(route, manifest);
}

/** What a 404 of a route whose file is missing says. */
export function notFoundMessage(route: Route): string {
  return registrationOf(route).notFound(route);
}

export type { PackEntry };

/** The entry of a route whose file is a pack, or null when its file holds its response alone. */
export function packEntryOf(route: Route): PackEntry | null {
  return registrationOf(route).entry?.(route) ?? null;
}

/**
 * The content coding a route's file is stored in, or null for plain JSON: only the dump, stored as
 * gzip, its whole envelope included (docs/build.md, "What a file holds"), sent as is to a client that
 * accepts gzip and decoded by the edge for one that does not.
 */
export function storedEncodingOf(route: Route): "gzip" | null {
  return ENDPOINTS[route.name].kind === "dump" ? "gzip" : null;
}
