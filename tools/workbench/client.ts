// The workbench's script in the review page (served at /review/workbench.js, bundled by esbuild): it turns what
// a maintainer does on the page into edits (edit.ts) and keeps them, in order, until they are saved. Each edit
// is sent with all before it to the server, which applies them to the guide file as read and answers the page
// for the result (its marks, problems and unaccounted numbers), or why the edit cannot be applied; undo sends
// one edit fewer. The page holds no other state: a reload starts again from the file.

import { readingEdit, wireReadings } from "./client-readings.ts";
import type { Edit, FillField, Span } from "./edit.ts";
import type { Preview, PreviewAnswer } from "./preview.ts";

interface State {
  base: string;
  platformId: string;
  token: string;
  edits: Edit[];
  span: Span | null;
  /** The keyboard's line cursor in the text, and where a Shift-extended span began. */
  cursorLine: number | null;
  anchorLine: number | null;
}

const root = document.getElementById("page")!;
const state: State = {
  base: root.dataset.base ?? "",
  platformId: root.dataset.platformId ?? "",
  token: document.querySelector<HTMLMetaElement>('meta[name="workbench-token"]')?.content ?? "",
  edits: [],
  span: null,
  cursorLine: null,
  anchorLine: null,
};

// ---- Spans: a selection of the text, read as offsets of the readable text -------------------------------

/** The offset in the readable text of a point of the page, or null outside the text. */
function offsetAt(node: Node, offset: number, side: "start" | "end"): number | null {
  const element = node instanceof Element ? node : node.parentElement;
  const piece = element?.closest<HTMLElement>("[data-o]");
  if (piece !== null && piece !== undefined) return Number(piece.dataset.o) + textBefore(piece, node, offset);
  // Between pieces (a line's start or end, a quote's tag): the nearest piece on the selection's inner side.
  const text = document.querySelector(".text");
  if (text === null || !text.contains(node)) return null;
  const pieces = [...text.querySelectorAll<HTMLElement>("[data-o]")];
  const boundary = document.createRange();
  boundary.setStart(node, offset);
  if (side === "start") {
    const next = pieces.find((candidate) => boundary.comparePoint(candidate, 0) >= 0);
    return next === undefined ? null : Number(next.dataset.o);
  }
  const before = pieces.filter((candidate) => boundary.comparePoint(candidate, 0) < 0).pop();
  return before === undefined ? null : Number(before.dataset.o) + (before.textContent ?? "").length;
}

/** How many characters of `piece`'s text come before the point (node, offset). */
function textBefore(piece: Element, node: Node, offset: number): number {
  const range = document.createRange();
  range.selectNodeContents(piece);
  range.setEnd(node, offset);
  return range.toString().length;
}

