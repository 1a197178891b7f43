import { LEVEL_COLOURS } from "./view.ts";

// The review pages' one stylesheet, served at REVIEW_STYLE_PATH: the pages' Content-Security-Policy allows
// styles from their own origin only, never inline. Level colours are classes `c0` ... `c11`.

export const REVIEW_STYLE_PATH = "/review/review.css";

/** The workbench's script (tools/workbench/client.ts), loaded by the review pages of `npm run dev`. */
export const WORKBENCH_SCRIPT_PATH = "/review/workbench.js";

/** The pages' icon, so that a browser's look for /favicon.ico does not reach the API (and its 404). */
export const REVIEW_ICON_PATH = "/review/icon.svg";
export const REVIEW_ICON = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#2a5db0"/><rect x="3" y="4" width="10" height="2" fill="#fff"/><rect x="3" y="8" width="6" height="2" fill="#ffd54a"/><rect x="10" y="8" width="3" height="2" fill="#e0463a"/></svg>\n`;

/** Light backgrounds for marks and a darker border for their tags, told apart also by the tag's text. */
const HUES = [210, 30, 120, 280, 0, 180, 60, 330, 95, 250, 15, 160];

const levelRules = HUES.slice(0, LEVEL_COLOURS)
  .map((hue, index) => `.c${index} { background: hsl(${hue} 85% 86%); border-color: hsl(${hue} 60% 40%); }`)
  .join("\n");

