// The typed client of the Pattern-Seed Guides API. It keeps the client duties of the API: send the
// ETag back (a 304 answers from the cache), wait Retry-After on a 429, retry an edge block after a
// few seconds. Web APIs only (fetch, AbortSignal), so it runs in browsers, Node 20+ and Deno.
// Every call is bounded: in time (browsers put no limit on a fetch, and undici's 300 s restart with
// every retry and with every byte of a dripping body) and in the bytes it buffers.

import type { CacheEntry, ClientCache } from "./cache.js";
import { ApiError } from "./errors.js";
import { edgeBlockDelay, retryAfterSeconds, retryPolicy, type RetryOptions, type RetryPolicy } from "./retry.js";
import { ENDPOINTS, type Endpoints, type Health } from "./types.js";

export interface ClientOptions {
  /** The API root: the address `/v1/...`, `/health` and `/openapi.json` are under. */
  apiRoot: string;
  /** The fetch to use; the global one by default. */
  fetch?: typeof fetch;
  /** Where ETags and their answers are kept; an in-memory Map by default, `false` for none. */
  cache?: ClientCache | false;
  retry?: RetryOptions;
  /**
   * How long a call may take, in milliseconds: its tries, their bodies and the waits between them.
   * Default 30 000; `Infinity` for no limit. A call past it rejects with ApiError `timeout`.
   */
  timeoutMs?: number;
  /** The largest body a call reads, in bytes (after decompression). Default 64 MiB. A larger one rejects with ApiError `too_large`. */
  maxBodyBytes?: number;
  /** The clock and timer of the timeout; injectable so tests need no wall clock. Default Date.now and setTimeout. */
  timers?: Timers;
}

