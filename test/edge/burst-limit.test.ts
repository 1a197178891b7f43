import { describe, expect, it } from "vitest";
import { blockedAnswer, createBurstLimiter, EDGE_BURST_LIMIT } from "../../edge/burst-limit.ts";

function clock(start = 0) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms), set: (ms: number) => (time = ms) };
}

describe("the edge's refusal", () => {
  it("is a plain-text 429 that waits whole seconds and carries no CORS header, so a browser script sees a network error", () => {
    const answer = blockedAnswer({ allowed: false, retryAfterSeconds: 7 });
    expect(answer).toEqual({ status: 429, headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", "retry-after": "7" }, body: "Too Many Requests\n" });
  });
});

describe("edge burst limit", () => {
  it("the burst limit is 170 requests per 10 seconds, counted in half-second slices, then 10 seconds blocked", () => {
    expect(EDGE_BURST_LIMIT).toEqual({ limit: 170, windowMs: 10_000, blockMs: 10_000, slices: 20 });
  });
  it("170 requests just before a 10-second mark and 170 just after let only 170 through (not 340 in 1.3 s)", () => {
    const time = clock(9_000);
    const limiter = createBurstLimiter({ ...EDGE_BURST_LIMIT, now: time.now });
    const statuses: boolean[] = [];
    for (let i = 0; i < 170; i++) statuses.push(limiter.hit("192.0.2.1").allowed);
    time.set(10_300);
    for (let i = 0; i < 170; i++) statuses.push(limiter.hit("192.0.2.1").allowed);
    expect(statuses.filter(Boolean)).toHaveLength(170);
    expect(limiter.hit("192.0.2.1")).toEqual({ allowed: false, retryAfterSeconds: 10 });
  });
  it("the 171st request in 10 seconds is blocked wherever the 10 seconds start", () => {
    for (const start of [0, 9_999, 10_000, 4_321]) {
      const time = clock(start);
      const limiter = createBurstLimiter({ ...EDGE_BURST_LIMIT, now: time.now });
      for (let i = 0; i < 170; i++) {
        expect(limiter.hit("192.0.2.1").allowed).toBe(true);
        time.advance(50); // 170 requests over 8.5 s
      }
      expect(limiter.hit("192.0.2.1").allowed).toBe(false);
    }
  });
  it("a client over the limit is blocked for the block time, then has its whole limit again", () => {
    const time = clock();
    const limiter = createBurstLimiter({ limit: 2, windowMs: 10_000, blockMs: 10_000, now: time.now });
    limiter.hit("a");
    limiter.hit("a");
    time.advance(9_000);
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 10 });
    time.advance(2_000); // requests during the block do not lengthen it: it ends at 19 s
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 8 });
    time.advance(8_000);
    expect([limiter.hit("a").allowed, limiter.hit("a").allowed, limiter.hit("a").allowed]).toEqual([true, true, false]);
  });
  it("a block shorter than the window also ends when Retry-After says", () => {
    const time = clock();
    const limiter = createBurstLimiter({ limit: 1, windowMs: 10_000, blockMs: 3_000, now: time.now });
    limiter.hit("a");
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 3 });
    time.advance(3_000);
    expect(limiter.hit("a").allowed).toBe(true);
  });
  it("a blocked client stays blocked while other clients come and go, though its window has passed", () => {
    const time = clock();
    const limiter = createBurstLimiter({ limit: 1, windowMs: 1_000, blockMs: 10_000, now: time.now });
    limiter.hit("192.0.2.1");
    limiter.hit("192.0.2.1");
    time.set(5_000);
    for (let i = 0; i < 5; i++) limiter.hit(`198.51.100.${i}`);
    expect(limiter.hit("192.0.2.1")).toEqual({ allowed: false, retryAfterSeconds: 5 });
  });
  it("a blocked client does not block others", () => {
    const limiter = createBurstLimiter({ limit: 1, windowMs: 10_000, blockMs: 10_000, now: clock().now });
    limiter.hit("192.0.2.1");
    expect(limiter.hit("192.0.2.1").allowed).toBe(false);
    expect(limiter.hit("192.0.2.2").allowed).toBe(true);
  });
  it("a whole IPv6 /64 is blocked together, and an IPv4-mapped address with its IPv4 client", () => {
    const limiter = createBurstLimiter({ limit: 1, windowMs: 10_000, blockMs: 10_000, now: clock().now });
    limiter.hit("2001:db8:aa:bb::1");
    expect(limiter.hit("2001:db8:aa:bb:1234::2").allowed).toBe(false);
    limiter.hit("192.0.2.1");
    expect(limiter.hit("::ffff:192.0.2.1").allowed).toBe(false);
  });
  it("past the tracked-client cap a new client is still counted and blocked", () => {
    const limiter = createBurstLimiter({ limit: 1, windowMs: 10_000, blockMs: 10_000, now: clock().now, maxClients: 2 });
    limiter.hit("192.0.2.1");
    limiter.hit("192.0.2.2");
    expect(limiter.hit("192.0.2.3").allowed).toBe(true);
    expect(limiter.hit("192.0.2.3").allowed).toBe(false);
    expect(limiter.size).toBe(2);
  });
});
