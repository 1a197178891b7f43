// The workbench of `npm run dev` in headless Chromium (Debian's package, driven by playwright-core): the
// dev server (tools/dev/server.ts) over a dataset of the workbench fixtures (test/fixtures/workbench/:
// invented pages, the drafts guide:draft wrote of them and the guides a maintainer makes of those drafts).
// Each fixture's actions are performed on the page as a maintainer performs them (a selection of the text,
// the fields and buttons of the panel and the legend, a click on a number), and the saved file must be the
// expected guide byte for byte, with no problem left for `npm run check`.
//
// An action is one command given to the workbench: an edit, an undo or a save. Selecting text, opening a
// level's "Edit" and typing a label are part of the action they lead to. Each test's name says how many
// actions its draft took, and one test tells how many the pages in fresh layouts (test/fixtures/draft/fresh/)
// took, printing them page by page with the edits that did the work.

import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, type TestContext } from "vitest";
import { launchChromium } from "../../tools/browser/chromium.ts";
import { createDevServer, type DevServer } from "../../tools/dev/server.ts";
import { loadDataset } from "../../generator/validate/index.ts";
import { PLACEHOLDER } from "../../generator/validate/placeholder.ts";
import { WORKBENCH_CASES, type Selection, type WorkbenchAction, type WorkbenchCase } from "../fixtures/workbench/cases.ts";
import { contextOf, expectedTextOf, FIXTURES, numberOn, spanOf, writeCasesDataset } from "../support/workbench-cases.ts";
import { temporaryFolders } from "../support/temporary.ts";

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

const folders = temporaryFolders("psg-workbench-");
let datasetDir: string;
let dev: DevServer;
let url: string;
let browser: Browser;
let context: BrowserContext;
const offOrigin: string[] = [];

beforeAll(async () => {
  const root = folders.make();
  datasetDir = path.join(root, "dataset");
  writeCasesDataset(datasetDir);
  dev = await createDevServer({ datasetDir, distDir: path.join(root, "dist"), settings: { rateLimit: false, burstLimit: false, trustProxy: false }, print: () => {}, log: () => {} });
  url = await dev.edge.listen(0, "127.0.0.1");
  browser = await launchChromium();
  context = await browser.newContext({ viewport: { width: 1400, height: 1000 } });
  context.on("request", (request) => {
    if (new URL(request.url()).origin !== new URL(url).origin) offOrigin.push(request.url());
  });
});
afterAll(async () => {
  await browser?.close();
  await dev?.edge.close();
  folders.removeAll();
});

async function newPage(onTestFinished: TestContext["onTestFinished"]): Promise<Page> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(`uncaught: ${error.message}`));
  onTestFinished(async () => {
    await page.close();
    expect(errors).toEqual([]);
    expect(offOrigin).toEqual([]);
  });
  return page;
}

async function openWorkbench(page: Page, platformId: string): Promise<void> {
  const response = await page.goto(`${url}/review/${platformId}`);
  expect(response?.status()).toBe(200);
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self'");
  await page.locator('#page[data-ready="true"]').waitFor();
}

/** Selects the text from `from` to `to` in the page as a mouse would, through the DOM's selection. */
async function select(page: Page, span: { start: number; end: number }): Promise<void> {
  await page.evaluate(({ start, end }) => {
    const pieces = [...document.querySelectorAll<HTMLElement>(".text [data-o]")];
    const point = (offset: number, side: "start" | "end"): [Node, number] => {
      const piece = pieces.find((candidate) => {
        const at = Number(candidate.dataset.o);
        const length = (candidate.textContent ?? "").length;
        return side === "start" ? at <= offset && offset < at + length : at < offset && offset <= at + length;
      })!;
      let left = offset - Number(piece.dataset.o);
      const walker = document.createTreeWalker(piece, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const length = node.textContent!.length;
        if (left < length || (side === "end" && left === length)) return [node, left];
        left -= length;
      }
      throw new Error(`no text at ${offset}`);
    };
    const range = document.createRange();
    range.setStart(...point(start, "start"));
    range.setEnd(...point(end, "end"));
    document.getSelection()!.removeAllRanges();
    document.getSelection()!.addRange(range);
  }, span);
  await expect.poll(() => page.locator("#wb-span-text").innerText()).toMatch(/^Selected: /);
}

