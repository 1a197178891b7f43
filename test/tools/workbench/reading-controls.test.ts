// The workbench's controls for the edits of many places (tools/workbench/reading-controls.ts): a table read by
// its columns and a reading applied everywhere it fits, each with the system its levels go into.

import { describe, expect, it } from "vitest";
import { scaleKinds } from "../../../contract/schema/guide.ts";
import { reviewView } from "../../../tools/review/view.ts";
import { readingControls } from "../../../tools/workbench/reading-controls.ts";

/** The review view of a guide with these systems (label, item), no capture. */
function viewOf(systems: readonly { id: string; label: string; item: string }[]) {
  const document = { title: "Example Guide", systems: systems.map((system) => ({ ...system, paint_indexes: null, scale: { kind: "tier" }, levels: [], gradings: [] })) };
  return reviewView({ platformId: "900000150", file: "guides/900000150.json", document, capture: null, problems: [] });
}

/** The options of the select with this id: `value=text`, a selected one marked with `*`. */
function optionsOf(markup: string, id: string): string[] {
  const select = new RegExp(`<select[^>]* id="${id}">(.*?)</select>`, "su").exec(markup);
  if (select === null) throw new Error(`no select ${id}`);
  return [...select[1]!.matchAll(/<option(?: value="([^"]*)")?( selected)?>([^<]*)<\/option>/gu)].map((option) => `${option[1] ?? ""}=${option[3]}${option[2] === undefined ? "" : "*"}`);
}

/** The value of the input with this id. */
function valueOf(markup: string, id: string): string | null {
  const input = new RegExp(`<input[^>]* id="${id}"[^>]*>`, "u").exec(markup);
  if (input === null) throw new Error(`no input ${id}`);
  return / value="([^"]*)"/u.exec(input[0])?.[1] ?? null;
}

const VIEW = viewOf([
  { id: "notes", label: "Notes", item: "" },
  { id: "tiers", label: "Tiers", item: "karambit-doppler" },
  { id: "ak", label: "AK tiers", item: "ak-47-case-hardened" },
]);

describe("the controls of a table read by its columns and of a reading applied everywhere", () => {
  it("offer each of the guide's systems for the levels, and a new system chosen unless another is", () => {
    const markup = readingControls(VIEW).value;
    for (const scope of ["table", "reading"]) {
      expect(optionsOf(markup, `wb-${scope}-system`)).toEqual(['{&quot;id&quot;:&quot;notes&quot;}=Notes', '{&quot;id&quot;:&quot;tiers&quot;}=Tiers', '{&quot;id&quot;:&quot;ak&quot;}=AK tiers', "{}=New system…*"]);
    }
  });

  it("offer every kind of scale for a new system, and its item as the first the guide's systems name", () => {
    const markup = readingControls(VIEW).value;
    for (const scope of ["table", "reading"]) {
      expect(optionsOf(markup, `wb-${scope}-system-kind`)).toEqual(scaleKinds.map((kind) => `=${kind}`));
      expect(valueOf(markup, `wb-${scope}-system-item`)).toBe("karambit-doppler");
      expect(markup).toContain(`<input name="system-label" id="wb-${scope}-system-label" autocomplete="off">`);
    }
    expect(markup).toContain("Label of the table's new system");
    expect(markup).toContain("Label of the reading's new system");
  });

  it("leave a new system's item empty when no system of the guide names one", () => {
    const markup = readingControls(viewOf([{ id: "notes", label: "Notes", item: "" }])).value;
    expect(valueOf(markup, "wb-table-system-item")).toBe("");
    expect(optionsOf(markup, "wb-reading-system")).toEqual(['{&quot;id&quot;:&quot;notes&quot;}=Notes', "{}=New system…*"]);
  });

  it("ask the server for a preview before each edit, and show it in each one's own place", () => {
    const markup = readingControls(VIEW).value;
    expect(markup).toContain('<fieldset data-scope="table">');
    expect(markup).toContain('<button type="button" data-preview="table">');
    expect(markup).toContain('<div class="wb-preview" id="wb-table-preview"></div>');
    expect(markup).toContain('<button type="button" data-action="read-table">Read table</button>');
    expect(markup).toContain('<fieldset data-scope="reading">');
    expect(markup).toContain('<button type="button" data-preview="reading">');
    expect(markup).toContain('<div class="wb-preview" id="wb-reading-preview"></div>');
    expect(optionsOf(markup, "wb-reading-as")).toEqual(["listing=a level's label with its seeds, or a heading over them", "not-graded=the heading of a section that grades nothing"]);
  });
});
