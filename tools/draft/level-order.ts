import { LEVEL_LEGENDS, LEVEL_ORDERS } from "../../generator/capture/columns.ts";
import { LANGUAGES, phrasesSource } from "../../generator/capture/languages.ts";
import type { BodyLine } from "../../generator/capture/lines.ts";
import { coreLabel, RANKING_LEAD, RANKING_SEPARATORS, RANKING_TAIL, undecorated } from "../../generator/capture/shapes.ts";

// The levels of a table's level column put best first (tables.ts): its rows may come in any order (sorted by
// seed, say), so the order the levels are met in says little. A legend on the page decides when there is one
// (`S > A > B`, `C < B < A < S`, `Tier 1 is the best`); else the natural order of the labels (Tier 1 before
// Tier 2, S before A, 100% before 99%; columns.ts, LEVEL_ORDERS); else the order they are first met in.

export type OrderedBy = { kind: "legend"; line: BodyLine } | { kind: "natural"; name: string } | { kind: "appearance" };

export interface LevelOrder {
  /** Indexes into the labels, best first. */
  order: number[];
  by: OrderedBy;
}

/** `labels`: the column's levels as first met; `lines`: the page's lines, where a legend may be written. */
export function orderLevels(labels: readonly string[], lines: readonly BodyLine[]): LevelOrder {
  const keys = labels.map(levelKey);
  const natural = naturalOrder(keys);
  const ranked = rankingLegend(keys, lines);
  if (ranked !== null) {
    const rest = (natural?.order ?? keys.map((_, index) => index)).filter((index) => !ranked.named.includes(index));
    return { order: [...ranked.named, ...rest], by: { kind: "legend", line: ranked.line } };
  }
  const ends = bestOrWorstLegend(keys, lines);
  if (ends !== null) {
    const named = ends.named;
    if (natural !== null) {
      const runs = ends.best ? natural.order[0] === named : natural.order[natural.order.length - 1] === named;
      return { order: runs ? natural.order : [...natural.order].reverse(), by: { kind: "legend", line: ends.line } };
    }
    const others = keys.map((_, index) => index).filter((index) => index !== named);
    return { order: ends.best ? [named, ...others] : [...others, named], by: { kind: "legend", line: ends.line } };
  }
  if (natural !== null) return { order: natural.order, by: { kind: "natural", name: natural.name } };
  return { order: keys.map((_, index) => index), by: { kind: "appearance" } };
}

/** What compares two level labels: the label without decorations and its level word, lowercase (`Tier S`, `S-Tier`: `s`). */
export function levelKey(label: string): string {
  return undecorated(coreLabel(label).trim())
    .toLowerCase()
    .replace(LEVEL_WORD_BEFORE, "")
    .replace(LEVEL_WORD_AFTER, "")
    .replace(/\s+/gu, " ")
    .trim();
}

const LEVEL_WORD_BEFORE = new RegExp(`^(?:${phrasesSource(LANGUAGES.flatMap((language) => language.levelWords))})\\s*[-#:.]?\\s*`, "iu");
const LEVEL_WORD_AFTER = new RegExp(`\\s*-?\\s*(?:${phrasesSource(LANGUAGES.flatMap((language) => language.levelWordsAfter))})$`, "iu");

/** The labels' natural order, when every one of them reads in one of LEVEL_ORDERS. */
function naturalOrder(keys: readonly string[]): { order: number[]; name: string } | null {
  for (const { name, pattern, place } of LEVEL_ORDERS) {
    const places = keys.map((key) => {
      const groups = pattern.exec(key)?.groups;
      return groups === undefined ? null : place(groups);
    });
    if (places.some((found) => found === null)) continue;
    const order = keys.map((_, index) => index).sort((a, b) => places[a]! - places[b]! || a - b);
    return { order, name };
  }
  return null;
}

/** A line ranking two or more of the levels best first (`S > A > B`) or worst first (`C < B < A`). */
function rankingLegend(keys: readonly string[], lines: readonly BodyLine[]): { named: number[]; line: BodyLine } | null {
  for (const line of lines) {
    for (const { pattern, bestFirst } of RANKING_SEPARATORS) {
      const parts = line.text.split(new RegExp(pattern.source, `${pattern.flags}g`));
      if (parts.length < 2) continue;
      const found = parts.map((part, index) => levelNamed(part, keys, index === 0, index === parts.length - 1));
      const named = [...new Set((bestFirst ? found : [...found].reverse()).filter((index) => index !== null))];
      if (named.length >= 2) return { named, line };
    }
  }
  return null;
}

/** A line saying which level is the best or the worst (`Tier 1 is the best`; columns.ts, LEVEL_LEGENDS). */
function bestOrWorstLegend(keys: readonly string[], lines: readonly BodyLine[]): { named: number; best: boolean; line: BodyLine } | null {
  for (const line of lines) {
    for (const { pattern, best } of LEVEL_LEGENDS) {
      const level = pattern.exec(line.text)?.groups?.level;
      const named = level === undefined ? null : levelNamed(level, keys, true, false);
      if (named !== null) return { named, best, line };
    }
  }
  return null;
}

/**
 * The level a part of a legend names: as its whole text, after a lead-in (`Legend: S`, `Tiers go S`) when it
 * opens the line, before a tail (`C (best to worst)`) when it ends it.
 */
function levelNamed(part: string, keys: readonly string[], first: boolean, last: boolean): number | null {
  const written = [part, first ? part.replace(RANKING_LEAD, "") : part, last ? part.replace(RANKING_TAIL, "") : part];
  const words = part.trim().split(/\s+/u);
  for (let cut = 1; cut < words.length && cut <= LEGEND_WORDS; cut++) {
    if (first) written.push(words.slice(words.length - cut).join(" "));
    if (last) written.push(words.slice(0, cut).join(" "));
  }
  for (const text of written) {
    const key = levelKey(text.replace(/[.,;!]+$/u, ""));
    const index = key === "" ? -1 : keys.indexOf(key);
    if (index !== -1) return index;
  }
  return null;
}

/** How many words of a legend's first or last part may name a level (`Tier 1`, `God tier`). */
const LEGEND_WORDS = 3;
