import { calloutKinds, scaleKinds } from "../../contract/schema/guide.ts";
import { html, type Markup } from "../review/html.ts";
import type { LevelView, ReviewView, SystemView } from "../review/view.ts";
import { readingControls } from "./reading-controls.ts";

// The workbench's controls on the review page, server-rendered like the rest of it: plain buttons, fields
// and selects, each with an accessible name, that the page's script (client.ts) reads when one is used. A
// control names what it edits in `data-*` attributes; its fields are the named fields of the nearest
// `[data-scope]` around it. Every control is a native element, so the keyboard reaches and uses each.

/** What the page needs besides the view to offer edits. */
export interface WorkbenchPage {
  /** The sha256 of the guide file the edits are made on; null when it could not be read (then nothing is saved). */
  base: string | null;
  /** Every item of the dataset: its slug and how many paints it has. */
  items: readonly { slug: string; paints: number }[];
}

export function workbenchPanel(view: ReviewView, page: WorkbenchPage): Markup {
  const firstItem = view.systems.find((system) => system.item !== "")?.item ?? "";
  return html`<section id="workbench" aria-labelledby="workbench-title">
<h2 id="workbench-title" tabindex="-1">Workbench</h2>
<p class="wb-state"><span id="wb-count">No unsaved edits</span> · <button type="button" data-action="undo" aria-keyshortcuts="Control+Z">Undo</button> <button type="button" data-action="save" aria-keyshortcuts="Control+S"${page.base === null ? " disabled" : ""}>Save</button></p>
<p id="wb-status" role="status" aria-live="polite">${page.base === null ? "The guide file could not be read: nothing can be saved over it." : "Select text of the capture (or move through its lines with the arrow keys, Shift to extend), then choose what it is."}</p>
<fieldset data-scope="span"><legend>Span of the capture</legend>
<label>From <input name="from" id="wb-from" placeholder="line:column" autocomplete="off" size="8"></label>
<label>to <input name="to" id="wb-to" placeholder="line:column" autocomplete="off" size="8"></label>
<output id="wb-span-text" for="wb-from wb-to">Nothing selected</output>
</fieldset>
<fieldset data-scope="assign"><legend>Make the span a level's listing</legend>
<label for="wb-target">Level</label> <select name="target" id="wb-target">${view.systems.map(
    (system) =>
      html`<optgroup label="${system.label}">${system.levels.filter((level) => !level.imagesOnly).map((level) => html`<option value="${JSON.stringify({ system: system.id, key: level.key })}">${level.label}</option>`)}<option value="${JSON.stringify({ system: system.id })}">New level in ${system.label}…</option></optgroup>`,
  )}<option value="${JSON.stringify({})}">New system…</option></select>
<label>New level's label <input name="level-label" id="wb-level-label" autocomplete="off"></label>
<label>New system's label <input name="system-label" id="wb-system-label" autocomplete="off"></label>
<label for="wb-system-kind">Its scale</label> <select name="system-kind" id="wb-system-kind">${scaleKinds.map((kind) => html`<option>${kind}</option>`)}</select>
<label>Its item <input name="system-item" id="wb-system-item" list="wb-items" value="${firstItem}" autocomplete="off"></label>
<datalist id="wb-items">${page.items.map((item) => html`<option value="${item.slug}"></option>`)}</datalist>
<label><input type="checkbox" name="lines" id="wb-lines" checked> one quote per line</label>
<button type="button" data-action="assign" aria-keyshortcuts="Alt+L">Make listing</button>
</fieldset>
${readingControls(view)}
<fieldset data-scope="entry"><legend>Make the span a callout, remark or item claim</legend>
<label for="wb-entry-kind">What</label> <select name="entry-kind" id="wb-entry-kind">${calloutKinds.filter((kind) => kind !== "example").map((kind) => html`<option value="${kind}">${kind} callout</option>`)}<option value="remark">remark</option><option value="item-claim">item claim</option></select>
<label>Label (callout) or note <input name="entry-text" id="wb-entry-text" autocomplete="off"></label>
<label for="wb-entry-system">Of system</label> <select name="entry-system" id="wb-entry-system"><option value="">the whole guide</option>${view.systems.map((system) => html`<option value="${system.id}">${system.label}</option>`)}</select>
<button type="button" data-action="entry">Add</button>
</fieldset>
<fieldset data-scope="guide"><legend>The guide</legend>
<label>Notes (the service's own words) <textarea name="notes" id="wb-notes" rows="2">${view.guideNotes !== null && !view.guideNotes.startsWith("DRAFT-TODO:") ? view.guideNotes : ""}</textarea></label>
<button type="button" data-action="set-notes">Set notes</button>
<p>Reuse statement: ${view.permissionQuote === null || view.permissionQuote.startsWith("DRAFT-TODO:") ? "not decided" : view.permissionQuote === "" ? "none on the page" : html`<q>${view.permissionQuote}</q>`}
<button type="button" data-action="permission-span">The span is the author's reuse statement</button>
<button type="button" data-action="permission-none">The page has none</button></p>
</fieldset>
</section>`;
}

