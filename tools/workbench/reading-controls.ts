import { scaleKinds } from "../../contract/schema/guide.ts";
import { html, type Markup } from "../review/html.ts";
import type { ReviewView } from "../review/view.ts";

// The workbench's controls for the edits of many places (table.ts, reading.ts), server-rendered like the
// others (controls.ts): a table read by its columns, and a reading applied everywhere it fits. Each first asks
// the server for a preview (data-preview: client-readings.ts shows it under the controls), and the edit is
// made from what the preview showed: the columns chosen, or the places listed.

/** The system the levels go into: one of the guide's, or a new one (its label, scale and item). */
function systemFields(scope: "table" | "reading", what: string, view: ReviewView): Markup {
  const firstItem = view.systems.find((system) => system.item !== "")?.item ?? "";
  return html`<label for="wb-${scope}-system">System of the ${what}'s levels</label> <select name="system" id="wb-${scope}-system">${view.systems.map(
    (system) => html`<option value="${JSON.stringify({ id: system.id })}">${system.label}</option>`,
  )}<option value="${JSON.stringify({})}" selected>New system…</option></select>
<label>Label of the ${what}'s new system <input name="system-label" id="wb-${scope}-system-label" autocomplete="off"></label>
<label for="wb-${scope}-system-kind">Scale of the ${what}'s new system</label> <select name="system-kind" id="wb-${scope}-system-kind">${scaleKinds.map((kind) => html`<option>${kind}</option>`)}</select>
<label>Item of the ${what}'s new system <input name="system-item" id="wb-${scope}-system-item" list="wb-items" value="${firstItem}" autocomplete="off"></label>`;
}

export function readingControls(view: ReviewView): Markup {
  return html`<fieldset data-scope="table"><legend>Read the selected table (or list of lines such as “661 — Tier 1”) by its columns</legend>
<button type="button" data-preview="table">Find the table's columns</button>
<label for="wb-table-level">Column of the levels</label> <select name="level-column" id="wb-table-level"><option value="">(find the columns first)</option></select>
<label for="wb-table-seeds">Column of the seeds</label> <select name="seeds-column" id="wb-table-seeds"><option value="">(find the columns first)</option></select>
${systemFields("table", "table", view)}
<div class="wb-preview" id="wb-table-preview"></div>
<button type="button" data-action="read-table">Read table</button>
</fieldset>
<fieldset data-scope="reading"><legend>Apply a reading everywhere it fits</legend>
<label for="wb-reading-as">The selected line is</label> <select name="as" id="wb-reading-as"><option value="listing">a level's label with its seeds, or a heading over them</option><option value="not-graded">the heading of a section that grades nothing</option></select>
${systemFields("reading", "reading", view)}
<button type="button" data-preview="reading">Find every place of this shape</button>
<div class="wb-preview" id="wb-reading-preview"></div>
</fieldset>`;
}
