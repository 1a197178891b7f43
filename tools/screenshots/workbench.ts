// `npm run workbench:screenshot [-- --out FILE]`: the picture of the workbench in dataset/README.md ("Adding a
// guide"). Serves the review pages with the workbench over the shipped dataset on an ephemeral loopback port,
// opens example guide 900000007 in Debian's chromium at a fixed size, selects its first tier's heading and
// list and chooses that tier as their level, and writes the top of the page as a PNG (docs/workbench.png). The edit is only
// viewed, never saved: nothing of the dataset is written. Not a test: the picture changes with the data and
// the page.

import { writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { answerReview, answerWorkbench } from "../dev/server.ts";
import { launchChromium } from "../browser/chromium.ts";
import { createReviewHandler } from "../review/handler.ts";
import { createReviewReader } from "../review/read.ts";
import { createWorkbench, isWorkbenchEndpoint } from "../workbench/endpoints.ts";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const { values } = parseArgs({ options: { out: { type: "string" } } });
const outFile = values.out ?? `${repoRoot}docs/workbench.png`;
const TARGET = "/review/900000007";
const FIRST_LINE = "Tier 1 (12 seeds):";
const LAST_LINE = "38, 213, 215";

const datasetDir = `${repoRoot}dataset`;
const reader = createReviewReader(datasetDir);
const workbench = createWorkbench({ datasetDir, reader, rebuild: async () => "not rebuilt (a picture)" });
const review = createReviewHandler(reader, workbench);
const server = createServer((request, response) => {
  const path = (request.url ?? "/").split("?")[0]!;
  if (isWorkbenchEndpoint(path)) answerWorkbench(workbench, path, request, response);
  else answerReview(review, request, response);
});
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 }, deviceScaleFactor: 1, reducedMotion: "reduce" });
  await page.goto(`${url}${TARGET}`);
  await page.locator('#page[data-ready="true"]').waitFor();
  // The lines selected as a mouse would: from the first piece of text of one to the last of the other.
  const first = await page.locator(".text .line", { hasText: FIRST_LINE }).first().getAttribute("id");
  const last = await page.locator(".text .line", { hasText: LAST_LINE }).first().getAttribute("id");
  await page.evaluate(({ first, last }) => {
    const range = document.createRange();
    range.setStartBefore(document.querySelector(`#${first} [data-o]`)!);
    const pieces = document.querySelectorAll(`#${last} [data-o]`);
    range.setEndAfter(pieces[pieces.length - 1]!);
    document.getSelection()!.removeAllRanges();
    document.getSelection()!.addRange(range);
  }, { first, last });
  await page.locator("#wb-target").selectOption({ label: "Tier 1" });
  await page.evaluate(() => window.scrollTo(0, 0));
  const png = await page.screenshot({ clip: { x: 0, y: 0, width: 1280, height: 1000 }, animations: "disabled", caret: "hide" });
  writeFileSync(outFile, png);
  console.log(`wrote ${outFile} (${png.length} bytes) from ${url}${TARGET}`);
} finally {
  await browser.close();
  server.close();
}
