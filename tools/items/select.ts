// Chooses the item identities dataset/items/ holds: every weapon, knife and glove paint of a pattern
// finish, grouped by slug. Pure: it reads the package's item list and English names as values, so the
// package itself is only ever imported by the sync script (`tools/cli/items-sync.ts`).

import { aliasKey } from "../../contract/market-name.ts";
import type { ItemFile, Paint } from "../../contract/schema/item.ts";

/** The fields of a `@ianlucas/cs2-lib` item this selection reads. */
export interface PackageItem {
  id: number;
  type: string;
  def?: number | undefined;
  index?: number | undefined;
  altName?: string | undefined;
  base?: boolean | undefined;
}

/** `english` of `@ianlucas/cs2-lib/translations`: names keyed by item id, e.g. "Bayonet | Doppler". */
export type PackageNames = Readonly<Record<string, { name: string } | undefined>>;

export type Selection = { ok: true; items: ItemFile[] } | { ok: false; problems: string[] };

// Knives are "melee" in the package; Steam lists knives and gloves as "★ <name>".
const STARRED_TYPES = new Set(["melee", "glove"]);
const SKIN_TYPES = new Set(["weapon", "melee", "glove"]);
const NAME_SEPARATOR = " | ";

interface Candidate {
  def: number;
  paintIndex: number;
  altName: string;
  marketName: string;
  weapon: string;
  finish: string;
  star: boolean;
}

export function selectPatternItems(
  packageItems: readonly PackageItem[],
  names: PackageNames,
  finishes: readonly string[],
): Selection {
  const wanted = new Set(finishes);
  const problems: string[] = [];
  const bySlug = new Map<string, Candidate[]>();

  for (const item of packageItems) {
    const candidate = candidateOf(item, names, wanted);
    if (!candidate) continue;
    const slug = aliasKey(candidate.marketName);
    bySlug.set(slug, [...(bySlug.get(slug) ?? []), candidate]);
  }

  const matchedFinishes = new Set<string>();
  const items: ItemFile[] = [];
  for (const [slug, candidates] of bySlug) {
    const first = candidates[0]!;
    const defs = new Set(candidates.map((c) => c.def));
    const marketNames = new Set(candidates.map((c) => c.marketName));
    if (defs.size > 1 || marketNames.size > 1) {
      // One slug must be one weapon's finish; two would make the alias ambiguous across def indexes.
      problems.push(
        `slug "${slug}" would cover ${[...marketNames].join(" / ")} on def_index ${[...defs].join(", ")}; one slug must be one def_index and one name`,
      );
      continue;
    }
    matchedFinishes.add(first.finish);
    items.push({
      slug,
      weapon: first.weapon,
      finish: first.finish,
      def_index: first.def,
      market_name: first.marketName,
      star: first.star,
      paints: paintsOf(candidates),
    });
  }

  for (const finish of finishes) {
    if (!matchedFinishes.has(finish)) problems.push(`finish "${finish}" matched no weapon, knife or glove in the package`);
  }
  if (problems.length > 0) return { ok: false, problems };
  items.sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
  return { ok: true, items };
}

function candidateOf(item: PackageItem, names: PackageNames, wanted: ReadonlySet<string>): Candidate | undefined {
  // Base items (a vanilla knife, default gloves) carry no paint; paint index 0 is "no finish".
  if (!SKIN_TYPES.has(item.type) || item.base || item.def === undefined || !item.index) return undefined;
  const marketName = names[String(item.id)]?.name;
  if (!marketName) return undefined;
  const separator = marketName.indexOf(NAME_SEPARATOR);
  if (separator < 0) return undefined;
  const finish = marketName.slice(separator + NAME_SEPARATOR.length);
  if (!wanted.has(finish)) return undefined;
  return {
    def: item.def,
    paintIndex: item.index,
    altName: item.altName ?? "",
    marketName,
    weapon: marketName.slice(0, separator),
    finish,
    star: STARRED_TYPES.has(item.type),
  };
}

/**
 * One paint per paint index, sorted by paint index. A slug's only paint is labelled "" (the brief's item
 * format), whatever the package calls it. Otherwise the label is the package's phase or gem name, and it
 * must tell its paint apart from the others: a paint without a name, or sharing its name with another
 * paint of the slug, is labelled with its index too.
 */
function paintsOf(candidates: readonly Candidate[]): Paint[] {
  const byIndex = new Map<number, Candidate>();
  for (const candidate of candidates) {
    if (!byIndex.has(candidate.paintIndex)) byIndex.set(candidate.paintIndex, candidate);
  }
  const unique = [...byIndex.values()].sort((a, b) => a.paintIndex - b.paintIndex);
  if (unique.length === 1) return [{ paint_index: unique[0]!.paintIndex, paint_label: "" }];

  const labelCounts = new Map<string, number>();
  for (const c of unique) labelCounts.set(c.altName, (labelCounts.get(c.altName) ?? 0) + 1);
  return unique.map((c) => {
    const distinct = c.altName !== "" && labelCounts.get(c.altName) === 1;
    const label = distinct ? c.altName : c.altName === "" ? `Paint ${c.paintIndex}` : `${c.altName} (paint ${c.paintIndex})`;
    return { paint_index: c.paintIndex, paint_label: label };
  });
}
