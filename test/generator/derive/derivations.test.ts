import { describe, expect, it } from "vitest";
import { DERIVATIONS, isEncodedJson, isEnvelopePieces } from "../../../generator/derive/derivations.ts";
import { pairsOf, sortGuides } from "../../../generator/derive/order.ts";
import { guide, system } from "../../../generator/example-data.ts";
import { tinyDataset } from "../../fixtures/derive/tiny-dataset.ts";

const stored = guide({ platform_id: "200", systems: [system({ id: "blue" }), system({ id: "red" })] });

describe("what a derivation gives", () => {
  it("a guide as stored is its JSON already encoded, a narrowed guide a value, the dump an envelope in pieces", () => {
    const whole = DERIVATIONS.guide.derive({ name: "guide", platformId: "200", system: null }, { guide: stored });
    const narrowed = DERIVATIONS.guide.derive({ name: "guide", platformId: "200", system: "blue" }, { guide: stored });
    const build = { dataset: tinyDataset, datasetVersion: "vD", pairs: pairsOf(tinyDataset.items), guides: sortGuides(tinyDataset.guides), aliases: 0 };
    const dump = DERIVATIONS.dump.derive({ name: "dump" }, build);
    expect([whole, narrowed, dump].map((derived) => [isEncodedJson(derived), isEnvelopePieces(derived)])).toEqual([
      [true, false],
      [false, false],
      [false, true],
    ]);
  });

  it("a plain value, null and nothing included, is neither encoded form", () => {
    for (const value of [null, undefined, 0, "json", "pieces", []]) {
      expect(isEncodedJson(value), String(value)).toBe(false);
      expect(isEnvelopePieces(value), String(value)).toBe(false);
    }
  });
});