async function openDetails(details: Locator): Promise<void> {
  if ((await details.getAttribute("open")) === null) await details.locator("summary").click();
}

const levelRow = (page: Page, system: string, level: string) => page.locator(`section.system[data-system="${system}"] tr.level[data-key="${level}"]`);
const systemTools = (page: Page, system: string) => page.locator(`section.system[data-system="${system}"] details[data-scope="system"]`);

const button = (scope: Page | Locator, name: string | RegExp) => scope.getByRole("button", { name, exact: typeof name === "string" });

type LevelAction = Extract<WorkbenchAction, { do: "rename-level-key" | "rename-level" | "ordered" | "not-ordered" | "merge-levels" | "remove-level" }>;

/** An action of a level's "Edit" in the legend (its span, if any, already selected). */
async function performInLevel(page: Page, action: LevelAction): Promise<void> {
  const row = levelRow(page, action.system, action.level);
  await openDetails(row.locator("details"));
  if (action.do === "rename-level-key") {
    await row.getByLabel(/^New key of level /).fill(action.key);
    await button(row, /^Change the key of level /).click();
  } else if (action.do === "rename-level") {
    await row.getByLabel(/^New label of level /).fill(action.label);
    await button(row, /^Rename level /).click();
  } else if (action.do === "merge-levels") {
    await row.getByLabel(/^Level to merge /).selectOption(action.into);
    await button(row, /^Merge level /).click();
  } else {
    await button(row, action.do === "ordered" ? / is ordered: the span says so$/ : action.do === "not-ordered" ? / is not ordered$/ : /^Remove level /).click();
  }
}

type SystemAction = Extract<WorkbenchAction, { do: "rename-system" | "set-scale" | "merge-systems" | "merge-systems-by-label" | "merge-levels-by-label" | "merge-item-systems" | "set-item" | "set-paints" | "split-per-paint" | "remove-system" }>;

const SYSTEM_BUTTONS: Record<"merge-systems-by-label" | "merge-levels-by-label" | "merge-item-systems" | "split-per-paint" | "remove-system", RegExp> = {
  "merge-systems-by-label": /^Merge the \d+ systems labelled /,
  "merge-levels-by-label": /^Merge the levels of system /,
  "merge-item-systems": /^Merge every system of /,
  "split-per-paint": /^Split system /,
  "remove-system": /^Remove system /,
};

/** An action of a system's "Edit system" in the legend. */
async function performInSystem(page: Page, action: SystemAction): Promise<void> {
  const tools = systemTools(page, action.do === "merge-item-systems" ? action.into : action.system);
  await openDetails(tools);
  if (action.do === "rename-system") {
    await tools.getByLabel(/^New label of system /).fill(action.label);
    if (action.id !== undefined) await tools.getByLabel(/^New id of system /).fill(action.id);
    await button(tools, /^Rename system /).click();
  } else if (action.do === "set-scale") {
    await tools.getByLabel(/^Scale of system /).selectOption(action.scale);
    await button(tools, /^Set the scale /).click();
  } else if (action.do === "merge-systems") {
    await tools.getByLabel(/^System to merge /).selectOption(action.into);
    await button(tools, /^Merge system /).click();
  } else if (action.do === "set-item") {
    await tools.getByLabel(/^Item of system /).fill(action.item);
    await button(tools, /^Set the item of system /).click();
  } else if (action.do === "set-paints") {
    if (action.paints !== null) for (const box of await tools.locator('input[name="paint"]').all()) await box.setChecked(action.paints.includes(Number(await box.getAttribute("value"))));
    await button(tools, action.paints === null ? / covers every paint$/ : /^Set the paints of system /).click();
  } else {
    await button(tools, SYSTEM_BUTTONS[action.do]).click();
  }
}

/** Makes the selected span a listing, choosing its level (or a new level or system) in the panel. */
async function performAssign(page: Page, action: Extract<WorkbenchAction, { do: "assign" }>, item: string): Promise<void> {
  const target = "id" in action.system ? ("key" in action.level ? { system: action.system.id, key: action.level.key } : { system: action.system.id }) : {};
  await page.locator("#wb-target").selectOption(JSON.stringify(target));
  if ("new" in action.level) await page.getByLabel("New level's label").fill(action.level.new);
  if ("new" in action.system) {
    await page.getByLabel("New system's label").fill(action.system.new);
    await page.getByLabel("Its scale").selectOption(action.system.kind);
    await page.getByLabel("Its item").fill(item);
  }
  await page.getByLabel("one quote per line").setChecked(action.quotes === "lines");
  await button(page, "Make listing").click();
}

