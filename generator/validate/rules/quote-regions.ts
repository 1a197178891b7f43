import type { ReadableCapture } from "../../capture/capture.ts";
import { lineOf } from "../../capture/capture-text.ts";
import { excerpt, finding, type Finding } from "../finding.ts";
import { regionHolding } from "../../capture/regions.ts";
import { distinctQuotes, quoteSites } from "./quotes.ts";

/**
 * A quote is the guide's own words: one found only in the page's comment thread, sidebar, guide index or
 * another part that is not the guide (regions.ts) was copied from the wrong place, even though it is in
 * the capture. A quote missing from the capture altogether is reported by quotesOccurInCapture.
 */
export function quotesComeFromTheGuide(document: unknown, capture: ReadableCapture, shownPath: string): Finding[] {
  if (capture.regions.length === 0) return [];
  const outside = new Map<string, string>();
  for (const quote of distinctQuotes(document)) {
    const starts = capture.index.occurrences(quote);
    if (starts.length === 0) continue;
    const regions = starts.map((start) => regionHolding(capture.regions, start, start + quote.length));
    if (regions.every((region) => region !== null)) {
      const line = lineOf(capture.text, starts[0]!);
      outside.set(quote, `${regions[0]!.region} (line ${line} of the readable text)`);
    }
  }
  if (outside.size === 0) return [];
  return quoteSites(document)
    .filter((site) => outside.has(site.quote))
    .map(({ path, quote }) =>
      finding(path, `occurs in ${shownPath} only in the page's ${outside.get(quote)}, not in the guide: ${excerpt(quote)}`, "a quote of the guide's own text"),
    );
}
