import { childPath } from "../validate/json-path.ts";

// What guide:draft cannot read off a page is written as a placeholder: a string starting with MARK, saying
// what a maintainer must decide. `npm run check` names every placeholder left (rules/placeholders.ts), so a
// draft never passes unreviewed, and reports nothing else at that place (a placeholder where a boolean
// belongs is one decision to make, not also a type error).

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

/** Every placeholder left in a parsed document, with its JSON path. */
export function placeholderSites(document: unknown, path = "$"): PlaceholderSite[] {
  if (typeof document === "string") return document.startsWith(MARK) ? [{ path, what: document.slice(MARK.length).trim() }] : [];
  if (document === null || typeof document !== "object") return [];
  if (Array.isArray(document)) return document.flatMap((value, index) => placeholderSites(value, childPath(path, index)));
  return Object.entries(document).flatMap(([key, value]) => placeholderSites(value, childPath(path, key)));
}
