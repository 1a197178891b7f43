// Per-client rate limits: the app rate limit (docs/README.md, "Caching, CORS, limits": 1000 requests per minute
// per client IP, then 429 `rate_limited` with Retry-After) and, with a block time, the edge burst limit the
// local server plays (burst-limit.ts). Clients are keyed by clientKeyOf (an IPv6 /64 is one client).
//
// Sliding window, counted in slices: each client has a ring of counters, one per slice of the
// window, each with the time of its latest request. A request is allowed while the requests that
// may lie in the last `windowMs` number fewer than `limit`. Only the oldest slice can straddle the
// window's start; it is dropped once its latest request has left the window and counted whole
// until then, so the count never misses a request: in no span of `windowMs` does a client get more
// than `limit` requests through, however they straddle a boundary (fixed windows let twice the
// limit through around the moment they turn). A client whose requests spread over that oldest
// slice may be refused up to one slice early; Retry-After is exact for the count kept (the moment
// the slice that frees room loses its latest request). A token bucket, whose burst plus refill can
// exceed the limit within one window, would not keep the API's stated limits as a hard bound; a log of
// timestamps would, at a cost per request instead of a few bytes per slice.
//
// Memory is bounded without failing open: at most `maxClients` clients are tracked, in order of
// their last request, and a new client takes the place of the least recently seen one. Every
// request is counted; forgetting a client is exact when its window has passed, and otherwise needs
// `maxClients` other clients to arrive between two of its own requests. A sender with that many
// addresses already has as many full limits, so forgetting one of them gains it nothing, while a
// shared overflow bucket would make such a flood refuse every new, innocent client.

import { clientKeyOf } from "./client-key.ts";
import { APP_LIMIT } from "../contract/limits.ts";

export interface RateLimitOptions {
  /** Requests allowed per client in any span of `windowMs`. */
  limit: number;
  windowMs: number;
  /**
   * Once a client goes over the limit, every request of it is refused for this long, and it then
   * starts afresh (the edge burst limit's block); without it, a client is refused only while over.
   */
  blockMs?: number;
  /** Counters per window (default 20); each slice must be whole milliseconds. A request may be refused up to one slice early. */
  slices?: number;
  /** Milliseconds since the epoch (whole milliseconds are counted); injectable so tests control time. */
  now?: () => number;
  /** Most clients tracked at once. */
  maxClients?: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one request of the client (an IP address) and tells whether it may pass. */
  hit(client: string): RateDecision;
  /** How many clients are tracked now: never more than `maxClients`. */
  readonly size: number;
}

/** The app limit (contract/limits.ts), counted in 3-second slices. */
export const APP_RATE_LIMIT = { ...APP_LIMIT, slices: 20 } as const;

export const DEFAULT_SLICES = 20;
export const DEFAULT_MAX_CLIENTS = 100_000;

export const ALLOWED: RateDecision = { allowed: true };

interface ClientWindow {
  key: string;
  /**
   * Per slot of the ring (slice `s` lives at `slot(s)`): `cells[slot]` counts its allowed requests
   * and `cells[ring + slot]` is its latest request's time after the slice's start.
   */
  cells: Uint16Array | Uint32Array;
  /** The slice number (time / slice length) of the newest slot. */
  newestSlice: number;
  /** Allowed requests still counted: the sum of the counts. */
  total: number;
  /** Requests are refused until this time (0: not blocked). */
  blockedUntil: number;
  lastSeen: number;
  /** Neighbours in the order of last request (a Map re-insert per request would leave holes that slow eviction). */
  older: ClientWindow | null;
  newer: ClientWindow | null;
}

