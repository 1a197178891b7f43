// The edge burst limit (spec, Limits): 170 requests per 10 seconds per client IP, then the client
// is blocked for 10 seconds, before the request reaches the app. On Netlify the platform enforces
// it; the local server plays that part with this limiter. A blocked answer is the edge's, not the
// API's: plain text, no CORS headers, so browser scripts see a network failure.

import { ALLOWED, blocked, type RateDecision } from "../../rate-limit.ts";

export interface BurstLimitOptions {
  limit: number;
  windowMs: number;
  blockMs: number;
  now?: () => number;
  /** Most clients tracked at once; past it, unseen clients pass uncounted (memory stays bounded). */
  maxClients?: number;
}

export const EDGE_BURST_LIMIT = { limit: 170, windowMs: 10_000, blockMs: 10_000 } as const;

export interface BurstLimiter {
  hit(client: string): RateDecision;
}

export function createBurstLimiter(options: BurstLimitOptions): BurstLimiter {
  const { limit, windowMs, blockMs, now = Date.now, maxClients = 100_000 } = options;
  let windowStart = Number.NEGATIVE_INFINITY;
  let counts = new Map<string, number>();
  const blockedUntil = new Map<string, number>();
  return {
    hit(client) {
      const time = now();
      if (time >= windowStart + windowMs || time < windowStart) {
        // Fixed windows: counts restart together, and expired blocks are swept at the same moment.
        windowStart = time - (time % windowMs);
        counts = new Map();
        for (const [key, until] of blockedUntil) if (until <= time) blockedUntil.delete(key);
      }
      const until = blockedUntil.get(client);
      if (until !== undefined) {
        if (until > time) return blocked(until - time);
        blockedUntil.delete(client);
      }
      const count = (counts.get(client) ?? 0) + 1;
      if (count === 1 && counts.size >= maxClients) return ALLOWED;
      counts.set(client, count);
      if (count <= limit) return ALLOWED;
      if (blockedUntil.size < maxClients) blockedUntil.set(client, time + blockMs);
      counts.delete(client);
      return blocked(blockMs);
    },
  };
}
