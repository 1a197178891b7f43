// The edge core: `createCore` gives the one entry of every adapter, `handle`, from a small plain
// request to a plain response. The Node server converts node:http's request to it; the Netlify edge
// function, the Cloudflare Worker and the tests convert a web Request (adapters/web.ts). A web
// Request as the entry would cost the Node server its hot path (docs/serving.md, "Why the entry is
// a plain request") and cannot even be built for a CONNECT or TRACE in Node, which the core must
// still answer 405.
//
// request --route--> validate params --asset--> file --decorate--> response (docs/architecture.md)
// The route is the request path's entry in the path table (contract/paths.ts); the entry's kind
// decides how it is served. A /v1 route's 200 already read is found by its request target alone and
// answered at once (`fromMemory`): most requests to a warm server, and the ones that cost it most.

import { acceptsGzip } from "./accept-encoding.ts";
import { createBuildReader, newBuildState, OWN_READS, type AssetSlice, type AssetSource, type BuildReader, type BuildState, type ReadPolicy } from "./build-reader.ts";
import { createByteCache, DEFAULT_BYTE_CACHE, type ByteCacheOptions } from "./byte-cache.ts";
import {
  CACHE_CLIENT_ERROR,
  CACHE_DATA,
  CACHE_DUMP,
  CACHE_NEVER,
  CACHE_PREFLIGHT,
} from "../contract/cache-policy.ts";
import { etagFor, ifNoneMatchMatches } from "./conditional.ts";
import { changesFileFor } from "../contract/changes.ts";
import { ALLOWED_METHODS, CORS_HEADERS, methodNotAllowedMessage, PREFLIGHT_HEADERS } from "../contract/cors.ts";
import { documentHeaders } from "../contract/documents.ts";
import { envelopeFor, errorBody, type ErrorCode, JSON_TYPE } from "../contract/envelope.ts";
import { APP_RATE_LIMIT, createRateLimiter, type RateDecision, type RateLimitOptions } from "./rate-limit.ts";
import type { Manifest } from "../contract/manifest.ts";
import { lookupPath, PATHS, type PathMatch, type RouteMatch } from "../contract/paths.ts";
import { fileFor, notFoundMessage, packEntryOf, pathFor, routeOf, type PackEntry } from "../contract/routes.ts";

export interface EdgeRequest {
  method: string;
  /** The request target's path, still percent-encoded, without the query. */
  path: string;
  /** The query string without its "?" ("" when there is none). */
  query: string;
  ifNoneMatch: string | null | undefined;
  acceptEncoding: string | null | undefined;
  /** The key of the app rate limit. */
  clientIp: string;
}

export type ResponseHeaders = Readonly<Record<string, string>>;

export interface EdgeResponse {
  status: number;
  /**
   * Shared, precomputed objects: never mutate them. Content-Length is the adapter's to add to a
   * body of bytes; a streamed body's headers carry it already.
   */
  headers: ResponseHeaders;
  /**
   * The body; bytes are also present for HEAD, which the adapter drops. A stream (the dump decoded
   * for a client without gzip) is never given for HEAD. `null` for 204 and 304.
   */
  body: Uint8Array | ReadableStream<Uint8Array> | null;
}

export type { AssetSlice, AssetSource };

export interface CoreOptions<C = void> {
  /** The build being served, or a getter for the build one (null: none loaded yet). */
  manifest: Manifest | (() => Manifest | null);
  assets: AssetSource<C>;
  /** Where the runtime reads part of a file: a seed is then read by range, never its whole chunk. */
  slice?: AssetSlice<C>;
  /** Who may wait for whose read, and how many dumps are read whole at once (build-reader.ts); default: each request reads for itself. */
  reads?: ReadPolicy;
  /** The app rate limit; on by default (1000 per minute per client IP); `false` turns it off. */
  rateLimit?: RateLimitOptions | false;
  /**
   * A limiter kept outside this process (Cloudflare's rate-limiting binding), asked instead of the
   * in-memory one that `rateLimit` configures; the core still answers its refusals (429, Retry-After).
   */
  appLimiter?: AppLimiter;
  /** The clock of the default app rate limit (tests inject one); options given above bring their own. */
  now?: () => number;
  /** The in-memory cache of response bytes, per build; `false` turns it off. */
  cache?: ByteCacheOptions | false;
  /** Told about every unexpected failure answered with 503 (the response never shows it). */
  onError?: (error: unknown) => void;
  /**
   * Whether another process serving the same commit has found a file of it that does not read right
   * (a node:cluster worker's peers): /health answers 503 while one has, as it does for this process's
   * own findings, so that it says the same whichever process answers it.
   */
  peersDamaged?: () => boolean;
}

