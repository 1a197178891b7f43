// A guide: its attribution first, then each system with its levels and the seeds in each level,
// and what the guide says besides grades (remarks, item claims, callouts) and what was found odd
// in it (discrepancies), all as stored.

import type { Guide, Item } from "../../client/src/index.ts";
import { exampleNotice, guidePageLink } from "./attribution.ts";
import { h, listText } from "./dom.ts";
import { guideSearch, querySearch, seedSearch } from "./url-state.ts";
import type { View, ViewContext } from "./view-context.ts";

type System = Guide["systems"][number];
type Quoted = { quote: string; note?: string | null; system?: string | null };

export async function guideView(context: ViewContext, platformId: string): Promise<View> {
  const { data: guide, datasetVersion } = await context.api.guide(platformId, { signal: context.signal });
  context.showVersion(datasetVersion);
  const pairs = await systemPairs(context, guide);
  return {
    title: guide.title,
    content: h(
      "article",
      { class: "guide" },
      h("h1", { tabindex: "-1" }, guide.title),
      attribution(guide),
      exampleNotice([guide]),
      guide.notes === "" ? null : h("p", {}, h("strong", {}, "Transcriber's notes: "), guide.notes),
      guide.incomplete ? h("p", {}, "The author says the list is incomplete: ", quote(guide.incomplete.quote)) : null,
      guide.complete ? h("p", {}, "The author says the list is complete: ", quote(guide.complete.quote)) : null,
      guide.systems.map((system) => systemSection(system, pairs.get(system.id) ?? null)),
      quotedList("Remarks", guide.remarks),
      quotedList("What the author says about the item", guide.item_claims),
      callouts(guide),
      discrepancies(guide),
      guide.related_guides.length === 0
        ? null
        : section("Related guides", h("ul", {}, guide.related_guides.map((related) => h("li", {}, h("a", { href: guideSearch(related.platform_id), "data-nav": true }, `Guide ${related.platform_id}`), ": ", quote(related.quote))))),
    ),
  };
}

function attribution(guide: Guide): HTMLElement {
  const row = (term: string, ...value: (Node | string)[]) => [h("dt", {}, term), h("dd", {}, ...value)];
  return h(
    "dl",
    { class: "attribution" },
    row("Authors", listText(guide.authors)),
    row("Guide page", guidePageLink(guide.url, guide.url)),
    row("Updated", guide.updated),
    row("Permission", guide.permission),
    row("platform_id", guide.platform_id),
  );
}

/**
 * The one item pair each system's seeds belong to, when there is exactly one (so its seeds can
 * open the seed view); null where a system covers several paints or the alias does not resolve.
 */
async function systemPairs(context: ViewContext, guide: Guide): Promise<Map<string, Item | null>> {
  const slugs = [...new Set(guide.systems.map((system) => system.item))];
  const resolved = new Map<string, Item[]>();
  await Promise.all(
    slugs.map(async (slug) => {
      try {
        resolved.set(slug, (await context.api.resolve({ slug }, { signal: context.signal })).data.items);
      } catch {
        // The seeds are then shown as plain numbers.
      }
    }),
  );
  const pairs = new Map<string, Item | null>();
  for (const system of guide.systems) {
    const items = (resolved.get(system.item) ?? []).filter((item) => system.paint_indexes === null || system.paint_indexes.includes(item.paint_index));
    pairs.set(system.id, items.length === 1 ? items[0]! : null);
  }
  return pairs;
}

