// The states a view can be in besides showing its data: loading, waiting (a 429's Retry-After, or
// the pause before retrying an unreachable API), and each kind of failure, in words a person can act on.

import { ApiError } from "../../client/src/index.ts";
import type { Waiting } from "./api.ts";
import { h } from "./dom.ts";

export type Subject = "item" | "seed" | "guide" | "search" | "home";

export function loadingState(): HTMLElement {
  return h("p", { class: "state loading", role: "status" }, "Loading…");
}

/** A countdown to the next try; it stops by itself once it is no longer on the page. */
export function waitingState(waiting: Waiting): HTMLElement {
  const seconds = h("span", { class: "seconds" }, String(Math.ceil(waiting.milliseconds / 1000)));
  const section =
    waiting.reason === "rate_limited"
      ? h(
          "section",
          { class: "state waiting", role: "status" },
          h("h1", { tabindex: "-1" }, "Too many requests"),
          h("p", {}, "The API asked the explorer to slow down. Retrying in ", seconds, " s…"),
        )
      : h(
          "section",
          { class: "state waiting", role: "status" },
          h("h1", { tabindex: "-1" }, "The API cannot be reached"),
          h("p", {}, "Trying again in ", seconds, " s…"),
        );
  let left = Math.ceil(waiting.milliseconds / 1000);
  const tick = () => {
    if (!section.isConnected || left <= 1) return;
    left -= 1;
    seconds.textContent = String(left);
    setTimeout(tick, 1000);
  };
  setTimeout(tick, 1000);
  return section;
}

interface Explained {
  title: string;
  text: string;
  retry: boolean;
}

function explain(error: unknown, subject: Subject): Explained {
  if (!(error instanceof ApiError)) {
    return { title: "Something went wrong", text: `The explorer failed: ${error instanceof Error ? error.message : String(error)}.`, retry: true };
  }
  const said = error.message.endsWith(".") ? error.message : `${error.message}.`;
  if (error.status === 404) {
    const what = subject === "guide" ? "No such guide" : subject === "search" ? "No item by that name" : "No such item";
    return { title: `Not found: ${what.toLowerCase()}`, text: `The API says: ${said} Try the search box with a market hash name or a slug.`, retry: false };
  }
  if (error.status === 422 || error.status === 400) {
    const title = subject === "seed" ? "Not a valid seed" : subject === "search" ? "Not a valid search" : "Not a valid request";
    const hint = subject === "seed" ? " Seeds go from 0 to 1000." : subject === "search" ? " A name or slug is at most 200 characters." : "";
    return { title, text: `The API says: ${said}${hint}`, retry: false };
  }
  if (error.status === 429) {
    return { title: "Too many requests", text: "The API asked the explorer to wait longer than it will. Wait a minute, then try again.", retry: true };
  }
  if (error.code === "edge_blocked" || error.status === 0) {
    return { title: "The API cannot be reached", text: "The network failed, or the API is blocking requests for a few seconds. Check your connection, then try again.", retry: true };
  }
  if (error.status === 503) {
    return { title: "The API could not answer", text: `The API says: ${said} It is safe to try again.`, retry: true };
  }
  return { title: "Unexpected answer", text: `${said}`, retry: true };
}

export function errorState(error: unknown, subject: Subject, retry: () => void): HTMLElement {
  const { title, text, retry: canRetry } = explain(error, subject);
  const status = error instanceof ApiError && error.status > 0 ? ` (HTTP ${error.status})` : "";
  return h(
    "section",
    { class: "state failed", role: "alert" },
    h("h1", { tabindex: "-1" }, title),
    h("p", {}, text, status),
    canRetry ? retryButton(retry) : h("p", {}, h("a", { href: "./", "data-nav": true }, "Back to the start")),
  );
}

function retryButton(retry: () => void): HTMLElement {
  const button = h("button", { type: "button" }, "Try again");
  button.addEventListener("click", retry);
  return button;
}

export function invalidParameterState(parameter: "item" | "seed" | "guide", value: string): HTMLElement {
  const expected = {
    item: "an item is written as def_index-paint_index, for example ?item=7-44",
    seed: "a seed is a whole number from 0 to 1000",
    guide: "a guide's platform_id is made of digits",
  }[parameter];
  return h(
    "section",
    { class: "state failed", role: "alert" },
    h("h1", { tabindex: "-1" }, parameter === "seed" ? "Not a valid seed" : `Not a valid ${parameter}`),
    h("p", {}, `The address asks for ${parameter} “${value}”, but ${expected}.`),
    h("p", {}, h("a", { href: "./", "data-nav": true }, "Back to the start")),
  );
}
