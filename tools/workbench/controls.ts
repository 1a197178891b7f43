import { calloutKinds, scaleKinds } from "../../contract/schema/guide.ts";
import { html, type Markup } from "../review/html.ts";
import type { LevelView, ReviewView, SystemView } from "../review/view.ts";
import { fillFields, type FillField } from "./edit.ts";
import { sameLabel } from "./level-labels.ts";
import { readingControls } from "./reading-controls.ts";

// The workbench's controls on the review page, server-rendered like the rest of it: plain buttons, fields
// and selects, each with an accessible name, that the page's script (client.ts) reads when one is used. A
// control names what it edits in `data-*` attributes; its fields are the named fields of the nearest
// `[data-scope]` around it. Every control is a native element, so the keyboard reaches and uses each.

/** What the page needs besides the view to offer edits. */
export interface WorkbenchPage {
  /** The sha256 of the guide file the edits are made on; null when it could not be read (then nothing is saved). */
  base: string | null;
  /** Every item of the dataset: its slug and its paints. */
  items: readonly { slug: string; paints: readonly { index: number; label: string }[] }[];
}

export function workbenchPanel(view: ReviewView, page: WorkbenchPage): Markup {
  const firstItem = view.systems.find((system) => system.item !== "")?.item ?? "";
  return html`<section id="workbench" aria-labelledby="workbench-title">
<h2 id="workbench-title" tabindex="-1">Workbench</h2>
<p class="wb-state"><span id="wb-count">No unsaved edits</span> · <button type="button" data-action="undo" aria-keyshortcuts="Control+Z">Undo</button> <button type="button" data-action="save" aria-keyshortcuts="Control+S"${page.base === null ? " disabled" : ""}>Save</button></p>
<p id="wb-status" role="status" aria-live="polite">${page.base === null ? "The guide file could not be read: nothing can be saved over it." : "Select text of the capture (or move through its lines with the arrow keys, Shift to extend), then choose what it is."}</p>
<p id="wb-also" hidden><button type="button" data-action="undo" aria-label="Undo this edit and what it also changed">Undo</button></p>
<fieldset data-scope="span"><legend>Span of the capture</legend>
<label>From <input name="from" id="wb-from" placeholder="line:column" autocomplete="off" size="8"></label>
<label>to <input name="to" id="wb-to" placeholder="line:column" autocomplete="off" size="8"></label>
<output id="wb-span-text" for="wb-from wb-to">Nothing selected</output>
<button type="button" data-action="not-graded">The selected number is a seed not graded here</button>
</fieldset>
${placeholderFills(view)}
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
${undecidedLevels(view)}
</fieldset>
</section>`;
}

/** One decision for every level not yet marked ordered or not, when the guide ranks the seeds inside none of them. */
function undecidedLevels(view: ReviewView): Markup {
  const count = view.systems.flatMap((system) => system.levels).filter((level) => level.ordered === null).length;
  if (count === 0) return html``;
  const levels = `${count} level${count === 1 ? "" : "s"}`;
  return html`<p>Ordered inside: ${levels} undecided
<button type="button" data-action="undecided-not-ordered" aria-label="${`Mark the ${levels} still undecided not ordered`}">None of them is ordered</button></p>`;
}

/** Placeholder fields a selection of the page fills, by the JSON path check names them at. */
const FILLED_AT: readonly { path: RegExp; field: FillField | "permission_quote" }[] = [
  ...fillFields.map((field) => ({ path: new RegExp(`^\\$\\.${field}(?:\\[\\d+\\])?$`), field })),
  { path: /^\$\.permission_quote$/, field: "permission_quote" },
];

