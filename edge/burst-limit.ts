// The edge burst limit (docs/README.md, "Caching, CORS, limits"; docs/serving.md, "Rate limits"): 170 requests
// per 10 seconds per client IP, then the client is blocked for 10 seconds, before the request reaches the app.
// Netlify's platform enforces it in production; the local Node server, the server in front of Netlify's
// emulation and the Worker (where its rate-limiting binding is missing) play that part with this limiter. A
// blocked answer is the edge's, not the API's: plain text, no CORS headers, so browser scripts see a network
// failure.
//
// It is the app's sliding-window limiter (rate-limit.ts) with a block: no span of 10 seconds lets
// more than 170 requests of one client through, whichever way they straddle a boundary.

import { BURST_LIMIT } from "../contract/limits.ts";
import { createRateLimiter, type RateLimiter, type RateLimitOptions } from "./rate-limit.ts";

export type BurstLimitOptions = RateLimitOptions & { blockMs: number };

/** The burst limit (contract/limits.ts), counted in half-second slices. */
export const EDGE_BURST_LIMIT = { ...BURST_LIMIT, slices: 20 } as const;

export type BurstLimiter = RateLimiter;

export function createBurstLimiter(options: BurstLimitOptions): BurstLimiter {
  return createRateLimiter(options);
}

/** The edge's refusal: its headers (with `retry-after` added) and body. */
export const BLOCKED_HEADERS = { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } as const;
export const BLOCKED_BODY = "Too Many Requests\n";
