import { describe, expect, it } from "vitest";
import { comparePlatformIds, pairsOf, sortGuides } from "../../../generator/derive/order.ts";
import { akCaseHardened, guide, karambitDoppler, system } from "../../../generator/example-data.ts";

describe("the order of a build", () => {
  it("puts platform_ids in the order of their numbers, however long", () => {
    const ids = ["30", "200", "9", "100000000000000000001", "100000000000000000000", "4000"];
    expect([...ids].sort(comparePlatformIds)).toEqual(["9", "30", "200", "4000", "100000000000000000000", "100000000000000000001"]);
    expect(comparePlatformIds("200", "200")).toBe(0);
    expect(comparePlatformIds("201", "200")).toBeGreaterThan(0);
    expect(comparePlatformIds("200", "201")).toBeLessThan(0);
  });

  it("sorts guides by platform_id without touching the list it was given", () => {
    const guides = ["200", "30", "4000"].map((id) => guide({ platform_id: id, systems: [system({ id: "blue" })] }));
    expect(sortGuides(guides).map((g) => g.platform_id)).toEqual(["30", "200", "4000"]);
    expect(guides.map((g) => g.platform_id)).toEqual(["200", "30", "4000"]);
  });

  it("lists every pair by def_index, then paint_index", () => {
    const pairs = pairsOf([karambitDoppler([420, 415, 418]), akCaseHardened()]);
    expect(pairs.map(({ item, paint }) => `${item.def_index}/${paint.paint_index}`)).toEqual(["7/44", "507/415", "507/418", "507/420"]);
  });
});
