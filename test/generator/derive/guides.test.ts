import { describe, expect, it } from "vitest";
import { guideWithSystem } from "../../../generator/derive/guides.ts";
import { groupGuide } from "../../fixtures/derive/tiny-dataset.ts";

describe("guides", () => {
  it("narrowing to one system keeps every other top-level field whole", () => {
    const narrowed = guideWithSystem(groupGuide, "purple");
    expect(narrowed.systems.map((s) => s.id)).toEqual(["purple"]);
    expect({ ...narrowed, systems: undefined }).toEqual({ ...groupGuide, systems: undefined });
  });
});
