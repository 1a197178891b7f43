// The shapes guide pages use, as data: which headings and labels name a level (and of which scale kind),
// which name a callout, how a ranked line is written, how a measurement beside a seed is written, and which
// elements make a whole line a heading. draft.ts reads pages with these tables; each shape has a fixture in
// test/fixtures/transcribe/.

import type { Callout, Scale } from "../../contract/schema/guide.ts";

/**
 * Level labels, tried in order; the first that matches a label gives the scale kind it suggests, and its
 * `core` group is the level's label as the author wrote it (`Tier 1` of `Tier 1 (12 seeds):`, `100%` of
 * `100% Fade`); what follows the core is the author's description of the level.
 */
export const LEVEL_LABELS: readonly { kind: Scale["kind"]; pattern: RegExp }[] = [
  // 100%, 99 %, 90–94%, 100% Fade, 95-99% fade
  { kind: "band", pattern: /^(?<core>\d{1,3}(?:\.\d+)?\s?%?\s?(?:[-–—]|to)?\s?\d{0,3}(?:\.\d+)?\s?%)(?:\s+[\p{L} ]{0,20})?$/u },
  // Tier 1, Tier S, Tier A+, S Tier, S-Tier, Grade B, Rank 2, Class 3, Level 1
  { kind: "tier", pattern: /^(?<core>(?:tier|tear|grade|class|level|rank|category|cat\.?)\s*[-#:]?\s*(?:\d{1,3}|[SABCDEFZ][+-]?|[IVX]{1,4}))(?:\s*[-–—:(,].{0,40})?$/iu },
  { kind: "tier", pattern: /^(?<core>(?:[SABCDEFZ][+-]?|\d{1,2})\s*[- ]?\s*tier)(?:\s*[-–—:(,].{0,40})?$/iu },
  { kind: "tier", pattern: /^(?<core>T\d{1,2})$/u },
];

/** A level label as the author wrote it, without the description that follows it on the page. */
export function coreLabel(label: string): string {
  const trimmed = label.trim();
  for (const { pattern } of LEVEL_LABELS) {
    const core = pattern.exec(trimmed)?.groups?.core;
    if (core !== undefined) return core;
  }
  return label;
}

/** A number misread or mistyped in a list (`4O7`, `1l2`): kept out of the seeds and recorded as unparseable. */
export const UNREADABLE_NUMBER = /^(?=[0-9OolIS]*\d)(?=[0-9OolIS]*[OolIS])[0-9OolIS]{2,4}(?![\p{L}\d])/u;

/** Ranked lines: `#1 - 661`, `#1 — 661 (note)`, `P1: 661`, `1. 661`, `1) 661`, `No. 1: 661`. */
export const RANKED_LINE = /^(?<label>#\s?(?<a>\d{1,3})|P(?<b>\d{1,3})|(?:No\.?|Nr\.?|Rank)\s?(?<c>\d{1,3})|(?<d>\d{1,3})[.)])\s*(?:[-–—:=.)]\s*)?(?=\d)/iu;

/** Headings and labels that name a callout rather than a level (spec: callouts are outside the scale). */
export const CALLOUT_LABELS: readonly { kind: Callout["kind"]; pattern: RegExp }[] = [
  { kind: "mention", pattern: /honou?rable|\bmentions?\b|runners?[- ]up|almost made|close calls?|close to\b.*\bnot quite|not quite|notable|worth a (?:look|mention)|bubble/iu },
  {
    kind: "exclusion",
    pattern:
      /\bnot\s+(?:a\s+)?(?:blue\s+gems?|gems?|tier|ranked|listed|included|on the list|worth|counted|real)|\bexclu|\bavoid|\bfakes?\b|overrated|don'?t (?:buy|count|bother)|\bignore\b|\bscams?\b|\bnon[- ]gems?\b|\bfalse\b/iu,
  },
  { kind: "common", pattern: /\bcommon\b|\bbaseline\b|\bregular patterns?\b|\bstandard patterns?\b/iu },
  { kind: "example", pattern: /\bexamples?\b/iu },
];

/** A measurement written beside a seed: `(99.4%)`, `[85% blue]`, `- 97%`, `: 100%`. */
export const MEASUREMENT = /^\s*(?:[(\[]\s*(?<a>\d{1,3}(?:[.,]\d+)?)\s?%\s*(?<wordA>\p{L}+)?\s*[)\]]|[-–—:=]\s*(?<b>\d{1,3}(?:[.,]\d+)?)\s?%(?:\s*(?<wordB>\p{L}+))?)/u;

/** A note written beside a seed: a parenthesis holding words and no seed. */
export const NOTE = /^\s*[(\[](?<note>[^()[\]]*\p{L}[^()[\]]*)[)\]]/u;

/** Tags whose text, when it is a whole line, is a heading. */
export const HEADING_TAGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6", "b", "strong", "u", "em", "th", "dt", "caption", "summary", "legend"]);
/** Class or id words that make an element's text, when it is a whole line, a heading (Steam: `subSectionTitle`). */
export const HEADING_NAMES = /title|heading|header|label|caption|tier/i;
/** Elements whose whole-line text may be a level's label when a list follows it (table cells, list items). */
export const LABEL_CELL_TAGS = new Set(["td", "li", "dd"]);

/** Separators a list of seeds may use between numbers (besides spaces). */
export const LIST_FILLER = /^[\s,;/|\\&+·•*–—-]*(?:and|or|&)?[\s,;/|\\&+·•*–—.-]*$/iu;

/** Label separators: what ends the label in `Tier A: 412, 13`, `Tier 1 - 661`, `Blue Tip = 16`. */
export const LABEL_END = /^(?<label>.*?\S)\s*(?::|\s[-–—=]|=)\s*(?=\S)/u;
