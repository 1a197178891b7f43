// What the page shows, as its URL's query: shareable, restored on load, and walked by back and
// forward. `?guide=` wins over `?item=`, which wins over `?q=`.
//   ?q=<text>   ?item=<def>-<paint>   ?item=<def>-<paint>&seed=<n>   ?guide=<platform_id>

export type ViewState =
  | { view: "home" }
  | { view: "search"; query: string }
  | { view: "item"; defIndex: number; paintIndex: number }
  | { view: "seed"; defIndex: number; paintIndex: number; seed: number }
  | { view: "guide"; platformId: string }
  /** A parameter the page cannot even ask the API about (not digits where digits belong). */
  | { view: "invalid"; parameter: "item" | "seed" | "guide"; value: string };

const ITEM = /^(\d{1,9})-(\d{1,9})$/;
// Up to 9 digits go to the API as they are: it answers 422 for a seed outside 0..1000, and the
// page shows that answer rather than judging the number itself.
const SEED = /^\d{1,9}$/;
const PLATFORM_ID = /^\d{1,20}$/;

export function stateOf(search: string): ViewState {
  const params = new URLSearchParams(search);
  const guide = params.get("guide");
  if (guide !== null) return PLATFORM_ID.test(guide) ? { view: "guide", platformId: guide } : { view: "invalid", parameter: "guide", value: guide };
  const item = params.get("item");
  if (item !== null) {
    const match = ITEM.exec(item);
    if (match === null) return { view: "invalid", parameter: "item", value: item };
    const pair = { defIndex: Number(match[1]), paintIndex: Number(match[2]) };
    const seed = params.get("seed");
    if (seed === null) return { view: "item", ...pair };
    return SEED.test(seed) ? { view: "seed", ...pair, seed: Number(seed) } : { view: "invalid", parameter: "seed", value: seed };
  }
  const query = params.get("q");
  if (query !== null && query.trim() !== "") return { view: "search", query };
  return { view: "home" };
}

/** The query string of a state, "" for the home view. */
export function searchOf(state: ViewState): string {
  switch (state.view) {
    case "home":
    case "invalid":
      return "";
    case "search":
      return `?${new URLSearchParams({ q: state.query })}`;
    case "item":
      return itemSearch(state.defIndex, state.paintIndex);
    case "seed":
      return seedSearch(state.defIndex, state.paintIndex, state.seed);
    case "guide":
      return guideSearch(state.platformId);
  }
}

export const itemSearch = (defIndex: number, paintIndex: number) => `?item=${defIndex}-${paintIndex}`;
export const seedSearch = (defIndex: number, paintIndex: number, seed: number) => `?item=${defIndex}-${paintIndex}&seed=${seed}`;
export const guideSearch = (platformId: string) => `?guide=${encodeURIComponent(platformId)}`;
export const querySearch = (query: string) => `?${new URLSearchParams({ q: query })}`;
