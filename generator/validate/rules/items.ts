import type { Problem } from "../../dataset.ts";
import { aliasKey } from "../../../edge/market-name.ts";
import type { ItemFile } from "../../schema/item.ts";
import { finding, type Finding } from "../finding.ts";

// Item identity (spec rule 5): `(def_index, paint_index)` is the canonical item key; a slug is an alias.

/** The slug is the alias key of the market name, so that /resolve finds the item by either. */
export function slugIsAliasOfMarketName(item: ItemFile): Finding[] {
  const key = aliasKey(item.market_name);
  if (item.slug === key) return [];
  return [finding("$.slug", `is ${JSON.stringify(item.slug)} but market_name ${JSON.stringify(item.market_name)} gives ${JSON.stringify(key)}`, JSON.stringify(key))];
}

export function paintIndexesAreUnique(item: ItemFile): Finding[] {
  const firstAt = new Map<number, number>();
  const findings: Finding[] = [];
  item.paints.forEach((paint, i) => {
    const first = firstAt.get(paint.paint_index);
    if (first === undefined) firstAt.set(paint.paint_index, i);
    else findings.push(finding(`$.paints[${i}].paint_index`, `${paint.paint_index} is already listed at $.paints[${first}]`, "each paint index once per item"));
  });
  return findings;
}

/** A pair names one item: two item files claiming it would make /items/{def}/{paint} ambiguous. */
export function itemPairsAreUnique(items: readonly { file: string; item: ItemFile }[]): Problem[] {
  const owner = new Map<string, string>();
  const problems: Problem[] = [];
  for (const { file, item } of items) {
    item.paints.forEach((paint, i) => {
      const pair = `${item.def_index}/${paint.paint_index}`;
      const other = owner.get(pair);
      if (other === undefined) owner.set(pair, file);
      else if (other !== file) {
        problems.push({
          file,
          path: `$.paints[${i}].paint_index`,
          message: `(def_index ${item.def_index}, paint_index ${paint.paint_index}) is already the item of ${other}`,
          expected: "a (def_index, paint_index) pair no other item file uses",
        });
      }
    });
  }
  return problems;
}
