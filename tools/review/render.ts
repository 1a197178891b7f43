import type { MarkKind } from "../../generator/capture/marks.ts";
import { html, Markup } from "./html.ts";
import type { Piece } from "./pieces.ts";
import type { GuideListing } from "./read.ts";
import { REVIEW_ICON_PATH, REVIEW_STYLE_PATH, WORKBENCH_SCRIPT_PATH } from "./style.ts";
import type { Note, QuoteMark, ReviewView, SystemView } from "./view.ts";
import { entryList, levelTools, systemTools, workbenchPanel, type WorkbenchPage } from "../workbench/controls.ts";

// The review pages as HTML, server-rendered from their views: marks, tags and lists are plain elements, links
// between them are fragment links. Every text of the dataset and the capture goes through `html`, which
// escapes it. Read-only, a page runs no script; with the workbench (`npm run dev`), it loads the workbench's one
// script (tools/workbench/client.ts), which sends edits and puts the page the server renders for them in place
// of the body (renderReviewBody).

/** The workbench's part of a page: the token its requests carry, and what its controls offer. */
export interface WorkbenchPageOptions extends WorkbenchPage {
  token: string;
}

export function renderReviewPage(view: ReviewView, workbench?: WorkbenchPageOptions): string {
  const head =
    workbench === undefined ? html`` : html`<meta name="workbench-token" content="${workbench.token}">
<script src="${WORKBENCH_SCRIPT_PATH}" defer></script>`;
  return page(`Review ${view.platformId}: ${view.title ?? "(no title)"}`, html`<div id="page"${workbench === undefined ? "" : html` data-base="${workbench.base ?? ""}" data-platform-id="${view.platformId}"`}>${reviewBody(view, workbench)}</div>`, head);
}

/** What the page's body holds (the workbench puts a new one in place after each edit). */
export function renderReviewBody(view: ReviewView, workbench?: WorkbenchPage): string {
  return reviewBody(view, workbench).value;
}

function reviewBody(view: ReviewView, workbench: WorkbenchPage | undefined): Markup {
  const placeholders = view.notes.filter((note) => note.kind === "placeholder");
  const problems = view.notes.filter((note) => note.kind === "problem");
  const multiSystem = view.systems.length > 1;
  const body = html`<header>
<p><a href="/review/">All guides</a></p>
<h1>${view.title ?? "(no title)"} <span class="id">${view.platformId}</span></h1>
<p class="summary"><code>${view.file}</code> · ${view.capture === null ? "no capture read" : html`<code>${view.capture.shownPath}</code>`} · ${count(view.gradings, "grading")} · ${count(view.quotes.length, "quoted place")} · ${count(view.unassigned.length, "number")} no grading takes · ${count(problems.length, "check problem")} · ${count(placeholders.length, "placeholder")}</p>
<div class="lists">
${noteList("placeholders", "DRAFT-TODO placeholders", placeholders)}
${noteList("problems", "Check problems", problems)}
<section id="unassigned" aria-labelledby="unassigned-title"><h2 id="unassigned-title">Numbers no grading takes (${view.unassigned.length})</h2>
${view.unassigned.length === 0 ? html`<p class="ok">Every number of the guide's text is taken.</p>` : html`<ol>${view.unassigned.map((number) => html`<li><a href="#n-${number.id}">line ${number.line}: ${number.value}</a></li>`)}</ol>`}
</section>
</div>
</header>
<main>
<section class="capture" aria-labelledby="text-title">
<h2 id="text-title">Readable text${view.capture === null ? "" : html` of <code>${view.capture.shownPath}</code>`}, as check reads it</h2>
${view.capture === null ? html`<p>The guide names no capture that could be read: see the problems above.</p>` : view.capture.problem !== null ? html`<p>${view.capture.problem}</p>` : html`<div class="text"${workbench === undefined ? "" : html` tabindex="0" role="group" aria-label="Capture text: the arrow keys move by line, Shift with them extends the span" aria-describedby="wb-span-text"`}>${renderLines(view, multiSystem, workbench !== undefined)}</div>`}
</section>
<aside aria-labelledby="legend-title">
${workbench === undefined ? "" : workbenchPanel(view, workbench)}
<h2 id="legend-title">Legend: systems and levels</h2>
${view.systems.length === 0 ? html`<p>The guide has no systems yet.</p>` : view.systems.map((system) => renderSystem(system, view, workbench))}
${entryList(view, workbench !== undefined)}
<h2>Marks</h2>
<ul class="legend">
<li><span class="swatch other"></span>another quote of the guide (definition, callout, remark, ...)</li>
<li><span class="num taken">123</span> a seed a grading takes</li>
<li><span class="swatch unassigned"></span>a number no grading takes</li>
<li><span class="swatch region"></span>not the guide's text (comments, sidebar, ...): never read</li>
<li><span class="swatch problem"></span>a check problem</li>
<li><span class="swatch placeholder"></span>a DRAFT-TODO placeholder</li>
${(["struck", "quoted", "spoiler"] as const).map((kind) => html`<li>${markTag(kind)} ${MARK_NAMES[kind].title}</li>`)}
</ul>
</aside>
</main>`;
  return body;
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? "" : "s"}`;
}

