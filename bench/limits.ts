// `npm run bench:limits`: what the two rate limiters cost per request and in memory, at a
// hostile scale: a flood of 200,000 client addresses within one window against the 100,000-client table
// (the memory figure is the full table), then steady traffic from 1,000 known clients on a clock
// stepping 1 ms per request, so their windows slide as under real traffic.

import { createBurstLimiter, EDGE_BURST_LIMIT } from "../edge/burst-limit.ts";
import { APP_RATE_LIMIT, createRateLimiter, DEFAULT_MAX_CLIENTS, type RateLimiter, type RateLimitOptions } from "../edge/rate-limit.ts";
import { formatBytes, formatCount, formatTable } from "./lib/format.ts";
import { collectGarbage } from "./lib/timing.ts";

const CLIENTS = 200_000;
const STEADY_CLIENTS = 1_000;
const STEADY_REQUESTS = 2_000_000;

const ipv4 = (i: number) => `10.${(i >> 16) & 0xff}.${(i >> 8) & 0xff}.${i & 0xff}`;
const ipv6 = (i: number) => `2001:db8:${(i >> 16).toString(16)}:${(i & 0xffff).toString(16)}::${(i % 7) + 1}`;

function heapBytes(): number {
  collectGarbage();
  collectGarbage();
  const usage = process.memoryUsage();
  return usage.heapUsed + usage.arrayBuffers;
}

function measure(name: string, create: (options: { now: () => number }) => RateLimiter, address: (i: number) => string): string[] {
  let time = 1_700_000_000_000;
  const now = () => time;
  const addresses = Array.from({ length: CLIENTS }, (_, i) => address(i));
  const steady = addresses.slice(0, STEADY_CLIENTS);

  const before = heapBytes();
  const limiter = create({ now });
  let started = performance.now();
  for (const client of addresses) limiter.hit(client);
  const newClientUs = ((performance.now() - started) * 1000) / CLIENTS;
  const retained = heapBytes() - before;
  const tracked = limiter.size;

  started = performance.now();
  for (let i = 0; i < STEADY_REQUESTS; i++) {
    limiter.hit(steady[i % STEADY_CLIENTS]!);
    time += 1;
  }
  const knownClientUs = ((performance.now() - started) * 1000) / STEADY_REQUESTS;
  return [name, `${newClientUs.toFixed(2)} µs`, `${knownClientUs.toFixed(2)} µs`, formatCount(tracked), formatBytes(retained), `${Math.round(retained / tracked)} B`];
}

const app = (options: Pick<RateLimitOptions, "now">) => createRateLimiter({ ...APP_RATE_LIMIT, ...options });
const burst = (options: Pick<RateLimitOptions, "now">) => createBurstLimiter({ ...EDGE_BURST_LIMIT, ...options });

if ((globalThis as { gc?: unknown }).gc === undefined) console.log("(run with node --expose-gc for the memory figures; `npm run bench:limits` does)");
console.log(`${formatCount(CLIENTS)} new clients against a table of ${formatCount(DEFAULT_MAX_CLIENTS)}, then ${formatCount(STEADY_REQUESTS)} requests from ${formatCount(STEADY_CLIENTS)} known clients\n`);
console.log(
  formatTable(
    ["limiter, addresses", "per new client", "per known client", "tracked", "memory held", "per client"],
    [measure("app, IPv4", app, ipv4), measure("app, IPv6", app, ipv6), measure("burst, IPv4", burst, ipv4), measure("burst, IPv6", burst, ipv6)],
  ),
);
