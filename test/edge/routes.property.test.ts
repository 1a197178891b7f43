import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fileFor, packEntryOf, parseRequest, pathFor, type Route } from "../../contract/routes.ts";
import type { Manifest } from "../../contract/manifest.ts";
import { MAX_SEED } from "../../contract/parameters.ts";
import { BASE_PATH } from "../../contract/paths.ts";

// Properties of the route table over generated requests: any path and query gives a route or an error value
// (never a throw), and a route always names a file inside the build folder, so no request can reach a file
// outside dist/ however it is written.

const manifest: Pick<Manifest, "topics"> = { topics: ["blue-gem", "fade", "_none", "a_b"] };
const DIST = path.resolve("/srv/dist/generation-0");

const SEGMENTS = ["v1", "items", "guides", "systems", "resolve", "meta", "dump", "patterns", "seeds", "", ".", "..", "%2e%2e", "%2E%2E%2F", "%2F", "%5C", "%00", "\\", "0", "7", "44", "507", "1000", "1001", "-1", "1e3", "0x1f", "99999999999999999999999", "blue_gem", "a b", "%E2%98%85", "%", "%zz", "★"];
const segmentArbitrary = fc.oneof(fc.constantFrom(...SEGMENTS), fc.string({ maxLength: 12 }), fc.string({ unit: "binary", maxLength: 12 }));
/** A path under /v1 (without the prefix, as the edge hands it over): built from route words, or anything at all. */
const pathArbitrary = fc.oneof(
  fc.array(segmentArbitrary, { maxLength: 7 }).map((segments) => `/${segments.join("/")}`),
  fc.string({ unit: "binary", maxLength: 80 }),
  fc.string({ maxLength: 80 }).map((text) => `/${text}`),
);
const PARAMETERS = ["slug", "market_hash_name", "topic", "system", "seed", "x"];
const queryArbitrary = fc.oneof(
  fc.array(fc.tuple(fc.oneof(fc.constantFrom(...PARAMETERS), fc.string({ maxLength: 8 })), fc.oneof(fc.constantFrom(...SEGMENTS), fc.string({ unit: "binary", maxLength: 240 }))), { maxLength: 4 }).map((pairs) => new URLSearchParams(pairs)),
  fc.string({ unit: "binary", maxLength: 120 }).map((text) => new URLSearchParams(text)),
);

/** The outcome of a request, checked: a route whose file is a plain relative path inside the build, or an error value. */
function expectRouteOrError(pathname: string, query: URLSearchParams) {
  const parsed = parseRequest(pathname, query);
  if (!parsed.ok) {
    expect([400, 404, 422]).toContain(parsed.error.status);
    expect(["bad_request", "not_found"]).toContain(parsed.error.code);
    expect(parsed.error.message.length).toBeGreaterThan(0);
    return;
  }
  const file = fileFor(parsed.route, manifest);
  expect(file).toMatch(/^v1\/[\p{L}\p{N}_./-]+\.json$/u);
  expect(path.posix.normalize(file)).toBe(file);
  expect(file.split("/")).not.toContain("..");
  const location = path.resolve(DIST, ...file.split("/"));
  expect(location.startsWith(`${DIST}${path.sep}`)).toBe(true);
}

describe("parseRequest (property)", () => {
  it("answers any path and query with a route or an error value, never a throw", () => {
    fc.assert(
      fc.property(pathArbitrary, queryArbitrary, (pathname, query) => expectRouteOrError(pathname, query)),
      { seed: 21, numRuns: 2000 },
    );
  });

  it("does the same for requests as a URL parser hands them over (percent-encoded, dot segments resolved)", () => {
    fc.assert(
      fc.property(pathArbitrary, queryArbitrary, (pathname, query) => {
        const url = new URL(`http://localhost/v1${pathname.startsWith("/") ? "" : "/"}${pathname}?${query}`);
        expectRouteOrError(url.pathname.replace(/^\/v1/, ""), url.searchParams);
      }),
      { seed: 22, numRuns: 2000 },
    );
  });

  it("maps every seed of every pair to that seed's entry of the pair's pack", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 999_999_999 }), fc.integer({ min: 0, max: 999_999_999 }), fc.integer({ min: 0, max: 1000 }), (defIndex, paintIndex, seed) => {
        const parsed = parseRequest(`/items/${defIndex}/${paintIndex}/seeds/${seed}`, new URLSearchParams());
        if (!parsed.ok) throw new Error(parsed.error.message);
        expect(fileFor(parsed.route, manifest)).toBe(`v1/items/${defIndex}/${paintIndex}/seeds.pack`);
        expect(packEntryOf(parsed.route)).toEqual({ index: seed, count: 1001 });
      }),
      { seed: 23, numRuns: 300 },
    );
  });

  it("resolves any market hash name to a resolve file or an error value", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 220 }), (name) => expectRouteOrError("/resolve", new URLSearchParams({ market_hash_name: name }))),
      { seed: 24, numRuns: 500 },
    );
  });
});

describe("pathFor (property)", () => {
  const index = fc.integer({ min: 0, max: 999_999_999 });
  const pathSafeId = fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,20}$/);
  const routeArbitrary: fc.Arbitrary<Route> = fc.oneof(
    fc.record({ name: fc.constant("item" as const), defIndex: index, paintIndex: index, topic: fc.option(fc.string({ unit: "binary", maxLength: 30 })) }),
    fc.record({ name: fc.constant("seed" as const), defIndex: index, paintIndex: index, seed: fc.integer({ min: 0, max: MAX_SEED }) }),
    fc.record({ name: fc.constant("patterns" as const), defIndex: index, paintIndex: index }),
    fc.record({ name: fc.constant("guide" as const), platformId: fc.stringMatching(/^[0-9]{1,20}$/), system: fc.option(pathSafeId) }),
    fc.record({ name: fc.constant("resolve" as const), aliasKey: fc.stringMatching(/^[a-z0-9]{1,8}(-[a-z0-9]{1,8}){0,5}$/) }),
    fc.constant({ name: "meta" as const }),
    fc.constant({ name: "dump" as const }),
  );

  it("gives back the route when its path and query are parsed, as a client's URL carries them", () => {
    fc.assert(
      fc.property(routeArbitrary, (route) => {
        const url = new URL(pathFor(route), "http://localhost");
        expect(url.pathname.startsWith(`${BASE_PATH}/`)).toBe(true);
        expect(parseRequest(url.pathname.slice(BASE_PATH.length), url.searchParams)).toEqual({ ok: true, route });
      }),
      { seed: 23, numRuns: 3000 },
    );
  });

  it("is tried on every kind of route (a new kind fails to compile here until it is generated above)", () => {
    const every: Record<Route["name"], true> = { item: true, seed: true, patterns: true, guide: true, resolve: true, meta: true, dump: true };
    const names = new Set<string>();
    fc.assert(fc.property(routeArbitrary, (route) => void names.add(route.name)), { seed: 24, numRuns: 500 });
    expect([...names].sort()).toEqual(Object.keys(every).sort());
  });
});
