// When and how long to wait before trying a request again (docs/README.md, "Caching, CORS, limits";
// client/README.md, "Caching and retries"): a 429 waits its Retry-After; an edge block (a network
// error, or a 429 that is not the API's envelope: a browser sees no CORS headers on it) is retried
// after a few seconds, with jitter so that many clients blocked together do not return together.

export interface RetryOptions {
  /** Tries after the first one; 0 turns retrying off. Default 3. */
  retries?: number;
  /** A Retry-After longer than this (seconds) is not waited for: the error is returned. Default 60. */
  maxRetryAfterSeconds?: number;
  /** The range an edge-block wait is drawn from, in milliseconds. Default [2000, 6000]. */
  edgeBlockDelayMs?: readonly [number, number];
  /** How to wait; injectable so tests need no wall clock. Must reject when `signal` aborts. */
  sleep?: (milliseconds: number, signal?: AbortSignal) => Promise<void>;
  /** A number in [0, 1) for the jitter; injectable for tests. Default Math.random. */
  random?: () => number;
}

export interface RetryPolicy {
  retries: number;
  maxRetryAfterSeconds: number;
  edgeBlockDelayMs: readonly [number, number];
  sleep: (milliseconds: number, signal?: AbortSignal) => Promise<void>;
  random: () => number;
}

export function retryPolicy(options: RetryOptions = {}): RetryPolicy {
  return {
    retries: options.retries ?? 3,
    maxRetryAfterSeconds: options.maxRetryAfterSeconds ?? 60,
    edgeBlockDelayMs: options.edgeBlockDelayMs ?? [2000, 6000],
    sleep: options.sleep ?? sleep,
    random: options.random ?? Math.random,
  };
}

export function edgeBlockDelay(policy: RetryPolicy): number {
  const [low, high] = policy.edgeBlockDelayMs;
  return Math.round(low + (high - low) * policy.random());
}

/** Whole seconds from a Retry-After header (the API sends seconds); null when absent or not a number. */
export function retryAfterSeconds(header: string | null): number | null {
  if (header === null || !/^\d+$/.test(header.trim())) return null;
  return Number(header.trim());
}

export function sleep(milliseconds: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, milliseconds);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}
