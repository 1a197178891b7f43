import { describe, expect, it } from "vitest";
import { guide, karambitDoppler, system } from "../../generator/example-data.ts";

describe("the example data builder", () => {
  it("gives the Doppler's paints asked for, in the order asked, each with its phase", () => {
    expect(karambitDoppler([420, 415]).paints).toEqual([
      { paint_index: 420, paint_label: "Phase 3" },
      { paint_index: 415, paint_label: "Ruby" },
    ]);
    expect(karambitDoppler().paints.map((paint) => paint.paint_index)).toEqual([415, 416, 417, 418, 419, 420, 421]);
  });

  it("gives fresh objects, so one test's change reaches no other", () => {
    const changed = karambitDoppler();
    changed.paints[0]!.paint_label = "changed";
    expect(karambitDoppler().paints[0]!.paint_label).toBe("Ruby");
  });

  it("lays a field given in place of a default at the default's place, and a field without one after the defaults", () => {
    const built = guide({ platform_id: "7", title: "Example: a title", systems: [system({ id: "blue" })] });
    const keys = Object.keys(built);
    expect(keys.indexOf("title")).toBe(1);
    expect(keys.slice(-2)).toEqual(["platform_id", "systems"]);
    expect(built.notes).toMatch(/^Example data/);
  });
});
