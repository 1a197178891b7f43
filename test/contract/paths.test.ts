import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { bundleWorker } from "../../edge/adapters/cloudflare/bundle.ts";
import { PARAMETERS } from "../../contract/parameters.ts";
import { SERVICE_DESCRIPTIONS } from "../../contract/path-descriptions.ts";
import { isBurstLimited, lookupPath, lookupUnderBase, PATHS, type PathEntry, type PathName } from "../../contract/paths.ts";
import { packEntryOf, pathFor, storedEncodingOf, type Route } from "../../contract/routes.ts";
import { componentSchemas } from "../../generator/openapi/schemas.ts";

const names = Object.keys(PATHS) as PathName[];
const entry = (name: PathName): PathEntry => PATHS[name];

/** A route of every name, as the generator enumerates them. */
const ROUTES: Route[] = [
  { name: "item", defIndex: 7, paintIndex: 44, topic: null },
  { name: "seed", defIndex: 7, paintIndex: 44, seed: 661 },
  { name: "patterns", defIndex: 7, paintIndex: 44 },
  { name: "guide", platformId: "900000001", system: "blue_gem" },
  { name: "resolve", aliasKey: "ak-47-case-hardened", by: "slug" },
  { name: "meta" },
  { name: "dump" },
];

describe("the path table", () => {
  it("finds every path it lists, a template's parameters filled in, under its own entry", () => {
    const sample: Record<string, string> = { def_index: "7", paint_index: "44", seed: "661", platform_id: "900000001", version: "latest" };
    for (const name of names) {
      const path = entry(name).template.replace(/\{([^}]+)\}/g, (_, parameter: string) => sample[parameter]!);
      expect(lookupPath(path)?.name, path).toBe(name);
    }
  });

  it("answers each route's request path with the entry of the route's name", () => {
    for (const route of ROUTES) {
      const match = lookupPath(new URL(pathFor(route), "http://localhost").pathname);
      expect(match?.name).toBe(route.name);
      expect(match?.kind).toBe(entry(route.name).kind);
    }
  });

  it("serves the dump gzip-encoded and the seeds from a pack, as their kinds say", () => {
    for (const route of ROUTES) {
      expect(storedEncodingOf(route) === "gzip", route.name).toBe(entry(route.name).kind === "dump");
      expect(packEntryOf(route) !== null, route.name).toBe(entry(route.name).kind === "packed");
    }
  });

  it("reads the segments of a path under /v1 percent-decoded and every other path as written", () => {
    expect(lookupPath("/v1/%6Deta")?.name).toBe("meta");
    expect(lookupPath("/v1/items/7/44/%70atterns")?.values).toEqual({ def_index: "7", paint_index: "44" });
    expect(lookupPath("/%68ealth")).toBeNull();
    expect(lookupPath("/v1")).toBeNull();
    expect(lookupPath("/v1/")).toBeNull();
    expect(lookupPath("/v1x/meta")).toBeNull();
    expect(lookupPath("/docs")?.name).toBe("referencePageBare");
  });

  it("gives every name under /changes/ to the changelog, so an unknown one is told the serving version", () => {
    expect(lookupPath("/changes/latest.json")).toEqual({ name: "changes", kind: "changelog", values: { version: "latest.json" } });
    expect(lookupPath("/changes/latest")?.name).toBe("changes");
    expect(lookupPath("/changes/a/b.json")?.name).toBe("changes");
  });

  it("envelopes, rate limits and tags with dataset_version exactly the /v1 routes and the changelog", () => {
    for (const name of names) {
      const { kind, enveloped, rateLimited, etag } = entry(name);
      const route = kind === "data" || kind === "packed" || kind === "dump";
      expect(enveloped, name).toBe(route);
      expect(rateLimited, name).toBe(route || kind === "changelog");
      expect(etag, name).toBe(route || kind === "changelog" ? "dataset_version" : kind === "document" ? "docs" : null);
    }
  });

  it("puts every path but /health behind the edge burst limit, unknown paths included, as netlify.toml routes them", () => {
    expect(names.filter((name) => !entry(name).burstLimited)).toEqual(["health"]);
    expect(isBurstLimited("/health")).toBe(false);
    for (const path of ["/v1/meta", "/", "/docs/", "/changes/latest.json", "/nope", "/health/", "/%68ealth", ""]) expect(isBurstLimited(path), path).toBe(true);
    for (const path of ["/v1/items/7/44/seeds/661", "/v1/items/7/44/seeds/x", "/v1/nope", "/v1/", "/v1/health"]) expect(isBurstLimited(path), path).toBe(true);
    // netlify.toml: the limited function (api) answers every path but those of the unlimited one (health).
    const toml = readFileSync(new URL("../../netlify.toml", import.meta.url), "utf8");
    const unlimited = names.filter((name) => !entry(name).burstLimited).map((name) => entry(name).template);
    expect(/function = "api"\s+path = "\/\*"\s+excludedPath = (\[[^\]]*\])/.exec(toml)?.[1]).toBe(JSON.stringify(unlimited));
    expect(/function = "health"\s+path = "([^"]+)"/.exec(toml)?.[1]).toBe(unlimited[0]);
  });

  it("names a parameter for every {parameter} of a template, and a component schema for every response", () => {
    const schemas = componentSchemas();
    for (const name of names) {
      const { template, parameters, response } = entry(name);
      const inTemplate = [...template.matchAll(/\{([^}]+)\}/g)].map((found) => found[1]);
      expect(parameters.filter((parameter) => PARAMETERS[parameter].in === "path").map((parameter) => PARAMETERS[parameter].name), name).toEqual(inTemplate);
      if (response !== null) expect(Object.keys(schemas), name).toContain(response);
    }
  });

  it("keeps zod's full build out of the Worker's bundle (the response schemas are the generator's), and the prose of the paths outside /v1", async () => {
    const code = await bundleWorker();
    expect(code).toContain(PATHS.item.template);
    expect(code).toContain("node_modules/zod/v4/mini/");
    expect(code).not.toContain("node_modules/zod/v4/classic/");
    for (const text of Object.values(SERVICE_DESCRIPTIONS)) expect(code).not.toContain(text.summary);
  });
});