function spanOfSelection(): Span | null {
  const selection = document.getSelection();
  if (selection === null || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  const start = offsetAt(range.startContainer, range.startOffset, "start");
  const end = offsetAt(range.endContainer, range.endOffset, "end");
  return start === null || end === null || end <= start ? null : { start, end };
}

/** Line n's first offset (a line holding text starts with a piece). */
function lineStart(line: number): number | null {
  const piece = document.querySelector<HTMLElement>(`#l-${line} [data-o]`);
  return piece === null ? null : Number(piece.dataset.o);
}

function lineEnd(line: number): number | null {
  const pieces = document.querySelectorAll<HTMLElement>(`#l-${line} [data-o]`);
  const last = pieces[pieces.length - 1];
  return last === undefined ? null : Number(last.dataset.o) + (last.textContent ?? "").length;
}

/** "line:column" of an offset, from the lines' first offsets. */
function lineColumn(offset: number): string {
  let found = 1;
  let from = 0;
  for (const line of document.querySelectorAll<HTMLElement>(".text .line:not(.blank)")) {
    const start = lineStart(Number(line.id.slice(2)));
    if (start === null || start > offset) break;
    found = Number(line.id.slice(2));
    from = start;
  }
  return `${found}:${offset - from + 1}`;
}

function offsetOfLineColumn(value: string): number | null {
  const match = /^\s*(\d+)\s*:\s*(\d+)\s*$/.exec(value);
  if (match === null) return null;
  const start = lineStart(Number(match[1]));
  return start === null ? null : start + Number(match[2]) - 1;
}

function setSpan(span: Span | null): void {
  state.span = span;
  showSpan();
}

function showSpan(): void {
  const from = field<HTMLInputElement>("span", "from");
  const to = field<HTMLInputElement>("span", "to");
  const output = document.getElementById("wb-span-text");
  if (from !== null && to !== null) {
    from.value = state.span === null ? "" : lineColumn(state.span.start);
    to.value = state.span === null ? "" : lineColumn(state.span.end);
  }
  if (output !== null) output.textContent = state.span === null ? "Nothing selected" : `Selected: “${shorten(textOf(state.span))}”`;
  for (const line of document.querySelectorAll(".text .line.in-span")) line.classList.remove("in-span");
  if (state.span !== null) {
    for (const line of document.querySelectorAll<HTMLElement>(".text .line:not(.blank)")) {
      const start = lineStart(Number(line.id.slice(2)));
      const end = lineEnd(Number(line.id.slice(2)));
      if (start !== null && end !== null && start < state.span.end && state.span.start < end) line.classList.add("in-span");
    }
  }
}

/** The span's text as the page shows it, its lines joined by spaces. */
function textOf(span: Span): string {
  let text = "";
  let line: Element | null = null;
  for (const piece of document.querySelectorAll<HTMLElement>(".text [data-o]")) {
    const start = Number(piece.dataset.o);
    const own = piece.textContent ?? "";
    if (start + own.length <= span.start || start >= span.end) continue;
    const pieceLine = piece.closest(".line");
    if (line !== null && pieceLine !== line) text += " ";
    line = pieceLine;
    text += own.slice(Math.max(0, span.start - start), span.end - start);
  }
  return text;
}

function shorten(text: string): string {
  return text.length > 90 ? `${text.slice(0, 60)} … ${text.slice(-25)}` : text;
}

/** The one number the span holds, as offsets of the readable text: a seed selected by itself (a double click). */
function numberIn(span: Span): Span {
  const digits: number[] = [];
  for (const piece of document.querySelectorAll<HTMLElement>(".text [data-o]")) {
    const start = Number(piece.dataset.o);
    const own = piece.textContent ?? "";
    for (let at = Math.max(span.start, start); at < Math.min(span.end, start + own.length); at++) if (/\d/.test(own[at - start]!)) digits.push(at);
  }
  if (digits.length === 0 || digits[digits.length - 1]! - digits[0]! !== digits.length - 1) throw new NotReady("Select one number of the text (a double click selects it).");
  return { start: digits[0]!, end: digits[digits.length - 1]! + 1 };
}

document.addEventListener("selectionchange", () => {
  const span = spanOfSelection();
  if (span !== null) setSpan(span);
});

document.addEventListener("change", (event) => {
  const target = event.target as HTMLElement;
  if (!(target instanceof HTMLInputElement) || target.closest('[data-scope="span"]') === null) return;
  const start = offsetOfLineColumn(field<HTMLInputElement>("span", "from")?.value ?? "");
  const end = offsetOfLineColumn(field<HTMLInputElement>("span", "to")?.value ?? "");
  if (start !== null && end !== null && end > start) setSpan({ start, end });
  else say("A span is written line:column, the end after the start (the numbers at the left of the text).");
});

/** The text's keyboard: arrows move the line cursor, Shift with them extends the span over whole lines. */
function onTextKey(event: KeyboardEvent): void {
  if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
  const lines = [...document.querySelectorAll<HTMLElement>(".text .line:not(.blank)")].map((line) => Number(line.id.slice(2)));
  if (lines.length === 0) return;
  event.preventDefault();
  const at = state.cursorLine === null ? -1 : lines.indexOf(state.cursorLine);
  const next = event.key === "ArrowDown" ? lines[Math.min(lines.length - 1, at + 1)]! : lines[Math.max(0, at === -1 ? 0 : at - 1)]!;
  if (!event.shiftKey || state.anchorLine === null) state.anchorLine = next;
  state.cursorLine = next;
  const first = Math.min(state.anchorLine, next);
  const last = Math.max(state.anchorLine, next);
  for (const line of document.querySelectorAll(".text .line.cursor")) line.classList.remove("cursor");
  const cursor = document.getElementById(`l-${next}`);
  cursor?.classList.add("cursor");
  cursor?.scrollIntoView({ block: "nearest" });
  const start = lineStart(first);
  const end = lineEnd(last);
  if (start !== null && end !== null) setSpan({ start, end });
}

// ---- Edits ----------------------------------------------------------------------------------------------

function field<T extends HTMLElement>(scope: string | Element, name: string): T | null {
  const container = typeof scope === "string" ? document.querySelector(`[data-scope="${scope}"]`) : scope;
  return container?.querySelector<T>(`[name="${name}"]`) ?? null;
}

function value(scope: string | Element, name: string): string {
  return field<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(scope, name)?.value ?? "";
}

/** Puts a message in the status line; the undo beside it is shown again only by the edit that also changed something else. */
function say(message: string): void {
  const status = document.getElementById("wb-status");
  if (status !== null) status.textContent = message;
  document.getElementById("wb-also")?.setAttribute("hidden", "");
}

class NotReady extends Error {}

function needSpan(what: string): Span {
  if (state.span === null) throw new NotReady(`Select the ${what} in the text first.`);
  return state.span;
}

function needText(text: string, what: string): string {
  if (text.trim() === "") throw new NotReady(`Write ${what} first.`);
  return text.trim();
}

/** The edit a control makes, from its data and the fields of its scope. */
function editOf(control: HTMLElement): Edit | "undo" | "save" {
  const data = control.dataset;
  switch (data.action) {
    case "undo":
    case "save":
      return data.action;
    case "assign": {
      const target = JSON.parse(value("assign", "target") || "{}") as { system?: string; key?: string };
      const quotes = field<HTMLInputElement>("assign", "lines")?.checked === false ? "span" : "lines";
      const span = needSpan("listing");
      if (target.system === undefined) {
        const label = needText(value("assign", "system-label"), "the new system's label");
        return { kind: "assign", span, quotes, system: { new: { label, kind: value("assign", "system-kind") as "tier", item: needText(value("assign", "system-item"), "the new system's item") } }, level: { new: { label: needText(value("assign", "level-label"), "the new level's label") } } };
      }
      const levelTarget = target.key === undefined ? { new: { label: needText(value("assign", "level-label"), "the new level's label") } } : { key: target.key };
      return { kind: "assign", span, quotes, system: { id: target.system }, level: levelTarget };
    }
    case "drop-number": {
      const [start, end] = (data.number ?? "").split(":").map(Number);
      return { kind: "drop-number", number: { start: start!, end: end! } };
    }
    case "not-graded":
      return { kind: "not-graded", number: numberIn(needSpan("number that is not graded here")) };
    case "entry": {
      const kind = value("entry", "entry-kind");
      const text = value("entry", "entry-text").trim();
      const of = value("entry", "entry-system") || null;
      const span = needSpan("callout, remark or item claim");
      if (kind === "remark" || kind === "item-claim") return { kind, span, note: text === "" ? null : text, system: of };
      return { kind: "callout", span, callout: kind as "mention", label: text, system: of };
    }
    case "remove-entry":
      return { kind: "remove-entry", list: data.list as "callouts", index: Number(data.index) };
    case "set-notes":
      return { kind: "set-notes", text: needText(value("guide", "notes"), "the notes") };
    case "fill":
      return { kind: "fill", field: data.field as FillField, span: needSpan(`${data.field ?? "field"} on the page`) };
    case "permission-span":
      return { kind: "set-permission-quote", span: needSpan("author's reuse statement") };
    case "permission-none":
      return { kind: "set-permission-quote", span: null };
    case "undecided-not-ordered":
      return { kind: "undecided-not-ordered" };
    case "read-table":
    case "apply-reading": {
      const edit = readingEdit(control);
      if (typeof edit === "string") throw new NotReady(edit);
      return edit;
    }
    default:
      return structureEditOf(control);
  }
}

/** The edit a level's or a system's control makes (the legend's controls). */
function structureEditOf(control: HTMLElement): Edit {
  const data = control.dataset;
  const scope = control.closest("[data-scope]") ?? document;
  const system = data.system ?? "";
  const level = data.level ?? "";
  switch (data.action) {
    case "move-level":
      return { kind: "move-level", system, level, direction: data.direction === "up" ? "up" : "down" };
    case "rename-level-key":
      return { kind: "rename-level-key", system, level, key: needText(value(scope as Element, "key"), "the level's new key") };
    case "rename-level":
      return { kind: "rename-level", system, level, label: needText(value(scope as Element, "label"), "the level's label") };
    case "set-ordered":
      return { kind: "set-ordered", system, level, sentence: needSpan("sentence saying the level is ordered") };
    case "not-ordered":
      return { kind: "set-ordered", system, level, sentence: null };
    case "merge-levels":
      return { kind: "merge-levels", system, level, into: value(scope as Element, "into") };
    case "remove-level":
      return { kind: "remove-level", system, level };
    case "rename-system": {
      const id = value(scope as Element, "id").trim();
      const label = needText(value(scope as Element, "label"), "the system's label");
      return id === "" || id === system ? { kind: "rename-system", system, label } : { kind: "rename-system", system, label, id };
    }
    case "set-scale":
      return { kind: "set-scale", system, scale: value(scope as Element, "scale") as "tier" };
    case "merge-systems":
      return { kind: "merge-systems", system, into: value(scope as Element, "into") };
    case "merge-systems-by-label":
    case "merge-levels-by-label":
      return { kind: data.action, system };
    case "merge-item-systems":
      return { kind: "merge-item-systems", into: system };
    case "move-system":
      return { kind: "move-system", system, direction: data.direction === "up" ? "up" : "down" };
    case "set-item":
      return { kind: "set-item", system, item: needText(value(scope as Element, "item"), "the item's slug") };
    case "set-paints": {
      const paints = [...scope.querySelectorAll<HTMLInputElement>('input[name="paint"]:checked')].map((box) => Number(box.value));
      if (paints.length === 0) throw new NotReady("Check the paints the system covers first.");
      return { kind: "set-paints", system, paints };
    }
    case "all-paints":
      return { kind: "set-paints", system, paints: null };
    case "split-per-paint":
      return { kind: "split-per-paint", system };
    case "remove-system":
      return { kind: "remove-system", system };
    default:
      throw new NotReady(`Unknown control ${data.action ?? ""}.`);
  }
}

let busy = false;

async function act(control: HTMLElement): Promise<void> {
  if (busy) return;
  let edit: Edit | "undo" | "save";
  try {
    edit = editOf(control);
  } catch (error) {
    if (error instanceof NotReady) return say(error.message);
    throw error;
  }
  busy = true;
  root.setAttribute("aria-busy", "true");
  try {
    if (edit === "save") await save();
    else if (edit === "undo") {
      if (state.edits.length === 0) return say("Nothing to undo.");
      await view(state.edits.slice(0, -1), "Undone.");
    } else await view([...state.edits, edit], control.dataset.done ?? null);
  } catch (error) {
    say(`The server did not answer: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    busy = false;
    root.removeAttribute("aria-busy");
    root.dataset.edits = String(state.edits.length);
  }
}

interface Answer {
  ok: boolean;
  body?: string;
  base?: string;
  message?: string;
  /** What the edit changed besides what it was about, as a sentence ("also moved seed 66 from Tier 2 (line 14)"). */
  also?: string | null;
}

async function post(action: "view" | "save", edits: readonly Edit[]): Promise<Answer> {
  const response = await fetch(`/review/${encodeURIComponent(state.platformId)}/${action}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-workbench-token": state.token },
    body: JSON.stringify({ base: state.base, edits }),
    credentials: "same-origin",
    cache: "no-store",
  });
  const answer = (await response.json()) as Answer;
  return { ...answer, ok: response.ok && answer.ok };
}

async function view(edits: Edit[], done: string | null): Promise<void> {
  const answer = await post("view", edits);
  if (!answer.ok) return say(answer.message ?? "The edit was refused.");
  state.edits = edits;
  replaceBody(answer.body ?? "");
  const also = done === null ? (answer.also ?? null) : null;
  say(done ?? `${describe(edits[edits.length - 1]!)}${also === null ? "" : `; ${also}`}.`);
  // No silent change: what the edit also changed is said, with its undo beside it.
  if (also !== null) document.getElementById("wb-also")?.removeAttribute("hidden");
}

async function save(): Promise<void> {
  const answer = await post("save", state.edits);
  if (!answer.ok) return say(answer.message ?? "Not saved.");
  state.edits = [];
  state.base = answer.base ?? state.base;
  root.dataset.base = state.base;
  replaceBody(answer.body ?? "");
  say(answer.message ?? "Saved.");
}

const DONE: Record<Edit["kind"], string> = {
  assign: "Made the span a listing",
  "drop-number": "Dropped the number",
  "not-graded": "Left the seed ungraded there",
  "move-level": "Moved the level",
  "rename-level": "Renamed the level",
  "rename-level-key": "Changed the level's key",
  "set-ordered": "Set whether the level is ordered",
  "undecided-not-ordered": "Marked every undecided level not ordered",
  "merge-levels": "Merged the levels",
  "merge-levels-by-label": "Merged the levels of one label",
  "remove-level": "Removed the level",
  "rename-system": "Renamed the system",
  "set-scale": "Set the scale",
  "merge-systems": "Merged the systems",
  "merge-systems-by-label": "Merged the systems of one label",
  "merge-item-systems": "Merged the item's systems",
  "move-system": "Moved the system",
  "set-item": "Set the item",
  "set-paints": "Set the paints",
  "split-per-paint": "Split the system per paint",
  "remove-system": "Removed the system",
  callout: "Made the span a callout",
  remark: "Made the span a remark",
  "item-claim": "Made the span an item claim",
  "remove-entry": "Removed the entry",
  "set-notes": "Set the notes",
  "set-permission-quote": "Set the reuse statement",
  fill: "Filled the field from the span",
  "read-table": "Read the table by its columns",
  "apply-reading": "Applied the reading everywhere it fits",
};

function describe(edit: Edit): string {
  return `${DONE[edit.kind]} (not saved yet)`;
}

/** Puts the server's page in place, keeping what the maintainer had open, typed and focused. */
function replaceBody(body: string): void {
  const open = [...document.querySelectorAll<HTMLDetailsElement>("details[open]")].map((details) => details.id);
  const kept = [...document.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-scope="assign"] [name], [data-scope="entry"] [name]')].map((element) => ({
    name: element.name,
    value: element.value,
    checked: element instanceof HTMLInputElement ? element.checked : false,
  }));
  const focus = focusKey(document.activeElement);
  const status = document.getElementById("wb-status")?.textContent ?? "";
  root.innerHTML = body;
  for (const id of open) document.getElementById(id)?.setAttribute("open", "");
  for (const { name, value, checked } of kept) {
    const element = document.querySelector<HTMLInputElement | HTMLSelectElement>(`[data-scope="assign"] [name="${name}"], [data-scope="entry"] [name="${name}"]`);
    if (element === null) continue;
    if (element instanceof HTMLInputElement && element.type === "checkbox") element.checked = checked;
    else if (!(element instanceof HTMLSelectElement) || [...element.options].some((option) => option.value === value)) element.value = value;
  }
  say(status);
  document.getElementById("wb-count")!.textContent = state.edits.length === 0 ? "No unsaved edits" : `${state.edits.length} unsaved edit${state.edits.length === 1 ? "" : "s"}`;
  showSpan();
  const again = focus === null ? null : document.querySelector<HTMLElement>(focus);
  (again ?? document.getElementById("workbench-title"))?.focus({ preventScroll: true });
}

