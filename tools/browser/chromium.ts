// Debian's chromium driven by playwright-core: never a browser downloaded by Playwright. `.ci/run`
// installs the package when it is missing; here a missing binary is a clear failure, not a skip.

import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`no browser at ${CHROMIUM}: install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`);
  return chromium.launch({
    executablePath: CHROMIUM,
    // No background traffic of the browser's own (updates, sync, field trials) during a test, and
    // nothing that leaves the machine: every request but those to loopback addresses (which
    // Chromium never sends through a proxy) goes to a proxy on the discard port, where nothing
    // listens, and fails. The tests record such requests and fail on them.
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--proxy-server=127.0.0.1:9", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}
