// One system's seed map: 1001 cells, seeds 0..1000, each coloured by its level's place in that
// system (best darkest), with a legend in the author's own level labels. Hovering or focusing a
// cell says the seed's level; a cell is a link that opens that seed. One tab stop for the whole
// map; the arrow keys, Home and End move within it.

import type { PatternEntry, Patterns } from "../../client/src/index.ts";
import { h } from "./dom.ts";
import { shadeOf } from "./shades.ts";
import { seedSearch } from "./url-state.ts";

export const SEED_COUNT = 1001;

type PatternsSystem = Patterns["guides"][string]["systems"][string];

export interface SeedMapInput {
  defIndex: number;
  paintIndex: number;
  guideId: string;
  guideTitle: string;
  systemId: string;
  system: PatternsSystem;
  /** The item's patterns `seeds`. */
  seeds: Patterns["seeds"];
}

/** Every seed's entries in this one system (a seed listed twice has two). */
export function entriesBySeed(input: Pick<SeedMapInput, "guideId" | "systemId" | "seeds">): Map<number, PatternEntry[]> {
  const bySeed = new Map<number, PatternEntry[]>();
  for (const [seed, entries] of Object.entries(input.seeds)) {
    const mine = entries.filter((entry) => entry.guide === input.guideId && entry.system === input.systemId);
    if (mine.length > 0) bySeed.set(Number(seed), mine);
  }
  return bySeed;
}

/**
 * How many seeds a system lists, and how many grades when some seed is listed more than once: the
 * item menu's count is of grades (the API's `seeds`: a seed listed twice counts twice), so a map
 * that said only "193 seeds" beside a menu saying 194 would look wrong.
 */
export function listedText(bySeed: ReadonlyMap<number, readonly unknown[]>): string {
  const seeds = bySeed.size;
  const grades = [...bySeed.values()].reduce((sum, entries) => sum + entries.length, 0);
  const repeated = [...bySeed.values()].filter((entries) => entries.length > 1).length;
  const listed = `${seeds} of ${SEED_COUNT} seeds listed`;
  if (repeated === 0) return `${listed}.`;
  return `${listed}; ${grades} grades, as ${repeated === 1 ? "1 seed is" : `${repeated} seeds are`} listed more than once.`;
}

export function seedMap(input: SeedMapInput): HTMLElement {
  const { system } = input;
  const of = system.levels.length;
  const labelOf = new Map(system.levels.map((level) => [level.key, level.label]));
  const bySeed = entriesBySeed(input);
  const headingId = `map-${input.guideId}-${input.systemId}`;

  const legend = h(
    "ul",
    { class: "legend", "aria-label": `Levels of ${system.label}, best first` },
    system.levels.map((level, index) =>
      h("li", {}, h("span", { class: `swatch shade-${shadeOf(index + 1, of)}`, "aria-hidden": "true" }), level.label),
    ),
    h("li", {}, h("span", { class: "swatch unlisted", "aria-hidden": "true" }), "not listed"),
  );

  const readout = h("p", { class: "readout", "aria-live": "polite" }, "Hover over or focus a seed to see its level; open it to read every guide's verdict.");
  const grid = h("div", { class: "seed-map", role: "group", "aria-labelledby": headingId });
  const fragment = document.createDocumentFragment();
  for (let seed = 0; seed < SEED_COUNT; seed++) {
    const entries = bySeed.get(seed) ?? [];
    const best = entries.reduce<PatternEntry | null>((found, entry) => (found === null || entry.place < found.place ? entry : found), null);
    const description =
      entries.length === 0
        ? `Seed ${seed}: not listed`
        : `Seed ${seed}: ${entries.map((entry) => `${labelOf.get(entry.level) ?? entry.level} (${entry.place} of ${of})`).join(" and ")}`;
    fragment.appendChild(
      h("a", {
        href: seedSearch(input.defIndex, input.paintIndex, seed),
        "data-nav": true,
        class: best === null ? "cell unlisted" : `cell shade-${shadeOf(best.place, of)}`,
        "aria-label": description,
        title: description,
        tabindex: seed === 0 ? "0" : "-1",
        "data-seed": seed,
      }),
    );
  }
  grid.appendChild(fragment);

  const show = (event: Event) => {
    const cell = (event.target as Element).closest?.("a.cell");
    if (cell) readout.textContent = cell.getAttribute("aria-label");
  };
  grid.addEventListener("mouseover", show);
  grid.addEventListener("focusin", show);
  grid.addEventListener("keydown", (event) => moveFocus(grid, event));

  return h(
    "section",
    { class: "system-map" },
    h("h3", { id: headingId }, `${system.label}`, h("span", { class: "quiet" }, ` · ${input.guideTitle}`)),
    h("p", { class: "quiet" }, `${system.kind} scale, ${of} level${of === 1 ? "" : "s"}; ${listedText(bySeed)}`),
    legend,
    grid,
    readout,
  );
}

function moveFocus(grid: HTMLElement, event: KeyboardEvent): void {
  const current = (event.target as Element).closest("a.cell") as HTMLAnchorElement | null;
  if (current === null) return;
  const seed = Number(current.dataset.seed);
  const columns = getComputedStyle(grid).gridTemplateColumns.split(" ").filter(Boolean).length || 1;
  const moves: Record<string, number> = {
    ArrowRight: seed + 1,
    ArrowLeft: seed - 1,
    ArrowDown: seed + columns,
    ArrowUp: seed - columns,
    Home: 0,
    End: SEED_COUNT - 1,
  };
  const target = moves[event.key];
  if (target === undefined) return;
  event.preventDefault();
  const next = grid.children[Math.min(SEED_COUNT - 1, Math.max(0, target))] as HTMLAnchorElement | undefined;
  if (next === undefined) return;
  current.tabIndex = -1;
  next.tabIndex = 0;
  next.focus();
}
