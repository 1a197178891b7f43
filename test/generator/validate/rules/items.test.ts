import { describe, expect, it } from "vitest";
import { itemPairsAreUnique, marketNamesAreDistinct, paintIndexesAreUnique, slugIsAliasOfMarketName } from "../../../../generator/validate/rules/items.ts";
import { sampleItems } from "../../../fixtures/validate/sample-dataset.ts";

const karambit = () => sampleItems()[1]!;

describe("slugIsAliasOfMarketName", () => {
  it("accepts a slug that is the alias key of the market name", () => {
    expect(sampleItems().flatMap(slugIsAliasOfMarketName)).toEqual([]);
  });

  it("names the slug the market name gives", () => {
    const item = { ...karambit(), slug: "karambit-dopler" };
    expect(slugIsAliasOfMarketName(item)).toEqual([
      { path: "$.slug", message: 'is "karambit-dopler" but market_name "Karambit | Doppler" gives "karambit-doppler"', expected: '"karambit-doppler"' },
    ]);
  });
});

describe("paintIndexesAreUnique", () => {
  it("accepts distinct paint indexes", () => {
    expect(paintIndexesAreUnique(karambit())).toEqual([]);
  });

  it("reports a paint index listed twice in one item", () => {
    const item = karambit();
    item.paints[3]!.paint_index = 418;
    expect(paintIndexesAreUnique(item)).toEqual([{ path: "$.paints[3].paint_index", message: "418 is already listed at $.paints[1]", expected: "each paint index once per item" }]);
  });
});

describe("itemPairsAreUnique", () => {
  it("accepts items whose (def_index, paint_index) pairs differ", () => {
    expect(itemPairsAreUnique(sampleItems().map((item) => ({ file: `items/${item.slug}.json`, item })))).toEqual([]);
  });

  it("reports the second item file that claims a pair", () => {
    const ak = sampleItems()[0]!;
    const other = { ...karambit(), slug: "other", def_index: 7, paints: [{ paint_index: 44, paint_label: "" }] };
    expect(itemPairsAreUnique([{ file: "items/ak.json", item: ak }, { file: "items/other.json", item: other }])).toEqual([
      {
        file: "items/other.json",
        path: "$.paints[0].paint_index",
        message: "(def_index 7, paint_index 44) is already the item of items/ak.json",
        expected: "a (def_index, paint_index) pair no other item file uses",
      },
    ]);
  });
});

describe("marketNamesAreDistinct", () => {
  it("accepts names whose letters and digits differ", () => {
    expect(marketNamesAreDistinct(sampleItems().map((item) => ({ file: `items/${item.slug}.json`, item })))).toEqual([]);
  });

  it("reports the second of two names that only punctuation tells apart, which /resolve could not", () => {
    const ak = sampleItems()[0]!;
    const other = { ...ak, slug: "ak47-case-hardened", market_name: "AK47 | Case Hardened", def_index: 9 };
    expect(marketNamesAreDistinct([{ file: "items/ak-47-case-hardened.json", item: ak }, { file: "items/ak47-case-hardened.json", item: other }])).toEqual([
      {
        file: "items/ak47-case-hardened.json",
        path: "$.market_name",
        message: '"AK47 | Case Hardened" reads as "AK-47 | Case Hardened" of items/ak-47-case-hardened.json by its letters and digits ("ak47casehardened"), which is all /resolve compares',
        expected: "a market name whose letters and digits no other item's has",
      },
    ]);
  });
});
