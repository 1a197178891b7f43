// `npm run review:screenshot [-- --out FILE]`: the picture of the review page in dataset/README.md
// ("Reviewing a guide"). Serves the review pages of the shipped dataset on an ephemeral loopback port,
// opens example guide 900000007 in Debian's chromium at a fixed size, and writes the top of the page as
// a PNG (docs/review-page.png). Not a test: the picture changes with the data and the page.

import { writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { answerReview } from "../dev/server.ts";
import { launchChromium } from "../browser/chromium.ts";
import { createReviewHandler } from "../review/handler.ts";
import { createReviewReader } from "../review/read.ts";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const { values } = parseArgs({ options: { out: { type: "string" } } });
const outFile = values.out ?? `${repoRoot}docs/review-page.png`;
const TARGET = "/review/900000007";

const review = createReviewHandler(createReviewReader(`${repoRoot}dataset`));
const server = createServer((request, response) => answerReview(review, request, response));
await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 }, deviceScaleFactor: 1, reducedMotion: "reduce" });
  await page.goto(`${url}${TARGET}`);
  const png = await page.screenshot({ clip: { x: 0, y: 0, width: 1280, height: 1000 }, animations: "disabled", caret: "hide" });
  writeFileSync(outFile, png);
  console.log(`wrote ${outFile} (${png.length} bytes) from ${url}${TARGET}`);
} finally {
  await browser.close();
  server.close();
}
