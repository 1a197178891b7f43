// The explorer as a person uses it, in headless Chromium (Debian's package, driven by playwright-core)
// against the local server: the shipped example guides and the items they cover, built by the real
// generator (seed files for a few seeds only). Every test asserts what is on the screen, that no
// request left the origin and that the browser reported no error.

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, type TestContext } from "vitest";
import { isExampleGuideUrl } from "../../explorer/src/example-data.ts";
import type { Dataset } from "../../generator/dataset.ts";
import { loadDataset } from "../../generator/validate/index.ts";
import { launchChromium } from "../../tools/browser/chromium.ts";
import { writeDistFixture, type DistFixture } from "../support/dist-fixture.ts";
import { startServer, type RunningServer } from "../support/edge-server.ts";

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const VERSION = "explorer-v1";
/** Seeds whose files the build holds; a seed outside them is a 404 here, which no test asks for. */
const SEEDS = [0, 1, 151, 422, 555, 661, 1000];
/** A real item that no example guide covers. */
const UNCOVERED = "awp-fade";

let fixture: DistFixture;
let server: RunningServer;
let browser: Browser;
let sharedContext: BrowserContext;
let origin: string;
const offOrigin: string[] = [];
/** Console errors and uncaught exceptions, per page; each test checks its own page's. */
const problems = new Map<Page, string[]>();

/**
 * The shipped example guides and the items they cover (plus one they do not): what the explorer
 * shows. Real guides are left out, so that adding one changes nothing this file asserts.
 */
async function shippedExamples(): Promise<Dataset> {
  const loaded = await loadDataset(path.resolve("dataset"));
  if (!loaded.ok) throw new Error(`the shipped dataset does not check: ${JSON.stringify(loaded.problems.slice(0, 3))}`);
  const guides = loaded.value.guides.filter((guide) => isExampleGuideUrl(guide.url));
  const covered = new Set(guides.flatMap((guide) => guide.systems.map((system) => system.item)));
  covered.add(UNCOVERED);
  return { items: loaded.value.items.filter((item) => covered.has(item.slug)), guides };
}

beforeAll(async () => {
  fixture = await writeDistFixture(undefined, { datasetVersion: VERSION, dataset: await shippedExamples() });
  server = await startServer({ distDir: fixture.dir, rateLimit: false, burstLimit: false });
  origin = new URL(server.url).origin;
  browser = await launchChromium();
  sharedContext = await watchedContext();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await fixture?.remove();
});

/**
 * A browser context whose requests to another origin are recorded (Chromium is started with a proxy
 * that does not exist, tools/browser/chromium.ts, so they also fail before leaving the machine).
 * Listened to rather than intercepted: routing every request through the test's process cost about
 * 2.5 s of the 21.6 s of CPU this file took, browser included.
 */
async function watchedContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1024, height: 800 } });
  context.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith("data:") && !url.startsWith("blob:") && new URL(url).origin !== origin) offOrigin.push(url);
  });
  return context;
}

/**
 * A page of its own for one test, closed when the test ends (so no finished page keeps a renderer
 * busy), which then checks that no request of the run so far left the origin. The tests of a
 * describe block run at the same time: a page load mostly waits on the browser's renderer, and one
 * test after another the file took 24 s alone, 15 s this way. Pages share one browser context,
 * except a page whose clock the test controls: a page's clock is its context's, and a test pausing
 * time would stop the timers of every other page in a shared context. (A context per page cost
 * another 1.5 s of CPU, mostly in the browser's own process.)
 */
async function newPage(onTestFinished: TestContext["onTestFinished"], options: { clock?: boolean } = {}): Promise<Page> {
  const context = options.clock ? await watchedContext() : sharedContext;
  const page = await context.newPage();
  const seen: string[] = [];
  problems.set(page, seen);
  onTestFinished(async () => {
    await (options.clock ? context.close() : page.close());
    problems.delete(page);
    expect(offOrigin).toEqual([]);
  });
  page.on("console", (message) => {
    if (message.type() === "error") seen.push(message.text());
  });
  page.on("pageerror", (error) => seen.push(`uncaught: ${error.message}`));
  if (options.clock) {
    // Paused: the page's timers run only when the test moves the clock, whatever the machine's load.
    // (Installed time runs until paused; pausing a minute later cannot land in its past.)
    const start = Date.parse("2026-01-01T00:00:00Z");
    await page.clock.install({ time: start });
    await page.clock.pauseAt(start + 60_000);
  }
  return page;
}

