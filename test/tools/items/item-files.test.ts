import { describe, expect, it } from "vitest";
import { itemFileText, planItemSync } from "../../../tools/items/item-files.ts";
import type { ItemFile } from "../../../contract/schema/item.ts";

const bayonet: ItemFile = {
  paints: [{ paint_label: "Ruby", paint_index: 415 }],
  star: true,
  market_name: "Bayonet | Doppler",
  def_index: 500,
  finish: "Doppler",
  weapon: "Bayonet",
  slug: "bayonet-doppler",
};
const ak: ItemFile = {
  slug: "ak-47-case-hardened",
  weapon: "AK-47",
  finish: "Case Hardened",
  def_index: 7,
  market_name: "AK-47 | Case Hardened",
  star: false,
  paints: [{ paint_index: 44, paint_label: "" }],
};

describe("itemFileText", () => {
  it("writes 2-space JSON in the fixed key order with a trailing newline, whatever order the object has", () => {
    expect(itemFileText(bayonet)).toBe(
      [
        "{",
        '  "slug": "bayonet-doppler",',
        '  "weapon": "Bayonet",',
        '  "finish": "Doppler",',
        '  "def_index": 500,',
        '  "market_name": "Bayonet | Doppler",',
        '  "star": true,',
        '  "paints": [',
        "    {",
        '      "paint_index": 415,',
        '      "paint_label": "Ruby"',
        "    }",
        "  ]",
        "}",
        "",
      ].join("\n"),
    );
  });
});

describe("planItemSync", () => {
  it("creates missing files, rewrites changed ones and removes files no item produces", () => {
    const existing = new Map([
      ["ak-47-case-hardened.json", "{}\n"],
      ["karambit-lore.json", "{}\n"],
    ]);
    const plan = planItemSync(existing, [bayonet, ak]);
    expect(plan.write.map(({ file, created }) => ({ file, created }))).toEqual([
      { file: "ak-47-case-hardened.json", created: false },
      { file: "bayonet-doppler.json", created: true },
    ]);
    expect(plan.remove).toEqual(["karambit-lore.json"]);
    expect(plan.unchanged).toBe(0);
  });

  it("changes nothing when run again on its own output", () => {
    const first = planItemSync(new Map(), [bayonet, ak]);
    const written = new Map(first.write.map(({ file, text }) => [file, text]));
    expect(planItemSync(written, [ak, bayonet])).toEqual({ write: [], remove: [], unchanged: 2 });
  });
});
