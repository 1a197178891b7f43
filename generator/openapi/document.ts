// The API's description document (OpenAPI 3.1, version 1.0.0): component schemas generated from
// zod, paths generated from the path table (contract/paths.ts) with each entry's prose (a /v1
// endpoint's registration, or contract/path-descriptions.ts), examples derived from the fixed example
// dataset (examples.ts). Pure: the build writes it.

import { CACHE_CLIENT_ERROR, CACHE_DATA, CACHE_DUMP, CACHE_NEVER, CACHE_PREFLIGHT } from "../../contract/cache-policy.ts";
import { ALLOWED_METHODS, CORS_HEADERS, PREFLIGHT_HEADERS } from "../../contract/cors.ts";
import { APP_LIMIT, BURST_LIMIT } from "../../contract/limits.ts";
import { PARAMETERS, type ParameterName } from "../../contract/parameters.ts";
import { descriptionOf, PARAMETER_DESCRIPTIONS } from "../../contract/path-descriptions.ts";
import { PATHS, type HeaderSet, type OperationName, type PathEntry, type PathName } from "../../contract/paths.ts";
import { ENDPOINTS } from "../../contract/endpoints/index.ts";
import { parseRequest, type RouteName } from "../../contract/routes.ts";
import { initialChanges } from "../changes/compare.ts";
import { documentExamples, type Examples } from "./examples.ts";
import { componentSchemas, type ComponentName, type JsonSchema } from "./schemas.ts";

export const DOCUMENT_VERSION = "1.0.0";

type Json = { [key: string]: unknown };

const ref = (kind: string, name: string) => ({ $ref: `#/components/${kind}/${name}` });

const INTRODUCTION = [
  "A read-only JSON API over a hand-transcribed dataset of community guides that rank the pattern seeds (0 to 1000)",
  "of Counter-Strike 2 finishes. For one seed of one item it lists what every guide says, each in its own words and on its",
  "own scale. **Guides are never merged**: no response combines two guides into one grade.",
  "",
  "- **Identity and opinion are apart.** An item is a `(def_index, paint_index)` pair; item endpoints give its identity",
  "  and a menu of the guides covering it, guide endpoints give the guides' opinions. A slug or a Steam market hash name is",
  "  only an alias: turn it into pairs with `/v1/resolve`, then pick the pair whose `paint_label` you mean.",
  "- **Levels are ordered best first.** A level's `key` is an identifier, not a number to compare; its `place` (1-based)",
  "  out of `of` is where it stands in its own system.",
  "- **Guides are kept as written.** A seed a guide lists twice gives two gradings and two verdicts, and the guide's",
  "  contradictions are recorded in its `discrepancies`, not resolved.",
  "- **Absent means absent.** An unknown identity is 404; a known item no guide covers is 200 with an empty list.",
  "  A seed's `not_listed` names every covering system that does not grade it.",
  "- **Attribution.** Every guide in a response comes with its title, authors and link. If you show a grading, show",
  "  the guide's authors and link with it. No licence is claimed on guide data (`permission` is `\"unknown\"` unless an",
  "  author granted one).",
  "",
  "**Envelope.** Every body under `/v1` is `{dataset_version, data}` on success or `{dataset_version, error: {code, message}}`",
  "on failure. Branch on the status and `error.code`; `message` is for people and may change. `/health` and this document",
  "are not enveloped; a 304 has no body.",
  "",
  "**Caching.** Every `/v1` response carries `ETag: \"<dataset_version>\"`. Send it back unchanged in `If-None-Match` and an",
  "unchanged answer is a 304 without a body. The version changes only when data, or the way responses are derived, changes.",
  "`HEAD` is `GET` without the body; `OPTIONS` answers the CORS preflight on any path; any other method is 405",
  "`bad_request` with an `Allow` header.",
  "",
  `**Limits.** ${APP_LIMIT.limit} requests per minute per client IP (429 \`rate_limited\` with \`Retry-After\` in seconds).`,
  `In front of the API an edge limit of ${BURST_LIMIT.limit} requests per ${BURST_LIMIT.windowMs / 1000} seconds per IP blocks for ${BURST_LIMIT.blockMs / 1000} seconds; that block is not an API`,
  "answer (plain text, no CORS headers, so a browser sees a network error): treat it like a 429 and retry after a few seconds.",
  "",
  "No authentication; requests are made without credentials. The reference page is served at `docs/` beside this document.",
].join("\n");

