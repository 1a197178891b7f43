import { describe, expect, it } from "vitest";
import { systemReferencesExist } from "../../../../generator/validate/rules/system-references.ts";
import { sampleGuide } from "../../../fixtures/validate/sample-dataset.ts";

describe("systemReferencesExist", () => {
  it("accepts remarks, item claims and callouts naming systems of the guide or null", () => {
    expect(systemReferencesExist(sampleGuide())).toEqual([]);
  });

  it("reports every reference to a system the guide does not have", () => {
    const guide = sampleGuide();
    guide.remarks[0]!.system = "blu";
    guide.item_claims[0]!.system = "tiers";
    guide.callouts[0]!.system = "gold";
    guide.systems[0]!.remarks[0]!.system = "pinks";
    expect(systemReferencesExist(guide)).toEqual([
      { path: "$.remarks[0].system", message: '"blu" is not a system of this guide; did you mean "blue"?', expected: 'null or one of "pink", "blue"' },
      { path: "$.item_claims[0].system", message: '"tiers" is not a system of this guide', expected: 'null or one of "pink", "blue"' },
      { path: "$.callouts[0].system", message: '"gold" is not a system of this guide', expected: 'null or one of "pink", "blue"' },
      { path: "$.systems[0].remarks[0].system", message: '"pinks" is not a system of this guide; did you mean "pink"?', expected: 'null or one of "pink", "blue"' },
    ]);
  });
});
