import { describe, expect, it } from "vitest";
import type { GuideContext } from "../../../../generator/validate/rules/context.ts";
import { systemItemsAreKnown } from "../../../../generator/validate/rules/item-references.ts";
import { sampleGuide, sampleItems } from "../../../fixtures/validate/sample-dataset.ts";

const context = (): GuideContext => ({ items: new Map(sampleItems().map((item) => [item.slug, item])), uncheckedSlugs: new Set() });

describe("systemItemsAreKnown", () => {
  it("accepts known slugs with paint indexes of that slug, or null", () => {
    expect(systemItemsAreKnown(sampleGuide(), context())).toEqual([]);
  });

  it("reports an unknown slug and suggests the likely one", () => {
    const guide = sampleGuide();
    guide.systems[1]!.item = "karambit-dopler";
    expect(systemItemsAreKnown(guide, context())).toEqual([
      { path: "$.systems[1].item", message: '"karambit-dopler" is not the slug of any item file; did you mean "karambit-doppler"?', expected: "the slug of an item in items/" },
    ]);
  });

  it("reports a paint index the slug does not have", () => {
    const guide = sampleGuide();
    guide.systems[0]!.paint_indexes = [419, 44];
    expect(systemItemsAreKnown(guide, context())).toEqual([
      { path: "$.systems[0].paint_indexes[1]", message: "44 is not a paint index of karambit-doppler", expected: "one of 415, 418, 419, 421" },
    ]);
  });

  it("leaves a slug alone whose item file could not be checked", () => {
    const guide = sampleGuide();
    const unchecked: GuideContext = { items: new Map(), uncheckedSlugs: new Set(["karambit-doppler"]) };
    expect(systemItemsAreKnown(guide, unchecked)).toEqual([]);
  });
});
