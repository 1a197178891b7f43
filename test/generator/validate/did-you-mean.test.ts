import { describe, expect, it } from "vitest";
import { LONGEST_NAME_COMPARED, closestName, didYouMean, editDistance } from "../../../generator/validate/did-you-mean.ts";

describe("closestName", () => {
  it("suggests the known name a typo most likely meant", () => {
    expect(closestName("gradngs", ["levels", "gradings", "remarks"])).toBe("gradings");
    expect(closestName("equivelant_to", ["equivalent_to", "evidence"])).toBe("equivalent_to");
    expect(closestName("T1", ["t1", "t2"])).toBe("t1");
  });

  it("suggests nothing when no known name is close", () => {
    expect(closestName("colour", ["levels", "gradings"])).toBeUndefined();
    expect(closestName("ab", ["cd"])).toBeUndefined();
  });

  it("ends a message with the name meant, or with nothing when no known name is close", () => {
    expect(didYouMean("blu", ["pink", "blue"])).toBe('; did you mean "blue"?');
    expect(didYouMean("colour", ["levels", "gradings"])).toBe("");
  });

  it("suggests nothing for a name far longer than any known one, whatever its length", () => {
    expect(closestName("gradings".repeat(1000), ["gradings"])).toBeUndefined();
    expect(closestName(`${"a".repeat(LONGEST_NAME_COMPARED)}b`, ["a".repeat(LONGEST_NAME_COMPARED)])).toBeUndefined();
  });

  it("counts a swap of neighbouring letters as one edit", () => {
    expect(editDistance("lveels", "levels")).toBe(1);
  });
});
