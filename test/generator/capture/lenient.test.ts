import { describe, expect, it } from "vitest";
import { fields, list, text } from "../../../generator/capture/lenient.ts";

// A draft under review, read leniently: a value of another type than expected reads as absent.

describe("reading a draft's values leniently", () => {
  it("reads an object's fields, and nothing else as fields: not an array, a placeholder or null", () => {
    const guide = { title: "EXAMPLE CONTENT" };
    expect(fields(guide)).toBe(guide);
    expect(fields({})).toEqual({});
    expect([fields(["a"]), fields("DRAFT-TODO: the guide's levels"), fields(null), fields(undefined), fields(3)]).toEqual([null, null, null, null, null]);
  });

  it("reads an array's items, and anything else as no items", () => {
    expect(list([1, "a"])).toEqual([1, "a"]);
    expect([list("DRAFT-TODO: seeds"), list({ 0: "a" }), list(null)]).toEqual([[], [], []]);
  });

  it("reads a string as itself, even empty, and anything else as no text", () => {
    expect([text("Tier 1"), text("")]).toEqual(["Tier 1", ""]);
    expect([text(1), text(null), text(["Tier 1"])]).toEqual([null, null, null]);
  });
});
