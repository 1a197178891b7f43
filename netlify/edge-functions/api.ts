// The API under /v1 on Netlify (paths: netlify.toml). The whole function is the shared edge core;
// see edge/adapters/netlify/handler.ts.

import { createNetlifyHandler } from "../../edge/adapters/netlify/handler.ts";

export default createNetlifyHandler();

export const config = {
  // Responses carry `s-maxage=600`: Netlify's edge caches them 10 minutes
  // (docs/serving.md, "Caching, ETag and 304"), and every deploy purges that cache, so a new dataset_version is
  // served at once.
  cache: "manual",
  // The edge burst limit (docs/README.md, "Caching, CORS, limits"), enforced by Netlify before the function
  // runs, answered with Netlify's own 429 (no CORS headers). Netlify reads rate limits of edge functions from
  // this in-source config, not from netlify.toml, and only as literals: the values repeat BURST_LIMIT
  // (contract/limits.ts), and test/netlify/edge-functions/api.test.ts holds them equal.
  rateLimit: { windowLimit: 170, windowSize: 10, aggregateBy: ["ip", "domain"] },
};
