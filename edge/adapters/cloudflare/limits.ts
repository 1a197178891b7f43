// The API's two rate limits (docs/README.md, "Caching, CORS, limits") on Cloudflare's rate-limiting bindings,
// which count per key in Cloudflare's own store, shared by the isolates of a location, rather than in one
// isolate's memory. A binding only says whether a request is within its limit (`{ success }`), in a window of
// 10 or 60 seconds, so two things it cannot say are settled here:
// - Retry-After: it does not tell when its window turns; the whole period is an answer that holds.
// - The burst limit's 10-second block: a binding refuses only until its window turns. This isolate
//   remembers a refused client for the block's length and refuses it without asking; other isolates
//   do not know of the block (docs/deploy.md, "Cloudflare Workers", has the WAF rule that blocks exactly).
// Keys are clientKeyOf's, as the in-memory limiter's: an IPv6 /64 is one client.

import { clientKeyOf } from "../../client-key.ts";
import type { AppLimiter } from "../../core.ts";
import { ALLOWED, blocked } from "../../rate-limit.ts";

/** Cloudflare's rate-limiting binding (`ratelimits` in wrangler.jsonc). */
export interface RateLimitBinding {
  limit(options: { key: string }): Promise<{ success: boolean }>;
}

/**
 * The app limit on a binding whose period is `periodSeconds`: the core answers its refusals. A
 * binding that cannot answer lets the request through (and says so): a limiter's outage must not
 * take the API down with it.
 */
export function bindingAppLimiter(binding: RateLimitBinding, periodSeconds: number, onError: (error: unknown) => void = () => {}): AppLimiter {
  const refused = blocked(periodSeconds * 1000);
  return {
    async hit(clientIp) {
      try {
        const { success } = await binding.limit({ key: clientKeyOf(clientIp) });
        return success ? ALLOWED : refused;
      } catch (error) {
        onError(error);
        return ALLOWED;
      }
    },
  };
}

/** Blocked clients remembered at once; past it the oldest block is forgotten (the binding still counts). */
const MAX_BLOCKED = 10_000;

/** The burst limit on a binding, plus this isolate's memory of the clients it refused, for `blockMs`. */
export function bindingBurstLimiter(binding: RateLimitBinding, blockMs: number, now: () => number = Date.now): AppLimiter {
  const blockedUntil = new Map<string, number>();
  return {
    async hit(clientIp) {
      const key = clientKeyOf(clientIp);
      const time = now();
      const until = blockedUntil.get(key);
      if (until !== undefined) {
        if (until > time && until - time <= blockMs) return blocked(until - time);
        blockedUntil.delete(key);
      }
      if ((await binding.limit({ key })).success) return ALLOWED;
      if (blockedUntil.size >= MAX_BLOCKED) blockedUntil.delete(blockedUntil.keys().next().value!);
      blockedUntil.set(key, time + blockMs);
      return blocked(blockMs);
    },
  };
}