/** Chooses the system a table's or a reading's levels go into: one of the guide's, or a new one. */
async function chooseSystem(page: Page, scope: "table" | "reading", system: { id: string } | { new: string; kind: string }, workbenchCase: WorkbenchCase): Promise<void> {
  await page.locator(`#wb-${scope}-system`).selectOption("id" in system ? JSON.stringify({ id: system.id }) : JSON.stringify({}));
  if ("id" in system) return;
  await page.getByLabel(`Label of the ${scope}'s new system`).fill(system.new);
  await page.getByLabel(`Scale of the ${scope}'s new system`).selectOption(system.kind);
  await page.getByLabel(`Item of the ${scope}'s new system`).fill(workbenchCase.item);
}

/** Performs one action on the page and waits until the page shows its outcome. */
async function perform(page: Page, action: WorkbenchAction, workbenchCase: WorkbenchCase): Promise<void> {
  const context = contextOf(workbenchCase);
  const span = (selection: Selection) => select(page, spanOf(selection, context));
  const before = Number(await page.locator("#page").getAttribute("data-edits"));
  switch (action.do) {
    case "assign":
      await span(action.select);
      await performAssign(page, action, workbenchCase.item);
      break;
    case "drop":
      await page.locator(".text .line", { hasText: action.line }).locator('.num.taken[role="button"]', { hasText: new RegExp(`^${action.value}$`) }).click();
      break;
    case "not-graded":
      await select(page, numberOn(action.line, action.value, context, action.after));
      await button(page, "The selected number is a seed not graded here").click();
      break;
    case "undecided-not-ordered":
      await button(page, /^Mark the \d+ levels? still undecided not ordered$/).click();
      break;
    case "move-level":
      await button(levelRow(page, action.system, action.level), new RegExp(` ${action.direction}$`)).click();
      break;
    case "move-system":
      await button(page.locator(`section.system[data-system="${action.system}"]`), new RegExp(`^Move system .* ${action.direction}$`)).click();
      break;
    case "rename-level-key":
    case "rename-level":
    case "ordered":
    case "not-ordered":
    case "merge-levels":
    case "remove-level":
      if (action.do === "ordered") await span(action.select);
      await performInLevel(page, action);
      break;
    case "rename-system":
    case "set-scale":
    case "merge-systems":
    case "merge-systems-by-label":
    case "merge-levels-by-label":
    case "merge-item-systems":
    case "set-item":
    case "set-paints":
    case "split-per-paint":
    case "remove-system":
      await performInSystem(page, action);
      break;
    case "callout":
    case "remark":
    case "item-claim": {
      await span(action.select);
      await page.getByLabel("What", { exact: true }).selectOption(action.do === "callout" ? action.callout : action.do);
      await page.getByLabel("Label (callout) or note", { exact: true }).fill(action.do === "callout" ? action.label : action.note);
      await page.getByLabel("Of system", { exact: true }).selectOption(action.system ?? "");
      await button(page, "Add").click();
      break;
    }
    case "remove-entry":
      await page.locator(`[data-action="remove-entry"][data-list="${action.list}"][data-index="${action.index}"]`).click();
      break;
    case "notes":
      await page.getByLabel("Notes (the service's own words)").fill(action.text);
      await button(page, "Set notes").click();
      break;
    case "permission":
      if (action.select !== null) await span(action.select);
      await button(page, action.select === null ? "The page has none" : "The span is the author's reuse statement").click();
      break;
    case "fill":
      await span(action.select);
      await button(page, `Fill ${action.field} from the selection`).click();
      break;
    case "read-table": {
      await span(action.select);
      const scope = page.locator('[data-scope="table"]');
      await button(scope, "Find the table's columns").click();
      await page.locator("#wb-table-preview[data-columns]").waitFor();
      await page.getByLabel("Column of the levels").selectOption(String(action.levelColumn));
      await page.getByLabel("Column of the seeds").selectOption(String(action.seedsColumn));
      // The preview follows the columns chosen, before the table is read.
      await page.locator(`#wb-table-preview[data-columns="${action.levelColumn}:${action.seedsColumn}"]`).waitFor();
      await chooseSystem(page, "table", action.system, workbenchCase);
      await button(scope, "Read table").click();
      // What the preview said (the rows read, the levels, the rows skipped) is what the status says was done.
      await expect.poll(() => page.locator("#wb-status").innerText()).toMatch(/^Read the table of line \d+: \d+ rows into \d+ levels; \d+ rows skipped \(not saved yet\)\.$/);
      break;
    }
    case "apply-reading": {
      await span(action.select);
      await page.getByLabel("The selected line is").selectOption(action.as);
      if (action.as === "listing") await chooseSystem(page, "reading", action.system, workbenchCase);
      await button(page, "Find every place of this shape").click();
      const apply = button(page, `Apply to these ${action.places} places`);
      await apply.waitFor();
      expect(await page.locator("#wb-reading-preview li").count()).toBe(action.places);
      await apply.click();
      await expect.poll(() => page.locator("#wb-status").innerText()).toMatch(new RegExp(`^Applied the reading to ${action.places} places, each `));
      break;
    }
    case "undo":
      await button(page, action.besideStatus === true ? "Undo this edit and what it also changed" : "Undo").click();
      break;
    case "save":
      await button(page, "Save").click();
      await expect.poll(() => page.locator("#wb-status").innerText()).toMatch(/^Saved /);
      expect(await page.locator("#page").getAttribute("data-edits")).toBe("0");
      return;
  }
  const expected = action.do === "undo" ? before - 1 : before + 1;
  await expect.poll(async () => [await page.locator("#page").getAttribute("data-edits"), await page.locator("#wb-status").innerText()]).toEqual([String(expected), expect.any(String)]);
}

