import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fileFor, packEntryOf, parseRequest, pathFor, type Route } from "../../contract/routes.ts";
import type { Manifest } from "../../contract/manifest.ts";
import { ENDPOINTS } from "../../contract/endpoints/index.ts";
import { PARAMETERS, type Parameter, type ParameterName } from "../../contract/parameters.ts";
import { BASE_PATH } from "../../contract/paths.ts";

// Properties of the routes (contract/routes.ts, read by each registration) over generated requests: any path and query gives a route or an error value
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
const QUERY_NAMES = ["slug", "market_hash_name", "topic", "system", "seed", "x"];
const queryArbitrary = fc.oneof(
  fc.array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_NAMES), fc.string({ maxLength: 8 })), fc.oneof(fc.constantFrom(...SEGMENTS), fc.string({ unit: "binary", maxLength: 240 }))), { maxLength: 4 }).map((pairs) => new URLSearchParams(pairs)),
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
  expect(file).toMatch(/^v1\/[\p{L}\p{N}_./-]+$/u);
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
  /** A value of a parameter as a client may send it: one its pattern and range allow (integers with leading zeros too), or anything. */
  const valueOf = (name: ParameterName): fc.Arbitrary<string> => {
    const schema: Parameter["schema"] = PARAMETERS[name].schema;
    const fitting =
      schema.type === "integer"
        ? fc.integer({ min: Number(schema.minimum ?? 0), max: Number(schema.maximum ?? 999_999_999) }).chain((value) => fc.constantFrom(String(value), `00${value}`))
        : typeof schema.pattern === "string"
          ? fc.stringMatching(new RegExp(schema.pattern))
          : fc.oneof(fc.stringMatching(/^[a-z0-9][a-z0-9_-]{0,20}$/), fc.string({ unit: "binary", maxLength: 30 }));
    return fc.oneof(fitting, fc.string({ maxLength: 12 }));
  };
  /** A route of every registration, read from a request made of such values (requests its registration refuses are left out). */
  const routeArbitrary: fc.Arbitrary<Route> = fc
    .oneof(
      ...Object.values(ENDPOINTS).map((endpoint) => {
        const sent = (where: "path" | "query") => Object.fromEntries(endpoint.parameters.filter((name) => PARAMETERS[name].in === where).map((name) => [PARAMETERS[name].name, valueOf(name)]));
        return fc.record({ values: fc.record(sent("path")), query: fc.record(sent("query"), { requiredKeys: [] }) }).map(({ values, query }) => {
          const read = endpoint.read(values, new URLSearchParams(query as Record<string, string>));
          return read.ok ? ({ name: endpoint.name, ...read.fields } as Route) : null;
        });
      }),
    )
    .filter((route): route is Route => route !== null);

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

  it("is tried on a route of every registration", () => {
    const names = new Set<string>();
    fc.assert(fc.property(routeArbitrary, (route) => void names.add(route.name)), { seed: 24, numRuns: 500 });
    expect([...names].sort()).toEqual(Object.keys(ENDPOINTS).sort());
  });
});
