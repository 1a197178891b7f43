// Debian's Chromium driven by playwright-core: never a browser downloaded by Playwright. `.ci/run`
// installs the package when it is missing; here a missing binary is a clear failure, not a skip.

import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

/**
 * Debian's headless shell first: the same engine without the browser's own windowing and services,
 * it takes a third less CPU for the same pages (docs/testing.md, "How long it takes"). Then the full
 * browser, which renders the same.
 */
const DEBIAN_BROWSERS = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];

/** The browser to drive: `CHROMIUM_PATH`, else the first of Debian's that is installed. */
function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? DEBIAN_BROWSERS.find((file) => existsSync(file)) ?? DEBIAN_BROWSERS[0]!;
}

export async function launchChromium(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!existsSync(executablePath)) {
    throw new Error(`no browser at ${executablePath}: install Debian's chromium-headless-shell or chromium (apt-get install chromium-headless-shell), or set CHROMIUM_PATH`);
  }
  return chromium.launch({
    executablePath,
    // No background traffic of the browser's own (updates, sync, field trials) during a test, and
    // nothing that leaves the machine: every request but those to loopback addresses (which
    // Chromium never sends through a proxy) goes to a proxy on the discard port, where nothing
    // listens, and fails. The tests record such requests and fail on them.
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--proxy-server=127.0.0.1:9", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}
