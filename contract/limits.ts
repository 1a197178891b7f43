// The API's rate limits, as every adapter enforces them and the description document states them.
// How a limiter counts (its window slices, where its state lives) is the edge's business.

/** Per client IP: over it, 429 `rate_limited` with Retry-After. */
export const APP_LIMIT = { limit: 1000, windowMs: 60_000 } as const;

/** In front of the API, per client IP: over it, the client is blocked for `blockMs` with a plain 429. */
export const BURST_LIMIT = { limit: 170, windowMs: 10_000, blockMs: 10_000 } as const;
