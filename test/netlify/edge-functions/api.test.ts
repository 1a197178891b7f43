// Netlify reads an edge function's rate limit from its in-source config, and only as literals, so the
// burst limit is written there a second time. This holds that copy to the one the other adapters
// count with (contract/limits.ts).

import { describe, expect, it } from "vitest";
import { BURST_LIMIT } from "../../../contract/limits.ts";
import { config } from "../../../netlify/edge-functions/api.ts";

describe("the API's edge function config", () => {
  it("declares the edge burst limit: its count per window of its length, per client IP", () => {
    expect(config.rateLimit.windowLimit).toBe(BURST_LIMIT.limit);
    expect(config.rateLimit.windowSize * 1000).toBe(BURST_LIMIT.windowMs);
    expect(config.rateLimit.aggregateBy).toContain("ip");
  });
});