function noteList(id: string, title: string, notes: readonly Note[]): Markup {
  return html`<section id="${id}" aria-labelledby="${id}-title"><h2 id="${id}-title">${title} (${notes.length})</h2>
${notes.length === 0 ? html`<p class="ok">None.</p>` : html`<ul>${notes.map((note) => html`<li class="note-item ${note.kind}"><code>${note.path}</code>: ${note.message}${note.expected === null ? "" : ` (expected ${note.expected})`}${note.quote === null ? "" : html` <a href="#q-${note.quote}">at its quote</a>`}</li>`)}</ul>`}
</section>`;
}

/**
 * The text line by line, numbered as `npm run capture:text` numbers it. Blank lines are kept (they are
 * the text) but drawn thin: an HTML capture reads a newline for every block tag. A line holding text of a
 * quoted block or a spoiler is drawn with a border on its left, in the mark's style.
 */
function renderLines(view: ReviewView, multiSystem: boolean, workbench: boolean): Markup[] {
  const lines: Markup[] = [];
  let line: Markup[] = [];
  let blank = true;
  let asides = new Set<MarkKind>();
  const close = () => {
    const number = lines.length + 1;
    const classes = ["line", ...[...asides].map((kind) => `in-${kind}`)].join(" ");
    lines.push(blank ? html`<div class="line blank" id="l-${number}"></div>` : html`<div class="${classes}" id="l-${number}"><span class="ln">${number}</span><span class="lt">${line}</span></div>`);
    line = [];
    blank = true;
    asides = new Set();
  };
  for (const piece of view.pieces) {
    if (piece.kind !== "text") {
      line.push(piece.kind === "quote" ? quoteTag(view.quotes[piece.quote]!, view.notes, multiSystem) : markTag(piece.mark));
      blank = false;
      continue;
    }
    const ends = piece.text.endsWith("\n");
    const text = ends ? piece.text.slice(0, -1) : piece.text;
    if (text !== "") line.push(renderPiece({ ...piece, text }, view, multiSystem, workbench ? lines.length + 1 : null));
    if (text.trim() !== "") {
      blank = false;
      for (const kind of piece.marks) if (kind !== "struck") asides.add(kind);
    }
    if (ends) close();
  }
  close();
  return lines;
}

/** What each mark of the page is, for its tag and its text's title. */
const MARK_NAMES: Record<MarkKind, { tag: string; title: string }> = {
  struck: { tag: "struck", title: "struck through on the page: taken back by the author" },
  quoted: { tag: "quoted", title: "a quoted block: someone else's words, not the author's grading" },
  spoiler: { tag: "spoiler", title: "a spoiler: hidden on the page until clicked" },
};

function markTag(kind: MarkKind): Markup {
  return html`<span class="tag mark-${kind}" title="${MARK_NAMES[kind].title}">${MARK_NAMES[kind].tag}</span>`;
}

/**
 * A piece of the text. Its outermost element carries its offset in the readable text (`data-o`), from which
 * the workbench reads a selection's span; on the workbench a taken number is a control that drops it. Struck
 * text is struck (`<s>`), quoted and spoiler text set in their marks' style.
 */
function renderPiece(piece: Extract<Piece, { kind: "text" }>, view: ReviewView, multiSystem: boolean, workbenchLine: number | null): Markup {
  let inner = textWithSpaces(piece.text);
  if (piece.marks.includes("struck")) inner = html`<s title="${MARK_NAMES.struck.title}">${inner}</s>`;
  for (const kind of piece.marks) if (kind !== "struck") inner = html`<span class="mark-${kind}">${inner}</span>`;
  if (piece.number?.kind === "taken" && workbenchLine !== null) {
    const where = `${piece.text} on line ${workbenchLine}`;
    inner = html`<span class="num taken" role="button" tabindex="0" data-action="drop-number" data-number="${`${piece.start}:${piece.start + piece.text.length}`}" aria-label="${`Drop ${where}: not a seed`}" title="${`Drop ${where}: not a seed`}">${inner}</span>`;
  } else if (piece.number?.kind === "taken") inner = html`<span class="num taken">${inner}</span>`;
  else if (piece.number?.kind === "unassigned") {
    const number = view.unassigned[piece.number.id]!;
    inner = html`<span class="num unassigned" id="n-${number.id}" title="${`${number.value} on line ${number.line}: no grading takes it`}">${inner}</span>`;
  }
  if (piece.colour !== null) {
    const names = piece.quotes.map((id) => quoteName(view.quotes[id]!, multiSystem)).join("; ");
    inner = html`<mark class="q ${piece.colour === "other" ? "other" : `c${piece.colour}`}" title="${names}">${inner}</mark>`;
  }
  if (piece.region !== null) inner = html`<span class="region" title="${`${piece.region}: not the guide's text`}">${inner}</span>`;
  return html`<span data-o="${piece.start}">${inner}</span>`;
}

