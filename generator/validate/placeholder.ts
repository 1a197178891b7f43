import { childPath } from "../validate/json-path.ts";

// What guide:draft cannot read off a page is written as a placeholder: a string starting with MARK, saying
// what a maintainer must decide. `npm run check` names every placeholder left (rules/placeholders.ts), so a
// draft never passes unreviewed, and reports nothing else at that place (a placeholder where a boolean
// belongs is one decision to make, not also a type error). Every other rule still runs on the draft, with a
// stand-in of the right type in each placeholder's place (withStandIns), so that the first check of a draft
// names all that is wrong with it, not only its placeholders.

export const MARK = "DRAFT-TODO:";

export const PLACEHOLDER = {
  title: `${MARK} the guide's title, as written on its page`,
  authors: `${MARK} the author's name, as written on the page`,
  url: `${MARK} the guide page's address`,
  posted: `${MARK} when the guide was posted, a local date-time like 2024-03-01T18:20:00`,
  updated: `${MARK} when the guide was last updated, a local date-time like 2024-03-01T18:20:00`,
  permissionQuote: `${MARK} the author's reuse statement copied verbatim, or "" when the page has none`,
  notes: `${MARK} the service's own notes on this transcription (never the guide's words)`,
  ordered: `${MARK} true when the guide says the seeds within this level are ranked (then quote that sentence in ordered_quote), else false`,
} as const;

export interface PlaceholderSite {
  path: string;
  what: string;
}

/**
 * Every placeholder left in a parsed document, with its JSON path. Paths are written only for the
 * placeholders found: `check` walks every guide of the dataset with this, and nearly none has one.
 */
export function placeholderSites(document: unknown, path = "$"): PlaceholderSite[] {
  const sites: PlaceholderSite[] = [];
  const trail: (string | number)[] = [];
  const visit = (value: unknown): void => {
    if (typeof value === "string") {
      if (value.startsWith(MARK)) sites.push({ path: trail.reduce<string>(childPath, path), what: value.slice(MARK.length).trim() });
      return;
    }
    if (value === null || typeof value !== "object") return;
    const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, index) => [index, item]) : Object.entries(value);
    for (const [key, item] of entries) {
      trail.push(key);
      visit(item);
      trail.pop();
    }
  };
  visit(document);
  return sites;
}

/**
 * Values of the right type for the placeholders of fields that are not strings, by field name: what the
 * rules read in a placeholder's place while it is undecided. Each says nothing a rule could find wrong.
 */
const STAND_INS: Readonly<Record<string, unknown>> = {
  ordered: false,
  posted: "2000-01-01T00:00:00",
  updated: "2000-01-01T00:00:00",
  url: "https://example.invalid/",
};

/** A copy of a parsed document with every placeholder of a non-string field replaced by its stand-in. */
export function withStandIns(document: unknown): unknown {
  const replace = (value: unknown, key: string | number | null): unknown => {
    if (typeof value === "string") return value.startsWith(MARK) && typeof key === "string" && key in STAND_INS ? STAND_INS[key] : value;
    if (value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) return value.map((item, index) => replace(item, index));
    return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, replace(item, name)]));
  };
  return replace(document, null);
}
