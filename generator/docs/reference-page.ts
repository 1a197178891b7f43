// The reference page at {api_root}/docs/: one HTML file holding Redoc's bundle, the description
// document and a short getting-started, so that opening it makes no request to any other origin
// (no CDN script, no web font, no telemetry). A Content-Security-Policy served with it
// (contract/documents.ts) forbids any such request as a second wall.

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

/** The getting-started, in Markdown: Redoc shows it first, with its own entries in the side menu. */
export function gettingStarted(examples: Examples): string {
  const { def_index, paint_index } = examples.pair;
  const name = encodeURIComponent(examples.marketHashName);
  return [
    "# Getting started",
    "",
    "Paths are relative to the API root, the folder that serves this page's `docs/` and the description document",
    "[`openapi.json`](../openapi.json).",
    "",
    `1. **Resolve a market hash name** to canonical items: \`GET /v1/resolve?market_hash_name=${name}\`.`,
    "   One name can stand for several items, one per paint (each phase of a Doppler, for example).",
    `2. **Pick the item by \`paint_label\`** in \`data.items\` and keep its \`def_index\` and \`paint_index\` (here ${def_index} and ${paint_index}).`,
    `3. **Read a seed's verdicts**: \`GET /v1/items/${def_index}/${paint_index}/seeds/${examples.seed}\`. Each verdict stands on its own`,
    "   guide's scale: `level.place` of `level.of`, best first. Never combine two guides into one grade. `not_listed`",
    "   names the systems that cover the item but do not grade this seed.",
    "4. **Show the author and the link** of every guide whose verdict you display: `verdict.guide.authors` and `verdict.guide.url`.",
    "5. **Revalidate with the ETag.** Keep each response's `ETag` and send it back as `If-None-Match`: an unchanged answer is",
    "   a 304 without a body. On a 429 wait `Retry-After` seconds; when a request fails at the network level (the edge",
    "   block), retry after a few seconds.",
    "",
    "# About the API",
    "",
  ].join("\n");
}

interface DescribedDocument {
  info: { title: string; version: string; description?: string };
}

export function referencePage(document: DescribedDocument, examples: Examples, redocBundle: string): string {
  const logoUses = redocBundle.split(REDOC_LOGO).length - 1;
  if (logoUses !== 1) throw new Error(`the Redoc bundle names its CDN logo ${logoUses} times, expected once: check the reference page after a Redoc upgrade`);
  const bundle = codeInScript(redocBundle.replace(REDOC_LOGO, EMPTY_IMAGE));
  const shown = { ...document, info: { ...document.info, description: `${gettingStarted(examples)}${document.info.description ?? ""}` } };
  const title = `${document.info.title} ${document.info.version}`;
  const systemFonts = "system-ui, -apple-system, 'Segoe UI', sans-serif";
  const options = {
    expandResponses: "200",
    jsonSampleExpandLevel: 2,
    theme: { typography: { fontFamily: systemFonts, headings: { fontFamily: systemFonts }, code: { fontFamily: "ui-monospace, Menlo, Consolas, monospace" } } },
  };
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}: reference</title>
<style>body { margin: 0; font-family: ${systemFonts}; } noscript p { margin: 2rem; }</style>
</head>
<body>
<noscript><p>This reference needs JavaScript. The same description is in <a href="../openapi.json">openapi.json</a>.</p></noscript>
<div id="reference"></div>
<script>${bundle}</script>
<script id="description" type="application/json">${jsonInScript(shown)}</script>
<script id="options" type="application/json">${jsonInScript(options)}</script>
<script>
  const read = (id) => JSON.parse(document.getElementById(id).textContent);
  Redoc.init(read("description"), read("options"), document.getElementById("reference"));
</script>
</body>
</html>
`;
}
