import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { bundleExplorer, readExplorerBundle } from "../../../generator/docs/explorer-bundle.ts";

const bundle = readExplorerBundle();

describe("the explorer bundle", () => {
  it("is the same bytes on every build", () => {
    expect(readExplorerBundle()).toEqual(bundle);
  });

  it("is the same bytes when bundled in the background, as the build does", async () => {
    expect(await bundleExplorer()).toEqual(bundle);
  });

  it("weighs under 100 KB gzip in all", () => {
    const total = Object.values(bundle).reduce((sum, text) => sum + gzipSync(text, { level: 9 }).length, 0);
    expect(total).toBeLessThan(100 * 1024);
  });

  it("names no other origin: the page, script and style load nothing from anywhere else", () => {
    for (const [name, text] of Object.entries({ page: bundle.page, script: bundle.script, style: bundle.style })) {
      expect(text, name).not.toMatch(/https?:\/\/|\/\/[a-z0-9.-]+\.[a-z]{2,}\//i);
    }
    expect(bundle.page).toMatch(/<script defer src="explorer\.js"><\/script>/);
    expect(bundle.page).toContain('<link rel="stylesheet" href="explorer.css">');
    expect(bundle.page).toContain('<html lang="en">');
  });
});
