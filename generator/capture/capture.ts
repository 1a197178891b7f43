import { createHash } from "node:crypto";
import { decodeUtf8 } from "../load/utf8.ts";
import { captureKind, readCapture, tooDeepProblem, type TextElement } from "./capture-text.ts";
import { indexText, type QuoteIndex } from "../validate/quote-index.ts";
import { nonGuideRegions, type Region } from "./regions.ts";
import { textMarks, type Mark } from "./marks.ts";

/** A capture as the checks read it: hashed once, its readable text extracted and indexed once. */
export interface Capture {
  /** "snapshots/<snapshot.path>", as messages show it. */
  shownPath: string;
  sha256: string;
  /** The readable text, or why there is none (a guide naming this capture gets that problem). */
  readable: ReadableCapture | { problem: string; expected: string };
}

export interface ReadableCapture {
  /** The capture's source as decoded UTF-8 (the HTML itself for an HTML capture). */
  source: string;
  text: string;
  index: QuoteIndex;
  /** The page's elements with their text spans (HTML captures; empty for text captures). */
  elements: TextElement[];
  /** Spans of the text that are not the guide (comment thread, sidebar, guide index, ...), sorted. */
  regions: Region[];
  /** Spans of the guide's text a reader does not take as its grading as written: struck, quoted, spoiler (marks.ts), sorted. */
  marks: Mark[];
}

export function prepareCapture(snapshotPath: string, bytes: Uint8Array): Capture {
  const shownPath = `snapshots/${snapshotPath}`;
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  const kind = captureKind(snapshotPath);
  if (kind === null) {
    return { shownPath, sha256, readable: { problem: `capture ${shownPath} is neither .html nor .txt`, expected: "a .html or .txt capture" } };
  }
  const decoded = decodeUtf8(bytes);
  if (!decoded.ok) {
    return {
      shownPath,
      sha256,
      readable: { problem: `capture ${shownPath} is not valid UTF-8 (bad byte at offset ${decoded.offset})`, expected: "a capture saved as UTF-8" },
    };
  }
  const read = readCapture(kind, decoded.text);
  if ("tooDeep" in read) return { shownPath, sha256, readable: tooDeepProblem(shownPath, read) };
  const { text, elements } = read;
  return { shownPath, sha256, readable: { source: decoded.text, text, index: indexText(text), elements, regions: nonGuideRegions(elements), marks: textMarks(text, elements) } };
}
