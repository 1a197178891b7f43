import { describe, expect, it } from "vitest";
import { linePlaces } from "../../../tools/draft/places.ts";
import { sectionsOf } from "../../support/draft-sections.ts";

/** Each line's place, as text: its headings nearest first, then its lead-in lines nearest first. */
function placesOf(html: string): Record<string, { headings: string[]; leadIns: string[]; cells: string[] }> {
  const places: Record<string, { headings: string[]; leadIns: string[]; cells: string[] }> = {};
  for (const [line, place] of linePlaces(sectionsOf(html))) {
    places[line.text] = { headings: place.headings.map((heading) => heading.text), leadIns: place.leadIns.map((lead) => lead.text), cells: place.cells.map((cell) => cell.text) };
  }
  return places;
}

describe("linePlaces: where each line of a page stands", () => {
  it("gives a list line every heading above it, the nearest first, and the prose lines just before its list", () => {
    const places = placesOf(`<h2>Trades</h2><h3>Tier 1</h3><p>Intro, EXAMPLE CONTENT.</p><p>Close but no</p><p>501, 502</p><p>503</p><p>After the list.</p><p>504</p>`);
    expect(places["501, 502"]).toEqual({ headings: ["Tier 1", "Trades"], leadIns: ["Close but no", "Intro, EXAMPLE CONTENT."], cells: [] });
    // The rest of one list has the same lead-in; a list after more prose has that prose.
    expect(places["503"]!.leadIns).toEqual(["Close but no", "Intro, EXAMPLE CONTENT."]);
    expect(places["504"]!.leadIns).toEqual(["After the list."]);
  });

  it("reads no more than two prose lines before a list as leading into it, and none across a heading", () => {
    const places = placesOf(`<h2>Tier 1</h2><p>One.</p><p>Two.</p><p>Three.</p><p>661</p><h2>Tier 2</h2><p>12</p>`);
    expect(places["661"]!.leadIns).toEqual(["Three.", "Two."]);
    expect(places["12"]).toEqual({ headings: ["Tier 2"], leadIns: [], cells: [] });
    // A heading's own place is in the section around it.
    expect(places["Tier 2"]).toEqual({ headings: [], leadIns: [], cells: [] });
  });

  it("gives a table cell the cells of its row", () => {
    const places = placesOf(`<h2>Tiers</h2><table><tr><td>Sold</td><td>630, 631</td></tr></table>`);
    expect(places["630, 631"]).toEqual({ headings: ["Tiers"], leadIns: [], cells: ["Sold", "630, 631"] });
  });
});
