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

  it("shows struck text struck, and quoted and spoiler text in their marks' style, each named where it begins", () => {
    const capture = `<html><body><div class="guide"><p>EXAMPLE CONTENT</p><p>Tier 1: <s>661</s>, 321</p><blockquote>Example Author B wrote: 555 is best</blockquote><details><summary>Spoiler</summary>Tier 2: 42</details></div></body></html>`;
    const view = reviewView({
      platformId: "1",
      file: "guides/1.json",
      document: { snapshot: { path: "examples/1.html" }, systems: [{ id: "t", label: "T", levels: [{ key: "t1", label: "Tier 1" }], gradings: [{ seed: 321, level: "t1", quote: "Tier 1: 661, 321" }] }] },
      capture: prepareCapture("examples/1.html", new TextEncoder().encode(capture)),
      problems: [],
    });
    const page = renderReviewPage(view);
    const lineOf = (words: string) => page.split('<div class="line').find((line) => line.includes(words))!;
    const struck = lineOf("Tier 1: ");
    expect(struck).toMatch(/^" id="l-\d+">/);
    expect(struck).toContain('<span class="tag mark-struck" title="struck through on the page: taken back by the author">struck</span>');
    expect(struck).toContain('<s title="struck through on the page: taken back by the author">661</s>');
    expect(struck.match(/<s[ >]/g)).toHaveLength(1);
    const quoted = lineOf("Example Author B wrote");
    expect(quoted).toMatch(/^ in-quoted" id="l-\d+">/);
    expect(quoted).toMatch(/<span class="tag mark-quoted" title="a quoted block: [^"]*">quoted<\/span><span data-o="\d+"><span class="mark-quoted">Example Author B wrote: <\/span>/);
    const spoiler = lineOf("Spoiler");
    expect(spoiler).toMatch(/^ in-spoiler" id="l-\d+">/);
    expect(spoiler).toContain('<span class="tag mark-spoiler" title="a spoiler: hidden on the page until clicked">spoiler</span>');
    expect(spoiler).not.toMatch(/<s[ >]/);
  });
});