/** The problems `npm run check` reports for one guide file of the dataset as it is now. */
async function checkProblemsOf(platformId: string): Promise<string[]> {
  const checked = await loadDataset(datasetDir);
  return checked.ok ? [] : checked.problems.filter((problem) => problem.file === `guides/${platformId}.json`).map((problem) => `${problem.path}: ${problem.message}`);
}

const actionCount = (workbenchCase: WorkbenchCase) => workbenchCase.actions.length;

/** The cases made from the pages of test/fixtures/draft/fresh/, in layouts the drafter was not built on. */
const FRESH_CASES = WORKBENCH_CASES.filter((workbenchCase) => workbenchCase.folder === "draft/fresh/");

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Each fresh page's actions, and how many of each kind: what did the work. */
function actionsTable(): string {
  const rows = FRESH_CASES.map((workbenchCase) => {
    const kinds = new Map<string, number>();
    for (const action of workbenchCase.actions) kinds.set(action.do, (kinds.get(action.do) ?? 0) + 1);
    const used = [...kinds].map(([kind, count]) => (count === 1 ? kind : `${kind} ×${count}`)).join(", ");
    return `${workbenchCase.capture.padEnd(50)} ${String(actionCount(workbenchCase)).padStart(7)}  ${used}`;
  });
  return [`${"fresh page".padEnd(50)} ${"actions".padStart(7)}  edits`, ...rows].join("\n");
}

