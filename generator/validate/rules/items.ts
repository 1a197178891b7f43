import type { Problem } from "../../dataset.ts";
import { aliasKey, nameKey } from "../../../contract/market-name.ts";
import type { ItemFile } from "../../../contract/schema/item.ts";
import { finding, type Finding } from "../finding.ts";
import { repeats } from "./repeats.ts";

// Item identity (docs/README.md, "What the API says, and what it never says"): `(def_index, paint_index)` is
// the canonical item key; a slug is an alias.

/** The slug is the alias key of the market name, so that /resolve finds the item by either. */
export function slugIsAliasOfMarketName(item: ItemFile): Finding[] {
  const key = aliasKey(item.market_name);
  if (item.slug === key) return [];
  return [finding("$.slug", `is ${JSON.stringify(item.slug)} but market_name ${JSON.stringify(item.market_name)} gives ${JSON.stringify(key)}`, JSON.stringify(key))];
}

export function paintIndexesAreUnique(item: ItemFile): Finding[] {
  return repeats(item.paints, (paint) => paint.paint_index).map(({ index: i, first }) =>
    finding(`$.paints[${i}].paint_index`, `${item.paints[i]!.paint_index} is already listed at $.paints[${first}]`, "each paint index once per item"),
  );
}

/** A pair names one item: two item files claiming it would make /items/{def}/{paint} ambiguous. */
export function itemPairsAreUnique(items: readonly { file: string; item: ItemFile }[]): Problem[] {
  const paints = items.flatMap(({ file, item }) => item.paints.map((paint, i) => ({ file, def: item.def_index, paint: paint.paint_index, i })));
  const problems: Problem[] = [];
  for (const { index, first } of repeats(paints, ({ def, paint }) => `${def}/${paint}`)) {
    const { file, def, paint, i } = paints[index]!;
    const other = paints[first]!.file;
    // A pair listed twice in one file is paintIndexesAreUnique's finding.
    if (other === file) continue;
    problems.push({
      file,
      path: `$.paints[${i}].paint_index`,
      message: `(def_index ${def}, paint_index ${paint}) is already the item of ${other}`,
      expected: "a (def_index, paint_index) pair no other item file uses",
    });
  }
  return problems;
}

/**
 * Two market names with the same letters and digits would be one name to /resolve, which ignores
 * punctuation (contract/market-name.ts, `nameKey`): "AK-47 | X" and "AK47 | X" could not both be found.
 */
export function marketNamesAreDistinct(items: readonly { file: string; item: ItemFile }[]): Problem[] {
  return repeats(items, ({ item }) => nameKey(item.market_name)).map(({ index, first }) => {
    const { file, item } = items[index]!;
    const other = items[first]!;
    return {
      file,
      path: "$.market_name",
      message: `${JSON.stringify(item.market_name)} reads as ${JSON.stringify(other.item.market_name)} of ${other.file} by its letters and digits (${JSON.stringify(nameKey(item.market_name))}), which is all /resolve compares`,
      expected: "a market name whose letters and digits no other item's has",
    };
  });
}