describe("looking a request path up", () => {
  it("finds the explorer's page, script, style sheet and icon at the API's root", () => {
    expect(["/", "/explorer.js", "/explorer.css", "/explorer.svg"].map((path) => lookupPath(path)?.name)).toEqual(["explorer", "explorerScript", "explorerStyle", "explorerIcon"]);
  });

  it("finds nothing for a path only near one it serves", () => {
    for (const path of ["", "/healthz", "/health/", "/v2/meta", "/v1meta", "/v1", "/openapi.jsonx"]) expect(lookupPath(path), path).toBeNull();
  });

  it("serves each document from the documents folder under its own name", () => {
    const files = Object.fromEntries(names.filter((name) => entry(name).kind === "document").map((name) => [entry(name).template, (entry(name) as { file: string }).file]));
    expect(files).toEqual({ "/openapi.json": "openapi.json", "/docs/": "index.html", "/": "explorer.html", "/explorer.js": "explorer.js", "/explorer.css": "explorer.css", "/explorer.svg": "explorer.svg" });
  });

  it("gives an entry without a parameter no values", () => {
    expect(lookupPath("/health")).toEqual({ name: "health", kind: PATHS.health.kind, values: {} });
  });

  it("gives the changelog everything under /changes/, the rest of the path as its version", () => {
    expect(lookupPath("/changes/latest.json")).toEqual({ name: "changes", kind: PATHS.changes.kind, values: { version: "latest.json" } });
  });

  it("under /v1, reads each segment percent-decoded and keeps a malformed escape as written", () => {
    expect(lookupUnderBase("/items/%37/44")).toEqual({ name: "item", kind: "data", values: { def_index: "7", paint_index: "44" } });
    expect(lookupUnderBase("/items/%zz/44")).toEqual({ name: "item", kind: "data", values: { def_index: "%zz", paint_index: "44" } });
    expect(lookupUnderBase("items/7/44")).toBeNull();
    expect(lookupUnderBase("meta")).toBeNull();
    expect(lookupUnderBase("xmeta")).toBeNull();
  });
});