export interface Timers {
  now(): number;
  setTimeout(callback: () => void, milliseconds: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const DEFAULT_TIMEOUT_MS = 30_000;
/** About twice the dump of a dataset at the API's stated scale (docs/benchmarks.md). */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024 * 1024;

const systemTimers: Timers = {
  now: () => Date.now(),
  setTimeout: (callback, milliseconds) => setTimeout(callback, milliseconds),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface Result<T> {
  data: T;
  /** The dataset_version the answer belongs to ("" for /health, which carries none). */
  datasetVersion: string;
  /** True when the server answered 304 and `data` is the copy kept from before. */
  fromCache: boolean;
}

export interface RequestOptions {
  /** Aborts the request and any wait between retries. */
  signal?: AbortSignal;
  /** This call's timeout, in place of the client's `timeoutMs`. */
  timeoutMs?: number;
}

export type ResolveQuery = { slug: string } | { marketHashName: string };

/** What an endpoint answers (the generated `Endpoints`, from the API's path table). */
type Answer<N extends keyof Endpoints> = Promise<Result<Endpoints[N]["response"]>>;

/** An operation's path parameters and query, by the names the description document gives them. */
export interface Call<N extends keyof Endpoints> {
  params: Endpoints[N]["params"];
  query?: Endpoints[N]["query"];
}

/** What `get` takes after the operation: the call may be left out where the operation has no path parameter. */
export type CallArguments<N extends keyof Endpoints> = Endpoints[N]["params"] extends Record<string, never>
  ? [call?: Partial<Call<N>>, options?: RequestOptions]
  : [call: Call<N>, options?: RequestOptions];

export interface Client {
  item(defIndex: number, paintIndex: number, options?: RequestOptions & Endpoints["getItem"]["query"]): Answer<"getItem">;
  seed(defIndex: number, paintIndex: number, seed: number, options?: RequestOptions): Answer<"getSeed">;
  patterns(defIndex: number, paintIndex: number, options?: RequestOptions): Answer<"getPatterns">;
  guide(platformId: string, options?: RequestOptions & Endpoints["getGuide"]["query"]): Answer<"getGuide">;
  resolve(query: ResolveQuery, options?: RequestOptions): Answer<"resolve">;
  meta(options?: RequestOptions): Answer<"getMeta">;
  dump(options?: RequestOptions): Answer<"getDump">;
  /** Resolves with `{status: "ok"}`; a server without a loaded build rejects with ApiError 503. */
  health(options?: RequestOptions): Answer<"getHealth">;
  /**
   * Any operation of the description document by its operationId, those above included:
   * `get("getChanges", { params: { version: "latest" } })`, `get("getSeed", { params: { def_index: 7, paint_index: 44, seed: 661 } })`.
   */
  get<N extends keyof Endpoints>(operation: N, ...rest: CallArguments<N>): Answer<N>;
}

const segment = (value: number | string) => encodeURIComponent(String(value));
/** A `{name}` parameter of a path template. */
const PATH_PARAMETER = /\{([^}]+)\}/g;
/** The names of a path template's parameters, in order. */
const parametersOf = (template: string) => [...template.matchAll(PATH_PARAMETER)].map((found) => found[1]!);
/** A path template with its `{name}` parameters filled in, each encoded as one segment. */
const fill = (template: string, params: Readonly<Record<string, number | string>>) =>
  template.replace(PATH_PARAMETER, (_, name: string) => segment(params[name]!));
const withQuery = (path: string, query: Readonly<Record<string, string | undefined>>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, value);
  const text = params.toString();
  return text === "" ? path : `${path}?${text}`;
};

export function createClient(options: ClientOptions): Client {
  const root = options.apiRoot.replace(/\/+$/, "");
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const cache: ClientCache | null = options.cache === false ? null : (options.cache ?? new Map<string, CacheEntry>());
  const limits: Limits = {
    policy: retryPolicy(options.retry),
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxBodyBytes: options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES,
    timers: options.timers ?? systemTimers,
  };
  /** One call of an endpoint; only enveloped answers carry the ETag worth keeping (/health has none). */
  const send = <N extends keyof Endpoints>(name: N, params: Endpoints[N]["params"], query: Endpoints[N]["query"], requestOptions: RequestOptions | undefined) => {
    const { path, enveloped } = ENDPOINTS[name];
    const url = `${root}${withQuery(fill(path, params), query)}`;
    return request<Endpoints[N]["response"]>(url, enveloped, fetchImpl, enveloped ? cache : null, limits, requestOptions);
  };
  const pair = (defIndex: number, paintIndex: number) => ({ def_index: defIndex, paint_index: paintIndex });

  return {
    item: (defIndex, paintIndex, opts) => send("getItem", pair(defIndex, paintIndex), { topic: opts?.topic }, opts),
    seed: (defIndex, paintIndex, seed, opts) => send("getSeed", { ...pair(defIndex, paintIndex), seed }, {}, opts),
    patterns: (defIndex, paintIndex, opts) => send("getPatterns", pair(defIndex, paintIndex), {}, opts),
    guide: (platformId, opts) => send("getGuide", { platform_id: platformId }, { system: opts?.system }, opts),
    resolve: (query, opts) => send("resolve", {}, "slug" in query ? { slug: query.slug } : { market_hash_name: query.marketHashName }, opts),
    meta: (opts) => send("getMeta", {}, {}, opts),
    dump: (opts) => send("getDump", {}, {}, opts),
    health: (opts) => send("getHealth", {}, {}, opts),
    get: <N extends keyof Endpoints>(operation: N, ...[call, opts]: CallArguments<N>) => {
      if (!Object.hasOwn(ENDPOINTS, operation)) return Promise.reject(new TypeError(`no operation ${JSON.stringify(operation)} in the API's description`));
      const params: Readonly<Record<string, unknown>> = call?.params ?? {};
      const missing = parametersOf(ENDPOINTS[operation].path).filter((name) => params[name] === undefined);
      if (missing.length > 0) return Promise.reject(new TypeError(`${operation} needs the path parameters ${missing.join(", ")}`));
      return send(operation, params as Endpoints[N]["params"], (call?.query ?? {}) as Endpoints[N]["query"], opts);
    },
  };
}

interface Limits {
  policy: RetryPolicy;
  timeoutMs: number;
  maxBodyBytes: number;
  timers: Timers;
}

type Outcome<T> = { done: Result<T> } | { wait: number; error: ApiError };

/** A call: tries until an answer, within the call's timeout; the caller's abort rejects with its reason. */
async function request<T>(
  url: string,
  enveloped: boolean,
  fetchImpl: typeof fetch,
  cache: ClientCache | null,
  limits: Limits,
  options: RequestOptions | undefined,
): Promise<Result<T>> {
  const { policy, timers } = limits;
  const callerSignal = options?.signal;
  callerSignal?.throwIfAborted();
  const timeoutMs = options?.timeoutMs ?? limits.timeoutMs;
  const deadline = timers.now() + timeoutMs;
  // One signal for the fetch, the body and the waits: aborted by the caller, or by the timeout.
  const controller = new AbortController();
  const signal = controller.signal;
  let timedOut = false;
  const onCallerAbort = () => controller.abort(callerSignal!.reason);
  callerSignal?.addEventListener("abort", onCallerAbort, { once: true });
  const timer = Number.isFinite(timeoutMs)
    ? timers.setTimeout(() => {
        if (signal.aborted) return;
        timedOut = true;
        controller.abort(new ApiError(0, "timeout", `no whole answer within ${timeoutMs} ms`, ""));
      }, timeoutMs)
    : undefined;
  try {
    for (let attempt = 0; ; attempt++) {
      signal.throwIfAborted();
      const outcome = await once<T>(url, enveloped, fetchImpl, cache, limits, signal);
      if ("done" in outcome) return outcome.done;
      // Bounded: after the last retry, when the server asks for a longer wait than allowed, or when the
      // wait would end past the timeout, the error is the answer.
      if (attempt >= policy.retries || outcome.wait < 0 || timers.now() + outcome.wait >= deadline) throw outcome.error;
      await policy.sleep(outcome.wait, signal);
    }
  } catch (error) {
    // Whatever was cut short by the timeout (the fetch, the body, a wait) is the timeout.
    if (timedOut) throw signal.reason;
    throw error;
  } finally {
    if (timer !== undefined) timers.clearTimeout(timer);
    callerSignal?.removeEventListener("abort", onCallerAbort);
  }
}

/** One try: a result, an ApiError thrown for a final answer, or how long to wait before the next try. */
async function once<T>(
  url: string,
  enveloped: boolean,
  fetchImpl: typeof fetch,
  cache: ClientCache | null,
  limits: Limits,
  signal: AbortSignal,
): Promise<Outcome<T>> {
  const { policy } = limits;
  const cached = cache?.get(url);
  let response: Response;
  try {
    response = await fetchImpl(url, { headers: cached ? { "If-None-Match": cached.etag } : {}, signal });
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    // A network error: in a browser, also what the edge block looks like (it sends no CORS headers).
    const reason = error instanceof Error ? error.message : String(error);
    return { wait: edgeBlockDelay(policy), error: new ApiError(0, "edge_blocked", `the request did not reach the API (${reason})`, "") };
  }

  if (response.status === 304 && cached) {
    await response.body?.cancel().catch(() => {});
    return { done: { data: cached.data as T, datasetVersion: cached.datasetVersion, fromCache: true } };
  }

  const body = await readJson(response, limits.maxBodyBytes, signal);
  if (response.ok) {
    if (!enveloped) return { done: { data: body as T, datasetVersion: "", fromCache: false } };
    if (!isEnvelope(body) || !("data" in body)) throw new ApiError(response.status, "invalid_response", "the answer is not the API's envelope", "");
    const result = { data: body.data as T, datasetVersion: body.dataset_version, fromCache: false };
    const etag = response.headers.get("etag");
    if (cache && etag !== null) cache.set(url, { etag, data: result.data, datasetVersion: result.datasetVersion });
    return { done: result };
  }

  const error = errorOf(response.status, body);
  if (response.status === 429) {
    if (error.code !== "rate_limited") {
      // Not the API's envelope: the edge block in front of it.
      return { wait: edgeBlockDelay(policy), error: new ApiError(429, "edge_blocked", "blocked at the edge for too many requests", "") };
    }
    const seconds = retryAfterSeconds(response.headers.get("retry-after")) ?? 1;
    return { wait: seconds > policy.maxRetryAfterSeconds ? -1 : seconds * 1000, error };
  }
  throw error;
}

/**
 * The body as JSON, `undefined` when it is not JSON or the connection was cut. Read in chunks so that
 * no more than `maxBytes` is ever held; an abort or the timeout rejects with its reason.
 */
async function readJson(response: Response, maxBytes: number, signal: AbortSignal): Promise<unknown> {
  const tooLarge = () => new ApiError(response.status, "too_large", `the answer is larger than ${maxBytes} bytes`, "");
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  // A compressed answer's Content-Length counts the compressed bytes; the read below counts the decoded ones.
  if (declared > maxBytes && response.headers.get("content-encoding") === null) {
    await response.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  if (response.body === null) return undefined;
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let length = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      length += value.byteLength;
      if (length > maxBytes) {
        await reader.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (error instanceof ApiError) throw error;
    // A cut connection: an answer that is not the API's.
    return undefined;
  }
  const bytes = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return undefined;
  }
}

interface Envelope {
  dataset_version: string;
  data?: unknown;
  error?: unknown;
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === "object" && body !== null && typeof (body as Envelope).dataset_version === "string";
}

function errorOf(status: number, body: unknown): ApiError {
  const error: unknown = isEnvelope(body) ? body.error : undefined;
  if (isEnvelope(body) && typeof error === "object" && error !== null) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    const known = code === "bad_request" || code === "not_found" || code === "rate_limited" || code === "internal_error";
    if (known && typeof message === "string") return new ApiError(status, code, message, body.dataset_version);
    return new ApiError(status, "invalid_response", `status ${status} with an error that is not the API's {code, message}`, body.dataset_version);
  }
  // /health's 503 is a bare {"status":"error"}: the service has no build to answer from.
  if (typeof body === "object" && body !== null && (body as Health).status === "error") {
    return new ApiError(status, "internal_error", "the API has no build loaded", "");
  }
  return new ApiError(status, "invalid_response", `status ${status} without the API's envelope`, "");
}
