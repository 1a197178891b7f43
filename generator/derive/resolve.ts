import { aliasKey } from "../../contract/market-name.ts";
import type { ItemFile } from "../../contract/schema/item.ts";
import type { ResolveResponse } from "../../contract/schema/responses.ts";
import { itemOf } from "./blocks.ts";
import { byCodeUnits } from "../../contract/code-units.ts";

/**
 * `GET /resolve`: one answer per alias key. The key is computed by the same `aliasKey` the edge applies to
 * a request's `?market_hash_name=`, so both normalize a name alike; it is also the item's slug (the
 * validator checks that), so `?slug=` meets the same key. One slug yields one item per paint index; the
 * caller picks by `paint_label`.
 */
export function resolveResponses(items: readonly ItemFile[]): Map<string, ResolveResponse> {
  const byKey = new Map<string, ResolveResponse>();
  for (const item of [...items].sort((a, b) => byCodeUnits(a.slug, b.slug))) {
    const paints = [...item.paints].sort((a, b) => a.paint_index - b.paint_index);
    byKey.set(aliasKey(item.market_name), { items: paints.map((paint) => itemOf({ item, paint })) });
  }
  return byKey;
}
