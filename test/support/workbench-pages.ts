// Small invented guide pages for the workbench's unit tests (TEST DATA: each says EXAMPLE CONTENT, its seeds
// and author are made up), read as `npm run check` reads a capture, and the edit context they give.

import { prepareCapture, type ReadableCapture } from "../../generator/capture/capture.ts";
import type { DocumentGrading, DocumentLevel, DocumentSystem, EditContext, GuideDocument } from "../../tools/workbench/document.ts";
import { CASE_HARDENED, grading, guideOf as guideOfSystems, level, system as systemOf } from "./workbench-guides.ts";

/** The item of the pages: the AK-47 | Case Hardened, one paint. */
export const EXAMPLE_ITEM = CASE_HARDENED;

/** A Steam-shaped guide page holding `sections` (HTML), with a comment thread after them. */
export function examplePage(sections: string): string {
  return `<!DOCTYPE html><html><head><title>Example guide</title></head><body>
<div class="example-banner">EXAMPLE CONTENT: test data for the workbench, not a real guide; Example Author X.</div>
<div class="guide subSections">
${sections}
</div>
<div class="commentthread_area"><div class="commentthread_comment_text">Tier 1: 777, 778 is what I would say</div></div>
</body></html>`;
}

/** A Steam guide section: its title and its description. */
export function section(title: string, description: string): string {
  return `<div class="subSection detailBox"><div class="subSectionTitle">
${title}
</div>
<div class="subSectionDesc">
${description}
</div></div>`;
}

export function readablePage(html: string): ReadableCapture {
  const capture = prepareCapture("900000300/page.html", new TextEncoder().encode(html));
  if ("problem" in capture.readable) throw new Error(capture.readable.problem);
  return capture.readable;
}

export function contextOfPage(capture: ReadableCapture): EditContext {
  return { text: capture.text, regions: capture.regions, elements: capture.elements, items: new Map([[EXAMPLE_ITEM.slug, EXAMPLE_ITEM]]) };
}

/** The offsets of `part` in the text, its first occurrence at or after `from`. */
export function spanIn(text: string, part: string, from = 0): { start: number; end: number } {
  const start = text.indexOf(part, from);
  if (start === -1) throw new Error(`the page has no ${JSON.stringify(part)}`);
  return { start, end: start + part.length };
}

export { grading, level };

/** A system of the pages' item, over every paint. */
export function system(id: string, label: string, levels: DocumentLevel[], gradings: DocumentGrading[], kind: DocumentSystem["scale"]["kind"] = "tier"): DocumentSystem {
  return systemOf(id, label, levels, gradings, { item: EXAMPLE_ITEM.slug, paint_indexes: null, scale: { kind, best: null, worst: null } });
}

export function guideOf(systems: DocumentSystem[], more: Partial<GuideDocument> = {}): GuideDocument {
  return guideOfSystems(systems, { platform_id: "900000300", ...more });
}

/** The guide's systems as `id: level label [seeds] ...`, one string per system: what the legend shows. */
export function legendOf(guide: unknown): string[] {
  return (guide as GuideDocument).systems.map(
    (shown) => `${shown.id}: ${shown.levels.map((shownLevel) => `${shownLevel.label} [${shown.gradings.filter((graded) => graded.level === shownLevel.key).map((graded) => graded.seed).join(", ")}]`).join(" ")}`,
  );
}
