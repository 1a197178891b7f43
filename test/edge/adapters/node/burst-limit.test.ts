import { describe, expect, it } from "vitest";
import { createBurstLimiter, EDGE_BURST_LIMIT } from "../../../../edge/adapters/node/burst-limit.ts";

function clock(start = 0) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe("edge burst limit", () => {
  it("the burst limit is 170 requests per 10 seconds, then 10 seconds blocked", () => {
    expect(EDGE_BURST_LIMIT).toEqual({ limit: 170, windowMs: 10_000, blockMs: 10_000 });
  });
  it("a client over the limit is blocked for the block time, even into the next window", () => {
    const time = clock();
    const limiter = createBurstLimiter({ limit: 2, windowMs: 10_000, blockMs: 10_000, now: time.now });
    limiter.hit("a");
    limiter.hit("a");
    time.advance(9_000);
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 10 });
    time.advance(2_000); // a new window, but the block lasts until 19 s
    expect(limiter.hit("a")).toEqual({ allowed: false, retryAfterSeconds: 8 });
    time.advance(8_000);
    expect(limiter.hit("a").allowed).toBe(true);
  });
  it("a blocked client does not block others", () => {
    const limiter = createBurstLimiter({ limit: 1, windowMs: 10_000, blockMs: 10_000, now: clock().now });
    limiter.hit("a");
    expect(limiter.hit("a").allowed).toBe(false);
    expect(limiter.hit("b").allowed).toBe(true);
  });
});