export function openApiDocument(): Json {
  const examples = documentExamples();
  const schemas = describedSchemas();
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "Pattern-Seed Guides API",
      version: DOCUMENT_VERSION,
      summary: "What every community guide says about one pattern seed of a CS2 finish, side by side and never merged.",
      description: INTRODUCTION,
      contact: { name: "The maintainers of this repository" },
      // Attribution (docs/README.md, "What the API says, and what it never says"): no licence is claimed on
      // guide data; each guide's `permission` says what its author granted.
      license: { name: "No licence claimed on guide data: see each guide's permission" },
    },
    servers: [{ url: ".", description: "The API root: the folder this document is served from." }],
    tags: [
      { name: "items", description: "An item's identity, its menu of guides, and every guide's verdicts on its seeds." },
      { name: "guides", description: "A guide document exactly as stored." },
      { name: "aliases", description: "Slugs and Steam market hash names turned into canonical item pairs." },
      { name: "dataset", description: "What is served: version, counts, and the whole dataset in one file." },
      { name: "service", description: "Health and this description." },
    ],
    paths: paths(examples, schemas),
    components: {
      schemas,
      parameters: parameters(examples),
      headers: headers(),
      responses: responses(),
    },
  };
}

// ---- paths ----

const versionOf = (examples: Examples) => examples.datasetVersion;

/** The body of a 200 of a described entry, from the examples (none for the document itself). */
function okExample(name: OperationName, examples: Examples): unknown {
  if (Object.hasOwn(ENDPOINTS, name)) {
    const endpoint = name as RouteName;
    // Already an envelope, shortened: the dump's file holds a whole one, megabytes long.
    if (ENDPOINTS[endpoint].kind === "dump") return examples.dump;
    return { dataset_version: versionOf(examples), data: examples.responses[endpoint] };
  }
  switch (name as Exclude<OperationName, RouteName>) {
    case "health":
      return { status: "ok" };
    case "changes":
      return initialChanges(versionOf(examples));
    case "openapi":
      return undefined;
  }
}

/** What the description document promises of itself: it has no zod schema, being generated, not derived. */
const DESCRIPTION_SCHEMA = { type: "object", required: ["openapi", "info", "paths"], properties: { openapi: { type: "string", pattern: "^3\\.1\\.\\d+$" } } };

/**
 * One path item per entry of the path table that has an operation (contract/paths.ts). Written
 * here, not through @asteasolutions/zod-to-openapi or zod-openapi: those take one registration per
 * path, which is this loop again in their vocabulary, and the component schemas already come from
 * zod 4's own `z.toJSONSchema` (schemas.ts).
 */
function paths(examples: Examples, schemas: Record<string, JsonSchema>): Json {
  const out: Json = {};
  for (const name of Object.keys(PATHS) as PathName[]) {
    const entry: PathEntry = PATHS[name];
    if (entry.operation === null) continue;
    const operationName = name as OperationName;
    const { id, tag } = entry.operation;
    const text = descriptionOf(operationName);
    const inPath = entry.parameters.filter((parameter) => PARAMETERS[parameter].in === "path");
    const elsewhere = entry.parameters.filter((parameter) => PARAMETERS[parameter].in !== "path");
    // An answer with an ETag can be revalidated.
    const sent = [...elsewhere, ...(entry.etag === null ? [] : ["IfNoneMatch" as const])].map((parameter) => ref("parameters", parameter));
    out[entry.template] = {
      // Path parameters belong to the path, so that the preflight (OPTIONS) shares them.
      ...(inPath.length > 0 ? { parameters: inPath.map((parameter) => ref("parameters", parameter)) } : {}),
      get: {
        operationId: id,
        tags: [tag],
        summary: text.summary,
        description: text.description,
        ...(sent.length > 0 ? { parameters: sent } : {}),
        responses: entry.kind === "health" ? healthResponses(operationName, examples) : operationResponses(entry, operationName, examples, schemas),
      },
      options: preflight(`${id}Preflight`, tag),
    };
  }
  return out;
}

