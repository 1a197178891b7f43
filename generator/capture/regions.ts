import type { TextElement } from "./capture-text.ts";
import { elementNames } from "./shapes.ts";

// The parts of a saved page that are not the guide: its comment thread, sidebars, the guide index, site
// navigation and footers, page statistics. A quote found only there is not the author's guide text, and
// numbers there (view counts, other guides' ratings, commenters' seeds) are not the guide's seeds. Which
// elements those are is data: a tag, or a word in an element's class or id, as saved pages write them
// (Steam: `commentthread_area`, `rightDetailsBlock`, `guide_index`, `stats_table`, `apphub_AppName`;
// generic sites: `<aside>`, `<nav>`, `<footer>`, `sidebar`, `toc`).

interface RegionRule {
  region: string;
  tags?: readonly string[];
  /** Tested against each class name and the id of an element. */
  name: RegExp;
}

export const NON_GUIDE_REGIONS: readonly RegionRule[] = [
  { region: "comment thread", name: /comment/i },
  { region: "sidebar", tags: ["aside"], name: /sidebar|^right(?:[-_A-Z]|col|column|contents?$|panel|rail)|^side(?:[-_A-Z]|bar|panel|col)/ },
  { region: "guide index", name: /guide_?index|^toc$|^toc[-_]|table[-_]?of[-_]?contents/i },
  { region: "navigation", tags: ["nav"], name: /^(?:nav|navbar|navigation|menu|breadcrumbs?|global_header|globalheader)$/i },
  // Steam's app hub header above a guide names the game (`Counter-Strike 2`), whose digits are no seed.
  { region: "navigation", name: /^apphub_(?:HomeHeaderContent|HeaderTop|AppName|AppIcon)$/ },
  { region: "footer", tags: ["footer"], name: /^footer$|^footer[-_]|[-_]footer$|^global_?footer/i },
  { region: "page statistics", name: /^stats_table$|^ratings?$|^rating[-_]|^numratings$|^vote(?:s|_?area)?$|^detailsStatsContainer/i },
];

export interface Region {
  region: string;
  start: number;
  end: number;
}

/** The region rule an element matches, if any. */
export function regionOf(element: TextElement): string | null {
  const names = elementNames(element);
  for (const rule of NON_GUIDE_REGIONS) {
    if (rule.tags?.includes(element.tag) || names.some((name) => rule.name.test(name))) return rule.region;
  }
  return null;
}

/** The non-guide spans of a page's text, outermost only, sorted and disjoint. */
export function nonGuideRegions(elements: readonly TextElement[]): Region[] {
  const regions: Region[] = [];
  let coveredTo = -1;
  // Elements come in document order, so an element inside a region starts before the region ends.
  for (const element of elements) {
    if (element.start < coveredTo || element.end <= element.start) continue;
    const region = regionOf(element);
    if (region === null) continue;
    regions.push({ region, start: element.start, end: element.end });
    coveredTo = element.end;
  }
  return regions;
}

/** The region holding the text span [start, end), or null when the span is (partly) guide text. */
export function regionHolding(regions: readonly Region[], start: number, end: number): Region | null {
  let low = 0;
  let high = regions.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const region = regions[middle]!;
    if (region.end <= start) low = middle + 1;
    else if (region.start > start) high = middle - 1;
    else return end <= region.end ? region : null;
  }
  return null;
}
