// The review pages of `npm run dev` as a maintainer sees them, in headless Chromium (Debian's package,
// driven by playwright-core) against the dev server (tools/dev/server.ts) over a copy of the
// shipped example dataset, built first as `npm run dev` does. Two guides of the copy are then edited into
// drafts under review (a placeholder, a mistyped seed, a hostile title), as a maintainer's save would.
// Every test asserts what is on the screen, that no request left the origin and that the page ran no script
// but the workbench's own (tools/workbench/client.ts, tested in workbench.test.ts).

import { createHash } from "node:crypto";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, type TestContext } from "vitest";
import { createDevServer, type DevServer } from "../../tools/dev/server.ts";
import { PLACEHOLDER } from "../../generator/validate/placeholder.ts";
import { launchChromium } from "../../tools/browser/chromium.ts";
import { temporaryFolders } from "../support/temporary.ts";

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const HOSTILE_TITLE = `<script>window.hostile = 1</script><img src=x onerror="window.hostile = 2"> Draft`;

const folders = temporaryFolders("psg-review-");
let datasetDir: string;
let dev: DevServer;
let url: string;
let browser: Browser;
let context: BrowserContext;
const offOrigin: string[] = [];

function editGuide(platformId: string, edit: (guide: Record<string, any>) => void): void {
  const file = path.join(datasetDir, "guides", `${platformId}.json`);
  const guide = JSON.parse(readFileSync(file, "utf8")) as Record<string, any>;
  edit(guide);
  writeFileSync(file, `${JSON.stringify(guide, null, 2)}\n`);
}

beforeAll(async () => {
  const root = folders.make();
  datasetDir = path.join(root, "dataset");
  cpSync(path.resolve("dataset"), datasetDir, { recursive: true });
  dev = await createDevServer({
    datasetDir,
    distDir: path.join(root, "dist"),
    settings: { rateLimit: false, burstLimit: false, trustProxy: false },
    print: () => {},
    log: () => {},
  });
  await dev.loop.changed();
  url = await dev.edge.listen(0, "127.0.0.1");
  // Saved after the build, as a maintainer's edits are: the build refuses them, the review pages show them.
  // The author took a seed back by striking it through: the page's markup changes, its text does not.
  const capture = path.join(datasetDir, "snapshots", "examples", "900000007.html");
  const struck = readFileSync(capture, "utf8").replace("Honourable mentions: 71,", "Honourable mentions: <s>71</s>,");
  writeFileSync(capture, struck);
  editGuide("900000007", (guide) => {
    guide.snapshot.sha256 = createHash("sha256").update(struck).digest("hex");
    guide.title = HOSTILE_TITLE;
    guide.notes = PLACEHOLDER.notes;
    // 38 mistyped as 83: not written in its quote.
    guide.systems[0].gradings[0].seed = 83;
  });
  editGuide("900000005", (guide) => {
    guide.systems[0].levels[0].ordered = PLACEHOLDER.ordered;
  });
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  context.on("request", (request) => {
    if (new URL(request.url()).origin !== new URL(url).origin) offOrigin.push(request.url());
  });
});
afterAll(async () => {
  await browser?.close();
  await dev?.edge.close();
  folders.removeAll();
});

/** A page of its own, closed when the test ends, which then checks that nothing left the origin and no script ran. */
async function newPage(onTestFinished: TestContext["onTestFinished"], expectedStatuses: number[] = []): Promise<Page> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !expectedStatuses.some((status) => message.text().includes(`status of ${status}`))) errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  onTestFinished(async () => {
    await page.close();
    expect(errors).toEqual([]);
    expect(offOrigin).toEqual([]);
  });
  return page;
}

async function open(page: Page, target: string, status = 200): Promise<void> {
  const response = await page.goto(`${url}${target}`);
  expect(response?.status()).toBe(status);
  expect(response?.headers()["content-security-policy"]).toContain("default-src 'none'");
  // A guide's page is the workbench's: its one script, from this origin; the index and a 404 page run none.
  const workbench = status === 200 && /^\/review\/\d+$/.test(target);
  expect(await page.evaluate(() => [...document.scripts].map((script) => script.getAttribute("src")))).toEqual(workbench ? ["/review/workbench.js"] : []);
}

