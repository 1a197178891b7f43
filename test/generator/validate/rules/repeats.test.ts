import { describe, expect, it } from "vitest";
import { repeats } from "../../../../generator/validate/rules/repeats.ts";

describe("repeats", () => {
  it("points every later value with a key already seen back at the first value with that key", () => {
    expect(repeats(["a", "b", "a", "c", "b", "a"], (value) => value)).toEqual([
      { index: 2, first: 0 },
      { index: 4, first: 1 },
      { index: 5, first: 0 },
    ]);
  });

  it("finds nothing when every key is different", () => {
    expect(repeats([{ id: 1 }, { id: 2 }], (value) => value.id)).toEqual([]);
  });
});
