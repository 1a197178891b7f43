// The reference page at {api_root}/docs/: one HTML file holding Redoc's bundle, the description
// document and a short getting-started, so that opening it makes no request to any other origin
// (no CDN script, no web font, no telemetry). A Content-Security-Policy served with it
// (edge/documents.ts) forbids any such request as a second wall.

import type { Examples } from "../openapi/examples.ts";

/**
 * Redoc's side menu shows a logo loaded from its CDN. Replaced by an empty inline image; if a
 * Redoc upgrade changes that address, the build fails here rather than ship a page that calls out.
 */
const REDOC_LOGO = "https://cdn.redoc.ly/redoc/logo-mini.svg";
const EMPTY_IMAGE = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E";

/**
 * JSON inside <script>: "</script" would end the element and "<!--" change how it is parsed; "<"
 * only occurs inside JSON strings, where \u003c means the same.
 */
function jsonInScript(value: unknown): string {
  return JSON.stringify(value).replaceAll("<", "\\u003c");
}

/** Code cannot be escaped without parsing it: refuse a bundle that would end its <script> element early. */
function codeInScript(code: string): string {
  if (/<\/script/i.test(code)) throw new Error("the Redoc bundle contains an end tag of script; it cannot be inlined as it is");
  return code;
}

function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

export function referencePage(document: { info: { title: string; version: string } }, examples: Examples, redocBundle: string): string {
  const logoUses = redocBundle.split(REDOC_LOGO).length - 1;
  if (logoUses !== 1) throw new Error(`the Redoc bundle names its CDN logo ${logoUses} times, expected once: check the reference page after a Redoc upgrade`);
  const bundle = codeInScript(redocBundle.replace(REDOC_LOGO, EMPTY_IMAGE));
  const { def_index, paint_index } = examples.pair;
  const name = encodeURIComponent(examples.marketHashName);
  const title = `${document.info.title} ${document.info.version}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}: reference</title>
<style>
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; }
  #getting-started { max-width: 60rem; padding: 1.5rem 2.5rem; line-height: 1.5; border-bottom: 1px solid #ddd; }
  #getting-started pre { background: #f4f4f4; padding: 0.6rem 0.8rem; overflow-x: auto; }
  #getting-started code { font-family: ui-monospace, "Cascadia Mono", Menlo, Consolas, monospace; font-size: 0.9em; }
</style>
</head>
<body>
<section id="getting-started">
<h1>${escapeHtml(title)}</h1>
<p>The description document is <a href="../openapi.json">openapi.json</a> beside this page. Paths below are relative to the API root (the folder that serves this page's <code>docs/</code>).</p>
<h2>Getting started</h2>
<ol>
<li><strong>Resolve a market hash name</strong> to canonical items:
<pre><code>GET /v1/resolve?market_hash_name=${escapeHtml(name)}</code></pre>
One name can stand for several items (one per paint, for example each phase of a Doppler).</li>
<li><strong>Pick the item by <code>paint_label</code></strong> from <code>data.items</code>, and keep its <code>def_index</code> and <code>paint_index</code> (here ${def_index} and ${paint_index}).</li>
<li><strong>Read a seed's verdicts</strong>, one per grading of every guide, each on its own scale:
<pre><code>GET /v1/items/${def_index}/${paint_index}/seeds/${examples.seed}</code></pre>
<code>level.place</code> of <code>level.of</code> says where the level stands in that guide's system, best first. Never combine two guides into one grade. <code>not_listed</code> names the systems that cover the item but do not grade this seed.</li>
<li><strong>Show the author and the link</strong> of every guide whose verdict you display: <code>verdict.guide.authors</code> and <code>verdict.guide.url</code>.</li>
<li><strong>Revalidate with the ETag.</strong> Keep the <code>ETag</code> of each response and send it back as <code>If-None-Match</code>; an unchanged answer is a 304 without a body. On 429 wait <code>Retry-After</code> seconds; if the request fails at the network level, retry after a few seconds.</li>
</ol>
</section>
<div id="reference"></div>
<script>${bundle}</script>
<script id="description" type="application/json">${jsonInScript(document)}</script>
<script>
  Redoc.init(JSON.parse(document.getElementById("description").textContent), {
    hideDownloadButton: false,
    expandResponses: "200",
    jsonSampleExpandLevel: 2,
    theme: { typography: { fontFamily: "system-ui, -apple-system, 'Segoe UI', sans-serif", headings: { fontFamily: "system-ui, -apple-system, 'Segoe UI', sans-serif" }, code: { fontFamily: "ui-monospace, Menlo, Consolas, monospace" } } },
  }, document.getElementById("reference"));
</script>
</body>
</html>
`;
}
