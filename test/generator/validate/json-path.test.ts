import { describe, expect, it } from "vitest";
import { childPath, pointerToPath } from "../../../generator/validate/json-path.ts";

describe("pointerToPath", () => {
  it("writes array indexes in brackets and keys with dots", () => {
    const data = { systems: [{ gradings: [{}, {}, {}, { seed: 1 }] }] };
    expect(pointerToPath("/systems/0/gradings/3/seed", data)).toBe("$.systems[0].gradings[3].seed");
    expect(pointerToPath("", data)).toBe("$");
  });

  it("quotes keys that are not identifiers, and reads an object's numeric key as a key", () => {
    expect(pointerToPath("/a~1b/0", { "a/b": { "0": 1 } })).toBe('$["a/b"]["0"]');
    expect(childPath("$", "rank scope")).toBe('$["rank scope"]');
  });
});
