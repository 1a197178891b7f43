// Cache-Control values (docs/README.md, "Caching, CORS, limits"; the reasons are in
// docs/serving.md, "Caching, ETag and 304" and "Decisions"). /dump is public, max-age=3600; errors of
// the server (503) and rate limits (429) are never cached; the short public policy of data responses
// is ours to choose, and the API's edge cache keeps responses 10 minutes. Chosen here:
// - data: browsers keep a response 1 minute, shared caches (the CDN edge) 10 minutes. Every
//   dataset change is a new deploy, which purges the edge, and clients revalidate with
//   If-None-Match, so a short browser lifetime costs a 304, not a stale answer.
// - 400/404/405/422: the same short policy; they are as stable as the build that produced them.
// - preflight: a day, matching Access-Control-Max-Age.

export const CACHE_DATA = "public, max-age=60, s-maxage=600";
export const CACHE_DUMP = "public, max-age=3600";
export const CACHE_CLIENT_ERROR = "public, max-age=60, s-maxage=600";
export const CACHE_PREFLIGHT = "public, max-age=86400";
/**
 * 503 is never cached (docs/README.md, "Envelope and errors"); 429 and /health describe the moment, not the
 * data.
 */
export const CACHE_NEVER = "no-store";
