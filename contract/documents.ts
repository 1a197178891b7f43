// The description document ({api_root}/openapi.json), the reference page ({api_root}/docs/) and the
// explorer ({api_root}/, with its script and style): outside /v1 like /health, read from the build's
// documents folder (Manifest.docs). They are not response content, so their ETag is that folder's
// name (a hash of their fingerprints), not dataset_version. Their headers are here; their paths and files
// are entries of the path table (paths.ts).

import { CACHE_DATA } from "./cache-policy.ts";
import { CORS_HEADERS } from "./cors.ts";
import { JSON_TYPE } from "./envelope.ts";

/**
 * The page inlines everything it needs; this policy makes the browser refuse any request the page
 * might still try (to another origin or back to this one), so "no third-party request" does not
 * rest on Redoc's code alone. Redoc runs inline scripts, injects styles and starts its search worker from a blob.
 */
export const REFERENCE_PAGE_POLICY = [
  "default-src 'none'",
  "script-src 'unsafe-inline'",
  "style-src 'unsafe-inline'",
  "img-src data:",
  "worker-src blob:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * The explorer loads its one script, style sheet and icon from its own origin and talks only to the
 * API beside it: nothing inline, nothing from anywhere else (the browser refuses the rest).
 */
export const EXPLORER_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export function documentHeaders(etag: string) {
  const common = { etag, "cache-control": CACHE_DATA, ...CORS_HEADERS };
  return {
    openapi: { "content-type": JSON_TYPE, ...common },
    page: {
      "content-type": "text/html; charset=utf-8",
      ...common,
      "content-security-policy": REFERENCE_PAGE_POLICY,
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
    },
    explorer: {
      "content-type": "text/html; charset=utf-8",
      ...common,
      "content-security-policy": EXPLORER_POLICY,
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
    },
    script: { "content-type": "text/javascript; charset=utf-8", ...common, "x-content-type-options": "nosniff" },
    style: { "content-type": "text/css; charset=utf-8", ...common, "x-content-type-options": "nosniff" },
    // An SVG opened on its own is a document: the same wall as the page, and no script at all.
    icon: { "content-type": "image/svg+xml", ...common, "content-security-policy": "default-src 'none'", "x-content-type-options": "nosniff" },
    notModified: common,
    redirect: { "cache-control": CACHE_DATA, ...CORS_HEADERS },
  };
}
