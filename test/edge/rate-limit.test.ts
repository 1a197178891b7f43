import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { APP_RATE_LIMIT, createRateLimiter, type RateLimiter, type RateLimitOptions } from "../../edge/rate-limit.ts";

function clock(start = 0) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms), set: (ms: number) => (time = ms) };
}

const hits = (limiter: RateLimiter, client: string, count: number) =>
  Array.from({ length: count }, () => limiter.hit(client)).filter((decision) => decision.allowed).length;

describe("app rate limit", () => {
  it("the app limit is 1000 requests per minute, counted in 3-second slices", () => {
    expect(APP_RATE_LIMIT).toEqual({ limit: 1000, windowMs: 60_000, slices: 20 });
  });
  it("a client may make exactly `limit` requests in a window", () => {
    const time = clock();
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, now: time.now });
    expect([1, 2, 3].map(() => limiter.hit("a").allowed)).toEqual([true, true, true]);
    expect(limiter.hit("a").allowed).toBe(false);
  });
  it("a burst straddling the moment a fixed window would turn still gets only the limit through", () => {
    // A full limit just before the turn of the minute, another just after.
    const time = clock(59_000);
    const limiter = createRateLimiter({ ...APP_RATE_LIMIT, now: time.now });
    const before = hits(limiter, "192.0.2.1", 1000);
    time.set(60_300);
    expect([before, hits(limiter, "192.0.2.1", 1000)]).toEqual([1000, 0]);
  });
  it("Retry-After is the whole seconds until the request that frees room leaves the window, rounded up", () => {
    const time = clock();
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: time.now });
    limiter.hit("a");
    time.advance(10_500);
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 50 });
    time.set(59_999);
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    time.set(60_000);
    expect(limiter.hit("a").allowed).toBe(true);
  });
  it("the window slides: each request leaves it a window after it was made", () => {
    const time = clock();
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, now: time.now });
    for (const at of [0, 20_000, 40_000]) {
      time.set(at);
      expect(limiter.hit("a").allowed).toBe(true);
    }
    time.set(50_000);
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 10 });
    time.set(60_000);
    expect(limiter.hit("a").allowed).toBe(true);
    // Now 20 s, 40 s and 60 s are in the window: the next room is when 20 s leaves, at 80 s.
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 20 });
  });
  it("a slice is counted whole until its latest request leaves the window: a refusal up to one slice early, never a request too many", () => {
    const time = clock();
    const limiter = createRateLimiter({ limit: 2, windowMs: 10_000, slices: 10, now: time.now });
    for (const at of [100, 900]) {
      time.set(at);
      limiter.hit("a");
    }
    // At 10.5 s the request at 0.1 s has left the window, but its slice also holds the one at 0.9 s.
    time.set(10_500);
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    time.set(10_900);
    expect([limiter.hit("a").allowed, limiter.hit("a").allowed, limiter.hit("a").allowed]).toEqual([true, true, false]);
  });
  it("Retry-After is at least one second", () => {
    const time = clock();
    const limiter = createRateLimiter({ limit: 1, windowMs: 2_000, slices: 2, now: time.now });
    limiter.hit("a");
    time.advance(1_999);
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });
  it("clients are counted separately", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: clock().now });
    expect(limiter.hit("192.0.2.1").allowed).toBe(true);
    expect(limiter.hit("192.0.2.2").allowed).toBe(true);
    expect(limiter.hit("192.0.2.1").allowed).toBe(false);
  });
  it("addresses in one IPv6 /64 share one limit; another /64 has its own", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: clock().now });
    expect(limiter.hit("2001:db8:1:2::1").allowed).toBe(true);
    expect(limiter.hit("2001:db8:1:2:ffff:ffff:ffff:fffe").allowed).toBe(false);
    expect(limiter.hit("2001:db8:1:3::1").allowed).toBe(true);
  });
  it("an IPv4-mapped IPv6 address counts as its IPv4 client", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: clock().now });
    expect(limiter.hit("192.0.2.1").allowed).toBe(true);
    expect(limiter.hit("::ffff:192.0.2.1").allowed).toBe(false);
  });
  it("past the tracked-client cap a new client is still counted: the least recently seen is forgotten", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: clock().now, maxClients: 2 });
    limiter.hit("192.0.2.1");
    limiter.hit("192.0.2.2");
    expect(limiter.hit("192.0.2.3").allowed).toBe(true);
    expect(limiter.hit("192.0.2.3").allowed).toBe(false);
    expect(limiter.hit("192.0.2.2").allowed).toBe(false);
    expect(limiter.size).toBe(2);
    // 192.0.2.1 was seen least recently: forgotten, it starts afresh.
    expect(limiter.hit("192.0.2.1").allowed).toBe(true);
  });
  it("200,000 clients in one window: the table stays at its cap and every newcomer is limited", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: clock().now, maxClients: 100_000 });
    for (let i = 0; i < 200_000; i++) limiter.hit(`10.${(i >> 16) & 0xff}.${(i >> 8) & 0xff}.${i & 0xff}`);
    expect(limiter.size).toBe(100_000);
    expect(limiter.hit("10.3.13.63").allowed).toBe(false); // the 200,000th client
  });
  it("clients whose window has passed are dropped as new ones arrive", () => {
    const time = clock();
    const limiter = createRateLimiter({ limit: 5, windowMs: 10_000, now: time.now });
    for (let i = 0; i < 100; i++) limiter.hit(`192.0.2.${i}`);
    time.advance(60_000);
    for (let i = 0; i < 60; i++) limiter.hit(`198.51.100.${i}`);
    expect(limiter.size).toBe(60);
  });
  it("a window started afresh when the clock went back keeps no count of before", () => {
    const time = clock(120_000);
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: time.now });
    limiter.hit("a");
    time.set(30_000);
    expect(limiter.hit("a").allowed).toBe(true);
    time.set(150_000);
    expect(hits(limiter, "a", 2)).toBe(1);
  });
  it("a clock that goes back starts a fresh window instead of a huge Retry-After", () => {
    const time = clock(120_000);
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: time.now });
    limiter.hit("a");
    time.advance(-90_000);
    expect(limiter.hit("a").allowed).toBe(true);
  });
  it("refuses options it cannot honour", () => {
    expect(() => createRateLimiter({ limit: 0, windowMs: 60_000 })).toThrow(/limit must be/);
    expect(() => createRateLimiter({ limit: 1, windowMs: 1_000, slices: 3 })).toThrow(/does not divide/);
    expect(() => createRateLimiter({ limit: 1, windowMs: 1_000, maxClients: 0 })).toThrow(/maxClients/);
    for (const [windowMs, slices] of [[1_000, 0.5], [1_000, 0], [1_000, -20], [0, 20], [10, 20]]) {
      expect(() => createRateLimiter({ limit: 1, windowMs: windowMs!, slices }), `${windowMs} in ${slices}`).toThrow("rate limit: windowMs");
    }
    expect(() => createRateLimiter({ limit: 1, windowMs: 20, slices: 20 })).not.toThrow();
  });
  it("a block that a clock gone back would lengthen is lifted: the client starts afresh", () => {
    const time = clock(600_000);
    const limiter = createRateLimiter({ limit: 1, windowMs: 10_000, blockMs: 10_000, now: time.now });
    limiter.hit("a");
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 10 });
    time.advance(4_000);
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 6 });
    time.advance(-60_000);
    expect(limiter.hit("a").allowed).toBe(true);
  });
  it("a block shorter than the window lets the client start afresh when it ends", () => {
    const time = clock();
    const limiter = createRateLimiter({ limit: 1, windowMs: 10_000, blockMs: 2_000, now: time.now });
    limiter.hit("a");
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 2 });
    time.advance(2_000);
    expect(limiter.hit("a").allowed).toBe(true);
  });
  it("counts past 65,535 requests in a slice, and a slice longer than 65,535 ms", () => {
    const manyTime = clock();
    const many = createRateLimiter({ limit: 70_000, windowMs: 20_000, now: manyTime.now });
    expect(hits(many, "a", 70_001)).toBe(70_000);
    manyTime.advance(20_000);
    expect(hits(many, "a", 70_001)).toBe(70_000);
    const time = clock();
    const long = createRateLimiter({ limit: 1, windowMs: 1_400_000, now: time.now });
    time.set(69_999);
    long.hit("a");
    expect(long.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 1_400 });
  });
  it("a client seen again counts as the most recently seen: the cap forgets the one seen least recently", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: clock().now, maxClients: 3 });
    for (const client of ["192.0.2.1", "192.0.2.2", "192.0.2.3"]) limiter.hit(client);
    limiter.hit("192.0.2.2");
    limiter.hit("192.0.2.1");
    limiter.hit("192.0.2.4");
    expect(limiter.hit("192.0.2.3").allowed).toBe(true);
    expect(limiter.hit("192.0.2.1").allowed).toBe(false);
  });
  it("a new client drops at most two clients whose window and block are over, the least recently seen first", () => {
    const time = clock();
    const limiter = createRateLimiter({ limit: 1, windowMs: 10_000, now: time.now });
    for (const client of ["192.0.2.1", "192.0.2.2", "192.0.2.3"]) limiter.hit(client);
    time.advance(10_000);
    limiter.hit("192.0.2.4");
    expect(limiter.size).toBe(2);
  });
  it("a client whose window has not passed, or whose block has not ended, is not dropped", () => {
    const time = clock();
    const open = createRateLimiter({ limit: 1, windowMs: 10_000, now: time.now });
    open.hit("192.0.2.1");
    time.advance(9_999);
    open.hit("192.0.2.2");
    expect(open.size).toBe(2);
    const blocking = createRateLimiter({ limit: 1, windowMs: 1_000, blockMs: 20_000, now: time.now });
    blocking.hit("192.0.2.1");
    blocking.hit("192.0.2.1");
    time.advance(19_999);
    blocking.hit("192.0.2.2");
    expect(blocking.size).toBe(2);
    time.advance(1);
    blocking.hit("192.0.2.3");
    expect(blocking.size).toBe(2);
  });
});

