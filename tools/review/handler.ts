import { escapeHtml } from "./html.ts";
import type { ReviewReader } from "./read.ts";
import { renderIndexPage, renderNotFoundPage, renderReviewPage } from "./render.ts";
import { REVIEW_CSS, REVIEW_ICON, REVIEW_ICON_PATH, REVIEW_STYLE_PATH, WORKBENCH_SCRIPT_PATH } from "./style.ts";
import { reviewView } from "./view.ts";
import type { Workbench } from "../workbench/endpoints.ts";

// The review pages' routes, for `npm run dev` only: /review/ lists the guides, /review/{platform_id} shows
// one, REVIEW_STYLE_PATH is their stylesheet. Each page is made from the files as they are at the request.
// With the workbench, a guide's page is the workbench's (tools/workbench/endpoints.ts) and loads its script;
// its edits are posted to the workbench's endpoints, which the dev server routes there.

export const REVIEW_PREFIX = "/review";

export interface ReviewResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

// Nothing but the page and its stylesheet from this origin: no script at all, no frame, no form.
const PAGE_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "content-security-policy": "default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
};

// The workbench's pages also run the one script of this origin (no inline script, no eval) and post to it.
const WORKBENCH_HEADERS = {
  ...PAGE_HEADERS,
  "content-security-policy": "default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
};

/** Whether a request path is one of the review pages'. */
export function isReviewPath(path: string): boolean {
  return path === REVIEW_PREFIX || path.startsWith(`${REVIEW_PREFIX}/`);
}

export function createReviewHandler(reader: ReviewReader, workbench?: Workbench): (method: string, path: string) => Promise<ReviewResponse> {
  const headers = workbench === undefined ? PAGE_HEADERS : WORKBENCH_HEADERS;
  return async (method, path) => {
    if (method !== "GET" && method !== "HEAD") {
      return { status: 405, headers: { ...PAGE_HEADERS, allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8" }, body: "review pages answer GET and HEAD only\n" };
    }
    if (path === REVIEW_PREFIX) return { status: 308, headers: { ...PAGE_HEADERS, location: `${REVIEW_PREFIX}/` }, body: "" };
    if (path === REVIEW_STYLE_PATH) return { status: 200, headers: { ...PAGE_HEADERS, "content-type": "text/css; charset=utf-8" }, body: REVIEW_CSS };
    if (path === REVIEW_ICON_PATH) return { status: 200, headers: { ...PAGE_HEADERS, "content-type": "image/svg+xml" }, body: REVIEW_ICON };
    try {
      if (path === WORKBENCH_SCRIPT_PATH && workbench !== undefined) return { status: 200, headers: { ...PAGE_HEADERS, "content-type": "text/javascript; charset=utf-8" }, body: await workbench.script() };
      if (path === `${REVIEW_PREFIX}/`) return { status: 200, headers: PAGE_HEADERS, body: renderIndexPage(await reader.index()) };
      const platformId = decodedSegment(path.slice(REVIEW_PREFIX.length + 1));
      if (workbench !== undefined) {
        const page = platformId === null ? null : await workbench.page(platformId);
        if (page === null) return { status: 404, headers: PAGE_HEADERS, body: renderNotFoundPage(platformId ?? path) };
        return { status: 200, headers, body: page };
      }
      const input = platformId === null ? null : await reader.guide(platformId);
      if (input === null) return { status: 404, headers: PAGE_HEADERS, body: renderNotFoundPage(platformId ?? path) };
      return { status: 200, headers: PAGE_HEADERS, body: renderReviewPage(reviewView(input)) };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { status: 500, headers: PAGE_HEADERS, body: `<!doctype html><title>Review failed</title><h1>Review failed</h1><pre>${escapeHtml(message)}</pre>\n` };
    }
  };
}

function decodedSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment.replace(/\/$/, ""));
  } catch {
    return null;
  }
}
