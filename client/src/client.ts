// The typed client of the Pattern-Seed Guides API. It keeps the client duties of the API: send the
// ETag back (a 304 answers from the cache), wait Retry-After on a 429, retry an edge block after a
// few seconds. Web APIs only (fetch, AbortSignal), so it runs in browsers, Node 20+ and Deno.

import type { CacheEntry, ClientCache } from "./cache.js";
import { ApiError } from "./errors.js";
import { edgeBlockDelay, retryAfterSeconds, retryPolicy, type RetryOptions, type RetryPolicy } from "./retry.js";
import type { Dump, Guide, Health, ItemMenu, Meta, Patterns, Resolve, SeedResponse } from "./types.js";

export interface ClientOptions {
  /** The API root: the address `/v1/...`, `/health` and `/openapi.json` are under. */
  apiRoot: string;
  /** The fetch to use; the global one by default. */
  fetch?: typeof fetch;
  /** Where ETags and their answers are kept; an in-memory Map by default, `false` for none. */
  cache?: ClientCache | false;
  retry?: RetryOptions;
}

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
}

export type ResolveQuery = { slug: string } | { marketHashName: string };

export interface Client {
  item(defIndex: number, paintIndex: number, options?: RequestOptions & { topic?: string }): Promise<Result<ItemMenu>>;
  seed(defIndex: number, paintIndex: number, seed: number, options?: RequestOptions): Promise<Result<SeedResponse>>;
  patterns(defIndex: number, paintIndex: number, options?: RequestOptions): Promise<Result<Patterns>>;
  guide(platformId: string, options?: RequestOptions & { system?: string }): Promise<Result<Guide>>;
  resolve(query: ResolveQuery, options?: RequestOptions): Promise<Result<Resolve>>;
  meta(options?: RequestOptions): Promise<Result<Meta>>;
  dump(options?: RequestOptions): Promise<Result<Dump>>;
  /** Resolves with `{status: "ok"}`; a server without a loaded build rejects with ApiError 503. */
  health(options?: RequestOptions): Promise<Result<Health>>;
}

const segment = (value: number | string) => encodeURIComponent(String(value));
const withQuery = (path: string, query: Record<string, string | undefined>) => {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, value);
  const text = params.toString();
  return text === "" ? path : `${path}?${text}`;
};

export function createClient(options: ClientOptions): Client {
  const root = options.apiRoot.replace(/\/+$/, "");
  const fetchImpl = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const cache: ClientCache | null = options.cache === false ? null : (options.cache ?? new Map<string, CacheEntry>());
  const policy = retryPolicy(options.retry);

  const v1 = <T>(path: string, requestOptions?: RequestOptions) => request<T>(`${root}/v1${path}`, true, fetchImpl, cache, policy, requestOptions?.signal);

  return {
    item: (defIndex, paintIndex, opts) => v1(withQuery(`/items/${segment(defIndex)}/${segment(paintIndex)}`, { topic: opts?.topic }), opts),
    seed: (defIndex, paintIndex, seed, opts) => v1(`/items/${segment(defIndex)}/${segment(paintIndex)}/seeds/${segment(seed)}`, opts),
    patterns: (defIndex, paintIndex, opts) => v1(`/items/${segment(defIndex)}/${segment(paintIndex)}/patterns`, opts),
    guide: (platformId, opts) => v1(withQuery(`/guides/${segment(platformId)}`, { system: opts?.system }), opts),
    resolve: (query, opts) =>
      v1(withQuery("/resolve", "slug" in query ? { slug: query.slug } : { market_hash_name: query.marketHashName }), opts),
    meta: (opts) => v1("/meta", opts),
    dump: (opts) => v1("/dump", opts),
    health: (opts) => request<Health>(`${root}/health`, false, fetchImpl, null, policy, opts?.signal),
  };
}

type Outcome<T> = { done: Result<T> } | { wait: number; error: ApiError };

async function request<T>(
  url: string,
  enveloped: boolean,
  fetchImpl: typeof fetch,
  cache: ClientCache | null,
  policy: RetryPolicy,
  signal: AbortSignal | undefined,
): Promise<Result<T>> {
  for (let attempt = 0; ; attempt++) {
    signal?.throwIfAborted();
    const outcome = await once<T>(url, enveloped, fetchImpl, cache, policy, signal);
    if ("done" in outcome) return outcome.done;
    // Bounded: after the last retry, or when the server asks for a longer wait than allowed, the error is the answer.
    if (attempt >= policy.retries || outcome.wait < 0) throw outcome.error;
    await policy.sleep(outcome.wait, signal);
  }
}

/** One try: a result, an ApiError thrown for a final answer, or how long to wait before the next try. */
async function once<T>(
  url: string,
  enveloped: boolean,
  fetchImpl: typeof fetch,
  cache: ClientCache | null,
  policy: RetryPolicy,
  signal: AbortSignal | undefined,
): Promise<Outcome<T>> {
  const cached = cache?.get(url);
  let response: Response;
  try {
    response = await fetchImpl(url, { headers: cached ? { "If-None-Match": cached.etag } : {}, signal });
  } catch (error) {
    if (signal?.aborted) throw signal.reason;
    // A network error: in a browser, also what the edge block looks like (it sends no CORS headers).
    const reason = error instanceof Error ? error.message : String(error);
    return { wait: edgeBlockDelay(policy), error: new ApiError(0, "edge_blocked", `the request did not reach the API (${reason})`, "") };
  }

  if (response.status === 304 && cached) {
    await response.body?.cancel();
    return { done: { data: cached.data as T, datasetVersion: cached.datasetVersion, fromCache: true } };
  }

  const body = await readJson(response);
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

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

interface Envelope {
  dataset_version: string;
  data?: unknown;
  error?: { code: string; message: string };
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === "object" && body !== null && typeof (body as Envelope).dataset_version === "string";
}

function errorOf(status: number, body: unknown): ApiError {
  if (isEnvelope(body) && body.error && typeof body.error.code === "string") {
    const { code, message } = body.error;
    const known = code === "bad_request" || code === "not_found" || code === "rate_limited" || code === "internal_error";
    return new ApiError(status, known ? code : "invalid_response", String(message), body.dataset_version);
  }
  // /health's 503 is a bare {"status":"error"}: the service has no build to answer from.
  if (typeof body === "object" && body !== null && (body as Health).status === "error") {
    return new ApiError(status, "internal_error", "the API has no build loaded", "");
  }
  return new ApiError(status, "invalid_response", `status ${status} without the API's envelope`, "");
}
