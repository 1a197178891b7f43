// The page's part of the edits of many places (bundled into the workbench's script with client.ts): the
// buttons marked `data-preview` ask the server what a table read by its columns, or a reading applied
// everywhere it fits, would do (preview.ts), and show it under their controls; the edit is then made from
// what was shown (the columns chosen, the places listed), by the buttons `read-table` and `apply-reading`.
// Everything of the page is put in as text, never as markup.

import type { Edit, Span } from "./edit.ts";
import type { Preview, PreviewAnswer } from "./preview.ts";

export interface ReadingsPage {
  span(): Span | null;
  say(message: string): void;
  preview(preview: Preview): Promise<{ ok: boolean; message?: string; preview?: PreviewAnswer }>;
}

type SystemTarget = Extract<Edit, { kind: "read-table" }>["system"];

function scopeOf(name: "table" | "reading"): HTMLElement {
  return document.querySelector<HTMLElement>(`[data-scope="${name}"]`)!;
}

function valueIn(scope: Element, name: string): string {
  return scope.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${name}"]`)?.value ?? "";
}

function element(tag: string, text = "", attributes: Record<string, string> = {}): HTMLElement {
  const made = document.createElement(tag);
  made.textContent = text;
  for (const [name, value] of Object.entries(attributes)) made.setAttribute(name, value);
  return made;
}

function list(tag: "ul" | "ol", items: readonly string[]): HTMLElement {
  const made = element(tag);
  for (const item of items) made.append(element("li", item));
  return made;
}

const seedsShown = (seeds: readonly number[]) => (seeds.length === 0 ? "no seed" : seeds.join(", "));

/** The levels' system chosen in a scope, or what to fill in first. */
function systemTarget(scope: Element): SystemTarget | string {
  const chosen = JSON.parse(valueIn(scope, "system") || "{}") as { id?: string };
  if (chosen.id !== undefined) return { id: chosen.id };
  const label = valueIn(scope, "system-label").trim();
  const item = valueIn(scope, "system-item").trim();
  if (label === "" || item === "") return "Write the new system's label and item first.";
  return { new: { label, kind: valueIn(scope, "system-kind") as "tier", item } };
}

/** The edit a `read-table` or `apply-reading` button makes, or what to do first. */
export function readingEdit(control: HTMLElement): Edit | string {
  const scope = control.closest<HTMLElement>("[data-scope]")!;
  if (control.dataset.action === "read-table") {
    const [start, end] = (scope.dataset.span ?? "").split(":").map(Number);
    const level = valueIn(scope, "level-column");
    const seeds = valueIn(scope, "seeds-column");
    if (start === undefined || end === undefined || Number.isNaN(start) || level === "" || seeds === "") return "Select a part of a table and find its columns first.";
    const system = systemTarget(scope);
    if (typeof system === "string") return system;
    return { kind: "read-table", span: { start, end }, columns: { level: Number(level), seeds: Number(seeds) }, system };
  }
  const reading = JSON.parse(control.dataset.reading ?? "null") as { as: "listing"; places: { label: Span; listing: Span }[] } | { as: "not-graded"; places: { heading: Span; section: Span }[] } | null;
  if (reading === null) return "Find the places of the reading's shape first.";
  if (reading.as === "not-graded") return { kind: "apply-reading", reading };
  const system = systemTarget(scopeOf("reading"));
  return typeof system === "string" ? system : { kind: "apply-reading", reading: { ...reading, system } };
}