export function createRateLimiter(options: RateLimitOptions): RateLimiter {
  const { limit, windowMs, blockMs = 0, slices = DEFAULT_SLICES, now = Date.now, maxClients = DEFAULT_MAX_CLIENTS } = options;
  const sliceMs = windowMs / slices;
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`rate limit: limit must be a whole number >= 1, got ${limit}`);
  if (!Number.isInteger(slices) || slices < 1 || !Number.isInteger(sliceMs) || sliceMs < 1) {
    throw new RangeError(`rate limit: windowMs ${windowMs} does not divide into ${slices} slices of whole milliseconds`);
  }
  if (!Number.isInteger(maxClients) || maxClients < 1) throw new RangeError(`rate limit: maxClients must be >= 1, got ${maxClients}`);
  // The slices overlapping a span of `windowMs` are the current one and the `slices` before it.
  const ring = slices + 1;
  const slot = (slice: number) => ((slice % ring) + ring) % ring;
  const newCells = () => (limit <= 0xffff && sliceMs <= 0xffff ? new Uint16Array(2 * ring) : new Uint32Array(2 * ring));

  const clear = (window: ClientWindow, slice: number) => {
    window.cells.fill(0);
    window.total = 0;
    window.newestSlice = slice;
  };
  const drop = (window: ClientWindow, slice: number) => {
    window.total -= window.cells[slot(slice)]!;
    window.cells[slot(slice)] = 0;
  };
  const latestIn = (window: ClientWindow, slice: number) => slice * sliceMs + window.cells[ring + slot(slice)]!;

  /** Brings the ring to `time`: slices that left it are dropped, and so is the oldest once its latest request is out of the window. */
  const advance = (window: ClientWindow, time: number, slice: number) => {
    if (slice !== window.newestSlice) {
      // A clock that goes back, or a window long past: start afresh rather than trust old counts.
      if (slice < window.newestSlice || slice - window.newestSlice >= ring) clear(window, slice);
      else for (let s = window.newestSlice + 1; s <= slice; s++) drop(window, s);
      window.newestSlice = slice;
    }
    const oldest = slice - slices;
    if (window.cells[slot(oldest)] !== 0 && latestIn(window, oldest) <= time - windowMs) drop(window, oldest);
  };

  /** When the window next has room: when the slice whose leaving brings the count under the limit loses its latest request. */
  const windowReopensAt = (window: ClientWindow): number => {
    let remaining = window.total;
    for (let s = window.newestSlice - slices; s <= window.newestSlice; s++) {
      const count = window.cells[slot(s)]!;
      remaining -= count;
      if (count !== 0 && remaining < limit) return latestIn(window, s) + windowMs;
    }
    // Unreachable while the count is at the limit: the loop ends below it.
    return window.newestSlice * sliceMs + windowMs;
  };

  // Every tracked client, and the same windows in a list from least to most recently seen.
  const clients = new Map<string, ClientWindow>();
  let leastRecent: ClientWindow | null = null;
  let mostRecent: ClientWindow | null = null;

  const unlink = (window: ClientWindow) => {
    if (window.older === null) leastRecent = window.newer;
    else window.older.newer = window.newer;
    if (window.newer === null) mostRecent = window.older;
    else window.newer.older = window.older;
    window.older = window.newer = null;
  };
  const append = (window: ClientWindow) => {
    window.older = mostRecent;
    if (mostRecent === null) leastRecent = window;
    else mostRecent.newer = window;
    mostRecent = window;
  };
  const forget = (window: ClientWindow) => {
    unlink(window);
    clients.delete(window.key);
  };

  /** The client's window, now the most recently seen; a new client replaces the least recently seen. */
  const windowOf = (key: string, time: number, slice: number): ClientWindow => {
    let window = clients.get(key);
    if (window !== undefined) {
      if (window !== mostRecent) {
        unlink(window);
        append(window);
      }
      window.lastSeen = time;
      return window;
    }
    // Windows whose requests and block are all behind them are the same as no window: drop a few.
    for (let swept = 0; swept < 2 && leastRecent !== null; swept++) {
      if (leastRecent.lastSeen > time - windowMs || leastRecent.blockedUntil > time) break;
      forget(leastRecent);
    }
    let reused: ClientWindow | undefined;
    while (clients.size >= maxClients && leastRecent !== null) {
      reused = leastRecent;
      forget(leastRecent);
    }
    if (reused === undefined) {
      window = { key, cells: newCells(), newestSlice: slice, total: 0, blockedUntil: 0, lastSeen: time, older: null, newer: null };
    } else {
      window = reused;
      window.key = key;
      clear(window, slice);
      window.blockedUntil = 0;
      window.lastSeen = time;
    }
    clients.set(key, window);
    append(window);
    return window;
  };

  return {
    get size() {
      return clients.size;
    },
    hit(client) {
      const time = Math.floor(now());
      const slice = Math.floor(time / sliceMs);
      const window = windowOf(clientKeyOf(client), time, slice);
      advance(window, time, slice);
      if (window.blockedUntil !== 0) {
        // A clock that goes back must not leave a block longer than it was given.
        if (window.blockedUntil > time && window.blockedUntil - time <= blockMs) return blocked(window.blockedUntil - time);
        window.blockedUntil = 0;
      }
      if (window.total < limit) {
        const at = slot(slice);
        window.cells[at] = window.cells[at]! + 1;
        window.cells[ring + at] = time - slice * sliceMs;
        window.total++;
        return ALLOWED;
      }
      if (blockMs > 0) {
        // The block replaces the count: the client starts afresh when it ends. With a block at
        // least as long as the window (the edge burst limit's 10 s each), no span of the window can hold
        // requests from both sides of it, so the bound above still holds.
        window.blockedUntil = time + blockMs;
        clear(window, slice);
        return blocked(blockMs);
      }
      return blocked(windowReopensAt(window) - time);
    },
  };
}

/** Retry-After is whole seconds and at least 1 (a 0 would invite an immediate retry). */
export function blocked(remainingMs: number): RateDecision {
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(remainingMs / 1000)) };
}