function systemSection(system: System, pair: Item | null): HTMLElement {
  const of = system.levels.length;
  return section(
    `${system.label}`,
    h(
      "p",
      { class: "quiet" },
      `${system.scale.kind} scale, ${of} level${of === 1 ? "" : "s"}, ${system.gradings.length} grading${system.gradings.length === 1 ? "" : "s"}; item `,
      h("a", { href: querySearch(system.item), "data-nav": true }, system.item),
      system.paint_indexes === null ? " (every paint)" : ` (paint ${system.paint_indexes.join(", ")})`,
    ),
    system.definition ? h("p", {}, "Defined as: ", quote(system.definition.quote)) : null,
    system.scale.definition ? h("p", {}, "Scale: ", quote(system.scale.definition.quote)) : null,
    system.levels.map((level, index) => {
      const gradings = system.gradings.filter((grading) => grading.level === level.key).sort((a, b) => a.position - b.position);
      return h(
        "section",
        { class: "level-block" },
        h("h3", {}, level.label, h("span", { class: "quiet" }, ` · place ${index + 1} of ${of}`)),
        level.definition ? h("p", {}, quote(level.definition.quote)) : null,
        level.ordered ? h("p", { class: "quiet" }, "The seeds of this level are ranked in the order listed", level.ordered_quote ? [": ", quote(level.ordered_quote)] : ".") : null,
        level.gradings === null
          ? h("p", { class: "quiet" }, "Shown only as images in the guide; no seed is graded here.")
          : gradings.length === 0
            ? h("p", { class: "quiet" }, "No seed listed.")
            : h(
                "ul",
                { class: "seed-list", "aria-label": `Seeds in ${level.label}` },
                gradings.map((grading) =>
                  h(
                    "li",
                    {},
                    pair === null ? String(grading.seed) : h("a", { href: seedSearch(pair.def_index, pair.paint_index, grading.seed), "data-nav": true }, String(grading.seed)),
                    grading.rank === undefined ? null : h("span", { class: "quiet" }, ` #${grading.rank}`),
                  ),
                ),
              ),
      );
    }),
    system.remarks.length === 0 ? null : h("ul", { class: "quotes" }, system.remarks.map((remark) => quotedItem(remark))),
  );
}

function section(title: string, ...children: (Node | Node[] | null)[]): HTMLElement {
  return h("section", { class: "guide-section" }, h("h2", {}, title), ...children);
}

function quote(text: string): HTMLElement {
  return h("q", {}, text);
}

function quotedItem(item: Quoted): HTMLElement {
  return h("li", {}, h("blockquote", {}, item.quote), item.note ? h("p", { class: "quiet" }, item.note) : null, item.system ? h("p", { class: "quiet" }, `System: ${item.system}`) : null);
}

function quotedList(title: string, items: readonly Quoted[]): HTMLElement | null {
  return items.length === 0 ? null : section(title, h("ul", { class: "quotes" }, items.map(quotedItem)));
}

function callouts(guide: Guide): HTMLElement | null {
  if (guide.callouts.length === 0) return null;
  return section(
    "Callouts",
    h(
      "ul",
      { class: "quotes" },
      guide.callouts.map((callout) =>
        h("li", {}, h("strong", {}, `${callout.label} (${callout.kind})`), h("blockquote", {}, callout.quote), callout.note ? h("p", { class: "quiet" }, callout.note) : null),
      ),
    ),
  );
}

function discrepancies(guide: Guide): HTMLElement | null {
  if (guide.discrepancies.length === 0) return null;
  return section(
    "Discrepancies",
    h("p", { class: "quiet" }, "Where the guide contradicts itself or cannot be read; both readings are kept."),
    h(
      "ul",
      { class: "quotes" },
      guide.discrepancies.map((discrepancy) =>
        h(
          "li",
          {},
          h("strong", {}, discrepancy.kind.replaceAll("_", " ")),
          discrepancy.seed === undefined ? null : ` · seed ${discrepancy.seed}`,
          discrepancy.where ? ` · ${discrepancy.where.join(", ")}` : null,
          discrepancy.note ? h("p", {}, discrepancy.note) : null,
          discrepancy.quote_a ? h("blockquote", {}, discrepancy.quote_a) : null,
          discrepancy.quote_b ? h("blockquote", {}, discrepancy.quote_b) : null,
        ),
      ),
    ),
  );
}
