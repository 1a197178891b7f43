// The edge burst limit (docs/README.md, "Caching, CORS, limits"; docs/serving.md, "Rate limits"): BURST_LIMIT
// (contract/limits.ts) per client IP, then the client is blocked, before the request reaches the app.
// Netlify's platform enforces it in production; the local Node server, the server in front of Netlify's
// emulation and the Worker (where its rate-limiting binding is missing) play that part with this limiter. A
// blocked answer is the edge's, not the API's: plain text, no CORS headers, so browser scripts see a network
// failure.
//
// It is the app's sliding-window limiter (rate-limit.ts) with a block: no span of the window lets more
// requests of one client through than the limit, whichever way they straddle a boundary.

import { BURST_LIMIT } from "../contract/limits.ts";
import { createRateLimiter, type RateDecision, type RateLimiter, type RateLimitOptions } from "./rate-limit.ts";

export type BurstLimitOptions = RateLimitOptions & { blockMs: number };

/** The burst limit (contract/limits.ts), counted in half-second slices. */
export const EDGE_BURST_LIMIT = { ...BURST_LIMIT, slices: 20 } as const;

export type BurstLimiter = RateLimiter;

export function createBurstLimiter(options: BurstLimitOptions): BurstLimiter {
  return createRateLimiter(options);
}

const BLOCKED_HEADERS = { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" } as const;
const BLOCKED_BODY = "Too Many Requests\n";

/** The edge's refusal of a blocked client, which every adapter that plays the edge sends as it is. */
export interface BlockedAnswer {
  status: 429;
  headers: Readonly<Record<string, string>>;
  /** Left out by the adapter for HEAD. */
  body: string;
}

export function blockedAnswer(decision: Extract<RateDecision, { allowed: false }>): BlockedAnswer {
  return { status: 429, headers: { ...BLOCKED_HEADERS, "retry-after": String(decision.retryAfterSeconds) }, body: BLOCKED_BODY };
}
