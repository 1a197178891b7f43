import { describe, expect, it } from "vitest";
import { bindingAppLimiter, bindingBurstLimiter, type RateLimitBinding } from "../../../../edge/adapters/cloudflare/limits.ts";

/** A binding that allows `allowed` requests per key, then refuses, and records the keys it is asked. */
function fakeBinding(allowed: number) {
  const counts = new Map<string, number>();
  const asked: string[] = [];
  const binding: RateLimitBinding = {
    async limit({ key }) {
      asked.push(key);
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      return { success: count <= allowed };
    },
  };
  return { binding, asked, reset: () => counts.clear() };
}

describe("the limits on Cloudflare's rate-limiting bindings", () => {
  it("the app limit refuses what the binding refuses, with the period as Retry-After", async () => {
    const { binding } = fakeBinding(1);
    const limiter = bindingAppLimiter(binding, 60);
    expect(await limiter.hit("192.0.2.1")).toEqual({ allowed: true });
    expect(await limiter.hit("192.0.2.1")).toEqual({ allowed: false, retryAfterSeconds: 60 });
  });

  it("an app-limit binding that fails lets the request through and reports the failure, so the API stays up", async () => {
    const failures: unknown[] = [];
    const failing: RateLimitBinding = { limit: () => Promise.reject(new Error("binding unavailable")) };
    expect(await bindingAppLimiter(failing, 60, (error) => failures.push(error)).hit("192.0.2.1")).toEqual({ allowed: true });
    expect(failures).toHaveLength(1);
  });

  it("a client refused by the burst binding stays blocked for the block's length, even once the binding allows it again", async () => {
    let time = 1_000_000;
    const fake = fakeBinding(1);
    const limiter = bindingBurstLimiter(fake.binding, 10_000, () => time);
    expect((await limiter.hit("192.0.2.1")).allowed).toBe(true);
    expect(await limiter.hit("192.0.2.1")).toEqual({ allowed: false, retryAfterSeconds: 10 });
    fake.reset();
    time += 9_999;
    expect(await limiter.hit("192.0.2.1")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    time += 1;
    expect((await limiter.hit("192.0.2.1")).allowed).toBe(true);
  });

  it("both limits key an IPv6 /64 as one client", async () => {
    const fake = fakeBinding(10);
    await bindingAppLimiter(fake.binding, 60).hit("2001:db8:1:2::1");
    await bindingBurstLimiter(fake.binding, 10_000).hit("2001:db8:1:2::ffff");
    expect(new Set(fake.asked).size).toBe(1);
  });
});
