// A quote must copy the capture's readable text character for character, and the characters that differ
// most often are the ones a terminal does not show: tabs, no-break spaces, runs of spaces, trailing spaces,
// zero-width characters. This shows them, for `npm run capture:text` and for the hint of a missed quote.
//
// Every marker means exactly one thing: a marker character that is in the text itself is shown by its code
// point, like any other invisible character, so `·` is always a space and never a middle dot of the page.

export interface WhitespaceMarker {
  character: string;
  marker: string;
  /** What the marker stands for, as the legend says it. */
  name: string;
  /** The same in a word or two, for a one-line message. */
  short: string;
}

export const MARKERS: readonly WhitespaceMarker[] = [
  { character: " ", marker: "·", name: "a space at the start or end of a line, or one of two or more spaces in a row (a single space between words is shown as a space)", short: "space" },
  { character: "\t", marker: "→", name: "a tab", short: "tab" },
  { character: "\u00a0", marker: "⍽", name: "a no-break space (U+00A0, &nbsp; in HTML)", short: "no-break space" },
  { character: "\r", marker: "␍", name: "a carriage return", short: "carriage return" },
  { character: "\n", marker: "⏎", name: "a line break, where a span of several lines is shown on one line", short: "line break" },
];

const CODE_POINT_NAME = "any other invisible or unusual character (other spaces, zero-width characters, controls, and the marker characters themselves when the text holds them), by its code point";

const MARKER_OF = new Map(MARKERS.map(({ character, marker }) => [character, marker]));
const SPACE_MARKER = MARKER_OF.get(" ")!;

// Spaces worth marking (edges of a line, runs), any whitespace but the plain space, invisible format and
// control characters, and literal marker characters.
const NOTABLE = new RegExp(String.raw`^ +| +$| {2,}|[^\S ]|[\p{Cc}\p{Cf}]|[${MARKERS.map(({ marker }) => marker).join("")}⟨⟩]`, "gu");

/** One line (no "\n" inside) with its whitespace made visible. */
export function visibleLine(line: string): string {
  return line.replace(NOTABLE, (match) => {
    if (match[0] === " ") return SPACE_MARKER.repeat(match.length);
    return MARKER_OF.get(match) ?? codePoint(match);
  });
}

/** A span of text on one line: each line made visible, line breaks shown as `⏎`. */
export function visibleSpan(text: string): string {
  return text.split("\n").map(visibleLine).join(MARKER_OF.get("\n")!);
}

/** Every line of the text, numbered from 1, whitespace made visible. */
export function numberedLines(text: string): string[] {
  const lines = text.split("\n");
  const width = String(lines.length).length;
  return lines.map((line, index) => `${String(index + 1).padStart(width)} | ${visibleLine(line)}`);
}

/** What the markers used in a shown text mean, in one short line ("· space, ⏎ line break"), or "". */
export function shortLegend(shown: string): string {
  return MARKERS.filter(({ marker }) => shown.includes(marker))
    .map(({ marker, short }) => `${marker} ${short}`)
    .join(", ");
}

/** What each marker means, one a line. */
export function legend(): string[] {
  return [...MARKERS.map(({ marker, name }) => `${marker}  ${name}`), `⟨U+200B⟩  ${CODE_POINT_NAME}`];
}

function codePoint(character: string): string {
  return `⟨U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}⟩`;
}