async function previewTable(page: ReadingsPage, columns: { level: number; seeds: number } | null): Promise<void> {
  const scope = scopeOf("table");
  const [start, end] = (scope.dataset.span ?? "").split(":").map(Number);
  const span = columns === null ? page.span() : start !== undefined && end !== undefined ? { start, end } : null;
  if (span === null) return page.say("Select a part of a table in the text first.");
  const answer = await page.preview({ of: "table", span, columns });
  // An edit made meanwhile put a new page in place: this preview is of the page before it.
  if (!scope.isConnected) return;
  const shown = document.getElementById("wb-table-preview")!;
  shown.replaceChildren();
  if (!answer.ok || answer.preview === undefined) return page.say(answer.message ?? "The server gave no preview.");
  const preview = answer.preview;
  if ("problem" in preview) return page.say(preview.problem);
  if (preview.of !== "table") return;
  scope.dataset.span = `${span.start}:${span.end}`;
  for (const [name, chosen] of [["level-column", preview.chosen?.level], ["seeds-column", preview.chosen?.seeds]] as const) {
    const select = scope.querySelector<HTMLSelectElement>(`[name="${name}"]`)!;
    select.replaceChildren(...preview.columns.map((column, index) => element("option", `${index + 1}: ${column === "" ? "(empty)" : column}`, { value: String(index) })));
    if (chosen !== undefined) select.value = String(chosen);
  }
  const summary = `Read the table of line ${preview.line}: ${preview.rows} rows into ${preview.levels.length} levels; ${preview.skipped.length} rows skipped`;
  shown.append(
    element("p", `${preview.rows} rows make ${preview.levels.length} levels, created best first by their labels (move them afterwards):`),
    list("ul", preview.levels.map((level) => `${level.label}: ${seedsShown(level.seeds)}`)),
    element("p", `${preview.skipped.length} rows skipped:`),
    list("ul", preview.skipped.map((row) => `line ${row.line}: “${row.level}” | “${row.seeds}”: ${row.why}`)),
    element("p", takenOverText(preview.takenOver)),
  );
  scope.querySelector<HTMLElement>('[data-action="read-table"]')!.dataset.done = `${summary} (not saved yet).`;
  shown.dataset.columns = `${preview.chosen?.level ?? ""}:${preview.chosen?.seeds ?? ""}`;
  page.say(`${summary}: see the preview under “Read table”.`);
}

function takenOverText(takenOver: { gradings: number; levelsLeftEmpty: string[] }): string {
  const left = takenOver.levelsLeftEmpty.length === 0 ? "" : ` Levels left with none go, unless this fills them again: ${takenOver.levelsLeftEmpty.join("; ")}.`;
  return `${takenOver.gradings} gradings of the guide stand there and are taken over.${left}`;
}

async function previewReading(page: ReadingsPage): Promise<void> {
  const example = page.span();
  if (example === null) return page.say("Select the example line in the text first.");
  const scope = scopeOf("reading");
  const as = valueIn(scope, "as") === "not-graded" ? "not-graded" : "listing";
  const answer = await page.preview({ of: as, example });
  if (!scope.isConnected) return;
  const shown = document.getElementById("wb-reading-preview")!;
  shown.replaceChildren();
  if (!answer.ok || answer.preview === undefined) return page.say(answer.message ?? "The server gave no preview.");
  const preview = answer.preview;
  if ("problem" in preview) return page.say(preview.problem);
  const [items, reading] =
    preview.of === "listing"
      ? [preview.places.map((place) => `line ${place.line}: “${place.text}” → level “${place.label}”: ${seedsShown(place.seeds)}`), { as, places: preview.places.map((place) => place.spans) }]
      : preview.of === "not-graded"
        ? [preview.places.map((place) => `line ${place.line}: “${place.text}” (lines ${place.lines.from}–${place.lines.to}): ${place.gradings.length === 0 ? "no grading" : place.gradings.map((grading) => `${grading.seed} (${grading.system} › ${grading.level})`).join(", ")}`), { as, places: preview.places.map((place) => place.spans) }]
        : [[], null];
  if (reading === null || items.length === 0) return page.say("No place of this shape.");
  const what = as === "listing" ? "made a level's listing" : "with its section's gradings removed";
  const apply = element("button", `Apply to these ${items.length} places`, { type: "button", "data-action": "apply-reading", "data-reading": JSON.stringify(reading) });
  apply.dataset.done = `Applied the reading to ${items.length} places, each ${what} (not saved yet).`;
  shown.append(element("p", `${items.length} places of this shape, each to be ${what}:`), list("ol", items), element("p", takenOverText(preview.takenOver)), apply);
  page.say(`Found ${items.length} places of this shape: see them under “Find every place of this shape”.`);
}

/** Makes the preview buttons ask the server, and a changed column preview the table again. */
export function wireReadings(page: ReadingsPage): void {
  document.addEventListener("click", (event) => {
    const control = (event.target as Element).closest<HTMLElement>("[data-preview]");
    if (control === null) return;
    event.preventDefault();
    const shown = control.dataset.preview === "table" ? previewTable(page, null) : previewReading(page);
    shown.catch((error: unknown) => page.say(`The server did not answer: ${error instanceof Error ? error.message : String(error)}`));
  });
  document.addEventListener("change", (event) => {
    const target = event.target as HTMLElement;
    const scope = target.closest('[data-scope="table"]');
    if (scope === null || !["level-column", "seeds-column"].includes(target.getAttribute("name") ?? "")) return;
    const columns = { level: Number(valueIn(scope, "level-column")), seeds: Number(valueIn(scope, "seeds-column")) };
    previewTable(page, columns).catch((error: unknown) => page.say(`The server did not answer: ${error instanceof Error ? error.message : String(error)}`));
  });
}
