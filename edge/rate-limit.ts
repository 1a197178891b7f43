// The app rate limit (spec, Limits): 1000 requests per minute per client IP, then 429
// `rate_limited` with Retry-After. Fixed windows: every client's count restarts when the window
// turns, so the whole table is dropped at once — memory holds at most one window's clients, and a
// cap bounds even that (past it, unseen clients pass uncounted: the limiter must never become
// the thing that exhausts memory; the edge burst limit in front still applies).

export interface RateLimitOptions {
  /** Requests allowed per client per window. */
  limit: number;
  windowMs: number;
  /** Milliseconds since the epoch; injectable so tests control time. */
  now?: () => number;
  /** Most clients tracked in one window. */
  maxClients?: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  hit(client: string): RateDecision;
}

export const APP_RATE_LIMIT = { limit: 1000, windowMs: 60_000 } as const;

export const ALLOWED: RateDecision = { allowed: true };

export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const { limit, windowMs, now = Date.now, maxClients = 100_000 } = options;
  let windowStart = Number.NEGATIVE_INFINITY;
  let counts = new Map<string, number>();
  return {
    hit(client) {
      const time = now();
      if (time >= windowStart + windowMs || time < windowStart) {
        windowStart = time - (time % windowMs);
        counts = new Map();
      }
      const count = counts.get(client);
      if (count === undefined) {
        if (counts.size < maxClients) counts.set(client, 1);
        return limit >= 1 ? ALLOWED : blocked(windowStart + windowMs - time);
      }
      if (count >= limit) return blocked(windowStart + windowMs - time);
      counts.set(client, count + 1);
      return ALLOWED;
    },
  };
}

/** Retry-After is whole seconds and at least 1 (a 0 would invite an immediate retry). */
export function blocked(remainingMs: number): RateDecision {
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(remainingMs / 1000)) };
}