/** A "fill from the selection" control for each DRAFT-TODO placeholder of the attribution that check names. */
function placeholderFills(view: ReviewView): Markup {
  const fields = [...new Set(view.notes.filter((note) => note.kind === "placeholder").flatMap((note) => FILLED_AT.filter((fill) => fill.path.test(note.path)).map((fill) => fill.field)))];
  if (fields.length === 0) return html``;
  return html`<fieldset data-scope="fill"><legend>DRAFT-TODO placeholders to fill from the selection</legend>
${fields.map((field) =>
    field === "permission_quote"
      ? html`<p><code>permission_quote</code> <button type="button" data-action="permission-span" aria-label="Fill permission_quote from the selection">Fill from the selection</button></p>`
      : html`<p><code>${field}</code> <button type="button" data-action="fill" data-field="${field}" aria-label="${`Fill ${field} from the selection`}">Fill from the selection</button></p>`,
  )}
</fieldset>`;
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
<input name="key" value="${level.key}" autocomplete="off" size="12" aria-label="${`New key of level ${name}`}"> <button type="button" data-action="rename-level-key" ${data} aria-label="${`Change the key of level ${name}`}">Change key</button><br>
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
  const index = view.systems.findIndex((other) => other.id === system.id);
  const others = view.systems.filter((other) => other.id !== system.id && other.item === system.item);
  const item = page.items.find((candidate) => candidate.slug === system.item);
  const paints = system.paintIndexes?.length ?? item?.paints.length ?? 0;
  return html`<p class="wb-tools"><button type="button" data-action="move-system" data-direction="up" ${data} aria-label="${`Move system ${system.label} up`}"${index === 0 ? " disabled" : ""}>↑</button>
<button type="button" data-action="move-system" data-direction="down" ${data} aria-label="${`Move system ${system.label} down`}"${index === view.systems.length - 1 ? " disabled" : ""}>↓</button></p>
<details class="wb-tools" id="${`wb-system-${system.id}`}" data-scope="system" ${data}><summary aria-label="${`Edit system ${system.label}`}">Edit system</summary>
<input name="label" value="${system.label}" autocomplete="off" aria-label="${`New label of system ${system.label}`}"> <input name="id" value="${system.id}" autocomplete="off" size="12" aria-label="${`New id of system ${system.label}`}">
<button type="button" data-action="rename-system" ${data} aria-label="${`Rename system ${system.label}`}">Rename</button><br>
<select name="scale" aria-label="${`Scale of system ${system.label}`}">${scaleKinds.map((kind) => html`<option${kind === system.kind ? " selected" : ""}>${kind}</option>`)}</select>
<button type="button" data-action="set-scale" ${data} aria-label="${`Set the scale of system ${system.label}`}">Set scale</button><br>
<input name="item" value="${system.item}" list="wb-items" autocomplete="off" size="24" aria-label="${`Item of system ${system.label}`}"> <button type="button" data-action="set-item" ${data} aria-label="${`Set the item of system ${system.label}`}">Set item</button><br>
${item === undefined || item.paints.length < 2 ? "" : paintChoice(system, item.paints)}
${others.length === 0 ? "" : html`<select name="into" aria-label="${`System to merge ${system.label} into`}">${others.map((other) => html`<option value="${other.id}">${other.label}</option>`)}</select> <button type="button" data-action="merge-systems" ${data} aria-label="${`Merge system ${system.label} into the system chosen`}">Merge</button><br>`}
${mergeButtons(system, view)}
${paints < 2 ? "" : html`<button type="button" data-action="split-per-paint" ${data} aria-label="${`Split system ${system.label} into one system per paint`}">Split per paint (${paints})</button><br>`}
<button type="button" data-action="remove-system" ${data} aria-label="${`Remove system ${system.label}`}">Remove system</button>
</details>`;
}

/** The paints of the system's item, those it covers checked (all of them when it names none). */
function paintChoice(system: SystemView, paints: readonly { index: number; label: string }[]): Markup {
  const data = html`data-system="${system.id}"`;
  return html`<span role="group" aria-label="${`Paints of system ${system.label}`}">${paints.map(
    (paint) => html`<label><input type="checkbox" name="paint" value="${String(paint.index)}"${system.paintIndexes === null || system.paintIndexes.includes(paint.index) ? " checked" : ""}> ${paint.label || String(paint.index)}</label> `,
  )}</span>
<button type="button" data-action="set-paints" ${data} aria-label="${`Set the paints of system ${system.label} to those checked`}">Set paints</button>
<button type="button" data-action="all-paints" ${data} aria-label="${`System ${system.label} covers every paint`}">All paints</button><br>`;
}

/** The merges by label a system offers: only those that would merge something. */
function mergeButtons(system: SystemView, view: ReviewView): Markup {
  const data = html`data-system="${system.id}"`;
  const ofItem = view.systems.filter((other) => other.item === system.item);
  const ofLabel = ofItem.filter((other) => sameLabel(other.label, system.label));
  const graded = system.levels.filter((level) => !level.imagesOnly);
  const sharedLabel = graded.some((level, index) => graded.slice(0, index).some((earlier) => sameLabel(earlier.label, level.label)));
  return html`${ofLabel.length < 2 ? "" : html`<button type="button" data-action="merge-systems-by-label" ${data} aria-label="${`Merge the ${ofLabel.length} systems labelled ${system.label} into the first of them`}">Merge all labelled so (${ofLabel.length})</button><br>`}
${ofItem.length < 2 ? "" : html`<button type="button" data-action="merge-item-systems" ${data} aria-label="${`Merge every system of ${system.item} into system ${system.label}`}">Merge all ${ofItem.length} systems of the item into this one</button><br>`}
${sharedLabel ? html`<button type="button" data-action="merge-levels-by-label" ${data} aria-label="${`Merge the levels of system ${system.label} that share a label`}">Merge levels of one label</button><br>` : ""}`;
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
