// Cache-Control values. The spec fixes /dump (public, max-age=3600), says errors of the server
// (503) and rate limits (429) are never cached, and leaves "the short public Cache-Control" of data
// responses unshown; its edge cache keeps responses 10 minutes. Chosen here:
// - data: browsers keep a response 1 minute, shared caches (the CDN edge) 10 minutes. Every
//   dataset change is a new deploy, which purges the edge, and clients revalidate with
//   If-None-Match, so a short browser lifetime costs a 304, not a stale answer.
// - 400/404/405/422: the same short policy; they are as stable as the build that produced them.
// - preflight: a day, matching Access-Control-Max-Age.

export const CACHE_DATA = "public, max-age=60, s-maxage=600";
export const CACHE_DUMP = "public, max-age=3600";
export const CACHE_CLIENT_ERROR = "public, max-age=60, s-maxage=600";
export const CACHE_PREFLIGHT = "public, max-age=86400";
/** Errors section: 503 is "never cached"; 429 and /health describe the moment, not the data. */
export const CACHE_NEVER = "no-store";
