// A seed: every verdict side by side, one card per verdict, each on its own guide's scale with the
// guide's title, authors and link and the exact quote (one guide at a time, and attribution:
// docs/README.md, "What the API says, and what it never says"); then every covering system that does
// not list the seed. A seed listed twice shows both verdicts. Never a merged tier.

import type { ItemMenu, SeedResponse, Verdict } from "../../client/src/index.ts";
import { byline, exampleNotice, guidePageLink } from "./attribution.ts";
import { h, listText } from "./dom.ts";
import { itemSearch, seedSearch } from "./url-state.ts";
import { itemName, type View, type ViewContext } from "./view-context.ts";

const MAX_SEED = 1000;

export async function seedView(context: ViewContext, defIndex: number, paintIndex: number, seed: number): Promise<View> {
  const options = { signal: context.signal };
  const [menuResult, seedResult] = await Promise.allSettled([context.api.item(defIndex, paintIndex, options), context.api.seed(defIndex, paintIndex, seed, options)]);
  // As the API does, a bad seed (422) is told before an unknown item (404).
  if (seedResult.status === "rejected") throw seedResult.reason;
  if (menuResult.status === "rejected") throw menuResult.reason;
  context.showVersion(seedResult.value.datasetVersion);
  const menu = menuResult.value.data;
  const answer = seedResult.value.data;
  const name = itemName(menu.item);
  return {
    title: `Seed ${seed} · ${name}`,
    content: h(
      "article",
      { class: "seed" },
      h("h1", { tabindex: "-1" }, `Seed ${seed}`, h("span", { class: "subtitle" }, ` of ${name}`)),
      neighbours(defIndex, paintIndex, seed),
      exampleNotice(answer.verdicts.map((verdict) => verdict.guide)),
      h("h2", {}, answer.verdicts.length === 1 ? "1 verdict" : `${answer.verdicts.length} verdicts`),
      answer.verdicts.length === 0
        ? h("p", {}, `No guide lists seed ${seed} of this item.`)
        : [
            h("p", { class: "quiet" }, "Each verdict stands on its own guide's scale; they are not combined into one grade."),
            h("div", { class: "verdicts" }, answer.verdicts.map((verdict) => verdictCard(verdict, defIndex, paintIndex))),
          ],
      notListed(answer, menu),
    ),
  };
}

function neighbours(defIndex: number, paintIndex: number, seed: number): HTMLElement {
  return h(
    "nav",
    { class: "neighbours", "aria-label": "Other seeds" },
    h("a", { href: itemSearch(defIndex, paintIndex), "data-nav": true }, "Seed maps of this item"),
    seed > 0 && seed <= MAX_SEED ? h("a", { href: seedSearch(defIndex, paintIndex, seed - 1), "data-nav": true, rel: "prev" }, `← Seed ${seed - 1}`) : null,
    seed < MAX_SEED ? h("a", { href: seedSearch(defIndex, paintIndex, seed + 1), "data-nav": true, rel: "next" }, `Seed ${seed + 1} →`) : null,
  );
}

export function verdictCard(verdict: Verdict, defIndex: number, paintIndex: number): HTMLElement {
  const row = (term: string, ...value: (Node | string)[]) => [h("dt", {}, term), h("dd", {}, ...value)];
  const { level } = verdict;
  return h(
    "article",
    { class: "verdict" },
    h("h3", {}, guidePageLink(verdict.guide.url, verdict.guide.title)),
    byline(verdict.guide),
    h(
      "dl",
      {},
      row("System", `${verdict.system.label} (${verdict.system.kind})`),
      row("Level", h("strong", { class: "level" }, level.label), `, place ${level.place} of ${level.of}`),
      verdict.rank === null ? null : row("Rank", String(verdict.rank)),
      verdict.value === null ? null : row("Value", `${verdict.value.name} ${verdict.value.value}`),
      verdict.equivalent_to === null
        ? null
        : row("Same pattern as", ...verdict.equivalent_to.flatMap((seed, index) => [index > 0 ? ", " : "", h("a", { href: seedSearch(defIndex, paintIndex, seed), "data-nav": true }, `seed ${seed}`)])),
      row("Evidence", verdict.evidence),
    ),
    h("blockquote", { class: "quote" }, verdict.quote),
  );
}

function notListed(answer: SeedResponse, menu: ItemMenu): HTMLElement | null {
  if (answer.not_listed.length === 0) return null;
  const guides = new Map(menu.guides.map((guide) => [guide.platform_id, guide]));
  return h(
    "section",
    { class: "not-listed" },
    h("h2", {}, "Not listed by"),
    h(
      "ul",
      {},
      answer.not_listed.map(({ platform_id, system }) => {
        const guide = guides.get(platform_id);
        const label = guide?.systems.find((candidate) => candidate.id === system)?.label ?? system;
        return h(
          "li",
          {},
          h("strong", {}, label),
          " in ",
          guide ? guidePageLink(guide.url, guide.title) : platform_id,
          guide ? ` by ${listText(guide.authors)}` : null,
        );
      }),
    ),
  );
}