describe("the workbench takes a fixture's draft to the guide it expects", () => {
  for (const workbenchCase of WORKBENCH_CASES) {
    it(`${workbenchCase.name} (${workbenchCase.wrong}): ${actionCount(workbenchCase)} actions`, async ({ onTestFinished }) => {
      const page = await newPage(onTestFinished);
      await openWorkbench(page, workbenchCase.platformId);
      await expect(page.locator("#placeholders-title").innerText()).resolves.not.toBe("DRAFT-TODO placeholders (0)");
      let performed = 0;
      for (const action of workbenchCase.actions) {
        await perform(page, action, workbenchCase);
        performed++;
      }
      expect(performed).toBe(actionCount(workbenchCase));
      expect(readFileSync(path.join(datasetDir, "guides", `${workbenchCase.platformId}.json`), "utf8")).toBe(expectedTextOf(workbenchCase));
      expect(await checkProblemsOf(workbenchCase.platformId)).toEqual([]);
      // What the page shows of the saved file: nothing left for check, the numbers no grading takes at their place.
      await expect(page.locator("#problems-title").innerText()).resolves.toBe("Check problems (0)");
      await expect(page.locator("#placeholders-title").innerText()).resolves.toBe("DRAFT-TODO placeholders (0)");
      const unassigned = await page.locator(".text .num.unassigned").count();
      await expect(page.locator("#unassigned-title").innerText()).resolves.toBe(`Numbers no grading takes (${unassigned})`);
    });
  }

  it(`takes few actions on the pages in fresh layouts: median ${median(FRESH_CASES.map(actionCount))} (at most 15), most ${Math.max(...FRESH_CASES.map(actionCount))} (at most 40)`, () => {
    console.info(actionsTable());
    expect(FRESH_CASES.length).toBe(8);
    expect(median(FRESH_CASES.map(actionCount))).toBeLessThanOrEqual(15);
    expect(Math.max(...FRESH_CASES.map(actionCount))).toBeLessThanOrEqual(40);
  });

  it("serves the fixtures' guides once they pass check, as the dev server's build", async () => {
    for (const workbenchCase of WORKBENCH_CASES) writeFileSync(path.join(datasetDir, "guides", `${workbenchCase.platformId}.json`), expectedTextOf(workbenchCase));
    const outcome = await dev.loop.changed();
    expect(outcome).toMatchObject({ ok: true });
    for (const workbenchCase of WORKBENCH_CASES) {
      const response = await fetch(`${url}/v1/guides/${workbenchCase.platformId}`);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { data: unknown }).data).toEqual(JSON.parse(expectedTextOf(workbenchCase)));
    }
  });
});

