// The endpoint listings of README.md and docs/README.md are written from the registrations (npm run
// docs:openapi); a listing edited by hand, or left behind by a new endpoint, fails here.

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ENDPOINTS } from "../../../contract/endpoints/index.ts";
import { LISTED_IN } from "../../../generator/cli/openapi.ts";
import { readmeListing, referenceListing, withListing } from "../../../generator/docs/endpoint-listings.ts";

describe("the endpoint listings of the READMEs", () => {
  it.each(LISTED_IN.map(({ file, listing }) => [file.replace(/^.*\/(?=(docs\/)?README\.md$)/, ""), file, listing] as const))("%s lists what the registrations give (npm run docs:openapi rewrites it)", (_name, file, listing) => {
    const committed = readFileSync(file, "utf8");
    expect(committed === withListing(committed, listing(), file), `${file}'s endpoint listing is stale: run npm run docs:openapi`).toBe(true);
  });

  it("name every /v1 endpoint by its path", () => {
    for (const endpoint of Object.values(ENDPOINTS)) {
      expect(readmeListing()).toContain(`\`${endpoint.path}\``);
      expect(referenceListing()).toContain(`\`GET ${endpoint.path}\``);
    }
  });

  it("refuses a document without its marks rather than writing the listing somewhere", () => {
    expect(() => withListing("# A page\n", "| path |", "page.md")).toThrow("must hold the endpoint listing's marks");
  });
});
