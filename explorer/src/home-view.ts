// The start: what the page does, a few searches to try, and what the API holds (GET /meta).

import { h } from "./dom.ts";
import { querySearch } from "./url-state.ts";
import type { View, ViewContext } from "./view-context.ts";

const TRY = ["★ StatTrak™ Karambit | Doppler (Factory New)", "AK-47 | Case Hardened (Field-Tested)", "karambit-case-hardened", "7/44"];

export async function homeView(context: ViewContext): Promise<View> {
  const { data: meta, datasetVersion } = await context.api.meta({ signal: context.signal });
  context.showVersion(datasetVersion);
  const { counts } = meta;
  return {
    title: "Pattern-Seed Guides Explorer",
    content: h(
      "section",
      { class: "home" },
      h("h1", { tabindex: "-1" }, "What does every guide say about a seed?"),
      h(
        "p",
        {},
        "Find an item, then open any of its 1001 pattern seeds to read each community guide's verdict side by side: its own scale, the exact quote, and who wrote it.",
      ),
      h("h2", {}, "Try"),
      h("ul", {}, TRY.map((query) => h("li", {}, h("a", { href: querySearch(query), "data-nav": true }, query)))),
      h("h2", {}, "In this dataset"),
      h(
        "p",
        {},
        `${counts.items} items, ${counts.guides} guides, ${counts.systems} systems and ${counts.gradings} gradings; loaded from captures up to ${meta.loaded_at}.`,
      ),
    ),
  };
}