/** Counts one request of a client (its IP address) against the app rate limit. */
export interface AppLimiter {
  hit(clientIp: string): RateDecision | Promise<RateDecision>;
}

export interface EdgeCore<C = void> {
  /**
   * The answer to a request: given at once when all it needs is in memory (a 200 or 304 of bytes
   * already read and checked, see `fromMemory`), a promise when anything is to be read or awaited.
   */
  handle(request: EdgeRequest, context: C): EdgeResponse | Promise<EdgeResponse>;
  /** Whether a file of the build served failed to read right and has not read right since (what /health reports). */
  damaged(): boolean;
}

const encoder = new TextEncoder();
const HEALTH_OK = encoder.encode('{"status":"ok"}');
const HEALTH_ERROR = encoder.encode('{"status":"error"}');
/** The file /health reads to tell that the build's files are reachable. */
const META_FILE = fileFor({ name: "meta" }, { topics: [] });

/** What the edge derives once per served manifest and keeps while it is served: the ETag, header sets, and what its reader knows of the build's files. */
interface BuildCache {
  manifest: Manifest;
  etag: string;
  headers: ReturnType<typeof headerSets>;
  /** Null when the build has no documents folder. */
  documentHeaders: ReturnType<typeof documentHeaders> | null;
  files: BuildState;
}

function headerSets(etag: string) {
  const json = (cacheControl: string) => ({ "content-type": JSON_TYPE, etag, "cache-control": cacheControl, ...CORS_HEADERS });
  const dump = { ...json(CACHE_DUMP), vary: "Accept-Encoding" };
  return {
    data: json(CACHE_DATA),
    dataNotModified: { etag, "cache-control": CACHE_DATA, ...CORS_HEADERS },
    dump,
    /** The dump as stored, gzip-encoded. */
    dumpGzip: { ...dump, "content-encoding": "gzip" },
    dumpNotModified: { etag, "cache-control": CACHE_DUMP, vary: "Accept-Encoding", ...CORS_HEADERS },
    dumpUnavailable: { ...json(CACHE_NEVER), vary: "Accept-Encoding" },
    clientError: json(CACHE_CLIENT_ERROR),
    methodNotAllowed: { ...json(CACHE_CLIENT_ERROR), allow: ALLOWED_METHODS },
    unavailable: json(CACHE_NEVER),
    preflight: { etag, "cache-control": CACHE_PREFLIGHT, ...CORS_HEADERS, ...PREFLIGHT_HEADERS },
    health: json(CACHE_NEVER),
  };
}

/** Headers for responses given while no build is loaded: there is no version to put in an ETag. */
const NO_BUILD_HEADERS: ResponseHeaders = { "content-type": JSON_TYPE, "cache-control": CACHE_NEVER, ...CORS_HEADERS };

export function createCore<C = void>(options: CoreOptions<C>): EdgeCore<C> {
  const currentManifest = typeof options.manifest === "function" ? options.manifest : () => options.manifest as Manifest;
  const limiter: AppLimiter | null =
    options.appLimiter ?? (options.rateLimit === false ? null : createRateLimiter(options.rateLimit ?? { ...APP_RATE_LIMIT, now: options.now }));
  const parts: CoreParts<C> = {
    cacheFor: buildCachesOf(options),
    reader: createBuildReader(options.assets, options.slice, options.reads ?? OWN_READS),
    onError: options.onError,
    limiter,
    peersDamaged: options.peersDamaged,
  };
  return {
    damaged() {
      const manifest = currentManifest();
      return manifest !== null && parts.cacheFor(manifest).files.unreadable.size > 0;
    },
    handle(request, context) {
      let manifest: Manifest | null = null;
      try {
        manifest = currentManifest();
        const answered = (manifest === null ? undefined : fromMemory(parts, request, parts.cacheFor(manifest))) ?? answer(parts, request, manifest, context);
        return answered instanceof Promise ? answered.catch((error: unknown) => unexpected(parts, manifest, error)) : answered;
      } catch (error) {
        return unexpected(parts, manifest, error);
      }
    },
  };
}

/**
 * Any unexpected failure is 503 internal_error, never cached, never a stack trace (docs/README.md,
 * "Envelope and errors").
 */
