import { datasetCounts, formatProblem, type Checked, type Dataset } from "../dataset.ts";

/** What `npm run check` prints: every problem, one a line, then one summary line. */
export function checkReport(checked: Checked<Dataset>): string[] {
  if (!checked.ok) {
    const files = new Set(checked.problems.map((problem) => problem.file)).size;
    return [...checked.problems.map(formatProblem), `${plural(checked.problems.length, "problem")} in ${plural(files, "file")}`];
  }
  const { itemFiles, pairs, guides, gradings } = datasetCounts(checked.value);
  return [`dataset OK: ${plural(itemFiles, "item")} (${plural(pairs, "pair")}), ${plural(guides, "guide")}, ${plural(gradings, "grading")}`];
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
