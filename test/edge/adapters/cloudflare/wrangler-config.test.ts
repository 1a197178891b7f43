// wrangler.jsonc declares the Worker's rate-limiting bindings as JSON, so the limits are written there
// a second time. This holds that copy to the one the other adapters count with (contract/limits.ts).

import { readFileSync } from "node:fs";
import { parse } from "jsonc-parser";
import { describe, expect, it } from "vitest";
import { APP_LIMIT, BURST_LIMIT } from "../../../../contract/limits.ts";

const config = parse(readFileSync(new URL("../../../../wrangler.jsonc", import.meta.url), "utf8")) as {
  ratelimits: { name: string; simple: { limit: number; period: number } }[];
};
const binding = (name: string) => config.ratelimits.find((declared) => declared.name === name)?.simple;

describe("wrangler.jsonc's rate-limiting bindings", () => {
  it("the app limit's binding counts the app limit over its window", () => {
    expect(binding("APP_RATE_LIMIT")).toEqual({ limit: APP_LIMIT.limit, period: APP_LIMIT.windowMs / 1000 });
  });

  it("the burst limit's binding counts the edge burst limit over its window", () => {
    expect(binding("BURST_RATE_LIMIT")).toEqual({ limit: BURST_LIMIT.limit, period: BURST_LIMIT.windowMs / 1000 });
  });
});
