// The review pages' routes, with a reader of literal answers (example data): what each path answers and
// the headers that keep the pages to their own origin.

import { describe, expect, it } from "vitest";
import { createReviewHandler } from "../../../tools/review/handler.ts";
import type { ReviewReader } from "../../../tools/review/read.ts";

const reader: ReviewReader = {
  guide: async (platformId) => (platformId === "900000101" ? { platformId, file: `guides/${platformId}.json`, document: { title: "Example Guide: tiers" }, capture: null, problems: [] } : null),
  index: async () => [{ platformId: "900000101", title: "Example Guide: tiers", problems: 0, placeholders: 0 }],
  base: async () => null,
};
const review = createReviewHandler(reader);

describe("the review pages' routes", () => {
  it("answers a guide's page with HTML that may load nothing but its own stylesheet and icon", async () => {
    const answer = await review("GET", "/review/900000101");
    expect(answer.status).toBe(200);
    expect(answer.body).toContain("Example Guide: tiers");
    expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(answer.headers["content-security-policy"]).toBe("default-src 'none'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
    expect(answer.headers["cache-control"]).toBe("no-store");
  });

  it("lists the guides at /review/ and sends /review there", async () => {
    expect((await review("GET", "/review/")).body).toContain('href="/review/900000101"');
    expect(await review("GET", "/review")).toMatchObject({ status: 308, headers: { location: "/review/" } });
  });

  it("answers a platform_id the dataset does not have, or no platform_id at all, with a 404 page", async () => {
    for (const path of ["/review/123", "/review/12%2F..", "/review/%E0%A4%A"]) {
      const answer = await review("GET", path);
      expect(answer.status).toBe(404);
      expect(answer.body).toContain("No guide");
    }
  });

  it("serves its stylesheet and icon, and answers GET and HEAD only", async () => {
    expect((await review("GET", "/review/review.css")).headers["content-type"]).toBe("text/css; charset=utf-8");
    expect((await review("GET", "/review/icon.svg")).headers["content-type"]).toBe("image/svg+xml");
    expect(await review("POST", "/review/900000101")).toMatchObject({ status: 405, headers: { allow: "GET, HEAD" } });
  });

  it("shows a failure to read the dataset as a page, its message escaped", async () => {
    const failing = createReviewHandler({ ...reader, index: async () => Promise.reject(new Error("<b>disk</b> gone")) });
    const answer = await failing("GET", "/review/");
    expect(answer.status).toBe(500);
    expect(answer.body).toContain("&lt;b&gt;disk&lt;/b&gt; gone");
  });
});
