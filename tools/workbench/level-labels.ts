import { coreLabel, undecorated } from "../../generator/capture/shapes.ts";

// Level labels as the workbench reads them off the page for the edits that make many levels at once (a
// table read by its columns, a reading applied everywhere it fits), and the order it creates those levels in.
// A level's place is its ranking, and the page rarely says which of its labels is best in a way a tool can
// read; so levels are created best first by a natural order of their labels when every label has one of the
// keys below, and otherwise in the order the page first writes them. Either way a maintainer orders them
// afterwards (↑ and ↓), which is what the guide says.

/**
 * Keys a label is ranked by, tried in order: the first that every label holds, with the same words around
 * it in every label, orders them. `rank` is lower for the better level.
 */
export const LABEL_KEYS: readonly { name: string; pattern: RegExp; rank: (key: RegExpExecArray) => number }[] = [
  // 100% > 99.5% > 95%: a higher measurement is the better band
  { name: "percentage", pattern: /(?<![\d.,])(\d{1,3}(?:[.,]\d+)?)\s?%/u, rank: (key) => -Number(key[1]!.replace(",", ".")) },
  // S > A+ > A > A- > B ... > F > Z: a letter grade written apart from the words (`Tier S`, `A Tier`, `S`)
  { name: "letter grade", pattern: /(?<![\p{L}\d])([SABCDEFZ])(\+|-(?!\p{L}))?(?![\p{L}\d+])/u, rank: (key) => "SABCDEFZ".indexOf(key[1]!) * 3 + ["+", "", "-"].indexOf(key[2] ?? "") },
  // Tier I < Tier II < Tier III
  { name: "roman numeral", pattern: /(?<![\p{L}\d])([IVX]{1,4})(?![\p{L}\d])/u, rank: (key) => romanValue(key[1]!) },
  // Tier 1 < Tier 2, #1 < #2, Rank 1 < Rank 10: a number counts from the best
  { name: "number", pattern: /(?<![\d.,])(\d+(?:[.,]\d+)?)(?![\d%]|[.,]\d)/u, rank: (key) => Number(key[1]!.replace(",", ".")) },
  // ★★★★★ > ★★★★☆ > ★★★☆☆: a star rating ranks by its filled stars
  { name: "stars", pattern: /(★+)[☆✩]*/u, rank: (key) => -key[1]!.length },
];

function romanValue(numeral: string): number {
  const values: Record<string, number> = { I: 1, V: 5, X: 10 };
  let total = 0;
  for (let at = 0; at < numeral.length; at++) {
    const value = values[numeral[at]!]!;
    total += value < (values[numeral.charAt(at + 1)] ?? 0) ? -value : value;
  }
  return total;
}

/** A level's label from a line or cell of the page: its words on one line, without decorations, a closing colon, or the description after a level's label (`Tier 1 (12 seeds)`). */
export function levelLabelOf(text: string): string {
  const words = text.replace(/\s+/gu, " ").trim().replace(/\s*[:：]$/u, "");
  // Neither undecorated (spacing goes with the decorations) nor coreLabel's core leaves spaces around the words.
  return coreLabel(undecorated(words) || words);
}

/** Two labels naming one level: the same words, letter case and spacing aside. */
export function sameLabel(a: string, b: string): boolean {
  return labelKey(a) === labelKey(b);
}

export function labelKey(label: string): string {
  return label.replace(/\s+/gu, " ").trim().toLowerCase();
}

/**
 * The label's words with every number, letter grade and Roman numeral written as `#`, lowercase: the same
 * for `Tier 1` and `Tier 12`, for `S Tier` and `A Tier`, and not for `Tier 1` and `Top 10`.
 */
export function labelPattern(label: string): string {
  const keyed = label.replace(/\d+(?:[.,]\d+)?/gu, "#").replace(/(?<![\p{L}\d])(?:[SABCDEFZ](?:\+|-(?!\p{L}))?|[IVX]{1,4})(?![\p{L}\d+])/gu, "#");
  return labelKey(keyed);
}

/** Whether the label holds a key (a number, a letter grade, a Roman numeral) that tells it from its siblings. */
export function hasKey(label: string): boolean {
  return labelPattern(label).includes("#");
}

/**
 * The labels (each once, letter case aside) in the order their levels are created: best first by the first
 * of LABEL_KEYS that every label holds with the same words around it, ties and all else in the order given.
 */
export function naturalOrder(labels: readonly string[]): string[] {
  const distinct: string[] = [];
  for (const label of labels) if (!distinct.some((known) => sameLabel(known, label))) distinct.push(label);
  for (const { pattern, rank } of LABEL_KEYS) {
    const keys = distinct.map((label) => pattern.exec(label));
    if (keys.some((key) => key === null)) continue;
    const around = new Set(distinct.map((label, index) => labelKey(label.slice(0, keys[index]!.index) + "#" + label.slice(keys[index]!.index + keys[index]![0].length))));
    if (around.size !== 1) continue;
    const ranks = keys.map((key) => rank(key!));
    // Array.prototype.sort is stable: labels of one rank keep the order given.
    return distinct.map((label, index) => ({ label, rank: ranks[index]! })).sort((a, b) => a.rank - b.rank).map(({ label }) => label);
  }
  return distinct;
}
