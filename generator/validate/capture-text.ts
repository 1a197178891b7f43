import { decodeHTML } from "entities";

// The readable text of a capture: what every quote in a guide must occur in, verbatim (brief, "Dataset
// format"). A `.txt` capture is its own text. For an HTML capture:
// - `<script>` and `<style>` elements (with their content), comments, doctypes and processing instructions
//   are dropped;
// - every `<br>` and every opening or closing tag of a block element (BLOCK_TAGS) becomes one "\n";
// - every other tag is dropped, leaving its content in place;
// - character references are decoded as an HTML parser does in text (named, decimal, hexadecimal, and the
//   legacy names written without ';'), so "&amp;" reads "&" and "&nbsp;" reads U+00A0 (not a space);
// - line ends are normalized to "\n", as an HTML parser does before anything else;
// - whitespace is otherwise kept exactly as written, never collapsed: a quote's odd spacing must survive.

const BLOCK_TAGS = new Set([
  "br",
  "p",
  "div",
  "li",
  "ul",
  "ol",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "tr",
  "td",
  "th",
  "table",
  "figure",
  "figcaption",
  "section",
  "article",
  "blockquote",
  "pre",
]);

export type CaptureKind = "html" | "txt";

/** The kind of a capture by its file name, or null for a kind the dataset does not use. */
export function captureKind(fileName: string): CaptureKind | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith(".html") || lower.endsWith(".htm")) return "html";
  if (lower.endsWith(".txt")) return "txt";
  return null;
}

export function captureText(kind: CaptureKind, decoded: string): string {
  return kind === "html" ? htmlReadableText(decoded) : decoded;
}

// One token at a time: a comment, a raw-text element with its content (script/style), a tag (attribute
// values may hold '>' inside quotes), or a doctype/processing instruction. Everything between tokens is text.
const TOKEN =
  /<!--[\s\S]*?(?:-->|$)|<(script|style)\b(?:[^>"']|"[^"]*"|'[^']*')*>[\s\S]*?(?:<\/\1\s*>|$)|<\/?([A-Za-z][A-Za-z0-9-]*)(?:[^>"']|"[^"]*"|'[^']*')*>|<[!?][^>]*>/gi;

export function htmlReadableText(html: string): string {
  const source = html.includes("\r") ? html.replace(/\r\n?/g, "\n") : html;
  const parts: string[] = [];
  let textStart = 0;
  for (const token of source.matchAll(TOKEN)) {
    if (token.index > textStart) parts.push(decodeText(source.slice(textStart, token.index)));
    textStart = token.index + token[0].length;
    const tagName = token[2];
    if (tagName !== undefined && BLOCK_TAGS.has(tagName.toLowerCase())) parts.push("\n");
  }
  if (textStart < source.length) parts.push(decodeText(source.slice(textStart)));
  return parts.join("");
}

function decodeText(text: string): string {
  return text.includes("&") ? decodeHTML(text) : text;
}
