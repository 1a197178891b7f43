import type { ItemFile } from "../../contract/schema/item.ts";
import { editDistance } from "../../generator/validate/did-you-mean.ts";
import { opensUnspaced } from "../../generator/capture/languages.ts";
import { CALLOUT_LABELS, CONTINUATION_LABELS, CONTINUATION_WORDS, coreLabel, LABEL_TYPO_EDITS, LEVEL_LABELS, NON_RANKING_HEADINGS, PAINT_ALIASES, PART_WORDS, undecorated, UNGRADED_SECTIONS } from "../../generator/capture/shapes.ts";

// What a heading's or a list label's words say, read with the tables of shapes.ts: the scale kind of a level
// label, the callout it names, the paints it names, whether it divides a level without ranking, and whether two
// labels name one level (allowing a small typo).

export type CalloutKind = (typeof CALLOUT_LABELS)[number]["kind"];

/** What a heading's words alone say it is, before the page's structure is read. */
export type LabelKind = { kind: "level" } | { kind: "callout"; callout: CalloutKind } | { kind: "paint"; paints: number[] } | { kind: "ungraded" } | { kind: "named" };

export function labelKind(label: string, item: ItemFile): LabelKind {
  if (levelKind(label) !== null) return { kind: "level" };
  const callout = calloutKind(label);
  if (callout !== null) return { kind: "callout", callout };
  const paints = paintsNamed(label, item);
  if (paints !== null) return { kind: "paint", paints };
  if (UNGRADED_SECTIONS.test(undecorated(label))) return { kind: "ungraded" };
  return { kind: "named" };
}

export function calloutKind(label: string): CalloutKind | null {
  return CALLOUT_LABELS.find(({ pattern }) => pattern.test(label))?.kind ?? null;
}

export function levelKind(label: string): "tier" | "band" | null {
  const kind = LEVEL_LABELS.find(({ pattern }) => pattern.test(undecorated(label.trim())))?.kind;
  return kind === "tier" || kind === "band" ? kind : null;
}

/** A heading that divides a level without ranking in it (`Playside`, `Screenshots`, `continued`). */
export function dividesLevel(label: string): boolean {
  const bare = undecorated(label.trim());
  return NON_RANKING_HEADINGS.test(bare) || CONTINUATION_LABELS.test(bare);
}

/** A list label that goes on with the level above (`More found later`, `Late additions`). */
export function continuationLabel(label: string): boolean {
  return CONTINUATION_LABELS.test(undecorated(label.trim()));
}

/** The item's paints a label names (`Phase 2`, `P2`, `Ph2`, `P1 / P3`, `Ruby`), for a slug with several paints. */
export function paintsNamed(label: string, item: ItemFile): number[] | null {
  if (item.paints.length < 2) return null;
  const lower = label.toLowerCase();
  const aliased = PAINT_ALIASES.flatMap(({ pattern, label: named, each, roman }) => {
    const found = new RegExp(pattern.source, `${pattern.flags}g`);
    return [...lower.matchAll(found)].flatMap((match) => {
      const n = match.groups?.n ?? "";
      const numbers = each === true ? (n.match(/[1-4]/g) ?? []) : [roman === true ? String(ROMAN[n] ?? n) : n];
      return numbers.map((number) => named.replace("$<n>", number).toLowerCase());
    });
  });
  const named = item.paints.filter((paint) => {
    const wanted = paint.paint_label.toLowerCase();
    return wanted !== "" && (new RegExp(`(^|[^\\p{L}\\d])${escape(wanted)}($|[^\\p{L}\\d])`, "u").test(lower) || aliased.includes(wanted));
  });
  return named.length > 0 ? named.map((paint) => paint.paint_index) : null;
}

const ROMAN: Record<string, number> = { i: 1, ii: 2, iii: 3, iv: 4 };

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A label as compared with another: its core, lowercase, `&` read as `and`, punctuation and spacing dropped. */
export function comparable(label: string): string {
  return coreLabel(undecorated(label.trim()))
    .toLowerCase()
    .normalize("NFKD")
    .replace(/&|\+/g, " and ")
    .replace(/([\p{L}])(\d)|(\d)([\p{L}])/gu, "$1$3 $2$4")
    .replace(/[^\p{L}\d]+/gu, " ")
    .trim();
}

