import type { ItemFile } from "../../contract/schema/item.ts";
import { editDistance } from "../../generator/validate/did-you-mean.ts";
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
  const a = comparable(written).split(" ");
  const b = comparable(label).split(" ");
  if (a.length !== b.length || a.join(" ") === "") return false;
  return a.every((word, index) => {
    const other = b[index]!;
    if (word === other) return true;
    if (/\d/.test(word) || /\d/.test(other) || word.length < 4 || other.length < 4) return false;
    return editDistance(word, other) <= LABEL_TYPO_EDITS;
  });
}

/**
 * The earlier level or section a section title continues: one whose label it repeats with a continuation word
 * (`Tier 1 (continued)`, `Tier list, part 2` after `Tier list, part 1`), or mistyped (`Teir 1`). The same label
 * written again exactly, with no such word, starts another system instead (a second tier list of the page).
 */
export function continuedLabel(title: string, earlier: readonly string[]): string | null {
  const bare = undecorated(title.trim()).replace(/\s*[:：]$/u, "");
  const marked = CONTINUATION_WORDS.test(bare);
  const stripped = (label: string) => label.replace(new RegExp(CONTINUATION_WORDS.source, "giu"), " ").replace(PART_WORDS, " ").replace(/[\s()[\]\-–—,.:]+$/u, "").trim();
  for (const label of [...earlier].reverse()) {
    if (comparable(bare) === comparable(label)) {
      if (marked) return label;
      continue;
    }
    if (namesLevel(bare, label) || (marked && stripped(bare) !== "" && namesLevel(stripped(bare), stripped(label)))) return label;
  }
  return null;
}

/** The level a continuation label names (`Tier 4` of `Late additions to Tier 4`), or null. */
export function continuedLevel(label: string): string | null {
  return CONTINUATION_LABELS.exec(undecorated(label.trim()))?.groups?.level ?? null;
}
