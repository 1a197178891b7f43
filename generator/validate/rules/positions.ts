import type { Guide } from "../../../contract/schema/guide.ts";
import { finding, type Finding } from "../finding.ts";

/**
 * `position` is the seed's place, from 0, in the order its level lists it
 * (dataset/README.md, "Guide documents: guides/<platform_id>.json"). Decided rule: within one level, the
 * gradings pointing at it, taken in the order they appear in the system's `gradings` array, have positions
 * exactly 0, 1, 2, ... n-1, each once. The array order is the quote order, so a position is never a second,
 * disagreeing account of that order.
 *
 * One mistake (a grading inserted or removed) shifts every later position of the level, so only the first
 * wrong position of each level is reported, with a count of the rest.
 */
export function positionsCountFromZero(guide: Guide): Finding[] {
  const findings: Finding[] = [];
  guide.systems.forEach((system, s) => {
    // A grading pointing at no level of the system is reported by gradingLevelsExist; it has no place here.
    const byLevel = new Map<string, number[]>(system.levels.map((level) => [level.key, []]));
    system.gradings.forEach((grading, g) => {
      const indexes = byLevel.get(grading.level);
      indexes?.push(g);
    });
    for (const [level, indexes] of byLevel) {
      const wrong = indexes.filter((g, expected) => system.gradings[g]!.position !== expected);
      if (wrong.length === 0) continue;
      const g = wrong[0]!;
      const expected = indexes.indexOf(g);
      const rest = wrong.length > 1 ? `; ${wrong.length - 1} later grading${wrong.length > 2 ? "s" : ""} of the level also off` : "";
      findings.push(
        finding(
          `$.systems[${s}].gradings[${g}].position`,
          `is ${system.gradings[g]!.position}, but this is grading ${expected} (from 0) of level ${JSON.stringify(level)} in array order${rest}`,
          `${expected}: positions count 0, 1, 2, ... within a level, in the order the gradings appear`,
        ),
      );
    }
  });
  return findings;
}
