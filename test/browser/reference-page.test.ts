// The reference page as a person sees it, in headless Chromium, served by the local server: it
// shows the getting-started and the endpoints, and nothing it does reaches another origin.

import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "../../tools/browser/chromium.ts";
import { writeDistFixture, type DistFixture } from "../support/dist-fixture.ts";
import { startServer, type RunningServer } from "../support/edge-server.ts";

let fixture: DistFixture;
let server: RunningServer;
let browser: Browser;
let page: Page;
const requested: string[] = [];
const offOrigin: string[] = [];
/** What the browser refused under the page's Content-Security-Policy: the page tried something it must not. */
const refused: string[] = [];

beforeAll(async () => {
  fixture = await writeDistFixture(undefined, { datasetVersion: "page-v1" });
  server = await startServer({ distDir: fixture.dir, rateLimit: false, burstLimit: false });
  browser = await launchChromium();
  const context = await browser.newContext();
  const origin = new URL(server.url).origin;
  // Every request the page makes is recorded; one to another origin is refused before it leaves.
  await context.route("**/*", (route) => {
    const url = route.request().url();
    requested.push(url);
    if (new URL(url).origin === origin) return route.continue();
    offOrigin.push(url);
    return route.abort();
  });
  context.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith("blob:") && !url.startsWith("data:") && new URL(url).origin !== origin) offOrigin.push(url);
  });
  page = await context.newPage();
  page.on("console", (message) => {
    if (message.text().includes("Content Security Policy")) refused.push(message.text());
  });
  await page.goto(`${server.url}/docs/`, { waitUntil: "load" });
  await page.getByRole("heading", { name: "Getting started" }).waitFor({ timeout: 30_000 });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await fixture?.remove();
});

describe("the reference page in a browser", () => {
  it("shows the API's title and version, and the getting-started steps", async () => {
    await expect(page.title()).resolves.toBe("Pattern-Seed Guides API 1.0.0: reference");
    await expect(page.getByRole("heading", { name: /Pattern-Seed Guides API \(1\.0\.0\)/ }).isVisible()).resolves.toBe(true);
    for (const step of ["Resolve a market hash name", "Show the author and the link", "Revalidate with the ETag."]) {
      await expect(page.getByText(step, { exact: true }).first().isVisible(), step).resolves.toBe(true);
    }
  });

  it("lists the endpoints in its menu, and opening one shows its description", async () => {
    await page.getByRole("menuitem", { name: "items" }).first().click();
    const seedEntry = page.getByRole("menuitem", { name: /Every guide's verdict on one seed/ }).first();
    await seedEntry.click();
    await expect(page.getByRole("heading", { name: "Every guide's verdict on one seed" }).first().isVisible()).resolves.toBe(true);
    await expect(page.getByText("/v1/items/{def_index}/{paint_index}/seeds/{seed}").first().count()).resolves.toBe(1);
  });

  it("made requests only to its own origin (no CDN, no font, no telemetry)", () => {
    expect(requested.length).toBeGreaterThan(0);
    expect(offOrigin).toEqual([]);
    expect(refused).toEqual([]);
  });
});
