// The explorer page at {api_root}/: reads its state from the URL, asks the API through the typed
// client, and renders one view. Links inside the page change the URL with history.pushState, so
// every view is shareable and back and forward walk through them.

import { apiRootOf, explorerClient, type Waiting } from "./api.ts";
import { guideView } from "./guide-view.ts";
import { homeView } from "./home-view.ts";
import { itemView } from "./item-view.ts";
import { searchView } from "./search-view.ts";
import { seedView } from "./seed-view.ts";
import { errorState, invalidParameterState, loadingState, waitingState, type Subject } from "./states.ts";
import { querySearch, stateOf, type ViewState } from "./url-state.ts";
import type { View, ViewContext } from "./view-context.ts";

const SITE_TITLE = "Pattern-Seed Guides Explorer";
const view = document.getElementById("view") as HTMLElement;
const searchBox = document.getElementById("q") as HTMLInputElement;
const versionText = document.querySelector("[data-version]") as HTMLElement;

let running: AbortController | null = null;

const api = explorerClient(apiRootOf(location), (waiting: Waiting) => {
  if (running !== null && !running.signal.aborted) show(waitingState(waiting));
});

function show(content: Node): void {
  view.replaceChildren(content);
  view.setAttribute("aria-busy", "false");
}

function subjectOf(state: ViewState): Subject {
  return state.view === "invalid" ? state.parameter : state.view;
}

async function viewOf(state: ViewState, context: ViewContext): Promise<View | null> {
  switch (state.view) {
    case "home":
      return homeView(context);
    case "search":
      return searchView(context, state.query);
    case "item":
      return itemView(context, state.defIndex, state.paintIndex);
    case "seed":
      return seedView(context, state.defIndex, state.paintIndex, state.seed);
    case "guide":
      return guideView(context, state.platformId);
    case "invalid":
      return { title: "Not valid", content: invalidParameterState(state.parameter, state.value) };
  }
}

/** Renders what the URL says; `focus` moves focus to the new view's heading (after an in-page move). */
async function render(focus: boolean): Promise<void> {
  running?.abort();
  const controller = new AbortController();
  running = controller;
  const state = stateOf(location.search);
  searchBox.value = state.view === "search" ? state.query : "";
  view.setAttribute("aria-busy", "true");
  view.replaceChildren(loadingState());
  let replaced = false;
  const context: ViewContext = {
    api,
    signal: controller.signal,
    showVersion: (datasetVersion) => {
      if (datasetVersion !== "") versionText.textContent = datasetVersion;
    },
    replace: (search) => {
      history.replaceState(null, "", search);
      replaced = true;
    },
  };
  try {
    const shown = await viewOf(state, context);
    if (controller.signal.aborted) return;
    if (shown === null) {
      if (replaced) return render(focus);
      return;
    }
    document.title = shown.title === SITE_TITLE ? SITE_TITLE : `${shown.title} · ${SITE_TITLE}`;
    show(shown.content);
  } catch (error) {
    if (controller.signal.aborted) return;
    document.title = `Error · ${SITE_TITLE}`;
    show(errorState(error, subjectOf(state), () => void render(true)));
  }
  if (focus) view.querySelector<HTMLElement>("h1")?.focus();
}

function navigate(search: string): void {
  const target = search === "" ? location.pathname : search;
  if (target === location.search) return void render(true);
  history.pushState(null, "", target);
  void render(true);
}

document.addEventListener("click", (event) => {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const link = (event.target as Element).closest?.("a[data-nav]") as HTMLAnchorElement | null;
  if (link === null || link.origin !== location.origin || link.pathname !== location.pathname) return;
  event.preventDefault();
  navigate(link.search);
});

document.addEventListener("explorer:navigate", (event) => navigate((event as CustomEvent<string>).detail));

searchBox.form?.addEventListener("submit", (event) => {
  event.preventDefault();
  const text = searchBox.value;
  if (text.trim() !== "") navigate(querySearch(text));
});

window.addEventListener("popstate", () => void render(false));

void render(false);
