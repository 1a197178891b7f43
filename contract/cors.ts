// CORS (docs/README.md, "Caching, CORS, limits"; docs/serving.md, "CORS"): every response, 429 and 304
// included, with or without an Origin request header, carries these two headers; responses never vary on
// Origin. Only GET (and preflight) is allowed and no credentials are used, so "*" is the whole policy.

export const CORS_HEADERS = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "ETag, Retry-After",
} as const;

/** Methods the API answers; HEAD is GET without a body (RFC 9110), OPTIONS is the preflight. */
export const ALLOWED_METHODS = "GET, HEAD, OPTIONS";

/** The 405's one wording, whoever answers it (the core, or the server in front of a local runtime). */
export const methodNotAllowedMessage = (method: string): string => `method ${method} is not allowed; use GET`;

/**
 * The preflight allows GET and the If-None-Match request header (docs/serving.md, "CORS"). A day is the longest
 * any browser honours.
 */
export const PREFLIGHT_HEADERS = {
  "access-control-allow-methods": ALLOWED_METHODS,
  "access-control-allow-headers": "If-None-Match",
  "access-control-max-age": "86400",
} as const;
