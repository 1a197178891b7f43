import { describe, expect, it } from "vitest";
import { guideFileNameIsPlatformId, itemFileNameIsSlug } from "../../../../generator/validate/rules/file-names.ts";
import { sampleGuide, sampleItems } from "../../../fixtures/validate/sample-dataset.ts";

describe("itemFileNameIsSlug", () => {
  it("accepts items/<slug>.json", () => {
    expect(itemFileNameIsSlug(sampleItems()[1]!, "karambit-doppler")).toEqual([]);
  });

  it("reports an item file named differently from its slug", () => {
    expect(itemFileNameIsSlug(sampleItems()[1]!, "karambit")).toEqual([
      { path: "$.slug", message: 'is "karambit-doppler" but the file is items/karambit.json', expected: '"karambit", or the file renamed to items/karambit-doppler.json' },
    ]);
  });
});

describe("guideFileNameIsPlatformId", () => {
  it("accepts guides/<platform_id>.json", () => {
    expect(guideFileNameIsPlatformId(sampleGuide(), "3000000001")).toEqual([]);
  });

  it("reports a guide file named differently from its platform_id", () => {
    expect(guideFileNameIsPlatformId(sampleGuide(), "3000000002")).toEqual([
      { path: "$.platform_id", message: 'is "3000000001" but the file is guides/3000000002.json', expected: '"3000000002", or the file renamed to guides/3000000001.json' },
    ]);
  });
});
