// The search: one box for a market hash name in any form, a slug, or `def/paint`. A name or slug
// that stands for several items (the phases of a Doppler, the gems) gets a picker by `paint_label`.

import type { Item } from "../../client/src/index.ts";
import { h } from "./dom.ts";
import { lookupOf } from "./search-query.ts";
import { itemSearch } from "./url-state.ts";
import { itemName, type View, type ViewContext } from "./view-context.ts";

/** Resolves the query; one answer replaces the search by that item (null is returned then). */
export async function searchView(context: ViewContext, query: string): Promise<View | null> {
  const lookup = lookupOf(query);
  if (lookup.kind === "empty") return null;
  if (lookup.kind === "pair") {
    context.replace(itemSearch(lookup.defIndex, lookup.paintIndex));
    return null;
  }
  const { data, datasetVersion } = await context.api.resolve(lookup.kind === "slug" ? { slug: lookup.slug } : { marketHashName: lookup.marketHashName }, {
    signal: context.signal,
  });
  context.showVersion(datasetVersion);
  if (data.items.length === 1) {
    const [item] = data.items as [Item];
    context.replace(itemSearch(item.def_index, item.paint_index));
    return null;
  }
  return { title: `“${query}”`, content: picker(query, data.items) };
}

function picker(query: string, items: readonly Item[]): Node {
  const bySlug = new Map<string, Item[]>();
  for (const item of items) bySlug.set(item.slug, [...(bySlug.get(item.slug) ?? []), item]);
  return h(
    "section",
    { class: "search-results" },
    h("h1", { tabindex: "-1" }, `Results for “${query}”`),
    h("p", {}, `${items.length} items answer to this name: one per paint. Pick the one you mean.`),
    [...bySlug.values()].map((group) => {
      const first = group[0]!;
      const headingId = `paints-${first.slug}`;
      return h(
        "nav",
        { class: "picker", "aria-labelledby": headingId },
        h("h2", { id: headingId }, `${first.weapon} | ${first.finish}: pick the paint`),
        h(
          "ul",
          {},
          group.map((item) =>
            h(
              "li",
              {},
              h("a", { href: itemSearch(item.def_index, item.paint_index), "data-nav": true, "aria-label": item.paint_label || itemName(item) }, item.paint_label || itemName(item)),
              h("span", { class: "quiet" }, ` paint ${item.paint_index} (${item.def_index}/${item.paint_index})`),
            ),
          ),
        ),
      );
    }),
  );
}