/** A selector finding the same control in the next page. */
function focusKey(element: Element | null): string | null {
  if (!(element instanceof HTMLElement) || element === document.body) return null;
  if (element.id !== "") return `#${CSS.escape(element.id)}`;
  const parts = ["action", "system", "level", "direction", "list", "index", "number"].flatMap((name) => {
    const value = element.dataset[name];
    return value === undefined ? [] : [`[data-${name}="${CSS.escape(value)}"]`];
  });
  return parts.length === 0 ? null : parts.join("");
}

// ---- Wiring -----------------------------------------------------------------------------------------------

document.addEventListener("click", (event) => {
  const control = (event.target as Element).closest<HTMLElement>("[data-action]");
  if (control === null || (control instanceof HTMLButtonElement && control.disabled)) return;
  event.preventDefault();
  void act(control);
});

document.addEventListener("keydown", (event) => {
  const target = event.target as HTMLElement;
  const typing = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
  if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
    event.preventDefault();
    void act(document.querySelector<HTMLElement>('[data-action="save"]')!);
  } else if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "z" && !typing) {
    event.preventDefault();
    void act(document.querySelector<HTMLElement>('[data-action="undo"]')!);
  } else if (event.altKey && event.key.toLowerCase() === "l") {
    event.preventDefault();
    void act(document.querySelector<HTMLElement>('[data-action="assign"]')!);
  } else if (target.matches('[role="button"][data-action]') && (event.key === "Enter" || event.key === " ")) {
    event.preventDefault();
    void act(target);
  } else if (target.classList.contains("text")) onTextKey(event);
});

/** What an edit of many places would do, on the guide with the edits so far (client-readings.ts shows it). */
async function preview(preview: Preview): Promise<{ ok: boolean; message?: string; preview?: PreviewAnswer }> {
  const response = await fetch(`/review/${encodeURIComponent(state.platformId)}/preview`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-workbench-token": state.token },
    body: JSON.stringify({ base: state.base, edits: state.edits, preview }),
    credentials: "same-origin",
    cache: "no-store",
  });
  const answer = (await response.json()) as { ok: boolean; message?: string; preview?: PreviewAnswer };
  return { ...answer, ok: response.ok && answer.ok };
}

wireReadings({ span: () => state.span, say, preview });

window.addEventListener("beforeunload", (event) => {
  if (state.edits.length > 0) event.preventDefault();
});

root.dataset.ready = "true";
root.dataset.edits = "0";