function operationResponses(entry: PathEntry, name: OperationName, examples: Examples, schemas: Record<string, JsonSchema>): Json {
  const example = okExample(name, examples);
  const errors = [...entry.errors, ...(entry.rateLimited ? [429 as const] : []), 503 as const];
  return {
    "200": {
      description: descriptionOf(name).ok(examples),
      headers: okHeaders(entry.headers),
      content: { "application/json": { schema: okSchema(entry, schemas), ...(example === undefined ? {} : { example }) } },
    },
    "304": ref("responses", entry.headers === "dump" ? "NotModifiedDump" : "NotModified"),
    ...Object.fromEntries(errors.map((status) => [String(status), ref("responses", ERROR_RESPONSES[status])])),
  };
}

function okSchema(entry: PathEntry, schemas: Record<string, JsonSchema>): Json {
  if (entry.response === null) return DESCRIPTION_SCHEMA;
  const name = entry.enveloped ? `${entry.response}Envelope` : entry.response;
  if (!(name in schemas)) throw new Error(`${entry.template} answers ${name}, which is not a component schema (generator/openapi/schemas.ts)`);
  return ref("schemas", name);
}

function okHeaders(set: HeaderSet): Json {
  if (set !== "dump") return dataHeaders();
  return {
    ...dataHeaders(),
    "Cache-Control": ref("headers", "CacheControlDump"),
    Vary: ref("headers", "Vary"),
    "Content-Encoding": ref("headers", "ContentEncoding"),
  };
}

/** /health answers its own bare body, 503 included: not the error envelope. */
function healthResponses(name: OperationName, examples: Examples): Json {
  const text = descriptionOf(name);
  return {
    "200": healthResponse(text.ok(examples), okExample(name, examples)),
    "503": healthResponse(text.unavailable ?? "", { status: "error" }),
  };
}

function healthResponse(description: string, example: unknown): Json {
  return {
    description,
    headers: { "Cache-Control": ref("headers", "CacheControlNever"), ...corsHeaders() },
    content: { "application/json": { schema: ref("schemas", "Health"), example } },
  };
}

function preflight(operationId: string, tag: string): Json {
  return {
    operationId,
    tags: [tag],
    summary: "CORS preflight",
    description: "Allows `GET` and the `If-None-Match` request header from any origin, without credentials.",
    responses: {
      "204": {
        description: "The preflight answer.",
        headers: {
          ETag: ref("headers", "ETag"),
          "Cache-Control": ref("headers", "CacheControlPreflight"),
          ...corsHeaders(),
          "Access-Control-Allow-Methods": ref("headers", "AccessControlAllowMethods"),
          "Access-Control-Allow-Headers": ref("headers", "AccessControlAllowHeaders"),
          "Access-Control-Max-Age": ref("headers", "AccessControlMaxAge"),
        },
      },
      "429": ref("responses", "RateLimited"),
      "503": ref("responses", "InternalError"),
    },
  };
}

const corsHeaders = () => ({
  "Access-Control-Allow-Origin": ref("headers", "AccessControlAllowOrigin"),
  "Access-Control-Expose-Headers": ref("headers", "AccessControlExposeHeaders"),
});
const dataHeaders = () => ({ ETag: ref("headers", "ETag"), "Cache-Control": ref("headers", "CacheControlData"), ...corsHeaders() });

// ---- parameters ----

