// GET /v1/resolve?slug= | ?market_hash_name=: the canonical items of an alias.

import { endpoint, found, invalid, missing, notFound, lines } from "../endpoint.ts";
import { marketNameKey } from "../market-name.ts";
import { MAX_ALIAS_LENGTH, SLUG } from "../parameters.ts";

/**
 * A route's key and the parameter it came from: a slug, looked up exactly, or a market hash name's
 * name key (letters and digits alone), looked up among the items' own name keys. Each has its file.
 */
interface AliasFields {
  aliasKey: string;
  by: "slug" | "market_hash_name";
}

const aliasNotFound = ({ aliasKey, by }: AliasFields) =>
  by === "slug" ? `no item has the alias "${aliasKey}"` : `no item's market hash name reads "${aliasKey}" (compared by its letters and digits)`;

export const resolve = endpoint({
  name: "resolve",
  path: "/v1/resolve",
  kind: "data",
  parameters: ["Slug", "MarketHashName"],
  errors: [400, 404, 422],
  operation: { id: "resolve", tag: "aliases" },
  response: "Resolve",
  derivation: "resolve",
  read(_values, query) {
    const slug = query.get("slug");
    // When both are sent, slug wins (docs/README.md, "Endpoints") and market_hash_name is ignored, its
    // length too. Present counts as sent, even empty: `?slug=` resolves to nothing.
    const [name, value] = slug !== null ? ["slug", slug] : ["market_hash_name", query.get("market_hash_name")];
    if (value === null) return missing("send slug or market_hash_name");
    if ([...value].length > MAX_ALIAS_LENGTH) return invalid(`${name} is longer than ${MAX_ALIAS_LENGTH} characters`);
    const fields: AliasFields = name === "slug" ? { aliasKey: value, by: "slug" } : { aliasKey: marketNameKey(value), by: "market_hash_name" };
    // Only a slug, or a slug's letters and digits, can name a file: any other key is an alias no item has.
    // A name key has no hyphens, and a slug without hyphens is letters and digits alone: one pattern checks both.
    if (!SLUG.test(fields.aliasKey)) return notFound(aliasNotFound(fields));
    return found(fields);
  },
  // A name key is its own market hash name: asking by it finds the same file.
  request: (route) => ({ values: {}, query: { [route.by]: route.aliasKey } }),
  file: (route) => (route.by === "slug" ? `v1/resolve/${route.aliasKey}.json` : `v1/resolve/names/${route.aliasKey}.json`),
  notFound: aliasNotFound,
  description: {
    summary: "Canonical items of a slug or a market hash name",
    description: lines(
      "Send `slug` or `market_hash_name` (when both are sent, `slug` is used and the other ignored). A market hash name",
      "is matched without regard to case, spacing or punctuation, and with `★`, `StatTrak™`, `Souvenir` and the wear",
      "stripped; a slug must match exactly. One alias may stand for several items, one per paint (for example the phases",
      "of a Doppler): choose by `paint_label`.",
    ),
    ok: ({ slug }) => `The items of slug ${slug}.`,
  },
  example: ({ slug }) => ({ aliasKey: slug, by: "slug" as const }),
});
