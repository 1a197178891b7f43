// The edge burst limit (spec, Limits): 170 requests per 10 seconds per client IP, then the client
// is blocked for 10 seconds, before the request reaches the app. On Netlify the platform enforces
// it; the local server plays that part with this limiter. A blocked answer is the edge's, not the
// API's: plain text, no CORS headers, so browser scripts see a network failure.
//
// It is the app's sliding-window limiter (../../rate-limit.ts) with a block: no span of 10 seconds
// lets more than 170 requests of one client through, whichever way they straddle a boundary.

import { createRateLimiter, type RateLimiter, type RateLimitOptions } from "../../rate-limit.ts";

export type BurstLimitOptions = RateLimitOptions & { blockMs: number };

/** 170 per 10 s, counted in half-second slices, then 10 s blocked. */
export const EDGE_BURST_LIMIT = { limit: 170, windowMs: 10_000, blockMs: 10_000, slices: 20 } as const;

export type BurstLimiter = RateLimiter;

export function createBurstLimiter(options: BurstLimitOptions): BurstLimiter {
  return createRateLimiter(options);
}
