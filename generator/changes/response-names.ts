// Names a build's responses as a client asks for them: the request (path and query under the API
// root) that a file answers, or an entry of a pack answers. The routes are the derivations' own
// enumeration over what the build holds (its items, guides and aliases) and each route's file is
// `fileFor`'s, so this module knows no file name either. A file no route names (a build of another
// layout) is named by its path, an entry by `#` and its index.

import { fileFor, packEntryOf, pathFor, type Route } from "../../contract/routes.ts";
import { DERIVATIONS, type Derivation, type Sources, type Unit } from "../derive/derivations.ts";
import { topicsOf } from "../derive/index.ts";
import type { Pair } from "../derive/order.ts";
import type { BuildSnapshot } from "./compare.ts";
import type { ResponseRef } from "./read-build.ts";
import type { Change } from "./response-runs.ts";

/** The requests whose answers differ between two builds, by kind of change, each in file order. */
export type ResponseNames = Record<Change, string[]>;

/** Every route of a build, with the topics its files are named under. */
function routesOf(build: BuildSnapshot): { routes: Iterable<Route>; topics: string[] } {
  const guides = [...build.guides.values()].map((part) => part.read());
  // The build's topic vocabulary, as its manifest names it: it reads the guides alone.
  const topics = topicsOf({ items: [], guides });
  // A pair's routes read its def and paint indexes alone.
  const pairOf = (item: { def_index: number; paint_index: number }) => ({ item: { def_index: item.def_index }, paint: { paint_index: item.paint_index } }) as unknown as Pair;
  const sources: { [U in Unit]: Sources[U][] } = {
    pair: [...build.slugs.values()].flatMap((part) => part.read()).map((item) => ({ pair: pairOf(item), topics })),
    guide: guides,
    alias: [...build.slugs.keys()].map((aliasKey) => ({ aliasKey })),
    build: [null],
  };
  function* routes(): Generator<Route> {
    for (const derivation of Object.values(DERIVATIONS) as Derivation[]) {
      for (const source of sources[derivation.unit]) {
        for (const fields of derivation.routes(source as never)) yield { name: derivation.endpoint.name, ...fields } as Route;
      }
    }
  }
  return { routes: routes(), topics };
}

/** The request each of `responses` of `build` answers, in their order. */
export function requestsOf(build: BuildSnapshot, responses: readonly ResponseRef[]): string[] {
  if (responses.length === 0) return [];
  const wanted = new Set(responses.map(({ file }) => file));
  const { routes, topics } = routesOf(build);
  const byFile = new Map<string, Route[]>();
  for (const route of routes) {
    const file = fileFor(route, { topics });
    if (!wanted.has(file)) continue;
    const list = byFile.get(file) ?? [];
    list.push(route);
    byFile.set(file, list);
  }
  return responses.map(({ file, entry }) => {
    const named = byFile.get(file);
    const route = entry === null ? named?.[0] : named?.find((candidate) => packEntryOf(candidate)?.index === entry);
    if (route !== undefined) return pathFor(route);
    return entry === null ? file : `${file}#${entry}`;
  });
}

/** The requests of the responses that differ, the changed and added ones named from build `b`, the removed ones from `a`. */
export function responseNames(a: BuildSnapshot, b: BuildSnapshot, responses: Record<Change, ResponseRef[]>): ResponseNames {
  return { changed: requestsOf(b, responses.changed), added: requestsOf(b, responses.added), removed: requestsOf(a, responses.removed) };
}
