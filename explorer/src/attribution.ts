// Wherever a grading is shown, its guide's authors and link are shown with it (attribution:
// docs/README.md, "What the API says, and what it never says"). And where the data is example data,
// the page says so.

import { h, listText, type Child } from "./dom.ts";
import { isExampleGuideUrl } from "./example-data.ts";
import { isWebPageUrl } from "./guide-url.ts";
import { guideSearch } from "./url-state.ts";

export interface GuideAttribution {
  platform_id: string;
  title: string;
  authors: readonly string[];
  url: string;
  permission: string;
  updated: string;
}

export function byline(guide: GuideAttribution): HTMLElement {
  return h(
    "p",
    { class: "byline" },
    `by ${listText(guide.authors)}`,
    " · ",
    guidePageLink(guide.url, "guide page"),
    " · ",
    h("a", { href: guideSearch(guide.platform_id), "data-nav": true }, "all its grades"),
    isExampleGuideUrl(guide.url) ? [" ", exampleBadge()] : null,
  );
}

/** A link to a guide's page when its address is a web page; its content as plain text otherwise (guide-url.ts). */
export function guidePageLink(url: string, ...content: Child[]): HTMLElement {
  return isWebPageUrl(url) ? h("a", { href: url, rel: "noopener noreferrer" }, ...content) : h("span", { class: "unlinked" }, ...content);
}

export function exampleBadge(): HTMLElement {
  return h("span", { class: "badge example" }, "example data");
}

/** A notice at the top of a view when any guide it shows is example data; null when none is. */
export function exampleNotice(guides: readonly { url: string }[]): HTMLElement | null {
  const examples = guides.filter((guide) => isExampleGuideUrl(guide.url)).length;
  if (examples === 0) return null;
  const which = examples === guides.length ? (guides.length === 1 ? "The guide shown here is" : "Every guide shown here is") : `${examples} of the ${guides.length} guides shown here are`;
  return h(
    "p",
    { class: "notice example-notice", role: "note" },
    h("strong", {}, "Example data. "),
    `${which} example data written for this API's repository (its page is on a domain reserved for examples), not a real community guide.`,
  );
}