/** A level's controls, in its row of the legend. */
export function levelTools(system: SystemView, level: LevelView, index: number): Markup {
  const name = `${level.label} (${system.label})`;
  const data = html`data-system="${system.id}" data-level="${level.key}"`;
  const others = system.levels.filter((other) => other.key !== level.key && !other.imagesOnly);
  return html`<div class="wb-tools" data-scope="level" ${data}>
<button type="button" data-action="move-level" data-direction="up" ${data} aria-label="${`Move level ${name} up`}"${index === 0 ? " disabled" : ""}>↑</button>
<button type="button" data-action="move-level" data-direction="down" ${data} aria-label="${`Move level ${name} down`}"${index === system.levels.length - 1 ? " disabled" : ""}>↓</button>
<span class="wb-ordered">${level.ordered === null ? "ordered?" : level.ordered ? "ordered" : "not ordered"}</span>
<details id="${`wb-level-${system.id}-${level.key}`}"><summary aria-label="${`Edit level ${name}`}">Edit</summary>
<input name="label" value="${level.label}" autocomplete="off" aria-label="${`New label of level ${name}`}"> <button type="button" data-action="rename-level" ${data} aria-label="${`Rename level ${name}`}">Rename</button><br>
<button type="button" data-action="set-ordered" ${data} aria-label="${`Level ${name} is ordered: the span says so`}">Ordered (span says so)</button>
<button type="button" data-action="not-ordered" ${data} aria-label="${`Level ${name} is not ordered`}">Not ordered</button><br>
${others.length === 0 ? "" : html`<select name="into" aria-label="${`Level to merge ${name} into`}">${others.map((other) => html`<option value="${other.key}">${other.label}</option>`)}</select> <button type="button" data-action="merge-levels" ${data} aria-label="${`Merge level ${name} into the level chosen`}">Merge</button><br>`}
<button type="button" data-action="remove-level" ${data} aria-label="${`Remove level ${name} and its gradings`}">Remove level</button>
</details>
</div>`;
}

/** A system's controls, under its heading in the legend. */
export function systemTools(system: SystemView, view: ReviewView, page: WorkbenchPage): Markup {
  const data = html`data-system="${system.id}"`;
  const others = view.systems.filter((other) => other.id !== system.id && other.item === system.item);
  const paints = system.paintIndexes?.length ?? page.items.find((item) => item.slug === system.item)?.paints ?? 0;
  return html`<details class="wb-tools" id="${`wb-system-${system.id}`}" data-scope="system" ${data}><summary aria-label="${`Edit system ${system.label}`}">Edit system</summary>
<input name="label" value="${system.label}" autocomplete="off" aria-label="${`New label of system ${system.label}`}"> <input name="id" value="${system.id}" autocomplete="off" size="12" aria-label="${`New id of system ${system.label}`}">
<button type="button" data-action="rename-system" ${data} aria-label="${`Rename system ${system.label}`}">Rename</button><br>
<select name="scale" aria-label="${`Scale of system ${system.label}`}">${scaleKinds.map((kind) => html`<option${kind === system.kind ? " selected" : ""}>${kind}</option>`)}</select>
<button type="button" data-action="set-scale" ${data} aria-label="${`Set the scale of system ${system.label}`}">Set scale</button><br>
${others.length === 0 ? "" : html`<select name="into" aria-label="${`System to merge ${system.label} into`}">${others.map((other) => html`<option value="${other.id}">${other.label}</option>`)}</select> <button type="button" data-action="merge-systems" ${data} aria-label="${`Merge system ${system.label} into the system chosen`}">Merge</button><br>`}
${paints < 2 ? "" : html`<button type="button" data-action="split-per-paint" ${data} aria-label="${`Split system ${system.label} into one system per paint`}">Split per paint (${paints})</button><br>`}
<button type="button" data-action="remove-system" ${data} aria-label="${`Remove system ${system.label}`}">Remove system</button>
</details>`;
}

/** The callouts, remarks and item claims, each with its remove button. */
export function entryList(view: ReviewView, workbench: boolean): Markup {
  return html`<h2 id="entries-title">Callouts, remarks and item claims (${view.entries.length})</h2>
${view.entries.length === 0 ? html`<p>None.</p>` : html`<ul class="entries" aria-labelledby="entries-title">${view.entries.map((entry) => {
        const name = entry.list === "callouts" ? `${entry.kind} callout${entry.label === "" ? "" : ` “${entry.label}”`}` : entry.kind;
        return html`<li><b>${name}</b>${entry.system === null ? "" : html` of <code>${entry.system}</code>`}: <q>${entry.quote.length > 80 ? `${entry.quote.slice(0, 80)}…` : entry.quote}</q>${entry.note === null ? "" : html` (${entry.note})`}${
          workbench ? html` <button type="button" data-action="remove-entry" data-list="${entry.list}" data-index="${entry.index}" aria-label="${`Remove ${name}`}">Remove</button>` : ""
        }</li>`;
      })}</ul>`}`;
}
