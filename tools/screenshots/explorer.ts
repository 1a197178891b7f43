// `npm run explorer:screenshot [-- --dist DIR] [--out FILE]`: the README's picture of the seed view.
// Brings dist/ up to date with the shipped dataset (`npm run build`, nothing to do when built
// already; --dist serves another build as it is), serves it on an ephemeral loopback port, opens
// seed 661 of the AK-47 | Case Hardened in Debian's chromium at a fixed size, and writes the page's
// header and view as a PNG (docs/explorer-seed.png). Not a test: the picture changes with the data.

import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { createEdgeServer } from "../../edge/adapters/node/server.ts";
import { launchChromium } from "../browser/chromium.ts";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const { values } = parseArgs({ options: { dist: { type: "string" }, out: { type: "string" } } });
const distDir = values.dist ?? `${repoRoot}dist`;
const outFile = values.out ?? `${repoRoot}docs/explorer-seed.png`;
const TARGET = "?item=7-44&seed=661";

if (values.dist === undefined) {
  const build = spawnSync("npm", ["run", "--silent", "build"], { cwd: repoRoot, stdio: "inherit" });
  if (build.status !== 0) {
    console.error("explorer:screenshot: `npm run build` failed (see above)");
    process.exit(build.status || 1);
  }
}

const server = await createEdgeServer({ distDir, rateLimit: false, burstLimit: false });
const browser = await launchChromium();
try {
  const url = await server.listen(0, "127.0.0.1");
  const page = await browser.newPage({ viewport: { width: 880, height: 900 }, deviceScaleFactor: 1, reducedMotion: "reduce" });
  await page.goto(`${url}/${TARGET}`);
  await page.waitForFunction(() => document.getElementById("view")?.getAttribute("aria-busy") === "false" && document.querySelector(".verdict") !== null);
  const bottom = await page.locator("#view").evaluate((view) => Math.ceil(view.getBoundingClientRect().bottom));
  const png = await page.screenshot({ clip: { x: 0, y: 0, width: 880, height: bottom }, animations: "disabled", caret: "hide" });
  writeFileSync(outFile, png);
  console.log(`wrote ${outFile} (${png.length} bytes) from ${url}/${TARGET}`);
} finally {
  await browser.close();
  await server.close();
}
