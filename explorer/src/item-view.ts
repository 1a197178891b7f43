// An item: its identity, the menu of guides covering it, a form to open any seed, and one seed map
// per system (from the patterns response: every graded seed in one request).

import type { ItemMenu, Patterns } from "../../client/src/index.ts";
import { byline, exampleNotice, guidePageLink } from "./attribution.ts";
import { h } from "./dom.ts";
import { seedMap } from "./seed-map.ts";
import { seedSearch } from "./url-state.ts";
import { itemName, type View, type ViewContext } from "./view-context.ts";

export async function itemView(context: ViewContext, defIndex: number, paintIndex: number): Promise<View> {
  const options = { signal: context.signal };
  const [menu, patterns] = await Promise.all([context.api.item(defIndex, paintIndex, options), context.api.patterns(defIndex, paintIndex, options)]);
  context.showVersion(menu.datasetVersion);
  const { item, guides } = menu.data;
  return {
    title: itemName(item),
    content: h(
      "article",
      { class: "item" },
      h("h1", { tabindex: "-1" }, itemName(item)),
      identity(item),
      exampleNotice(guides),
      seedForm(defIndex, paintIndex),
      h("h2", {}, "Guides covering this item"),
      guides.length === 0 ? h("p", {}, "No guide covers this item yet.") : guides.map((guide) => guideMenu(guide)),
      guides.length === 0 ? null : [h("h2", {}, "Seed maps"), h("p", { class: "quiet" }, "One map per system, each on its own guide's scale: darker is a better level in that system. Guides are never merged."), seedMaps(defIndex, paintIndex, guides, patterns.data)],
    ),
  };
}

export function identity(item: ItemMenu["item"]): HTMLElement {
  const row = (term: string, value: string | number) => [h("dt", {}, term), h("dd", {}, String(value))];
  return h(
    "dl",
    { class: "identity" },
    row("Weapon", item.weapon),
    row("Finish", item.finish),
    item.paint_label === "" ? null : row("Paint", item.paint_label),
    row("def_index / paint_index", `${item.def_index} / ${item.paint_index}`),
    row("Slug", item.slug),
  );
}

function seedForm(defIndex: number, paintIndex: number): HTMLElement {
  const input = h("input", { id: "seed-input", name: "seed", inputmode: "numeric", autocomplete: "off", size: 6, required: true });
  const form = h(
    "form",
    { class: "seed-form", action: "./", method: "get" },
    h("input", { type: "hidden", name: "item", value: `${defIndex}-${paintIndex}` }),
    h("label", { for: "seed-input" }, "Open a seed (0 to 1000)"),
    input,
    h("button", { type: "submit" }, "Show verdicts"),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    // The seed goes to the address as typed: a seed the API refuses gets its 422 state.
    const seed = input.value.trim();
    const target = /^\d{1,9}$/.test(seed) ? seedSearch(defIndex, paintIndex, Number(seed)) : `?item=${defIndex}-${paintIndex}&seed=${encodeURIComponent(seed)}`;
    form.dispatchEvent(new CustomEvent("explorer:navigate", { bubbles: true, detail: target }));
  });
  return form;
}

function guideMenu(guide: ItemMenu["guides"][number]): HTMLElement {
  return h(
    "section",
    { class: "guide-card" },
    h("h3", {}, guidePageLink(guide.url, guide.title)),
    byline(guide),
    h(
      "table",
      {},
      h("caption", { class: "visually-hidden" }, `Systems of ${guide.title}`),
      h("thead", {}, h("tr", {}, ["System", "Kind", "Levels", "Grades"].map((name) => h("th", { scope: "col" }, name)))),
      h(
        "tbody",
        {},
        guide.systems.map((system) => h("tr", {}, h("th", { scope: "row" }, system.label), h("td", {}, system.kind), h("td", {}, String(system.levels)), h("td", {}, String(system.seeds)))),
      ),
    ),
  );
}

/** In the menu's order of guides and systems; the levels and seeds come from the patterns. */
function seedMaps(defIndex: number, paintIndex: number, guides: ItemMenu["guides"], patterns: Patterns): Node[] {
  const maps: Node[] = [];
  for (const guide of guides) {
    for (const { id } of guide.systems) {
      const system = patterns.guides[guide.platform_id]?.systems[id];
      if (system === undefined) continue;
      maps.push(seedMap({ defIndex, paintIndex, guideId: guide.platform_id, guideTitle: guide.title, systemId: id, system, seeds: patterns.seeds }));
    }
  }
  return maps;
}