function parameterExamples(examples: Examples): Record<ParameterName, unknown> {
  return {
    DefIndex: examples.pair.def_index,
    PaintIndex: examples.pair.paint_index,
    Seed: examples.seed,
    PlatformId: examples.platformId,
    System: examples.systemId,
    Topic: "fade",
    Slug: examples.slug,
    MarketHashName: examples.marketHashName,
    Version: "latest",
    IfNoneMatch: `"${versionOf(examples)}"`,
    AcceptEncoding: "gzip",
  };
}

/** Every parameter of the contract (contract/parameters.ts), once; the paths refer to them. */
function parameters(examples: Examples): Json {
  const example = parameterExamples(examples);
  return Object.fromEntries(
    (Object.keys(PARAMETERS) as ParameterName[]).map((name) => {
      const parameter = PARAMETERS[name];
      return [
        name,
        {
          name: parameter.name,
          in: parameter.in,
          required: parameter.in === "path",
          description: PARAMETER_DESCRIPTIONS[name],
          schema: parameter.schema,
          example: example[name],
        },
      ];
    }),
  );
}

// ---- headers and shared responses ----

function headers(): Json {
  const header = (description: string, schema: Json, example?: unknown) => ({ description, schema, ...(example === undefined ? {} : { example }) });
  const constant = (value: string) => ({ type: "string", const: value });
  return {
    ETag: header("`\"<dataset_version>\"` under `/v1`; send it back in `If-None-Match`. On `/openapi.json`, the document's own content hash.", { type: "string" }, '"0123456789abcdef0123"'),
    CacheControlData: header("Short and public: a minute in browsers, ten minutes in shared caches. Client errors (400, 404, 405, 422) get the same.", constant(CACHE_DATA)),
    CacheControlDump: header("The dump is cached for an hour.", constant(CACHE_DUMP)),
    CacheControlNever: header("Rate limits, server errors and `/health` describe the moment: never cached.", constant(CACHE_NEVER)),
    CacheControlPreflight: header("A preflight holds for a day.", constant(CACHE_PREFLIGHT)),
    CacheControlClientError: header("Client errors are as stable as the build that gave them.", constant(CACHE_CLIENT_ERROR)),
    Vary: header("The dump's encoding follows `Accept-Encoding`. No response varies on `Origin`.", constant("Accept-Encoding")),
    ContentEncoding: header("`gzip` when the request accepted it.", constant("gzip")),
    RetryAfter: header("Whole seconds to wait before the next request.", { type: "integer", minimum: 0 }, 12),
    AccessControlAllowOrigin: header("Any origin may read every response (no credentials).", constant(CORS_HEADERS["access-control-allow-origin"])),
    AccessControlExposeHeaders: header("Scripts may read these response headers.", constant(CORS_HEADERS["access-control-expose-headers"])),
    AccessControlAllowMethods: header("Methods the API answers.", constant(ALLOWED_METHODS)),
    AccessControlAllowHeaders: header("The one request header a cross-origin script may add.", constant(PREFLIGHT_HEADERS["access-control-allow-headers"])),
    AccessControlMaxAge: header("Seconds a browser may keep the preflight.", constant(PREFLIGHT_HEADERS["access-control-max-age"])),
  };
}

const ERROR_RESPONSES = { 400: "BadRequest", 404: "NotFound", 422: "Unprocessable", 429: "RateLimited", 503: "InternalError" } as const;

