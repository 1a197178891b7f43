// The API's description document (OpenAPI 3.1, version 1.0.0): component schemas generated from
// zod, paths written here, examples derived from the fixed example dataset (examples.ts). Pure: the build
// writes it.

import { CACHE_CLIENT_ERROR, CACHE_DATA, CACHE_DUMP, CACHE_NEVER, CACHE_PREFLIGHT } from "../../contract/cache-policy.ts";
import { ALLOWED_METHODS, CORS_HEADERS, PREFLIGHT_HEADERS } from "../../contract/cors.ts";
import { APP_LIMIT, BURST_LIMIT } from "../../contract/limits.ts";
import { MAX_ALIAS_LENGTH, MAX_SEED, parseRequest } from "../../contract/routes.ts";
import { initialChanges } from "../changes/compare.ts";
import { documentExamples, type Examples } from "./examples.ts";
import { componentSchemas, envelopeName, type DataSchemaName, type JsonSchema } from "./schemas.ts";

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
  return {
    openapi: "3.1.0",
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    info: {
      title: "Pattern-Seed Guides API",
      version: DOCUMENT_VERSION,
      summary: "What every community guide says about one pattern seed of a CS2 finish, side by side and never merged.",
      description: INTRODUCTION,
      contact: { name: "The maintainers of this repository" },
      // Rule 9: no licence is claimed on guide data; each guide's `permission` says what its author granted.
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
    paths: paths(examples),
    components: {
      schemas: describedSchemas(),
      parameters: parameters(examples),
      headers: headers(),
      responses: responses(),
    },
  };
}

// ---- paths ----

interface Operation {
  operationId: string;
  tag: string;
  summary: string;
  description: string;
  parameters?: string[];
  ok: { description: string; schema: Json; example: unknown; headers?: Json };
  /** Error statuses besides 429 and 503, which every /v1 operation can answer. */
  errors: (400 | 404 | 422)[];
  notModified?: boolean;
}

