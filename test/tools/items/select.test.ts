import { describe, expect, it } from "vitest";
import { selectPatternItems, type PackageItem, type PackageNames } from "../../../tools/items/select.ts";
import { itemFileSchema } from "../../../contract/schema/item.ts";

// A small literal slice shaped like @ianlucas/cs2-lib: ids, defs and paint indexes as the package has them.
const packageItems: PackageItem[] = [
  { id: 1379, type: "melee", def: 508, index: 418, altName: "Phase 1" },
  { id: 1376, type: "melee", def: 508, index: 415, altName: "Ruby" },
  { id: 1380, type: "melee", def: 508, index: 419, altName: "Phase 2" },
  { id: 1, type: "weapon", def: 7, index: 44 },
  { id: 2, type: "weapon", def: 7, index: 180 }, // AK-47 | Fire Serpent: not a pattern finish here
  { id: 1778, type: "glove", def: 5035, index: 10060 },
  { id: 35, type: "melee", def: 42, base: true }, // the default knife: no paint at all
  { id: 56, type: "glove", def: 4725, index: 0, base: true },
  { id: 3, type: "sticker", index: 44 },
];
const names: PackageNames = {
  "1379": { name: "M9 Bayonet | Doppler" },
  "1376": { name: "M9 Bayonet | Doppler" },
  "1380": { name: "M9 Bayonet | Doppler" },
  "1": { name: "AK-47 | Case Hardened" },
  "2": { name: "AK-47 | Fire Serpent" },
  "1778": { name: "Hydra Gloves | Case Hardened" },
  "35": { name: "Knife" },
  "56": { name: "Broken Fang Gloves" },
  "3": { name: "Sticker | Case Hardened" },
};
const finishes = ["Case Hardened", "Doppler"];

function select(items = packageItems, itemNames = names, finishList = finishes) {
  const selection = selectPatternItems(items, itemNames, finishList);
  if (!selection.ok) throw new Error(selection.problems.join("\n"));
  return selection.items;
}

describe("selectPatternItems", () => {
  it("keeps only weapons, knives and gloves of a pattern finish, one file per slug sorted by slug", () => {
    expect(select().map((item) => item.slug)).toEqual([
      "ak-47-case-hardened",
      "hydra-gloves-case-hardened",
      "m9-bayonet-doppler",
    ]);
  });

  it("makes each Doppler phase and gem its own paint of one slug, sorted by paint index", () => {
    const bayonet = select().find((item) => item.slug === "m9-bayonet-doppler");
    expect(bayonet).toEqual({
      slug: "m9-bayonet-doppler",
      weapon: "M9 Bayonet",
      finish: "Doppler",
      def_index: 508,
      market_name: "M9 Bayonet | Doppler",
      star: true,
      paints: [
        { paint_index: 415, paint_label: "Ruby" },
        { paint_index: 418, paint_label: "Phase 1" },
        { paint_index: 419, paint_label: "Phase 2" },
      ],
    });
  });

  it("stars knives and gloves but not guns, and leaves a single paint unlabelled", () => {
    const bySlug = new Map(select().map((item) => [item.slug, item]));
    expect(bySlug.get("ak-47-case-hardened")).toMatchObject({ star: false, paints: [{ paint_index: 44, paint_label: "" }] });
    expect(bySlug.get("hydra-gloves-case-hardened")).toMatchObject({ star: true, def_index: 5035, weapon: "Hydra Gloves" });
  });

  it("leaves a slug's only paint unlabelled even when the package names it", () => {
    const items = select(
      [{ id: 40, type: "melee", def: 503, index: 418, altName: "Phase 1" }],
      { "40": { name: "Classic Knife | Doppler" } },
      ["Doppler"],
    );
    expect(items[0]!.paints).toEqual([{ paint_index: 418, paint_label: "" }]);
  });

  it("gives every item a shape the item-file schema accepts", () => {
    for (const item of select()) expect(itemFileSchema.safeParse(item).success).toBe(true);
  });

  it("tells apart two unnamed paints of one weapon's finish by their paint index", () => {
    const items = select(
      [
        { id: 10, type: "glove", def: 5030, index: 10076 },
        { id: 11, type: "glove", def: 5030, index: 10090 },
      ],
      { "10": { name: "Sport Gloves | Nocts" }, "11": { name: "Sport Gloves | Nocts" } },
      ["Nocts"],
    );
    expect(items).toHaveLength(1);
    expect(items[0]!.paints).toEqual([
      { paint_index: 10076, paint_label: "Paint 10076" },
      { paint_index: 10090, paint_label: "Paint 10090" },
    ]);
  });

  it("tells apart two paints sharing a gem name by their paint index and keeps unique names as they are", () => {
    const items = select(
      [
        { id: 20, type: "melee", def: 515, index: 416, altName: "Sapphire" },
        { id: 21, type: "melee", def: 515, index: 619, altName: "Sapphire" },
        { id: 22, type: "melee", def: 515, index: 418, altName: "Phase 1" },
      ],
      {
        "20": { name: "Butterfly Knife | Doppler" },
        "21": { name: "Butterfly Knife | Doppler" },
        "22": { name: "Butterfly Knife | Doppler" },
      },
      ["Doppler"],
    );
    expect(items[0]!.paints.map((paint) => paint.paint_label)).toEqual([
      "Sapphire (paint 416)",
      "Phase 1",
      "Sapphire (paint 619)",
    ]);
  });

  it("reports a finish of the list that matches nothing instead of silently writing fewer items", () => {
    const selection = selectPatternItems(packageItems, names, [...finishes, "Case Hardend"]);
    expect(selection.ok).toBe(false);
    if (!selection.ok) expect(selection.problems).toEqual(['finish "Case Hardend" matched no weapon, knife or glove in the package']);
  });

  it("refuses a slug that two def indexes would share", () => {
    const selection = selectPatternItems(
      [
        { id: 30, type: "weapon", def: 7, index: 44 },
        { id: 31, type: "weapon", def: 99, index: 44 },
      ],
      { "30": { name: "AK-47 | Case Hardened" }, "31": { name: "AK 47 | Case Hardened" } },
      ["Case Hardened"],
    );
    expect(selection.ok).toBe(false);
    if (!selection.ok) expect(selection.problems[0]).toContain('slug "ak-47-case-hardened"');
  });
});