/**
 * Whether `written` names the level labelled `label`, allowing a small typo in its words (`Teir 1` for `Tier 1`,
 * `Tricolour` for `Tricolor`), never in its numbers or grades (`Tier 2` is not `Tier 1`).
 */
export function namesLevel(written: string, label: string): boolean {
  const a = comparable(written);
  return a !== "" && sameWords(a.split(" "), comparable(label).split(" "));
}

function sameWords(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((word, index) => word === b[index] || (mayBeMistyped(word) && mayBeMistyped(b[index]!) && editDistance(word, b[index]!) <= LABEL_TYPO_EDITS));
}

/**
 * A word a typo may change: of letters, at least 4 of them (numbers and grades must be written the same). Not
 * a run of a script written without spaces: `第一梯队` and `第二梯队` are one letter apart and two levels.
 */
function mayBeMistyped(word: string): boolean {
  return word.length >= 4 && !/\d/.test(word) && !opensUnspaced(word);
}

/** What words a typo cannot change: two labels naming one level have the same. */
function typoKey(words: readonly string[]): string {
  return words.map((word) => (mayBeMistyped(word) ? "*" : word)).join(" ");
}

/**
 * Labels met on a page, found again by what names them: exactly, or with a small typo (`namesLevel`). Kept by
 * the words a typo cannot change, so that a page of thousands of headings is read in time linear in them.
 */
export interface LabelIndex<T> {
  add(label: string, value: T): void;
  /** What was added under a label `written` names, the latest first; `exact` when written the same. */
  find(written: string, form?: "whole" | "stripped"): { value: T; exact: boolean }[];
}

export function labelIndex<T>(): LabelIndex<T> {
  type Entry = { value: T; order: number; words: string[]; whole: string };
  const forms = { whole: new Map<string, Entry[]>(), stripped: new Map<string, Entry[]>() };
  const keep = (into: Map<string, Entry[]>, whole: string, value: T, order: number) => {
    if (whole === "") return;
    const words = whole.split(" ");
    const entries = into.get(typoKey(words)) ?? [];
    entries.push({ value, order, words, whole });
    into.set(typoKey(words), entries);
  };
  let added = 0;
  return {
    add(label, value) {
      const order = added++;
      keep(forms.whole, comparable(label), value, order);
      keep(forms.stripped, comparable(strippedTitle(label)), value, order);
    },
    find(written, form = "whole") {
      const whole = comparable(written);
      if (whole === "") return [];
      const words = whole.split(" ");
      return (forms[form].get(typoKey(words)) ?? [])
        .filter((entry) => sameWords(words, entry.words))
        .sort((a, b) => b.order - a.order)
        .map((entry) => ({ value: entry.value, exact: entry.whole === whole }));
    },
  };
}

/** A title without its continuation words and part numbers (`Tier list` of `Tier list, part 2`). */
function strippedTitle(title: string): string {
  return undecorated(title.trim())
    .replace(new RegExp(CONTINUATION_WORDS.source, "giu"), " ")
    .replace(PART_WORDS, " ")
    .replace(/[\s()[\]\-–—,.:]+$/u, "")
    .trim();
}

/**
 * The earlier level or section a section title continues: one whose label it repeats with a continuation word
 * (`Tier 1 (continued)`, `Tier list, part 2` after `Tier list, part 1`), or mistyped (`Teir 1`). The same label
 * written again exactly, with no such word, starts another system instead (a second tier list of the page).
 */
export function continuedFrom<T>(title: string, earlier: LabelIndex<T>): T | null {
  const bare = undecorated(title.trim()).replace(/\s*[:：]$/u, "");
  const marked = CONTINUATION_WORDS.test(bare);
  const found = earlier.find(bare).filter((entry) => marked || !entry.exact);
  if (found.length > 0) return found[0]!.value;
  if (!marked || strippedTitle(bare) === "") return null;
  return earlier.find(strippedTitle(bare), "stripped")[0]?.value ?? null;
}

/** `continuedFrom` over a list of labels, the latest last. */
export function continuedLabel(title: string, earlier: readonly string[]): string | null {
  const index = labelIndex<string>();
  for (const label of earlier) index.add(label, label);
  return continuedFrom(title, index);
}

/** The level a continuation label names (`Tier 4` of `Late additions to Tier 4`), or null. */
export function continuedLevel(label: string): string | null {
  return CONTINUATION_LABELS.exec(undecorated(label.trim()))?.groups?.level ?? null;
}
