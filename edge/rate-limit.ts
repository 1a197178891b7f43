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
  const settings = settingsOf(options);
  const { limit, blockMs, now } = settings;
  const table = clientTable(settings);
  return {
    get size() {
      return table.size;
    },
    hit(client) {
      const time = Math.floor(now());
      const slice = Math.floor(time / settings.sliceMs);
      const window = table.windowOf(clientKeyOf(client), time, slice);
      advance(settings, window, time, slice);
      // A clock that goes back must not leave a block longer than it was given.
      if (window.blockedUntil > time && window.blockedUntil - time <= blockMs) return blocked(window.blockedUntil - time);
      window.blockedUntil = 0;
      if (window.total < limit) {
        count(settings, window, time, slice);
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
      return blocked(windowReopensAt(settings, window) - time);
    },
  };
}

/** The options checked, with their defaults, the slice length and the ring's size. */
interface Settings extends Required<RateLimitOptions> {
  sliceMs: number;
  /** The slices overlapping a span of `windowMs`: the current one and the `slices` before it. */
  ring: number;
}

function settingsOf(options: RateLimitOptions): Settings {
  const { limit, windowMs, blockMs = 0, slices = DEFAULT_SLICES, now = Date.now, maxClients = DEFAULT_MAX_CLIENTS } = options;
  const sliceMs = windowMs / slices;
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`rate limit: limit must be a whole number >= 1, got ${limit}`);
  // A count of slices below 1 gives no whole slice length: refused with the others.
  if (!Number.isInteger(slices) || !Number.isInteger(sliceMs) || sliceMs < 1) {
    throw new RangeError(`rate limit: windowMs ${windowMs} does not divide into ${slices} slices of whole milliseconds`);
  }
  if (!Number.isInteger(maxClients) || maxClients < 1) throw new RangeError(`rate limit: maxClients must be >= 1, got ${maxClients}`);
  return { limit, windowMs, blockMs, slices, now, maxClients, sliceMs, ring: slices + 1 };
}

// ---- one client's sliding window: a ring of slices ----

const slot = ({ ring }: Settings, slice: number) => ((slice % ring) + ring) % ring;

const newCells = ({ limit, sliceMs, ring }: Settings) => (limit <= 0xffff && sliceMs <= 0xffff ? new Uint16Array(2 * ring) : new Uint32Array(2 * ring));

function clear(window: ClientWindow, slice: number): void {
  window.cells.fill(0);
  window.total = 0;
  window.newestSlice = slice;
}

function drop(settings: Settings, window: ClientWindow, slice: number): void {
  window.total -= window.cells[slot(settings, slice)]!;
  window.cells[slot(settings, slice)] = 0;
}

const latestIn = (settings: Settings, window: ClientWindow, slice: number) => slice * settings.sliceMs + window.cells[settings.ring + slot(settings, slice)]!;

/** Counts an allowed request in its slice, with its time as the slice's latest. */
function count(settings: Settings, window: ClientWindow, time: number, slice: number): void {
  const at = slot(settings, slice);
  window.cells[at] = window.cells[at]! + 1;
  window.cells[settings.ring + at] = time - slice * settings.sliceMs;
  window.total++;
}

/** Brings the ring to `time`: slices that left it are dropped, and so is the oldest once its latest request is out of the window. */
function advance(settings: Settings, window: ClientWindow, time: number, slice: number): void {
  // A clock that goes back: start afresh rather than trust counts from what is now the future.
  if (slice < window.newestSlice) clear(window, slice);
  // The slices that left the ring since its newest: every slot once, however long ago that was.
  for (let s = window.newestSlice + 1; s <= Math.min(slice, window.newestSlice + settings.ring); s++) drop(settings, window, s);
  window.newestSlice = slice;
  const oldest = slice - settings.slices;
  if (latestIn(settings, window, oldest) <= time - settings.windowMs) drop(settings, window, oldest);
}

/**
 * When the window next has room. A refused client's count is the limit (at least 1), so the ring
 * holds a request, and the first to leave is the latest of its oldest slice with a count.
 */
function windowReopensAt(settings: Settings, window: ClientWindow): number {
  let s = window.newestSlice - settings.slices;
  while (window.cells[slot(settings, s)] === 0) s++;
  return latestIn(settings, window, s) + settings.windowMs;
}

// ---- the clients tracked: a table, and the same windows from least to most recently seen ----

function clientTable(settings: Settings) {
  const { windowMs, maxClients } = settings;
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

  return {
    get size() {
      return clients.size;
    },
    /** The client's window, now the most recently seen; a new client replaces the least recently seen. */
    windowOf(key: string, time: number, slice: number): ClientWindow {
      let window = clients.get(key);
      if (window !== undefined) {
        unlink(window);
        append(window);
        window.lastSeen = time;
        return window;
      }
      // Windows whose requests and block are all behind them are the same as no window: drop a few.
      for (let swept = 0; swept < 2 && leastRecent !== null; swept++) {
        if (leastRecent.lastSeen > time - windowMs || leastRecent.blockedUntil > time) break;
        forget(leastRecent);
      }
      let reused: ClientWindow | undefined;
      // At the cap the table holds a client (maxClients is at least 1): the least recent one.
      while (clients.size >= maxClients) {
        reused = leastRecent!;
        forget(reused);
      }
      if (reused === undefined) {
        window = { key, cells: newCells(settings), newestSlice: slice, total: 0, blockedUntil: 0, lastSeen: time, older: null, newer: null };
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
    },
  };
}

/** Retry-After is whole seconds and at least 1 (a 0 would invite an immediate retry). */
export function blocked(remainingMs: number): RateDecision {
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(remainingMs / 1000)) };
}
