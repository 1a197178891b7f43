import { formatProblem, type Checked, type Dataset } from "../dataset.ts";

/** What `npm run check` prints: every problem, one a line, then one summary line. */
export function checkReport(checked: Checked<Dataset>): string[] {
  if (!checked.ok) {
    const files = new Set(checked.problems.map((problem) => problem.file)).size;
    return [...checked.problems.map(formatProblem), `${plural(checked.problems.length, "problem")} in ${plural(files, "file")}`];
  }
  const { items, guides } = checked.value;
  const pairs = items.reduce((sum, item) => sum + item.paints.length, 0);
  const gradings = guides.reduce((sum, guide) => sum + guide.systems.reduce((inGuide, system) => inGuide + system.gradings.length, 0), 0);
  return [`dataset OK: ${plural(items.length, "item")} (${plural(pairs, "pair")}), ${plural(guides.length, "guide")}, ${plural(gradings, "grading")}`];
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
