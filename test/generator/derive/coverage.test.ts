import { describe, expect, it } from "vitest";
import { coverageOf, covers } from "../../../generator/derive/coverage.ts";
import { pairsOf, sortGuides, type Pair } from "../../../generator/derive/order.ts";
import { tinyDataset } from "../../fixtures/derive/tiny-dataset.ts";

const pairs = pairsOf(tinyDataset.items);
const pair = (def: number, paint: number): Pair => pairs.find((p) => p.item.def_index === def && p.paint.paint_index === paint)!;
const covering = (guides = sortGuides(tinyDataset.guides)) => (p: Pair) => coverageOf(guides)(p).map(({ guide, system }) => `${guide.platform_id}:${system.id}`);

describe("the systems covering a pair", () => {
  it("are every system on the pair's slug, guides in the order given, systems in guide order", () => {
    expect(covering()(pair(7, 44))).toEqual(["30:gold", "30:purple", "200:blue"]);
    expect(covering([...tinyDataset.guides].reverse())(pair(7, 44))).toEqual(["200:blue", "30:gold", "30:purple"]);
  });

  it("leave out a system restricted to other paints of the slug", () => {
    expect(covering()(pair(507, 418))).toEqual(["4000:pattern"]);
    expect(covering()(pair(507, 420))).toEqual([]);
  });

  it("are none for a slug no system names", () => {
    const other: Pair = { item: { ...pair(7, 44).item, slug: "m4a1-s-example" }, paint: pair(7, 44).paint };
    expect(covering()(other)).toEqual([]);
  });
});

describe("a system covers a pair", () => {
  const [blue] = tinyDataset.guides.find((guide) => guide.platform_id === "200")!.systems;
  const [pattern] = tinyDataset.guides.find((guide) => guide.platform_id === "4000")!.systems;

  it("when it names the pair's slug and lists no paints, or lists the pair's paint", () => {
    expect(covers(blue!, pair(7, 44))).toBe(true);
    expect(covers(pattern!, pair(507, 415))).toBe(true);
  });

  it("not when it names another slug, or lists paints without the pair's", () => {
    expect(covers(blue!, pair(507, 415))).toBe(false);
    expect(covers(pattern!, pair(507, 420))).toBe(false);
    expect(covers({ ...pattern!, paint_indexes: [] }, pair(507, 415))).toBe(false);
  });
});
