import { describe, expect, it } from "vitest";
import { isWebPageUrl } from "../../../explorer/src/guide-url.ts";

describe("which guide addresses the explorer links", () => {
  it("a guide page on https or http is linked", () => {
    for (const url of ["https://steamcommunity.com/sharedfiles/filedetails/?id=1", "http://example.com/guide", "HTTPS://EXAMPLE.COM/"]) {
      expect(isWebPageUrl(url), url).toBe(true);
    }
  });

  it("an address that would run script or open a local file is not, nor is one that cannot be read", () => {
    for (const url of ["javascript:alert(1)", " JavaScript:alert(1)", "vbscript:msgbox(1)", "data:text/html,<p>x</p>", "file:///etc/passwd", "ftp://example.com/", "not a url", ""]) {
      expect(isWebPageUrl(url), url).toBe(false);
    }
  });
});