function unexpected<C>(parts: CoreParts<C>, manifest: Manifest | null, error: unknown): EdgeResponse {
  parts.onError?.(error);
  const version = manifest?.dataset_version ?? "";
  const headers = manifest === null ? NO_BUILD_HEADERS : parts.cacheFor(manifest).headers.unavailable;
  return { status: 503, headers, body: errorBody(version, "internal_error", "unexpected server error; retry later") };
}

/**
 * A /v1 route's answer when its bytes are in memory, found by the request target alone, with nothing
 * to parse or await: the reader keeps a route's 200 under the route's request target in canonical
 * form (`pathFor`, see `serveRoute`), and only once its bytes were read and checked. So bytes found
 * under a target are that route's answer, and are answered as `serveStored` would: after the app
 * rate limit, 304 to a matching If-None-Match (the file exists: its bytes are here), else 200.
 * `undefined` for anything else (a target in another form, a miss, a remembered 404, another
 * method), which the full path answers.
 */
function fromMemory<C>(parts: CoreParts<C>, request: EdgeRequest, build: BuildCache): EdgeResponse | Promise<EdgeResponse> | undefined {
  const { method, path, query } = request;
  // The reader keeps files under their folder's name, never under a key beginning with "/".
  if ((method !== "GET" && method !== "HEAD") || path.charCodeAt(0) !== SLASH) return undefined;
  const body = parts.reader.kept(build.files, query === "" ? path : `${path}?${query}`);
  if (!(body instanceof Uint8Array)) return undefined;
  const refused = rateLimited(parts.limiter, request, build);
  if (refused instanceof Promise) return refused.then((refusal) => refusal ?? storedAnswer(request, build, body));
  return refused ?? storedAnswer(request, build, body);
}

/** A stored file's answer once it is known to exist: 304 to a matching If-None-Match, else its bytes. */
function storedAnswer(request: EdgeRequest, build: BuildCache, body: Uint8Array): EdgeResponse {
  if (ifNoneMatchMatches(request.ifNoneMatch, build.etag)) return { status: 304, headers: build.headers.dataNotModified, body: null };
  return { status: 200, headers: build.headers.data, body };
}

const SLASH = "/".charCodeAt(0);

/** What answering needs besides the request: the served build, its reader, the limiter. */
interface CoreParts<C> {
  cacheFor(manifest: Manifest): BuildCache;
  reader: BuildReader<C>;
  onError: ((error: unknown) => void) | undefined;
  limiter: AppLimiter | null;
  peersDamaged: (() => boolean) | undefined;
}

const noBuild = (): EdgeResponse => ({ status: 503, headers: NO_BUILD_HEADERS, body: errorBody("", "internal_error", "no build is loaded yet; retry later") });

const fail = (build: BuildCache, status: number, code: ErrorCode, message: string, headers: ResponseHeaders = build.headers.clientError): EdgeResponse => ({
  status,
  headers,
  body: errorBody(build.manifest.dataset_version, code, message),
});

/**
 * One request: its path's entry in the path table decides how it is served. What is not rate
 * limited (/health, the documents) is answered first, /health even with no build loaded; anything
 * else counts against the app rate limit, including a preflight or a refused method on those paths.
 */
async function answer<C>(parts: CoreParts<C>, request: EdgeRequest, manifest: Manifest | null, context: C): Promise<EdgeResponse> {
  const match = lookupPath(request.path);
  const reading = request.method === "GET" || request.method === "HEAD";
  if (reading && match !== null && !PATHS[match.name].rateLimited) return serve(parts, request, match, manifest, context);
  if (manifest === null) return noBuild();
  const build = parts.cacheFor(manifest);
  const refused = await rateLimited(parts.limiter, request, build);
  if (refused !== null) return refused;
  const { headers } = build;
  if (request.method === "OPTIONS") return { status: 204, headers: headers.preflight, body: null };
  if (!reading) {
    // Decision (docs/serving.md, "Decisions"): the API's error codes (docs/README.md, "Envelope and errors")
    // have none for a method not allowed; the request is malformed for this API.
    return fail(build, 405, "bad_request", methodNotAllowedMessage(request.method), headers.methodNotAllowed);
  }
  if (match === null) return fail(build, 404, "not_found", `no endpoint at ${request.path}`);
  return serve(parts, request, match, manifest, context);
}

