// GET /v1/resolve?slug= | ?market_hash_name=: the canonical items of an alias.

import { endpoint, found, invalid, missing, notFound, lines } from "../endpoint.ts";
import { marketNameKey } from "../market-name.ts";
import { MAX_ALIAS_LENGTH, SLUG } from "../parameters.ts";

const aliasNotFound = ({ aliasKey }: { aliasKey: string }) => `no item has the alias "${aliasKey}"`;

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
    const aliasKey = name === "slug" ? value : marketNameKey(value);
    // Only a slug can name a file: any other key is an alias no item has.
    if (!SLUG.test(aliasKey)) return notFound(aliasNotFound({ aliasKey }));
    return found({ aliasKey });
  },
  // The alias key is a slug, so asking by slug finds the same file.
  request: (route) => ({ values: {}, query: { slug: route.aliasKey } }),
  file: (route) => `v1/resolve/${route.aliasKey}.json`,
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
  example: ({ slug }) => ({ aliasKey: slug }),
});