function responses(): Json {
  const version = "0123456789abcdef0123";
  const routeError = (path: string, query = "") => {
    const parsed = parseRequest(path, new URLSearchParams(query));
    if (parsed.ok) throw new Error(`the example request ${path}?${query} is not an error`);
    return { dataset_version: version, error: { code: parsed.error.code, message: parsed.error.message } };
  };
  const errorHeaders = (cacheControl: string) => ({ ETag: ref("headers", "ETag"), "Cache-Control": ref("headers", cacheControl), ...corsHeaders() });
  /** The envelope with the one `error.code` this status carries, so that a client (and the tests) can rely on it. */
  const envelopeWithCode = (code: string) => ({
    allOf: [ref("schemas", "ErrorEnvelope"), { type: "object", properties: { error: { type: "object", properties: { code: { const: code } } } } }],
  });
  const codeOf = (example: unknown) => (example as { error: { code: string } }).error.code;
  const error = (description: string, cacheControl: string, example: unknown, extraHeaders: Json = {}) => ({
    description,
    headers: { ...errorHeaders(cacheControl), ...extraHeaders },
    content: { "application/json": { schema: envelopeWithCode(codeOf(example)), example } },
  });
  const notModified = (cacheControl: string, extra: Json = {}) => ({
    description: "The ETag sent in `If-None-Match` is current: keep using the copy you have. No body.",
    headers: { ETag: ref("headers", "ETag"), "Cache-Control": ref("headers", cacheControl), ...extra, ...corsHeaders() },
  });
  return {
    NotModified: notModified("CacheControlData"),
    NotModifiedDump: notModified("CacheControlDump", { Vary: ref("headers", "Vary") }),
    BadRequest: error("`bad_request`: a required query parameter is missing.", "CacheControlClientError", routeError("/resolve")),
    NotFound: error(
      "`not_found`: no such item, paint, guide, system or alias, or no endpoint at this path.",
      "CacheControlClientError",
      { dataset_version: version, error: { code: "not_found", message: "no item has def_index 9999 and paint_index 44" } },
    ),
    Unprocessable: error(
      "`bad_request`: a parameter is present but malformed or out of range (a non-numeric index, a seed outside 0..1000, an alias over 200 characters).",
      "CacheControlClientError",
      routeError("/items/7/44/seeds/1001"),
    ),
    RateLimited: {
      description: [
        "`rate_limited`: over the per-IP limit; wait `Retry-After` seconds. The edge block in front of the API answers",
        "429 too, as plain text without CORS headers (a browser sees a network error): retry it after a few seconds.",
      ].join(" "),
      headers: { ...errorHeaders("CacheControlNever"), "Retry-After": ref("headers", "RetryAfter") },
      content: {
        "application/json": {
          schema: envelopeWithCode("rate_limited"),
          example: { dataset_version: version, error: { code: "rate_limited", message: "too many requests; retry after 12 s" } },
        },
        "text/plain": { schema: { type: "string" }, example: "Too Many Requests" },
      },
    },
    InternalError: error(
      "`internal_error`: an unexpected failure, or no build loaded yet (then `dataset_version` is empty and there is no ETag). Never cached; safe to retry.",
      "CacheControlNever",
      { dataset_version: version, error: { code: "internal_error", message: "unexpected server error; retry later" } },
    ),
  };
}

// ---- schema descriptions ----

const DESCRIPTIONS: Partial<Record<ComponentName, string>> = {
  Item: "A `(def_index, paint_index)` pair: the canonical item. `paint_label` names the variant or phase of the finish.",
  ItemRef: "An item's identity in seed and patterns responses.",
  GuideBlock: "Who wrote a guide and where it is. Show the authors and the link beside any grading you display.",
  Verdict: "One grading of one seed, against its own guide's system only. `rank`, `equivalent_to` and `value` are null when absent.",
  PatternEntry: "One grading of a seed in the patterns response, without its quote.",
  Guide: "A guide document exactly as stored: each system's levels best first, every grading with the exact quote it was read from.",
  ErrorEnvelope: "The body of every error under `/v1`.",
  Health: "The bare body of `/health`.",
  Changes: "What one build changes against the build served before it, in API terms; totals first.",
};

/** The component schemas as the document has them, descriptions included (also the client's types). */
export function describedSchemas(): Record<string, JsonSchema> {
  return Object.fromEntries(
    Object.entries(componentSchemas()).map(([name, schema]) => {
      const description = DESCRIPTIONS[name as ComponentName];
      return [name, description ? { description, ...schema } : schema];
    }),
  );
}