function paths(examples: Examples): Json {
  const { def_index, paint_index } = examples.pair;
  const data = (name: DataSchemaName) => ref("schemas", envelopeName(name));
  const enveloped = (value: unknown) => ({ dataset_version: (examples.meta as { dataset_version: string }).dataset_version, data: value });
  const v1: Record<string, Operation> = {
    "/v1/items/{def_index}/{paint_index}": {
      operationId: "getItem",
      tag: "items",
      summary: "An item and the guides that cover it",
      description: [
        "The item's identity plus one entry per guide covering it, each with its systems: label, kind of scale, number of",
        "levels and number of gradings (`seeds`; a seed a system lists twice counts twice, matching its verdicts). No seeds",
        "are listed here. A known item that no guide covers answers 200 with `guides: []`.",
        "",
        "`topic` keeps only the systems carrying that topic and drops guides left with none. No system carries a topic",
        "yet, so today every `topic` value answers `guides: []`.",
      ].join("\n"),
      parameters: ["DefIndex", "PaintIndex", "Topic"],
      ok: { description: `The menu of item ${def_index}/${paint_index}.`, schema: data("ItemMenu"), example: enveloped(examples.itemMenu) },
      errors: [404, 422],
    },
    "/v1/items/{def_index}/{paint_index}/seeds/{seed}": {
      operationId: "getSeed",
      tag: "items",
      summary: "Every guide's verdict on one seed",
      description: [
        "One verdict per grading of this seed, each against its own guide and system (`level.place` of `level.of`, best",
        "first), with the guide's exact quote. A seed listed twice in a guide gives two verdicts. `not_listed` names every",
        "system covering the item that does not grade the seed; a system in neither list does not cover the item. A seed",
        "no guide grades answers 200 with `verdicts: []`.",
      ].join("\n"),
      parameters: ["DefIndex", "PaintIndex", "Seed"],
      ok: { description: `Verdicts on seed ${examples.seed} of item ${def_index}/${paint_index}.`, schema: data("SeedResponse"), example: enveloped(examples.seedResponse) },
      errors: [404, 422],
    },
    "/v1/items/{def_index}/{paint_index}/patterns": {
      operationId: "getPatterns",
      tag: "items",
      summary: "Every graded seed of an item, without quotes",
      description: [
        "The bulk form of the seed endpoint: `seeds` maps each graded seed (a decimal string) to its entries, one per",
        "grading, and `guides` describes each guide and system once, levels best first. Quotes are left out. A known item",
        "that no guide covers answers 200 with `seeds: {}`.",
      ].join("\n"),
      parameters: ["DefIndex", "PaintIndex"],
      ok: { description: `The graded seeds of item ${def_index}/${paint_index}.`, schema: data("Patterns"), example: enveloped(examples.patterns) },
      errors: [404, 422],
    },
    "/v1/guides/{platform_id}": {
      operationId: "getGuide",
      tag: "guides",
      summary: "A guide document, as stored",
      description: [
        "The whole guide: attribution, the capture it was transcribed from, its systems, levels and gradings with their",
        "quotes, and what the guide says beside its scale (remarks, item claims, callouts, discrepancies). Read fields by",
        "name; their order carries no meaning. `system` narrows `systems` to one system and leaves every other field whole.",
      ].join("\n"),
      parameters: ["PlatformId", "System"],
      ok: { description: `Guide ${examples.platformId}.`, schema: data("Guide"), example: enveloped(examples.guide) },
      errors: [404],
    },
    "/v1/resolve": {
      operationId: "resolve",
      tag: "aliases",
      summary: "Canonical items of a slug or a market hash name",
      description: [
        "Send `slug` or `market_hash_name` (when both are sent, `slug` is used and the other ignored). A market hash name",
        "is matched without regard to case, spacing or punctuation, and with `★`, `StatTrak™`, `Souvenir` and the wear",
        "stripped; a slug must match exactly. One alias may stand for several items, one per paint (for example the phases",
        "of a Doppler): choose by `paint_label`.",
      ].join("\n"),
      parameters: ["Slug", "MarketHashName"],
      ok: { description: `The items of slug ${examples.slug}.`, schema: data("Resolve"), example: enveloped(examples.resolve) },
      errors: [400, 404, 422],
    },
    "/v1/meta": {
      operationId: "getMeta",
      tag: "dataset",
      summary: "Version, load time and counts of the dataset",
      description: [
        "`counts.items` counts `(def_index, paint_index)` pairs, `counts.gradings` every grading. `loaded_at` is the newest",
        "capture time of the data, so it changes only with the data. Poll this (with `If-None-Match`) to learn of updates.",
      ].join("\n"),
      ok: { description: "The dataset's metadata.", schema: data("Meta"), example: enveloped(examples.meta) },
      errors: [404],
    },
    "/v1/dump": {
      operationId: "getDump",
      tag: "dataset",
      summary: "The whole dataset in one response",
      description: [
        "Every item and every guide document (each exactly as the guide endpoint returns it). Built once per",
        "`dataset_version`; gzip-encoded when `Accept-Encoding` allows it. Tens of megabytes uncompressed at full scale:",
        "revalidate with `If-None-Match` rather than download it again. The example is shortened to one item and one guide.",
      ].join("\n"),
      parameters: ["AcceptEncoding"],
      ok: {
        description: "The dataset.",
        schema: data("Dump"),
        example: examples.dump,
        headers: { "Cache-Control": ref("headers", "CacheControlDump"), Vary: ref("headers", "Vary"), "Content-Encoding": ref("headers", "ContentEncoding") },
      },
      errors: [],
    },
  };

  const out: Json = {};
  for (const [path, operation] of Object.entries(v1)) {
    const errorResponses = Object.fromEntries(
      [...operation.errors, 429, 503].map((status) => [String(status), ref("responses", ERROR_RESPONSES[status as keyof typeof ERROR_RESPONSES])]),
    );
    const names = operation.parameters ?? [];
    const pathParameters = names.filter((name) => PATH_PARAMETERS.has(name)).map((name) => ref("parameters", name));
    out[path] = {
      // Path parameters belong to the path, so that the preflight (OPTIONS) shares them.
      ...(pathParameters.length > 0 ? { parameters: pathParameters } : {}),
      get: {
        operationId: operation.operationId,
        tags: [operation.tag],
        summary: operation.summary,
        description: operation.description,
        parameters: [...names.filter((name) => !PATH_PARAMETERS.has(name)).map((name) => ref("parameters", name)), ref("parameters", "IfNoneMatch")],
        responses: {
          "200": {
            description: operation.ok.description,
            headers: { ...dataHeaders(), ...operation.ok.headers },
            content: { "application/json": { schema: operation.ok.schema, example: operation.ok.example } },
          },
          "304": path === "/v1/dump" ? ref("responses", "NotModifiedDump") : ref("responses", "NotModified"),
          ...errorResponses,
        },
      },
      options: preflight(`${operation.operationId}Preflight`, operation.tag),
    };
  }

  out["/health"] = {
    get: {
      operationId: "getHealth",
      tags: ["service"],
      summary: "Whether a build is loaded and readable",
      description: "Outside `/v1`: not enveloped, never rate limited, never cached, no `dataset_version`.",
      responses: {
        "200": healthResponse("A build is loaded and its files can be read.", "ok"),
        "503": healthResponse("No build is loaded, or its files cannot be read.", "error"),
      },
    },
    options: preflight("getHealthPreflight", "service"),
  };
  out["/changes/{version}.json"] = {
    parameters: [
      {
        name: "version",
        in: "path",
        required: true,
        description: "`latest`, or the serving `dataset_version` (from `/v1/meta` or any ETag). Only the serving build's changelog is kept.",
        schema: { type: "string", pattern: "^[\\x21\\x23-\\x2e\\x30-\\x7e]+$" },
        example: "latest",
      },
    ],
    get: {
      operationId: "getChanges",
      tags: ["dataset"],
      summary: "What the serving dataset_version changed",
      description: [
        "The changes from the build served before this one, for consumers who poll `/v1/meta`: guides added, removed or",
        "retitled, systems added or removed, levels added, removed or renamed, per seed the verdicts added, removed or moved",
        "between levels, items added or removed, and how many response files changed. `from` names the version compared",
        "against: if it is not the version you last saw, you missed one in between (compare dumps). `from` is null for the",
        "first build of a deploy. Verdicts of added or removed guides, systems and items are implied, not listed. Not",
        "enveloped; `ETag` is the serving `dataset_version`, as under `/v1`.",
      ].join("\n"),
      parameters: [ref("parameters", "IfNoneMatch")],
      responses: {
        "200": {
          description: "The changelog of the serving build.",
          headers: dataHeaders(),
          content: { "application/json": { schema: ref("schemas", "Changes"), example: initialChanges((examples.meta as { dataset_version: string }).dataset_version) } },
        },
        "304": ref("responses", "NotModified"),
        "404": ref("responses", "NotFound"),
        "429": ref("responses", "RateLimited"),
        "503": ref("responses", "InternalError"),
      },
    },
    options: preflight("getChangesPreflight", "dataset"),
  };
  out["/openapi.json"] = {
    get: {
      operationId: "getDescription",
      tags: ["service"],
      summary: "This description document",
      description: [
        "The OpenAPI 3.1 description of the API. Not enveloped. Its `ETag` is its own content hash rather than the",
        "`dataset_version`: an edit to the description alone changes the document without changing any response.",
      ].join("\n"),
      parameters: [ref("parameters", "IfNoneMatch")],
      responses: {
        "200": {
          description: "The document.",
          headers: dataHeaders(),
          content: {
            "application/json": {
              schema: { type: "object", required: ["openapi", "info", "paths"], properties: { openapi: { type: "string", pattern: "^3\\.1\\.\\d+$" } } },
            },
          },
        },
        "304": ref("responses", "NotModified"),
        "404": ref("responses", "NotFound"),
        "503": ref("responses", "InternalError"),
      },
    },
    options: preflight("getDescriptionPreflight", "service"),
  };
  return out;
}