describe("the workbench page", () => {
  const KEYBOARD = "900000199";

  it("makes a listing, drops a number, undoes, saves and moves a level from the keyboard alone", async ({ onTestFinished }) => {
    // A draft of its own (a copy of a fixture's, under another platform_id), so that the fixtures' tests find theirs as drafted.
    const file = path.join(datasetDir, "guides", `${KEYBOARD}.json`);
    const draft = JSON.parse(readFileSync(path.join(FIXTURES, "drafts", "900000103.json"), "utf8")) as { platform_id: string };
    draft.platform_id = KEYBOARD;
    writeFileSync(file, `${JSON.stringify(draft, null, 2)}\n`);
    onTestFinished(() => rmSync(file, { force: true }));
    const page = await newPage(onTestFinished);
    await openWorkbench(page, KEYBOARD);
    const edits = () => page.locator("#page").getAttribute("data-edits");
    const tabTo = async (test: string, key: "Tab" | "Shift+Tab" = "Tab") => {
      for (let presses = 0; presses < 400; presses++) {
        await page.keyboard.press(key);
        if (await page.evaluate((selector) => document.activeElement?.matches(selector) ?? false, test)) return;
      }
      throw new Error(`Tab never reaches ${test}`);
    };
    await tabTo(".text");
    await page.keyboard.press("Alt+L");
    await expect.poll(() => page.locator("#wb-status").innerText()).toBe("Select the listing in the text first.");
    const cursorLine = () => page.evaluate(() => document.querySelector(".text .line.cursor")?.textContent ?? "");
    while (!(await cursorLine()).includes("T1: 12")) await page.keyboard.press("ArrowDown");
    await expect(page.locator("#wb-span-text").innerText()).resolves.toBe("Selected: “T1: 12 • 34 • 367 ← my own one”");
    await tabTo("#wb-target");
    while ((await page.locator("#wb-target").inputValue()) !== JSON.stringify({ system: "p1_p3" })) await page.keyboard.press("ArrowDown");
    await tabTo("#wb-level-label");
    await page.keyboard.type("T1");
    await page.keyboard.press("Alt+L");
    await expect.poll(edits).toBe("1");
    await expect(levelRow(page, "p1_p3", "t1").locator("td.seeds").innerText()).resolves.toBe("12, 34, 367");
    await tabTo('.num.taken[role="button"][aria-label="Drop 367 on line 92: not a seed"]', "Shift+Tab");
    await page.keyboard.press("Enter");
    await expect.poll(edits).toBe("2");
    await expect(levelRow(page, "p1_p3", "t1").locator("td.seeds").innerText()).resolves.toBe("12, 34");
    await page.keyboard.press("Control+Z");
    await expect.poll(edits).toBe("1");
    await expect(levelRow(page, "p1_p3", "t1").locator("td.seeds").innerText()).resolves.toBe("12, 34, 367");
    await page.keyboard.press("Control+S");
    await expect.poll(() => page.locator("#wb-status").innerText()).toMatch(/^Saved guides\/900000199\.json: check finds 6 problems \(shown where they are\); not built: /);
    const saved = JSON.parse(readFileSync(file, "utf8")) as { systems: { id: string; levels: { key: string }[]; gradings: { seed: number; level: string; quote: string }[] }[] };
    expect(saved.systems[0]!.gradings.filter((grading) => grading.level === "t1").map((grading) => [grading.seed, grading.quote])).toEqual([12, 34, 367].map((seed) => [seed, "T1: 12 • 34 • 367 ← my own one"]));
    await tabTo('[aria-label="Move level T1 (💎 P1 / P3 💎) up"]');
    await page.keyboard.press("Space");
    await expect.poll(edits).toBe("1");
    await expect(page.locator('section.system[data-system="p1_p3"] tr.level').evaluateAll((rows) => rows.map((row) => row.getAttribute("data-key")))).resolves.toEqual(["t1", "t2"]);
  });

  it("drives the edits the fixtures do not need: remarks, item claims, callouts, a split per paint, removals and undo", async ({ onTestFinished }) => {
    const phases = { ...WORKBENCH_CASES[2]!, platformId: "900000198" };
    const file = path.join(datasetDir, "guides", `${phases.platformId}.json`);
    const draft = JSON.parse(readFileSync(path.join(FIXTURES, "drafts", "900000103.json"), "utf8")) as { platform_id: string };
    draft.platform_id = phases.platformId;
    writeFileSync(file, `${JSON.stringify(draft, null, 2)}\n`);
    onTestFinished(() => rmSync(file, { force: true }));
    const page = await newPage(onTestFinished);
    await openWorkbench(page, phases.platformId);
    const actions: WorkbenchAction[] = [
      { do: "remark", select: { from: "P1 and P3 share one list", to: "best on both." }, note: "Why P1 and P3 are one system.", system: "p1_p3" },
      { do: "item-claim", select: { from: "Tiers per phase." }, note: "Each phase has its own tiers.", system: "p2" },
      { do: "callout", select: { from: "Only one tier for P4" }, callout: "mention", label: "P4", system: "p4_blue" },
      { do: "remove-entry", list: "callouts", index: 0 },
      { do: "split-per-paint", system: "p1_p3" },
      { do: "remove-level", system: "p2", level: "t2" },
      { do: "remove-system", system: "p4_blue" },
      { do: "undo" },
      { do: "save" },
    ];
    for (const action of actions) await perform(page, action, phases);
    const saved = JSON.parse(readFileSync(file, "utf8")) as Record<string, any>;
    expect(saved.systems.map((system: { id: string; paint_indexes: number[] }) => [system.id, system.paint_indexes])).toEqual([["p1_p3_phase_1", [418]], ["p1_p3_phase_3", [420]], ["p2", [419]], ["p4_blue", [421]]]);
    expect(saved.systems[2].levels.map((level: { key: string }) => level.key)).toEqual(["t1"]);
    expect(saved.remarks).toEqual([{ quote: "P1 and P3 share one list because the same seeds look best on both.", note: "Why P1 and P3 are one system.", system: "p1_p3_phase_1" }]);
    expect(saved.item_claims).toEqual([{ quote: "Tiers per phase.", note: "Each phase has its own tiers.", system: "p2" }]);
    expect(saved.callouts).toEqual([]);
    expect(saved.discrepancies.map((discrepancy: { kind: string; seed: number }) => [discrepancy.kind, discrepancy.seed])).toEqual([58, 201, 436].map((seed) => ["duplicate_seed", seed]));
  });

  it("merges by label, reorders systems, sets an item and paints, renames a key, leaves a seed ungraded saying what else changed, and fills placeholders from the selection", async ({ onTestFinished }) => {
    const pictures = { ...WORKBENCH_CASES[0]!, platformId: "900000197" };
    const file = path.join(datasetDir, "guides", `${pictures.platformId}.json`);
    const draft = JSON.parse(readFileSync(path.join(FIXTURES, "drafts", "900000101.json"), "utf8")) as Record<string, unknown>;
    Object.assign(draft, { platform_id: pictures.platformId, title: PLACEHOLDER.title, posted: PLACEHOLDER.posted });
    writeFileSync(file, `${JSON.stringify(draft, null, 2)}\n`);
    onTestFinished(() => rmSync(file, { force: true }));
    const page = await newPage(onTestFinished);
    await openWorkbench(page, pictures.platformId);
    const ungraded: WorkbenchAction = { do: "not-graded", line: "Pattern #18 · Pattern #666", value: 666 };
    const actions: WorkbenchAction[] = [
      { do: "fill", field: "title", select: { from: "Example Flip Knife Case Hardened Picture Tiers", anywhere: true } },
      { do: "fill", field: "posted", select: { from: "4 Jan, 2024 @ 10:00am", anywhere: true } },
      { do: "merge-systems-by-label", system: "playside_2" },
      { do: "merge-systems", system: "backside_2", into: "backside" },
      { do: "merge-levels-by-label", system: "backside" },
      { do: "move-system", system: "backside", direction: "up" },
      { do: "rename-level-key", system: "backside", level: "in", key: "backside_blue" },
      { do: "set-item", system: "found_later", item: "karambit-doppler" },
      { do: "set-paints", system: "found_later", paints: [418, 420] },
      ungraded,
    ];
    for (const action of actions) await perform(page, action, pictures);
    // The seed left out gave its neighbours new quotes: the status line says so, with an undo right there.
    await expect(page.locator("#wb-status").innerText()).resolves.toBe("Left the seed ungraded there (not saved yet); also changed the quote of seeds 18, 940 of Tier 3 (line 218).");
    await perform(page, { do: "undo", besideStatus: true }, pictures);
    await expect(page.locator("#wb-also").isVisible()).resolves.toBe(false);
    for (const action of [ungraded, { do: "merge-item-systems", into: "backside" }, { do: "save" }] as const) await perform(page, action, pictures);
    const saved = JSON.parse(readFileSync(file, "utf8")) as Record<string, any>;
    expect([saved.title, saved.posted]).toEqual(["Example Flip Knife Case Hardened Picture Tiers", "2024-01-04T10:00:00"]);
    const shape = saved.systems.map((system: { id: string; item: string; paint_indexes: number[] | null; levels: { key: string; label: string }[]; gradings: { seed: number; level: string; quote: string }[] }) => ({
      id: system.id,
      item: system.item,
      paints: system.paint_indexes,
      levels: system.levels.map((level) => `${level.key}=${level.label}`),
      gradings: system.gradings.map((grading) => `${grading.seed}@${grading.level}: ${grading.quote}`),
    }));
    expect(shape).toEqual([
      {
        id: "backside",
        item: "flip-knife-case-hardened",
        paints: null,
        levels: ["backside_blue=Backside", "in=Playside", "tier_3=Tier 3"],
        gradings: ["908@backside_blue: Pattern #908", "35@backside_blue: Pattern #35", "412@in: Pattern #412", "73@in: Pattern #73", "151@in: Pattern #151", "622@in: Pattern #622", "18@tier_3: Pattern #18", "940@tier_3: Pattern #940"],
      },
      { id: "found_later", item: "karambit-doppler", paints: [418, 420], levels: ["in=Found later"], gradings: ["504@in: Pattern #504", "289@in: Pattern #289"] },
    ]);
  });

  it("names every control and has no serious accessibility violation", async ({ onTestFinished }) => {
    const page = await newPage(onTestFinished);
    await openWorkbench(page, WORKBENCH_CASES[1]!.platformId);
    await page.evaluate(AXE_SOURCE);
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(context: Document): Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> } }).axe;
      return (await axe.run(document)).violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical").map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes.slice(0, 3).map((node) => node.target))}`);
    });
    expect(violations).toEqual([]);
    const unnamed = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("button, select, input, textarea, summary, [role=button]")].filter((control) => {
        const labelled = control.getAttribute("aria-label") ?? (control instanceof HTMLInputElement || control instanceof HTMLSelectElement || control instanceof HTMLTextAreaElement ? control.labels?.[0]?.textContent : control.textContent);
        return (labelled ?? "").trim() === "";
      }).map((control) => control.outerHTML.slice(0, 80)),
    );
    expect(unnamed).toEqual([]);
  });
});
