// The description document ({api_root}/openapi.json) and the reference page ({api_root}/docs/):
// outside /v1 like /health, read from the build's documents folder (Manifest.docs). They are not
// response content, so their ETag is that folder's name (a hash of their bytes), not dataset_version.

import { CACHE_DATA } from "./cache-policy.ts";
import { CORS_HEADERS } from "./cors.ts";
import { DOCS_PATH, OPENAPI_FILE, OPENAPI_PATH, REFERENCE_PAGE_FILE } from "./routes.ts";

/** `/docs` without its slash: answered with a redirect, so the page's relative links resolve. */
export const DOCS_PATH_BARE = DOCS_PATH.slice(0, -1);

export type DocumentRequest = { kind: "file"; file: string; page: boolean } | { kind: "redirect"; location: string };

export function documentRequestOf(path: string): DocumentRequest | null {
  if (path === OPENAPI_PATH) return { kind: "file", file: OPENAPI_FILE, page: false };
  if (path === DOCS_PATH) return { kind: "file", file: REFERENCE_PAGE_FILE, page: true };
  // Relative, so that it stays right under any prefix a proxy puts in front of the API root.
  if (path === DOCS_PATH_BARE) return { kind: "redirect", location: "docs/" };
  return null;
}

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

export function documentHeaders(etag: string) {
  const common = { etag, "cache-control": CACHE_DATA, ...CORS_HEADERS };
  return {
    openapi: { "content-type": "application/json; charset=utf-8", ...common },
    page: {
      "content-type": "text/html; charset=utf-8",
      ...common,
      "content-security-policy": REFERENCE_PAGE_POLICY,
      "x-content-type-options": "nosniff",
      "referrer-policy": "no-referrer",
    },
    notModified: common,
    redirect: { "cache-control": CACHE_DATA, ...CORS_HEADERS },
  };
}
