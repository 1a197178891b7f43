import { describe, expect, it } from "vitest";
import { CACHE_DATA } from "../../contract/cache-policy.ts";
import { CORS_HEADERS } from "../../contract/cors.ts";
import { documentHeaders, EXPLORER_POLICY, REFERENCE_PAGE_POLICY } from "../../contract/documents.ts";

// Made in each test, not as the file loads: a test then reaches the code that makes them.
const made = () => documentHeaders('"docs-0a1b"');
const common = { etag: '"docs-0a1b"', "cache-control": CACHE_DATA, ...CORS_HEADERS };
const walled = { "x-content-type-options": "nosniff" };

describe("the documents' headers", () => {
  it("give every document its folder's ETag, the data's cache policy and CORS, as a 304 does", () => {
    const headers = made();
    expect(headers.notModified).toEqual(common);
    for (const [kind, set] of Object.entries(headers)) if (kind !== "redirect") expect(set, kind).toMatchObject(common);
  });

  it("serve the description document as JSON", () => {
    const headers = made();
    expect(headers.openapi).toEqual({ "content-type": "application/json; charset=utf-8", ...common });
  });

  it("wall the reference page and the explorer in behind their own policies, sniffing and referrers off", () => {
    const headers = made();
    expect(headers.page).toEqual({ "content-type": "text/html; charset=utf-8", ...common, "content-security-policy": REFERENCE_PAGE_POLICY, ...walled, "referrer-policy": "no-referrer" });
    expect(headers.explorer).toEqual({ "content-type": "text/html; charset=utf-8", ...common, "content-security-policy": EXPLORER_POLICY, ...walled, "referrer-policy": "no-referrer" });
    // The reference page runs Redoc inline and its search worker from a blob; the explorer only its own files.
    expect(REFERENCE_PAGE_POLICY).toBe("default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; worker-src blob:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
    expect(EXPLORER_POLICY).toBe("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'");
  });

  it("type the explorer's script, style and icon, the icon allowed nothing at all", () => {
    const headers = made();
    expect(headers.script).toEqual({ "content-type": "text/javascript; charset=utf-8", ...common, ...walled });
    expect(headers.style).toEqual({ "content-type": "text/css; charset=utf-8", ...common, ...walled });
    expect(headers.icon).toEqual({ "content-type": "image/svg+xml", ...common, "content-security-policy": "default-src 'none'", ...walled });
  });

  it("send a redirect with the cache policy and CORS but no ETag of its own", () => {
    const headers = made();
    expect(headers.redirect).toEqual({ "cache-control": CACHE_DATA, ...CORS_HEADERS });
  });
});
