import { Parser } from "htmlparser2";

// The readable text of a capture: what every quote in a guide must occur in, verbatim
// (dataset/README.md, "Captures: snapshots/"). A `.txt` capture is its own text. An HTML capture is
// tokenized as a browser tokenizes it (htmlparser2: quoted and unquoted attribute values, raw-text
// `<script>`/`<style>`, RCDATA `<title>`/`<textarea>` whose content is text even when it looks like a tag,
// implied end tags, entities):
// - `<script>` and `<style>` content, comments, doctypes and processing instructions are dropped;
// - every `<br>` and every opening or closing tag of a block element (BLOCK_TAGS) written in the page
//   becomes one "\n" (end tags a browser implies, as in `<li>a<li>b`, add nothing);
// - every other tag is dropped, leaving its content in place;
// - character references are decoded as an HTML parser does in text (named, decimal, hexadecimal, and the
//   legacy names written without ';'), so "&amp;" reads "&" and "&nbsp;" reads U+00A0 (not a space);
// - line ends are normalized to "\n", as an HTML parser does before anything else;
// - whitespace is otherwise kept exactly as written, never collapsed: a quote's odd spacing must survive.
//
// Beside the text, every element is kept with the span of text it holds, so that rules and tools can tell
// a guide's body from its comment thread or sidebar (regions.ts) and read a page's structure (lines.ts).

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

/** Elements whose content is not text a reader sees. */
const HIDDEN_CONTENT = new Set(["script", "style"]);

export type CaptureKind = "html" | "txt";

/** One element of an HTML capture and the span of readable text it holds: `text.slice(start, end)`. */
export interface TextElement {
  /** Lowercase tag name. */
  tag: string;
  attributes: Readonly<Record<string, string>>;
  start: number;
  end: number;
  /** How many elements enclose it. */
  depth: number;
}

export interface CaptureText {
  text: string;
  /** Elements in document order (by opening tag); empty for a `.txt` capture. */
  elements: TextElement[];
}

/**
 * How deeply elements may nest in an HTML capture. Blink (Chrome's engine) stops nesting at 512 too; a
 * saved guide page nests a few dozen deep. The cap also bounds reading: htmlparser2 keeps its stack of open
 * elements with `unshift` and searches it on every end tag, so a page of unclosed tags a million deep
 * would take time quadratic in its depth.
 */
export const MAX_ELEMENT_DEPTH = 512;

/** Why an HTML capture has no readable text: its elements nest deeper than MAX_ELEMENT_DEPTH. */
export interface TooDeep {
  tooDeep: { limit: number; line: number };
}

/** The problem of a capture nested too deeply, in the words of `check` (`shown`: how the capture is named). */
export function tooDeepProblem(shown: string, { tooDeep }: TooDeep): { problem: string; expected: string } {
  return {
    problem: `capture ${shown} nests elements more than ${tooDeep.limit} deep (line ${tooDeep.line})`,
    expected: `a saved page whose elements nest at most ${tooDeep.limit} deep`,
  };
}

/** The kind of a capture by its file name, or null for a kind the dataset does not use. */
export function captureKind(fileName: string): CaptureKind | null {
  const lower = fileName.toLowerCase();
  if (lower.endsWith(".html") || lower.endsWith(".htm")) return "html";
  if (lower.endsWith(".txt")) return "txt";
  return null;
}

export function readCapture(kind: CaptureKind, decoded: string): CaptureText | TooDeep {
  return kind === "html" ? readHtml(decoded) : { text: decoded, elements: [] };
}

/** The readable text, or null for a page nested too deeply. */
export function captureText(kind: CaptureKind, decoded: string): string | null {
  const read = readCapture(kind, decoded);
  return "tooDeep" in read ? null : read.text;
}

/** The readable text, or null for a page nested too deeply. */
export function htmlReadableText(html: string): string | null {
  return captureText("html", html);
}

/** Thrown from a parser callback to stop reading a page nested too deeply; never leaves readHtml. */
class StopReading extends Error {
  readonly tooDeep: TooDeep["tooDeep"];
  constructor(tooDeep: TooDeep["tooDeep"]) {
    super();
    this.tooDeep = tooDeep;
  }
}

export function readHtml(html: string): CaptureText | TooDeep {
  const source = html.replace(/\r\n?/g, "\n");
  const parts: string[] = [];
  let length = 0;
  const elements: TextElement[] = [];
  const open: TextElement[] = [];
  let hidden = 0;
  const write = (text: string) => {
    parts.push(text);
    length += text.length;
  };
  const parser = new Parser(
    // htmlparser2's defaults read HTML: entities decoded, tag and attribute names lowercased.
    {
      onopentag(name, attributes, isImplied) {
        if (open.length >= MAX_ELEMENT_DEPTH) throw new StopReading({ limit: MAX_ELEMENT_DEPTH, line: lineOf(source, parser.startIndex) });
        const element: TextElement = { tag: name, attributes, start: length, end: length, depth: open.length };
        open.push(element);
        elements.push(element);
        if (HIDDEN_CONTENT.has(name)) hidden++;
        // No tag opens or closes inside a `<script>` or `<style>`: their content is raw text. A stray `</br>` is
        // a line break, as a browser reads it: htmlparser2 opens it as an implied `<br>`.
        if ((!isImplied || name === "br") && BLOCK_TAGS.has(name)) write("\n");
        element.start = length;
      },
      onclosetag(name, isImplied) {
        // htmlparser2 closes only what it opened here, and at the page's end closes every element left open.
        open.pop()!.end = length;
        if (HIDDEN_CONTENT.has(name)) hidden--;
        // `<br>` is void: its one "\n" was written when it opened.
        if (!isImplied && BLOCK_TAGS.has(name) && name !== "br") write("\n");
      },
      ontext(text) {
        if (hidden === 0) write(text);
      },
    },
  );
  try {
    parser.end(source);
  } catch (error) {
    if (!(error instanceof StopReading)) throw error;
    return { tooDeep: error.tooDeep };
  }
  return { text: parts.join(""), elements };
}

/** The 1-based line of a character offset of a text (a line's newline is on the line it ends), for messages. */
export function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let at = text.indexOf("\n"); at !== -1 && at < offset; at = text.indexOf("\n", at + 1)) line++;
  return line;
}