// Property tests of the limiter's promises, for both shapes (without a block: the app limit; with a
// block at least as long as the window: the edge burst limit).

/** Addresses with the client each is counted as (an IPv6 /64 is one client). */
const ADDRESSES: readonly (readonly [string, number])[] = [
  ["192.0.2.1", 0],
  ["::ffff:192.0.2.1", 0],
  ["198.51.100.7", 1],
  ["2001:db8::1", 2],
  ["2001:DB8:0:0:ffff::2", 2],
  ["2001:db8:0:1::1", 3],
];

const config = fc
  .record({
    limit: fc.integer({ min: 1, max: 6 }),
    slices: fc.integer({ min: 1, max: 6 }),
    sliceMs: fc.constantFrom(100, 250, 1_000, 3_000),
    blocks: fc.boolean(),
    extraBlock: fc.integer({ min: 0, max: 5_000 }),
  })
  .map(({ limit, slices, sliceMs, blocks, extraBlock }) => {
    const windowMs = slices * sliceMs;
    return { limit, slices, windowMs, blockMs: blocks ? windowMs + extraBlock : 0 };
  });

interface Step {
  client: number;
  /** Milliseconds since the previous request. */
  advance: number;
}

const steps = (clients: number, maxAdvance: number) =>
  fc.array(
    fc.record({ client: fc.integer({ min: 0, max: clients - 1 }), advance: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: maxAdvance })) }),
    { maxLength: 300 },
  );

