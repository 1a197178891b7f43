import type { ItemFile } from "../schema/item.ts";
import type { ResolveResponse } from "../schema/responses.ts";
import { itemOf } from "./blocks.ts";

/**
 * `GET /resolve`: one answer per alias key. An item's slug is the alias key of its market name
 * stem (checked by the validator), so `?slug=` and every Steam form of `?market_hash_name=` meet at
 * the same key. One slug yields one item per paint index; the caller picks by `paint_label`.
 */
export function resolveResponses(items: readonly ItemFile[]): Map<string, ResolveResponse> {
  const byKey = new Map<string, ResolveResponse>();
  for (const item of [...items].sort((a, b) => (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0))) {
    const paints = [...item.paints].sort((a, b) => a.paint_index - b.paint_index);
    byKey.set(item.slug, { items: paints.map((paint) => itemOf({ item, paint })) });
  }
  return byKey;
}