/** The 429 of a request over the app rate limit, or null; awaited only where the limiter is elsewhere (`appLimiter`). */
function rateLimited(limiter: AppLimiter | null, request: EdgeRequest, build: BuildCache): EdgeResponse | null | Promise<EdgeResponse | null> {
  if (limiter === null) return null;
  const decision = limiter.hit(request.clientIp);
  return decision instanceof Promise ? decision.then((awaited) => refusal(awaited, build)) : refusal(decision, build);
}

/** The 429 a limiter's decision earns, or null when it lets the request through. */
function refusal(decision: RateDecision, build: BuildCache): EdgeResponse | null {
  if (decision.allowed) return null;
  const retryAfter = String(decision.retryAfterSeconds);
  return fail(build, 429, "rate_limited", `too many requests; retry after ${retryAfter} s`, { ...build.headers.unavailable, "retry-after": retryAfter });
}

function serve<C>(parts: CoreParts<C>, request: EdgeRequest, match: PathMatch, manifest: Manifest | null, context: C): Promise<EdgeResponse> {
  if (match.kind === "health") return health(parts, manifest, context);
  if (manifest === null) return Promise.resolve(noBuild());
  const build = parts.cacheFor(manifest);
  switch (match.kind) {
    case "document":
    case "redirect":
      return serveDocument(parts, request, match, build, context);
    case "changelog": {
      // The serving build's changelog: not enveloped, with the data headers (ETag: its dataset_version).
      const changes = changesFileFor(match.values.version!, build.manifest);
      if (!changes.found) return Promise.resolve(fail(build, 404, "not_found", changes.message));
      return serveStored(parts, request, build, { file: changes.file, enveloped: PATHS[match.name].enveloped, pack: null }, "this build has no changelog", context);
    }
    case "data":
    case "packed":
    case "dump":
      return serveRoute(parts, request, match, build, context);
  }
}

async function health<C>(parts: CoreParts<C>, manifest: Manifest | null, context: C): Promise<EdgeResponse> {
  if (manifest === null) return { status: 503, headers: NO_BUILD_HEADERS, body: HEALTH_ERROR };
  const build = parts.cacheFor(manifest);
  // "Loaded and reachable": the build's index and a file of it read right now, and every file a
  // request could not read, here or in a peer process, reads right again.
  return (await parts.reader.healthy(build.files, META_FILE, context)) && !(parts.peersDamaged?.() ?? false)
    ? { status: 200, headers: build.headers.health, body: HEALTH_OK }
    : { status: 503, headers: build.headers.health, body: HEALTH_ERROR };
}

async function serveDocument<C>(
  parts: CoreParts<C>,
  request: EdgeRequest,
  match: Extract<PathMatch, { kind: "document" | "redirect" }>,
  build: BuildCache,
  context: C,
): Promise<EdgeResponse> {
  const { manifest } = build;
  const headers = build.documentHeaders;
  if (headers === null) return fail(build, 404, "not_found", "this build has no description document");
  const entry = PATHS[match.name];
  if (entry.kind === "redirect") return { status: 301, headers: { ...headers.redirect, location: entry.location }, body: null };
  // The folder is named by its content: a matching ETag needs no read.
  if (ifNoneMatchMatches(request.ifNoneMatch, headers.notModified.etag)) return { status: 304, headers: headers.notModified, body: null };
  const body = await parts.reader.document(build.files, entry.file, context);
  if (body === null) throw new Error(`${manifest.docs}/${entry.file} is not in its folder's index`);
  return { status: 200, headers: headers[entry.headers], body };
}

async function serveRoute<C>(parts: CoreParts<C>, request: EdgeRequest, match: RouteMatch, build: BuildCache, context: C): Promise<EdgeResponse> {
  const parsed = routeOf(match, new URLSearchParams(request.query));
  if (!parsed.ok) return fail(build, parsed.error.status, parsed.error.code, parsed.error.message);
  const { route } = parsed;
  const file = fileFor(route, build.manifest);
  if (match.kind === "dump") return serveDump(parts, request, build, file, context);
  // Kept under its request target (`fromMemory`); the dump is not: its bytes are not its 200 for every client.
  const stored = { file, enveloped: PATHS[match.name].enveloped, pack: packEntryOf(route), keep: pathFor(route) };
  return serveStored(parts, request, build, stored, notFoundMessage(route), context);
}

