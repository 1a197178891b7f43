import { describe, expect, it } from "vitest";
import { APP_RATE_LIMIT, createRateLimiter } from "../../edge/rate-limit.ts";

function clock(start = 0) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe("app rate limit", () => {
  it("the app limit is 1000 requests per minute", () => {
    expect(APP_RATE_LIMIT).toEqual({ limit: 1000, windowMs: 60_000 });
  });
  it("a client may make exactly `limit` requests in a window", () => {
    const time = clock();
    const limiter = createRateLimiter({ limit: 3, windowMs: 60_000, now: time.now });
    expect([1, 2, 3].map(() => limiter.hit("a").allowed)).toEqual([true, true, true]);
    expect(limiter.hit("a").allowed).toBe(false);
  });
  it("Retry-After is the whole seconds left in the window, rounded up", () => {
    const time = clock();
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: time.now });
    limiter.hit("a");
    time.advance(10_500);
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 50 });
  });
  it("Retry-After is at least one second", () => {
    const time = clock();
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: time.now });
    limiter.hit("a");
    time.advance(59_999);
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });
  it("a new window lets the client in again", () => {
    const time = clock();
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: time.now });
    limiter.hit("a");
    expect(limiter.hit("a").allowed).toBe(false);
    time.advance(60_000);
    expect(limiter.hit("a").allowed).toBe(true);
  });
  it("clients are counted separately", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: clock().now });
    expect(limiter.hit("a").allowed).toBe(true);
    expect(limiter.hit("b").allowed).toBe(true);
    expect(limiter.hit("a").allowed).toBe(false);
  });
  it("past the tracked-client cap, unseen clients pass uncounted and known ones stay limited", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: clock().now, maxClients: 2 });
    limiter.hit("a");
    limiter.hit("b");
    expect(limiter.hit("c").allowed).toBe(true);
    expect(limiter.hit("c").allowed).toBe(true);
    expect(limiter.hit("a").allowed).toBe(false);
  });
  it("a clock that goes back starts a fresh window instead of a huge Retry-After", () => {
    const time = clock(120_000);
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: time.now });
    limiter.hit("a");
    time.advance(-90_000);
    expect(limiter.hit("a").allowed).toBe(true);
  });
});