function healthResponse(description: string, status: "ok" | "error"): Json {
  return {
    description,
    headers: { "Cache-Control": ref("headers", "CacheControlNever"), ...corsHeaders() },
    content: { "application/json": { schema: ref("schemas", "Health"), example: { status } } },
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

const PATH_PARAMETERS = new Set(["DefIndex", "PaintIndex", "Seed", "PlatformId"]);

function parameters(examples: Examples): Json {
  const path = (name: string, description: string, schema: Json, example: unknown) => ({ name, in: "path", required: true, description, schema, example });
  const query = (name: string, description: string, schema: Json, example: unknown) => ({ name, in: "query", required: false, description, schema, example });
  const index = { type: "integer", minimum: 0 };
  return {
    DefIndex: path("def_index", "The item's definition index. Digits only (leading zeros allowed); anything else is 422.", index, examples.pair.def_index),
    PaintIndex: path("paint_index", "The finish's paint index. Digits only (leading zeros allowed); anything else is 422.", index, examples.pair.paint_index),
    Seed: path("seed", `A pattern seed, 0 to ${MAX_SEED}. Anything else is 422.`, { type: "integer", minimum: 0, maximum: MAX_SEED }, examples.seed),
    PlatformId: path("platform_id", "The guide's identifier on its platform: a string of digits.", { type: "string", pattern: "^[0-9]{1,20}$" }, examples.platformId),
    System: query("system", "A system id of the guide; an id the guide does not have (or an empty value) is 404.", { type: "string" }, examples.systemId),
    Topic: query(
      "topic",
      "Keep only systems carrying this topic. Present counts as sent, even empty. No system has a topic yet.",
      { type: "string" },
      "fade",
    ),
    Slug: query(
      "slug",
      `An item slug, matched exactly (slugs are lowercase). At most ${MAX_ALIAS_LENGTH} characters (422 beyond). Wins over \`market_hash_name\`.`,
      { type: "string", maxLength: MAX_ALIAS_LENGTH },
      examples.slug,
    ),
    MarketHashName: query(
      "market_hash_name",
      `A Steam market hash name, in any of its forms. At most ${MAX_ALIAS_LENGTH} characters (422 beyond). Ignored when \`slug\` is sent; with neither, 400.`,
      { type: "string", maxLength: MAX_ALIAS_LENGTH },
      examples.marketHashName,
    ),
    IfNoneMatch: {
      name: "If-None-Match",
      in: "header",
      required: false,
      description: "An ETag received earlier, sent back as it was (a weak `W/` form, a list containing it, or `*` also match). A match answers 304.",
      schema: { type: "string" },
      example: `"${(examples.meta as { dataset_version: string }).dataset_version}"`,
    },
    AcceptEncoding: {
      name: "Accept-Encoding",
      in: "header",
      required: false,
      description: "With `gzip` accepted, the dump is sent gzip-encoded.",
      schema: { type: "string" },
      example: "gzip",
    },
  };
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

const DESCRIPTIONS: Record<string, string> = {
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
    Object.entries(componentSchemas()).map(([name, schema]) => [name, DESCRIPTIONS[name] ? { description: DESCRIPTIONS[name], ...schema } : schema]),
  );
}