/** Console errors other than the failed loads a test expects (an error status is logged by the browser). */
function consoleErrors(page: Page, expectedStatuses: number[] = []): string[] {
  return (problems.get(page) ?? []).filter((text) => !expectedStatuses.some((status) => text.includes(`status of ${status}`)));
}

async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getElementById("view")?.getAttribute("aria-busy") === "false");
}

async function open(page: Page, search: string): Promise<void> {
  await page.goto(`${server.url}/${search}`);
  await settled(page);
}

const heading = (page: Page) => page.locator("#view h1").innerText();
const texts = (page: Page, selector: string) => page.locator(selector).allInnerTexts();
const search = (page: Page) => new URL(page.url()).search;

/** Another view in the same document, as the page's own links and back and forward change it. */
async function visit(page: Page, search: string): Promise<void> {
  await page.evaluate((target) => {
    history.pushState(null, "", target);
    dispatchEvent(new PopStateEvent("popstate"));
  }, search);
  await settled(page);
}

async function seriousViolations(page: Page): Promise<string[]> {
  // Once per document: axe stays loaded across the views a document renders in place, and loading
  // it (half a megabyte of script to compile) costs the browser more CPU than running it.
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const { violations } = await axe.run(document);
    return violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.impact} ${violation.id}: ${violation.nodes.slice(0, 3).map((node) => node.target.join(" ")).join(", ")}`);
  });
}

describe.concurrent("the explorer page", () => {
  it("opens at the API root with a title, a language, a labelled search box and the dataset version", async ({ expect, onTestFinished }) => {
    const page = await newPage(onTestFinished);
    await open(page, "");
    await expect(page.title()).resolves.toBe("Pattern-Seed Guides Explorer");
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("en");
    await expect(page.getByLabel("Find an item").count()).resolves.toBe(1);
    await expect(page.locator("[data-version]").innerText()).resolves.toBe(VERSION);
    await expect(page.locator("#view").innerText()).resolves.toContain("8 guides");
    expect(consoleErrors(page)).toEqual([]);
  });

  it("has no serious accessibility violation in any view: home, paint picker, item, seed, guide, an uncovered item, 404 and 422", async ({ expect, onTestFinished }) => {
    const page = await newPage(onTestFinished);
    await open(page, "");
    expect(await seriousViolations(page), "home").toEqual([]);
    const views: [search: string, heading: RegExp][] = [
      [`?q=${encodeURIComponent("★ StatTrak™ Karambit | Doppler (Factory New)")}`, /^Results for/],
      ["?item=507-419", /^Karambit \| Doppler \(Phase 2\)$/],
      ["?item=7-44&seed=661", /^Seed 661 of AK-47 \| Case Hardened$/],
      ["?guide=900000001", /^Example Guide: AK-47 \| Case Hardened Blue Gem Tiers$/],
      [`?q=${UNCOVERED}`, /^AWP \| Fade$/],
      ["?item=1-1", /^Not found: no such item$/],
      ["?item=7-44&seed=1001", /^Not a valid seed$/],
    ];
    for (const [target, name] of views) {
      await visit(page, target);
      await expect(heading(page), target).resolves.toMatch(name);
      expect(await seriousViolations(page), target).toEqual([]);
    }
    expect(consoleErrors(page, [404, 422])).toEqual([]);
  });

  it("finds a Doppler by its market hash name, picks Phase 2 by paint_label, and shows its guides and seed map", async ({ expect, onTestFinished }) => {
    const page = await newPage(onTestFinished);
    await open(page, "");
    await page.getByLabel("Find an item").fill("★ StatTrak™ Karambit | Doppler (Factory New)");
    await page.getByLabel("Find an item").press("Enter");
    await page.getByRole("navigation", { name: /pick the paint/ }).waitFor();
    expect(new URLSearchParams(search(page)).get("q")).toBe("★ StatTrak™ Karambit | Doppler (Factory New)");
    expect(await texts(page, ".picker a")).toEqual(["Ruby", "Sapphire", "Black Pearl", "Phase 1", "Phase 2", "Phase 3", "Phase 4"]);

    await page.getByRole("link", { name: "Phase 2", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Karambit | Doppler (Phase 2)" }).waitFor();
    expect(search(page)).toBe("?item=507-419");
    const guide = page.locator(".guide-card");
    await expect(guide.locator("h3").innerText()).resolves.toBe("Example Guide: Karambit | Doppler Phase 2 Pink and Phase 4 Blue");
    await expect(guide.locator("h3 a").getAttribute("href")).resolves.toBe("https://example.com/guides/900000005");
    await expect(guide.locator(".byline").innerText()).resolves.toContain("by Example Author F");
    // The menu lists the system covering this phase only (Phase 4 Blue covers paint 421).
    expect(await texts(page, ".guide-card tbody tr")).toEqual(["Phase 2 Pink\tsublevel\t4\t147"]);
    await expect(page.locator(".example-notice").innerText()).resolves.toContain("Example data.");

    const maps = page.locator(".seed-map");
    await expect(maps.count()).resolves.toBe(1);
    await expect(maps.locator("a.cell").count()).resolves.toBe(1001);
    expect(await texts(page, ".system-map .legend li")).toEqual(["Max Pink", "High Pink", "Pink", "Some Pink", "not listed"]);
    await expect(page.locator(".system-map .quiet").last().innerText()).resolves.toBe("sublevel scale, 4 levels; 147 of 1001 seeds listed.");

    const cell = maps.locator('a.cell[data-seed="422"]');
    await cell.hover();
    await expect(page.locator(".readout").innerText()).resolves.toBe("Seed 422: Max Pink (1 of 4)");
    await cell.click();
    await page.getByRole("heading", { level: 1, name: /^Seed 422/ }).waitFor();
    expect(search(page)).toBe("?item=507-419&seed=422");
    await expect(page.locator(".verdict blockquote").innerText()).resolves.toBe("Max Pink: 422, 395, 876, 724, 531, 366, 101, 503, 872, 41, 522, 185");
    expect(consoleErrors(page)).toEqual([]);
  });

  it("back and forward walk through the search, the item and the seed", async ({ expect, onTestFinished }) => {
    const page = await newPage(onTestFinished);
    await open(page, `?q=${encodeURIComponent("karambit-doppler")}`);
    await page.getByRole("link", { name: "Phase 2", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Karambit | Doppler (Phase 2)" }).waitFor();
    await page.locator('a.cell[data-seed="422"]').click();
    await page.getByRole("heading", { level: 1, name: /^Seed 422/ }).waitFor();

    await page.goBack();
    await page.getByRole("heading", { level: 1, name: "Karambit | Doppler (Phase 2)" }).waitFor();
    expect(search(page)).toBe("?item=507-419");
    await page.goBack();
    await page.getByRole("heading", { level: 1, name: "Results for “karambit-doppler”" }).waitFor();
    await expect(page.getByLabel("Find an item").inputValue()).resolves.toBe("karambit-doppler");
    await page.goForward();
    await page.getByRole("heading", { level: 1, name: "Karambit | Doppler (Phase 2)" }).waitFor();
    await page.goForward();
    await page.getByRole("heading", { level: 1, name: /^Seed 422/ }).waitFor();
    expect(consoleErrors(page)).toEqual([]);
  });

  it("a deep link to a seed shows every guide's verdict side by side, each with its own scale, quote, authors and link", async ({ expect, onTestFinished }) => {
    const page = await newPage(onTestFinished);
    await open(page, "?item=7-44&seed=661");
    await expect(heading(page)).resolves.toBe("Seed 661 of AK-47 | Case Hardened");
    await expect(page.title()).resolves.toBe("Seed 661 · AK-47 | Case Hardened · Pattern-Seed Guides Explorer");
    const cards = page.locator(".verdict");
    await expect(cards.count()).resolves.toBe(2);
    expect(await cards.locator("h3").allInnerTexts()).toEqual(["Example Guide: AK-47 | Case Hardened Blue Gem Tiers", "Example Guide: Top 30 AK-47 | Case Hardened Seeds, Ranked"]);
    expect(await cards.locator("h3 a").evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual([
      "https://example.com/guides/900000001",
      "https://example.com/guides/900000002",
    ]);
    expect(await cards.locator(".byline").allInnerTexts()).toEqual([
      expect.stringContaining("by Example Author A"),
      expect.stringContaining("by Example Author B and Example Author C"),
    ]);
    const first = await cards.nth(0).locator("dl").innerText();
    expect(first).toContain("Blue Gem Tiers (tier)");
    expect(first).toContain("Tier 1, place 1 of 5");
    expect(first).toMatch(/Rank\s+1/);
    const second = await cards.nth(1).locator("dl").innerText();
    expect(second).toContain("Top 30 (rank)");
    expect(second).toContain("P4, place 4 of 30");
    expect(await cards.locator("blockquote").allInnerTexts()).toEqual(["#1 — 661 (full blue play side and magazine)", "P4 — 661 (the famous one, but the back lets it down)"]);
    await expect(page.locator(".not-listed").count()).resolves.toBe(0);
    await expect(page.locator(".example-notice").innerText()).resolves.toContain("Every guide shown here is example data");
    await expect(page.locator("[data-version]").innerText()).resolves.toBe(VERSION);
    expect(consoleErrors(page)).toEqual([]);
  });

  it("a seed listed twice in one guide shows both verdicts, and a covering system without one is 'not listed by'", async ({ expect, onTestFinished }) => {
    const page = await newPage(onTestFinished);
    await open(page, "?item=7-44&seed=555");
    const cards = page.locator(".verdict");
    expect(await cards.locator("h3").allInnerTexts()).toEqual(["Example Guide: AK-47 | Case Hardened Blue Gem Tiers", "Example Guide: AK-47 | Case Hardened Blue Gem Tiers"]);
    expect(await cards.locator(".level").allInnerTexts()).toEqual(["Tier 3", "Tier 4"]);
    await expect(page.locator(".not-listed li").allInnerTexts()).resolves.toEqual([
      "Top 30 in Example Guide: Top 30 AK-47 | Case Hardened Seeds, Ranked by Example Author B and Example Author C",
    ]);
    expect(consoleErrors(page)).toEqual([]);
  });

  it("a deep link to a guide shows its attribution first, its levels with their seeds, and its discrepancies", async ({ expect, onTestFinished }) => {
    const page = await newPage(onTestFinished);
    await open(page, "?guide=900000001");
    await expect(heading(page)).resolves.toBe("Example Guide: AK-47 | Case Hardened Blue Gem Tiers");
    const attribution = await page.locator(".attribution").innerText();
    expect(attribution).toContain("Example Author A");
    await expect(page.locator(".attribution a").getAttribute("href")).resolves.toBe("https://example.com/guides/900000001");
    expect(await texts(page, ".level-block h3")).toEqual(["Tier 1 · place 1 of 5", "Tier 2 · place 2 of 5", "Tier 3 · place 3 of 5", "Tier 4 · place 4 of 5", "Tier 5 · place 5 of 5"]);
    // The system covers one item, so its seeds open the seed view.
    await expect(page.locator(".level-block").first().locator("a", { hasText: /^661$/ }).getAttribute("href")).resolves.toBe("?item=7-44&seed=661");
    const discrepancies = await page.locator(".guide-section", { has: page.getByRole("heading", { name: "Discrepancies" }) }).innerText();
    expect(discrepancies).toContain("duplicate seed · seed 555");
    await expect(page.locator(".example-notice").innerText()).resolves.toContain("The guide shown here is example data");
    expect(consoleErrors(page)).toEqual([]);
  });

  it("an item's menu counts grades, and its seed map says how many seeds they are when a seed is listed twice", async ({ expect, onTestFinished }) => {
    const page = await newPage(onTestFinished);
    await open(page, "?item=7-44");
    expect(await texts(page, ".guide-card thead th")).toEqual(["System", "Kind", "Levels", "Grades", "System", "Kind", "Levels", "Grades"]);
    // The tiers list seed 555 twice (a duplicate_seed discrepancy): 194 grades of 193 seeds.
    expect(await texts(page, ".guide-card tbody tr")).toEqual(["Blue Gem Tiers\ttier\t5\t194", "Top 30\trank\t30\t30"]);
    expect(await texts(page, ".system-map > p.quiet")).toEqual([
      "tier scale, 5 levels; 193 of 1001 seeds listed; 194 grades, as 1 seed is listed more than once.",
      "rank scale, 30 levels; 30 of 1001 seeds listed.",
    ]);
    expect(consoleErrors(page)).toEqual([]);
  });

  it("a slug or a def/paint pair with one answer opens the item directly", async ({ expect, onTestFinished }) => {
    const page = await newPage(onTestFinished);
    await open(page, "?q=ak-47-case-hardened");
    await expect(heading(page)).resolves.toBe("AK-47 | Case Hardened");
    expect(search(page)).toBe("?item=7-44");
    await expect(page.locator(".seed-map").count()).resolves.toBe(2);
    await open(page, `?q=${encodeURIComponent("7/44")}`);
    expect(search(page)).toBe("?item=7-44");
    expect(consoleErrors(page)).toEqual([]);
  });

  it("a known item no guide covers says so", async ({ expect, onTestFinished }) => {
    const page = await newPage(onTestFinished);
    await open(page, "?q=awp-fade");
    await expect(heading(page)).resolves.toBe("AWP | Fade");
    await expect(page.locator("#view").innerText()).resolves.toContain("No guide covers this item yet.");
    await expect(page.locator(".seed-map").count()).resolves.toBe(0);
    await expect(page.locator(".example-notice").count()).resolves.toBe(0);
    expect(consoleErrors(page)).toEqual([]);
  });

  it("the seed map is one tab stop: arrow keys move through the seeds, focus tells the level, Enter opens the seed", async ({ expect, onTestFinished }) => {
    const page = await newPage(onTestFinished);
    await open(page, "?item=7-44");
    const map = page.locator(".seed-map").first();
    await map.locator('a.cell[data-seed="0"]').focus();
    await expect(page.locator(".readout").first().innerText()).resolves.toBe("Seed 0: Tier 3 (3 of 5)");
    await page.keyboard.press("ArrowRight");
    await expect(page.evaluate(() => document.activeElement?.getAttribute("data-seed"))).resolves.toBe("1");
    await expect(map.locator('a.cell[tabindex="0"]').count()).resolves.toBe(1);
    await expect(page.locator(".readout").first().innerText()).resolves.toBe("Seed 1: not listed");
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: /^Seed 1 / }).waitFor();
    await expect(page.locator("#view").innerText()).resolves.toContain("No guide lists seed 1 of this item.");
    // Focus follows the navigation to the new view's heading.
    await expect(page.evaluate(() => document.activeElement?.tagName)).resolves.toBe("H1");
    expect(consoleErrors(page)).toEqual([]);
  });

  it("fits a phone-width screen without sideways scrolling", async ({ expect, onTestFinished }) => {
    const page = await newPage(onTestFinished);
    await page.setViewportSize({ width: 360, height: 740 });
    for (const target of ["?item=7-44", "?item=7-44&seed=661", "?guide=900000003"]) {
      await open(page, target);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, target).toBeLessThanOrEqual(0);
    }
    expect(consoleErrors(page)).toEqual([]);
  });
});

describe.concurrent("the explorer's states", () => {
  it("a guide address that is not a web page is shown as text, never as a link", async ({ expect, onTestFinished }) => {
    // The API refuses such a guide (dataset/README.md, "url"); the page does not rely on it.
    const page = await newPage(onTestFinished);
    await page.route("**/v1/guides/900000001", async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { url: string } };
      body.data.url = "javascript:document.title='run'";
      await route.fulfill({ response, json: body });
    });
    await open(page, "?guide=900000001");
    await expect(heading(page)).resolves.toBe("Example Guide: AK-47 | Case Hardened Blue Gem Tiers");
    await expect(page.locator(".attribution").innerText()).resolves.toContain("javascript:document.title='run'");
    await expect(page.locator('#view a[href^="javascript:" i]').count()).resolves.toBe(0);
    await expect(page.locator(".attribution a").count()).resolves.toBe(0);
    expect(consoleErrors(page)).toEqual([]);
  });

  it("says it is loading until the answer arrives", async ({ expect, onTestFinished }) => {
    const page = await newPage(onTestFinished);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/v1/guides/900000004", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${server.url}/?guide=900000004`);
    await page.getByRole("status").filter({ hasText: "Loading…" }).waitFor();
    await expect(page.locator("#view").getAttribute("aria-busy")).resolves.toBe("true");
    release();
    await page.getByRole("heading", { level: 1, name: "Example Guide: Karambit | Fade Percentage Bands" }).waitFor();
    await expect(page.locator("#view").getAttribute("aria-busy")).resolves.toBe("false");
    expect(consoleErrors(page)).toEqual([]);
  });

  it("an unknown item or alias is a 404 state in words", async ({ expect, onTestFinished }) => {
    const page = await newPage(onTestFinished);
    await open(page, "?item=1-1");
    await expect(heading(page)).resolves.toBe("Not found: no such item");
    await expect(page.locator("[role=alert]").innerText()).resolves.toContain("no item has def_index 1 and paint_index 1");
    await open(page, `?q=${encodeURIComponent("No Such | Thing (Field-Tested)")}`);
    await expect(heading(page)).resolves.toBe("Not found: no item by that name");
    await open(page, "?guide=123");
    await expect(heading(page)).resolves.toBe("Not found: no such guide");
    expect(consoleErrors(page, [404])).toEqual([]);
  });

  it("a seed outside 0..1000 typed into the item's seed box, or a name too long, is the API's 422 in words", async ({ expect, onTestFinished }) => {
    const page = await newPage(onTestFinished);
    await open(page, "?item=7-44");
    await page.getByLabel("Open a seed (0 to 1000)").fill("1001");
    await page.getByRole("button", { name: "Show verdicts" }).click();
    await page.getByRole("heading", { level: 1, name: "Not a valid seed" }).waitFor();
    expect(search(page)).toBe("?item=7-44&seed=1001");
    await expect(page.locator("[role=alert]").innerText()).resolves.toContain("Seeds go from 0 to 1000.");
    await expect(page.locator("[role=alert]").innerText()).resolves.toContain("HTTP 422");
    await open(page, "?item=7-44&seed=abc");
    await expect(heading(page)).resolves.toBe("Not a valid seed");
    await open(page, `?q=${"x".repeat(201)}`);
    await expect(heading(page)).resolves.toBe("Not a valid search");
    await expect(page.locator("[role=alert]").innerText()).resolves.toContain("at most 200 characters");
    expect(consoleErrors(page, [422])).toEqual([]);
  });

  it("a 429 shows the wait the API asked for, counts it down, then shows the answer", async ({ expect, onTestFinished }) => {
    const page = await newPage(onTestFinished, { clock: true });
    let answered429 = false;
    await page.route("**/v1/items/7/44/seeds/661", async (route) => {
      if (answered429) return route.continue();
      answered429 = true;
      await route.fulfill({
        status: 429,
        headers: { "content-type": "application/json; charset=utf-8", "retry-after": "7", "access-control-allow-origin": "*" },
        body: JSON.stringify({ dataset_version: VERSION, error: { code: "rate_limited", message: "too many requests; retry after 7 s" } }),
      });
    });
    await page.goto(`${server.url}/?item=7-44&seed=661`);
    await page.getByRole("heading", { level: 1, name: "Too many requests" }).waitFor();
    await expect(page.locator(".waiting").innerText()).resolves.toContain("Retrying in 7 s");
    await page.clock.runFor(2000);
    await expect(page.locator(".waiting .seconds").innerText()).resolves.toBe("5");
    await page.clock.runFor(5000);
    await page.getByRole("heading", { level: 1, name: "Seed 661 of AK-47 | Case Hardened" }).waitFor();
    await expect(page.locator(".verdict").count()).resolves.toBe(2);
    expect(consoleErrors(page, [429])).toEqual([]);
  });

  it("a network failure says so while retrying, then offers to try again, which works once the API is back", async ({ expect, onTestFinished }) => {
    const page = await newPage(onTestFinished, { clock: true });
    let down = true;
    await page.route("**/v1/items/7/44", (route) => (down ? route.abort("connectionrefused") : route.continue()));
    await page.goto(`${server.url}/?item=7-44`);
    await page.getByRole("heading", { level: 1, name: "The API cannot be reached" }).waitFor();
    await expect(page.locator(".waiting").innerText()).resolves.toMatch(/Trying again in \d s/);
    // The client's three retries, each after 2 to 6 s. Each retry fails over the (real) network, so the
    // next wait exists only once the page shows a new countdown; when a retry fails while the clock
    // still runs, the next one can fire within the same 6 s, so the page is read rather than the
    // retries counted.
    let moves = 0;
    while ((await page.locator(".failed").count()) === 0) {
      expect(++moves, "more clock moves than the client's three retries need").toBeLessThanOrEqual(3);
      await page.evaluate(() => document.querySelector(".waiting")?.setAttribute("data-seen", ""));
      await page.clock.runFor(6000);
      // A locator, not waitForFunction: that polls on animation frames, which the paused clock holds too.
      await page.locator(".waiting:not([data-seen]), .failed").waitFor();
    }
    await page.getByRole("button", { name: "Try again" }).waitFor();
    await expect(page.locator("[role=alert]").innerText()).resolves.toContain("Check your connection");
    // axe waits on timers of its own.
    await page.clock.resume();
    expect(await seriousViolations(page)).toEqual([]);
    down = false;
    await page.getByRole("button", { name: "Try again" }).click();
    await page.getByRole("heading", { level: 1, name: "AK-47 | Case Hardened" }).waitFor();
    expect(consoleErrors(page).filter((text) => !text.includes("ERR_CONNECTION_REFUSED"))).toEqual([]);
  });
});
