import { prepareCapture } from "../../generator/capture/capture.ts";
import { bodyLines } from "../../generator/capture/lines.ts";
import { readPictures } from "../../tools/draft/captions.ts";
import { readSections, type Section } from "../../tools/draft/sections.ts";

// A page's tree of sections (tools/draft/sections.ts) from its HTML, and an outline of it to compare in tests.

export function sectionsOf(html: string): Section {
  const { readable } = prepareCapture("test/page.html", new TextEncoder().encode(html));
  if ("problem" in readable) throw new Error(readable.problem);
  const lines = bodyLines(readable, []);
  return readSections(lines, readPictures(readable, lines));
}

/** The tree as indented lines: `§ heading`, `list: text`, `prose: text`, `caption: text`, `row N: cells`. */
export function outline(section: Section, depth = 0): string[] {
  const indent = "  ".repeat(depth);
  return section.entries.flatMap((entry) => {
    if (entry.kind === "section") return [`${indent}§ ${entry.section.label}`, ...outline(entry.section, depth + 1)];
    if (entry.kind === "row") return [`${indent}row ${entry.table}: ${entry.cells.map((cell) => cell.text).join(" | ")}`];
    return [`${indent}${entry.caption ? "caption" : entry.list === null ? "prose" : "list"}: ${entry.line.text}`];
  });
}