/** No-break spaces are shown: a quote must copy them, and they look like spaces. */
function textWithSpaces(text: string): Markup {
  const parts = text.split("\u00a0");
  return html`${parts.map((part, index) => (index === 0 ? html`${part}` : html`<span class="nbsp" title="no-break space">\u00a0</span>${part}`))}`;
}

function quoteName(quote: QuoteMark, multiSystem: boolean): string {
  const levels = quote.levels.map((level) => (multiSystem ? `${level.system} › ${level.level}` : level.level));
  return [...levels, ...quote.fields].join("; ");
}

function quoteTag(quote: QuoteMark, notes: readonly Note[], multiSystem: boolean): Markup {
  const levels = quote.levels.map(
    (level) => html`<span class="tag c${level.colour}" data-level="${level.level}">${multiSystem ? `${level.system} › ` : ""}${level.level}: ${seedsShown(level.seeds)}</span>`,
  );
  const fields = quote.fields.length === 0 ? [] : [html`<span class="tag other">${quote.fields.join(", ")}</span>`];
  const placed = quote.notes.map((id) => notes[id]!).map((note) => html`<span class="note ${note.kind}" role="note">${note.kind === "placeholder" ? "DRAFT-TODO " : "⚠ "}<code>${note.path}</code>: ${note.message}</span>`);
  return html`<span class="anchor" id="q-${quote.id}"></span>${levels}${fields}${placed}`;
}

/** A tag names a few seeds; a long list is counted (its seeds are the bold numbers of the quote). */
function seedsShown(seeds: readonly number[]): string {
  return seeds.length <= 6 ? seeds.join(", ") : `${seeds.length} seeds`;
}

function renderSystem(system: SystemView, view: ReviewView, workbench: WorkbenchPage | undefined): Markup {
  const notes = view.notes;
  const noteItems = (ids: readonly number[]) =>
    ids.map((id) => notes[id]!).map((note) => html`<div class="note ${note.kind}" role="note">${note.kind === "placeholder" ? "DRAFT-TODO " : "⚠ "}<code>${note.path}</code>: ${note.message}</div>`);
  return html`<section class="system" data-system="${system.id}">
<h3>${system.label} <code>${system.id}</code> <small>${system.kind}, on <code>${system.item}</code>, ${system.paintIndexes === null ? "all paints" : `paints ${system.paintIndexes.join(", ")}`}</small></h3>
${workbench === undefined ? "" : systemTools(system, view, workbench)}
${noteItems(system.notes)}
<table>
<thead><tr><th scope="col">Level</th><th scope="col">Seeds</th><th scope="col">Count</th></tr></thead>
<tbody>${system.levels.map(
    (level, index) =>
      html`<tr class="level" data-key="${level.key}"><th scope="row"><span class="swatch c${level.colour}"></span>${level.label} <code>${level.key}</code>${noteItems(level.notes)}${workbench === undefined ? "" : levelTools(system, level, index)}</th><td class="seeds">${level.seeds.join(", ")}</td><td class="count">${level.seeds.length}</td></tr>`,
  )}</tbody>
</table>
${system.unknownLevelGradings === 0 ? "" : html`<p class="note problem">${count(system.unknownLevelGradings, "grading")} name a level this system does not have</p>`}
</section>`;
}

export function renderIndexPage(guides: readonly GuideListing[]): string {
  const body = html`<header><h1>Review a guide</h1><p class="summary">Each guide of the dataset, read from its file as it is now.</p></header>
<main class="index-main"><table class="index">
<thead><tr><th scope="col">platform_id</th><th scope="col">Title</th><th scope="col">Check problems</th><th scope="col">Placeholders</th></tr></thead>
<tbody>${guides.map((guide) => html`<tr><td><a href="/review/${guide.platformId}">${guide.platformId}</a></td><td>${guide.title ?? "(no title)"}</td><td>${guide.problems}</td><td>${guide.placeholders}</td></tr>`)}</tbody>
</table></main>`;
  return page("Review a guide", body);
}

export function renderNotFoundPage(platformId: string): string {
  const body = html`<header><h1>No guide ${platformId}</h1>
<p>The dataset has no guide file <code>guides/${platformId}.json</code>. <a href="/review/">See every guide</a>.</p></header>`;
  return page("No such guide", body);
}

function page(title: string, body: Markup, head: Markup = html``): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
<link rel="stylesheet" href="${REVIEW_STYLE_PATH}">
<link rel="icon" href="${REVIEW_ICON_PATH}" type="image/svg+xml">
${head}
</head>
<body>
${body}
</body>
</html>
`.value;
}
