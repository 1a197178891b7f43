// The review page's HTML: what the dataset and the capture hold is shown as text, never as markup.

import { describe, expect, it } from "vitest";
import { prepareCapture } from "../../../generator/capture/capture.ts";
import { renderIndexPage, renderNotFoundPage, renderReviewPage } from "../../../tools/review/render.ts";
import { reviewView } from "../../../tools/review/view.ts";

const HOSTILE = `<script>alert(1)</script><img src=x onerror="alert(2)">`;

describe("the review page's HTML", () => {
  it("escapes hostile text of the guide, the capture and check's problems, and holds no script", () => {
    const capture = `Tier 1: 661 ${HOSTILE}\n`;
    const document = {
      title: HOSTILE,
      snapshot: { path: "examples/1.txt" },
      systems: [{ id: `"><b>`, label: HOSTILE, levels: [{ key: "t1", label: HOSTILE }], gradings: [{ seed: 661, level: "t1", quote: `Tier 1: 661 ${HOSTILE}` }] }],
    };
    const view = reviewView({
      platformId: "1",
      file: "guides/1.json",
      document,
      capture: prepareCapture("examples/1.txt", new TextEncoder().encode(capture)),
      problems: [{ file: "guides/1.json", path: "$.systems[0].gradings[0].seed", message: HOSTILE, expected: HOSTILE }],
    });
    const page = renderReviewPage(view);
    expect(page).not.toMatch(/<script|<img|<b>|onerror="/i);
    expect(page).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page).toContain("onerror=&quot;alert(2)&quot;");
    expect(renderIndexPage([{ platformId: "1", title: HOSTILE, problems: 1, placeholders: 0 }])).not.toMatch(/<script|<img/i);
    expect(renderNotFoundPage(HOSTILE)).not.toMatch(/<script|<img/i);
  });

  it("shows beside each system of the legend the item it is on and its paints", () => {
    const system = (id: string, item: string, paints: number[] | null) => ({ id, label: id, item, paint_indexes: paints, scale: { kind: "tier" }, levels: [{ key: "t1", label: "Tier 1" }], gradings: [] });
    const document = { title: "Example Guide", systems: [system("blue", "ak-47-case-hardened", null), system("pink", "karambit-doppler", [419, 421])] };
    const page = renderReviewPage(reviewView({ platformId: "1", file: "guides/1.json", document, capture: null, problems: [] }));
    expect(page).toContain("<small>tier, on <code>ak-47-case-hardened</code>, all paints</small>");
    expect(page).toContain("<small>tier, on <code>karambit-doppler</code>, paints 419, 421</small>");
  });
});
