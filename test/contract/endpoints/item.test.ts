import { describe, expect, it } from "vitest";
import { fileFor, notFoundMessage } from "../../../contract/routes.ts";

describe("GET /v1/items/{def_index}/{paint_index}", () => {
  it("names a carried topic's file with every byte outside [a-z0-9-] as two hex digits", () => {
    const file = (topic: string) => fileFor({ name: "item", defIndex: 7, paintIndex: 44, topic }, { topics: [topic] });
    expect(file("blue-gem")).toBe("v1/items/7/44/topics/blue-gem.json");
    expect(file("a\tb")).toBe("v1/items/7/44/topics/a_09b.json");
    expect(file("_none")).toBe("v1/items/7/44/topics/_5fnone.json");
    expect(file("é")).toBe("v1/items/7/44/topics/_c3_a9.json");
  });

  it("words an unknown pair with both its indexes", () => {
    expect(notFoundMessage({ name: "item", defIndex: 7, paintIndex: 45, topic: null })).toBe("no item has def_index 7 and paint_index 45");
  });
});
