import { describe, expect, it } from "vitest";
import { isExampleGuideUrl } from "../../../explorer/src/example-data.ts";

describe("which guides are example data", () => {
  it("a guide whose page is on a domain reserved for examples is example data", () => {
    for (const url of ["https://example.com/guides/900000001", "http://www.example.org/x", "https://guides.example/1", "https://a.test/", "https://example.net."]) {
      expect(isExampleGuideUrl(url), url).toBe(true);
    }
  });

  it("a guide anywhere else is not, nor is an address that cannot be read", () => {
    for (const url of ["https://steamcommunity.com/sharedfiles/filedetails/?id=1", "https://notexample.com/", "https://example.com.evil.org/", "not a url"]) {
      expect(isExampleGuideUrl(url), url).toBe(false);
    }
  });
});
