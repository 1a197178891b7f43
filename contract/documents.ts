// The description document ({api_root}/openapi.json), the reference page ({api_root}/docs/) and the
// explorer ({api_root}/, with its script and style): outside /v1 like /health, read from the build's
// documents folder (Manifest.docs). They are not response content, so their ETag is that folder's
// name (a hash of their bytes), not dataset_version.

import { CACHE_DATA } from "./cache-policy.ts";
import { CORS_HEADERS } from "./cors.ts";
import { DOCS_PATH, OPENAPI_FILE, OPENAPI_PATH, REFERENCE_PAGE_FILE } from "./routes.ts";

/** The explorer page at {api_root}/ with its script, style sheet and icon. */
export const EXPLORER_PATH = "/";
export const EXPLORER_SCRIPT_PATH = "/explorer.js";
export const EXPLORER_STYLE_PATH = "/explorer.css";
export const EXPLORER_ICON_PATH = "/explorer.svg";
/** Their files in the documents folder. */
export const EXPLORER_PAGE_FILE = "explorer.html";
export const EXPLORER_SCRIPT_FILE = "explorer.js";
export const EXPLORER_STYLE_FILE = "explorer.css";
export const EXPLORER_ICON_FILE = "explorer.svg";

/** `/docs` without its slash: answered with a redirect, so the page's relative links resolve. */
export const DOCS_PATH_BARE = DOCS_PATH.slice(0, -1);

/** Which header set a document is served with. */
export type DocumentType = "openapi" | "page" | "explorer" | "script" | "style" | "icon";
export type DocumentRequest = { kind: "file"; file: string; type: DocumentType } | { kind: "redirect"; location: string };

export function documentRequestOf(path: string): DocumentRequest | null {
  if (path === OPENAPI_PATH) return { kind: "file", file: OPENAPI_FILE, type: "openapi" };
  if (path === DOCS_PATH) return { kind: "file", file: REFERENCE_PAGE_FILE, type: "page" };
  if (path === EXPLORER_PATH) return { kind: "file", file: EXPLORER_PAGE_FILE, type: "explorer" };
  if (path === EXPLORER_SCRIPT_PATH) return { kind: "file", file: EXPLORER_SCRIPT_FILE, type: "script" };
  if (path === EXPLORER_STYLE_PATH) return { kind: "file", file: EXPLORER_STYLE_FILE, type: "style" };
  if (path === EXPLORER_ICON_PATH) return { kind: "file", file: EXPLORER_ICON_FILE, type: "icon" };
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
    openapi: { "content-type": "application/json; charset=utf-8", ...common },
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