/** Runs the requests and returns, per client, the times of the requests that were let through. */
function run(options: Omit<RateLimitOptions, "now">, sequence: Step[], addressOf: (client: number) => string, afterEach?: (limiter: RateLimiter) => void) {
  const time = clock(1_000_000);
  const limiter = createRateLimiter({ ...options, now: time.now });
  const allowed = new Map<number, number[]>();
  for (const { client, advance } of sequence) {
    time.advance(advance);
    if (limiter.hit(addressOf(client)).allowed) allowed.set(client, [...(allowed.get(client) ?? []), time.now()]);
    afterEach?.(limiter);
  }
  return allowed;
}

/** The most requests in any span of `windowMs` (a span (t - windowMs, t] ending at a request). */
function mostInAnyWindow(times: number[], windowMs: number): number {
  let most = 0;
  let first = 0;
  for (let last = 0; last < times.length; last++) {
    while (times[first]! <= times[last]! - windowMs) first++;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

describe("rate limit properties", () => {
  it("in no span of the window does a client get more than the limit through", () => {
    fc.assert(
      fc.property(config, steps(ADDRESSES.length, 4_000), (options, sequence) => {
        const allowed = run(options, sequence, (client) => ADDRESSES[client]![0]);
        const perClient = new Map<number, number[]>();
        for (const [index, times] of allowed) {
          const client = ADDRESSES[index]![1];
          perClient.set(client, [...(perClient.get(client) ?? []), ...times]);
        }
        for (const times of perClient.values()) {
          times.sort((a, b) => a - b);
          expect(mostInAnyWindow(times, options.windowMs)).toBeLessThanOrEqual(options.limit);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("memory stays within maxClients however many clients come, and a client is forgotten only after maxClients others", () => {
    fc.assert(
      fc.property(config, fc.integer({ min: 1, max: 5 }), steps(40, 1_500), (options, maxClients, sequence) => {
        const allowed = run({ ...options, maxClients }, sequence, (client) => `10.0.0.${client}`, (limiter) => {
          expect(limiter.size).toBeLessThanOrEqual(maxClients);
        });
        // A client between two of whose requests fewer than maxClients others were seen is never
        // forgotten, so the bound holds for it.
        const othersSince = new Map<number, Set<number>>();
        const remembered = new Set(sequence.map((step) => step.client));
        for (const { client } of sequence) {
          if ((othersSince.get(client)?.size ?? 0) >= maxClients) remembered.delete(client);
          othersSince.set(client, new Set());
          for (const [other, seen] of othersSince) if (other !== client) seen.add(client);
        }
        for (const client of remembered) {
          expect(mostInAnyWindow(allowed.get(client) ?? [], options.windowMs)).toBeLessThanOrEqual(options.limit);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("a refused client is told a Retry-After after which it is let in, and not a second sooner", () => {
    fc.assert(
      fc.property(config, steps(3, 4_000), (options, sequence) => {
        const time = clock(1_000_000);
        const limiter = createRateLimiter({ ...options, now: time.now });
        for (const { client, advance } of sequence) {
          time.advance(advance);
          const decision = limiter.hit(`192.0.2.${client}`);
          if (decision.allowed) continue;
          const { retryAfterSeconds } = decision;
          expect(Number.isInteger(retryAfterSeconds) && retryAfterSeconds >= 1).toBe(true);
          if (retryAfterSeconds >= 2) {
            time.advance((retryAfterSeconds - 1) * 1_000);
            expect(limiter.hit(`192.0.2.${client}`).allowed).toBe(false);
            time.advance(1_000);
          } else {
            time.advance(retryAfterSeconds * 1_000);
          }
          expect(limiter.hit(`192.0.2.${client}`).allowed).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