const background = (page: Page, selector: string) => page.locator(selector).first().evaluate((element) => getComputedStyle(element).backgroundColor);

describe("the review page of a shipped example guide", () => {
  it("marks each grading's quote in its level's colour, named by its level as the legend names it", async ({ onTestFinished }) => {
    const page = await newPage(onTestFinished);
    await open(page, "/review/900000001");
    await expect(page.locator("h1").innerText()).resolves.toContain("Example Guide: AK-47 | Case Hardened Blue Gem Tiers");
    const tag = page.locator(".tag", { hasText: /^Tier 1: 661$/ });
    await expect(tag.isVisible()).resolves.toBe(true);
    const line = page.locator(".text .line", { has: tag });
    expect((await line.locator("mark.q").allInnerTexts()).join("")).toBe("#1 — 661 (full blue play side and magazine)");
    await expect(line.locator(".num.taken").allInnerTexts()).resolves.toEqual(["1", "661"]);
    const row = page.locator("aside tr.level", { hasText: "Tier 1" }).first();
    await expect(row.locator("td.count").innerText()).resolves.toBe("8");
    await expect(row.locator("td.seeds").innerText()).resolves.toContain("661");
    // One colour for the level: its swatch in the legend, its tag and its marked quote.
    const swatch = await row.locator(".swatch").evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await tag.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(swatch);
    expect(await line.locator("mark.q").first().evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(swatch);
    const tier2 = await page.locator('aside tr.level[data-key="t2"]').locator(".swatch").evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(tier2).not.toBe(swatch);
  });

  it("marks every number no grading takes where it is written, and lists each with its line", async ({ onTestFinished }) => {
    const page = await newPage(onTestFinished);
    await open(page, "/review/900000001");
    const marked = page.locator(".text .num.unassigned");
    await expect(marked.count()).resolves.toBe(8);
    await expect(page.locator("#unassigned-title").innerText()).resolves.toBe("Numbers no grading takes (8)");
    // The scale's definition names two levels in a sentence: not where their labels stand.
    await expect(page.locator("#unassigned li").first().innerText()).resolves.toBe("line 32: 1");
    await expect(page.locator("#l-44 .num.unassigned").innerText()).resolves.toBe("30");
    expect(await background(page, ".text .num.unassigned")).not.toBe(await background(page, ".text .num.taken"));
    await expect(page.locator("#problems-title").innerText()).resolves.toBe("Check problems (0)");
    await expect(page.locator("#placeholders-title").innerText()).resolves.toBe("DRAFT-TODO placeholders (0)");
  });

  it("has no serious accessibility violation", async ({ onTestFinished }) => {
    const page = await newPage(onTestFinished);
    await open(page, "/review/900000001");
    await page.evaluate(AXE_SOURCE);
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
      return (await axe.run(document)).violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes.slice(0, 3).map((node) => node.target))}`);
    });
    expect(violations).toEqual([]);
  });
});

describe("the review page of a draft under review", () => {
  it("shows a check problem at the quote it is about, and the seed it should take as not taken", async ({ onTestFinished }) => {
    const page = await newPage(onTestFinished);
    await open(page, "/review/900000007");
    const line = page.locator(".text .line", { hasText: "38, 213, 215" });
    const note = line.locator(".note.problem");
    await expect(note.innerText()).resolves.toContain("$.systems[0].gradings[0].seed");
    await expect(note.isVisible()).resolves.toBe(true);
    await expect(line.locator(".num.unassigned").allInnerTexts()).resolves.toEqual(["38"]);
    await expect(page.locator("aside tr.level", { hasText: "Tier 1" }).first().locator("td.seeds").innerText()).resolves.toMatch(/^83, 213/);
    // The same problem in the list at the top links to its quote.
    const listed = page.locator("#problems li", { hasText: "$.systems[0].gradings[0].seed" });
    await listed.locator("a").click();
    expect(new URL(page.url()).hash).toMatch(/^#q-\d+$/);
  });

  it("shows a seed the author struck through struck, named where it begins", async ({ onTestFinished }) => {
    const page = await newPage(onTestFinished);
    await open(page, "/review/900000007");
    const line = page.locator(".text .line", { hasText: "Honourable mentions" });
    const seed = line.locator("s", { hasText: /^71$/ });
    await expect(seed.isVisible()).resolves.toBe(true);
    expect(await seed.evaluate((element) => getComputedStyle(element).textDecorationLine)).toBe("line-through");
    await expect(line.locator(".tag.mark-struck").innerText()).resolves.toBe("struck");
    // Only the struck seed: the rest of the line reads as written.
    await expect(line.locator("s").allInnerTexts()).resolves.toEqual(["71"]);
    const unstruck = line.locator(".lt span[data-o]", { hasText: /^, 260, 502/ }).first();
    expect(await unstruck.evaluate((element) => getComputedStyle(element).textDecorationLine)).toBe("none");
  });

  it("lists a placeholder with no place in the text at the top, and shows one of a level beside it", async ({ onTestFinished }) => {
    const page = await newPage(onTestFinished);
    await open(page, "/review/900000007");
    await expect(page.locator("#placeholders li").allInnerTexts()).resolves.toEqual([expect.stringContaining("$.notes")]);
    await open(page, "/review/900000005");
    const row = page.locator("aside tr.level", { hasText: "Max Pink" });
    await expect(row.locator(".note.placeholder").innerText()).resolves.toContain("DRAFT-TODO $.systems[0].levels[0].ordered");
  });

  it("shows a hostile title as text and runs none of it", async ({ onTestFinished }) => {
    const page = await newPage(onTestFinished);
    await open(page, "/review/900000007");
    await expect(page.locator("h1").innerText()).resolves.toContain(HOSTILE_TITLE);
    expect(await page.evaluate(() => (window as unknown as { hostile?: number }).hostile)).toBeUndefined();
    await expect(page.locator("body img").count()).resolves.toBe(0);
  });

  it("shows a save at the next request", async ({ onTestFinished }) => {
    const page = await newPage(onTestFinished);
    editGuide("900000008", (guide) => (guide.title = "Example Guide: retitled while reviewing"));
    await open(page, "/review/900000008");
    await expect(page.locator("h1").innerText()).resolves.toContain("Example Guide: retitled while reviewing");
    await open(page, "/review/");
    await expect(page.locator("tr", { hasText: "900000008" }).innerText()).resolves.toContain("retitled while reviewing");
    await expect(page.locator("tr", { hasText: "900000007" }).locator("td").nth(3).innerText()).resolves.toBe("1");
  });
});

describe("the review index and a missing guide", () => {
  it("lists every guide with a link to its page", async ({ onTestFinished }) => {
    const page = await newPage(onTestFinished);
    await open(page, "/review/");
    await expect(page.locator("table.index tbody tr").count()).resolves.toBe(8);
    await page.locator("a", { hasText: "900000003" }).click();
    await expect(page.locator("h1").innerText()).resolves.toContain("Karambit | Case Hardened Pattern Groups");
  });

  it("answers a platform_id the dataset does not have with a clear 404 page", async ({ onTestFinished }) => {
    const page = await newPage(onTestFinished, [404]);
    await open(page, "/review/123456", 404);
    await expect(page.locator("h1").innerText()).resolves.toBe("No guide 123456");
    await expect(page.locator("body").innerText()).resolves.toContain("guides/123456.json");
    await open(page, "/review/..%2F..%2Fpackage", 404);
    await expect(page.locator("h1").innerText()).resolves.toBe("No guide ../../package");
  });
});