/** A file of the build, or one entry of a pack, as a 200; a missing file is 404 `missing`. */
async function serveStored<C>(
  parts: CoreParts<C>,
  request: EdgeRequest,
  build: BuildCache,
  /** `keep`: the key the reader keeps the bytes under, a /v1 route's request target (`fromMemory`); by default the file's own. */
  stored: { file: string; enveloped: boolean; pack: PackEntry | null; keep?: string },
  missing: string,
  context: C,
): Promise<EdgeResponse> {
  const { file, enveloped, pack, keep } = stored;
  // Only a response that would be 200 becomes 304 (RFC 9110 section 13.1.2): errors are never
  // revalidated, so a matching If-None-Match still needs the file to exist, but not its bytes.
  if (ifNoneMatchMatches(request.ifNoneMatch, build.etag) && (await parts.reader.holds(build.files, file, context))) {
    return { status: 304, headers: build.headers.dataNotModified, body: null };
  }
  const body = pack === null ? await parts.reader.file(build.files, file, { wrap: enveloped, large: false, keep }, context) : await parts.reader.entry(build.files, file, pack, context, keep);
  if (body === null) return fail(build, 404, "not_found", missing);
  return { status: 200, headers: build.headers.data, body };
}

/**
 * The dump: its file is a whole envelope, stored gzip-encoded; sent as it is to a client that
 * accepts gzip, decoded on the way out for one that does not. A matching ETag needs no read.
 */
async function serveDump<C>(parts: CoreParts<C>, request: EdgeRequest, build: BuildCache, file: string, context: C): Promise<EdgeResponse> {
  const { headers } = build;
  if (ifNoneMatchMatches(request.ifNoneMatch, build.etag) && (await parts.reader.holds(build.files, file, context))) {
    return { status: 304, headers: headers.dumpNotModified, body: null };
  }
  // Checked whole before its first byte is sent: a gzip client never gets a damaged body, and a
  // decoded one never ends early.
  let encoded: Uint8Array | null = null;
  try {
    encoded = await parts.reader.file(build.files, file, { wrap: false, large: true }, context);
  } catch (error) {
    parts.onError?.(error);
  }
  const decodedLength = encoded === null ? null : gzipDecodedLength(encoded);
  if (decodedLength === null) return fail(build, 503, "internal_error", "the dump could not be read; retry later", headers.dumpUnavailable);
  if (acceptsGzip(request.acceptEncoding)) return { status: 200, headers: headers.dumpGzip, body: encoded! };
  const decodedHeaders = { ...headers.dump, "content-length": String(decodedLength) };
  return { status: 200, headers: decodedHeaders, body: request.method === "HEAD" ? null : gunzipStream(encoded!) };
}

/** The cache of a manifest's build, derived once and kept while that manifest is served. */
function buildCachesOf<C>(options: CoreOptions<C>): (manifest: Manifest) => BuildCache {
  const cacheOptions = options.cache === false ? null : (options.cache ?? DEFAULT_BYTE_CACHE);
  let cache: BuildCache | null = null;
  return (manifest) => {
    if (cache?.manifest !== manifest) {
      const etag = etagFor(manifest.dataset_version);
      cache = {
        manifest,
        etag,
        headers: headerSets(etag),
        documentHeaders: manifest.docs === undefined ? null : documentHeaders(etagFor(manifest.docs)),
        files: newBuildState(manifest, envelopeFor(manifest.dataset_version), cacheOptions === null ? null : createByteCache(cacheOptions)),
      };
    }
    return cache;
  };
}

/**
 * The decoded length a gzip member records in its last four bytes (modulo 2^32; a dump is far
 * smaller), or null for bytes too short to be gzip.
 */
function gzipDecodedLength(gzip: Uint8Array): number | null {
  if (gzip.byteLength < 18 || gzip[0] !== 0x1f || gzip[1] !== 0x8b) return null;
  return new DataView(gzip.buffer, gzip.byteOffset + gzip.byteLength - 4, 4).getUint32(0, true);
}

/** The bytes of a gzip file, decoded as they are sent (web streams: the same on every runtime). */
function gunzipStream(gzip: Uint8Array): ReadableStream<Uint8Array> {
  const stored = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(gzip);
      controller.close();
    },
  });
  // DOM's typing of DecompressionStream predates typed-array generics: the cast restates what it reads and writes.
  return stored.pipeThrough(new DecompressionStream("gzip") as unknown as ReadableWritablePair<Uint8Array, Uint8Array>);
}