export const REVIEW_CSS = `:root { color-scheme: light; font-family: system-ui, sans-serif; font-size: 15px; }
body { margin: 0; color: #1b1b1b; background: #fafafa; }
header { padding: 0.8rem 1.2rem; background: #fff; border-bottom: 1px solid #ccc; }
header h1 { margin: 0.2rem 0; font-size: 1.3rem; }
h2 { font-size: 1.05rem; margin: 0.8rem 0 0.3rem; }
code, .id { font-family: ui-monospace, monospace; font-size: 0.9em; }
.summary { margin: 0.2rem 0; color: #444; }
.lists { display: flex; flex-wrap: wrap; gap: 0 2rem; }
.lists section { min-width: 18rem; max-width: 48rem; }
.lists ul, .lists ol { margin: 0; padding-left: 1.2rem; max-height: 14rem; overflow: auto; }
main { display: grid; grid-template-columns: minmax(0, 1fr) 24rem; gap: 1rem; padding: 1rem 1.2rem; align-items: start; }
.text { font: 13px/1.6 ui-monospace, monospace; background: #fff; border: 1px solid #ccc; padding: 0.5rem 0.8rem 0.5rem 0; }
.line { display: grid; grid-template-columns: 3.2rem minmax(0, 1fr); column-gap: 0.8rem; }
.line.blank { height: 0.3rem; }
.ln { user-select: none; color: #666; text-align: right; }
.lt { white-space: pre-wrap; overflow-wrap: anywhere; }
.line:target { background: #fff6d6; }
aside { position: sticky; top: 0.5rem; max-height: calc(100vh - 1rem); overflow: auto; background: #fff; border: 1px solid #ccc; padding: 0 0.8rem 0.8rem; }
mark.q { color: inherit; border-bottom: 2px solid; }
mark.q.other { background: #e8e8e8; border-color: #888; }
.tag, .note { user-select: none; display: inline-block; font: 11px/1.3 system-ui, sans-serif; border: 1px solid; border-radius: 3px; padding: 0 0.3em; margin: 0 0.2em; vertical-align: 0.15em; white-space: normal; }
.tag.other { background: #eee; border-color: #888; color: #333; }
.note.problem { background: #ffe3e0; border-color: #b3261e; color: #8a1c14; }
.note.placeholder { background: #fff1c2; border-color: #8a6d00; color: #5c4800; }
.num.taken { font-weight: 700; text-decoration: underline; }
.num.unassigned { background: #b3261e; color: #fff; font-weight: 700; border-radius: 2px; outline: 2px dashed #b3261e; outline-offset: 1px; }
.region { color: #777; background: repeating-linear-gradient(135deg, #f3f3f3 0 6px, #e9e9e9 6px 12px); }
.nbsp { background: #cde; }
s { text-decoration-line: line-through; text-decoration-thickness: 2px; text-decoration-color: #b3261e; }
.mark-quoted { font-style: italic; color: #34475f; }
.mark-spoiler { background: #efe6f6; }
.tag.mark-struck { background: #fff; border-color: #b3261e; color: #8a1c14; text-decoration: line-through; }
.tag.mark-quoted { background: #e6edf6; border-color: #34475f; color: #34475f; font-style: normal; }
.tag.mark-spoiler { background: #efe6f6; border-color: #6a3d8f; color: #4d2b69; }
.line.in-quoted .lt { border-left: 3px solid #34475f; padding-left: 0.4rem; }
.line.in-spoiler .lt { border-left: 3px dashed #6a3d8f; padding-left: 0.4rem; }
.swatch { display: inline-block; width: 0.9em; height: 0.9em; border: 1px solid; vertical-align: -0.1em; margin-right: 0.3em; }
.swatch.other { background: #e8e8e8; border-color: #888; }
.swatch.taken, .swatch.unassigned, .swatch.region, .swatch.problem, .swatch.placeholder { border-color: #888; }
.swatch.unassigned { background: #b3261e; }
.swatch.region { background: repeating-linear-gradient(135deg, #f3f3f3 0 3px, #d9d9d9 3px 6px); }
.swatch.problem { background: #ffe3e0; border-color: #b3261e; }
.swatch.placeholder { background: #fff1c2; border-color: #8a6d00; }
table { border-collapse: collapse; width: 100%; font-size: 0.9rem; }
th, td { text-align: left; vertical-align: top; padding: 0.25rem 0.3rem; border-top: 1px solid #ddd; }
td.seeds { font-family: ui-monospace, monospace; font-size: 0.85em; overflow-wrap: anywhere; }
td.count { text-align: right; }
.legend { list-style: none; padding: 0; margin: 0; font-size: 0.85rem; }
.ok { color: #1d6b2f; }
.index td, .index th { padding: 0.3rem 0.6rem; }
#workbench { border-bottom: 1px solid #ccc; padding-bottom: 0.5rem; }
#workbench fieldset { min-width: 0; border: 1px solid #ccc; margin: 0.4rem 0; padding: 0.3rem 0.5rem; font-size: 0.85rem; }
#workbench label { display: inline-block; max-width: 100%; margin: 0.15rem 0.4rem 0.15rem 0; }
#workbench textarea { width: 100%; box-sizing: border-box; }
#workbench select, #workbench input { max-width: 100%; box-sizing: border-box; }
#wb-status { min-height: 2.4em; background: #f2f6ff; border-left: 3px solid #2a5db0; padding: 0.2rem 0.4rem; font-size: 0.85rem; }
#wb-span-text { display: block; font-family: ui-monospace, monospace; font-size: 0.8rem; overflow-wrap: anywhere; }
.wb-tools { font-size: 0.8rem; font-weight: normal; margin-top: 0.2rem; }
.wb-tools button { font-size: 0.8rem; }
.wb-ordered { color: #555; margin: 0 0.3rem; }
.wb-preview { max-height: 16rem; overflow: auto; font-size: 0.8rem; }
.wb-preview ul, .wb-preview ol { margin: 0.2rem 0; padding-left: 1.2rem; }
.entries { font-size: 0.85rem; padding-left: 1.1rem; }
.text:focus { outline: 2px solid #2a5db0; }
.line.in-span { background: #fff6d6; }
.line.cursor { box-shadow: inset 3px 0 #2a5db0; }
.num.taken[role="button"] { cursor: pointer; }
.num.taken[role="button"]:hover, .num.taken[role="button"]:focus { outline: 2px solid #b3261e; }
#page[aria-busy="true"] { cursor: progress; }
${levelRules}
`;
