export { createClient, DEFAULT_MAX_BODY_BYTES, DEFAULT_TIMEOUT_MS } from "./client.js";
export type { Call, CallArguments, Client, ClientOptions, RequestOptions, ResolveQuery, Result, Timers } from "./client.js";
export { ApiError } from "./errors.js";
export type { ErrorCode } from "./errors.js";
export type { CacheEntry, ClientCache } from "./cache.js";
export type { RetryOptions } from "./retry.js";
export type * from "./types.js";
