import type { Guide } from "../../../contract/schema/guide.ts";
import { finding, type Finding } from "../finding.ts";

/**
 * `equivalent_to` lists seeds the author explicitly calls the same pattern; "each of a pair lists the other"
 * (dataset/README.md, "Guide documents: guides/<platform_id>.json"). Checked within one system: a grading of
 * every listed seed exists there and lists back.
 */
export function equivalenceIsSymmetric(guide: Guide): Finding[] {
  const findings: Finding[] = [];
  guide.systems.forEach((system, s) => {
    const listsBack = new Map<number, Set<number>>();
    for (const grading of system.gradings) {
      const partners = listsBack.get(grading.seed) ?? new Set<number>();
      for (const other of grading.equivalent_to ?? []) partners.add(other);
      listsBack.set(grading.seed, partners);
    }
    system.gradings.forEach((grading, g) => {
      (grading.equivalent_to ?? []).forEach((other, e) => {
        const path = `$.systems[${s}].gradings[${g}].equivalent_to[${e}]`;
        if (other === grading.seed) {
          findings.push(finding(path, `lists the grading's own seed ${other}`, "other seeds only"));
        } else if (!listsBack.has(other)) {
          findings.push(finding(path, `lists ${other}, which is not graded in system ${JSON.stringify(system.id)}`, `a seed graded in the same system (each of a pair lists the other)`));
        } else if (!listsBack.get(other)!.has(grading.seed)) {
          findings.push(
            finding(path, `lists ${other}, but no grading of ${other} in system ${JSON.stringify(system.id)} lists ${grading.seed} back`, `"equivalent_to" of seed ${other} in this system to include ${grading.seed}`),
          );
        }
      });
    });
  });
  return findings;
}

/**
 * `rank_scope` says where the author's `rank` was written
 * (dataset/README.md, "Guide documents: guides/<platform_id>.json"); without a rank it means nothing.
 */
export function rankScopeNeedsRank(guide: Guide): Finding[] {
  const findings: Finding[] = [];
  guide.systems.forEach((system, s) => {
    system.gradings.forEach((grading, g) => {
      if (grading.rank_scope !== undefined && grading.rank === undefined) {
        findings.push(finding(`$.systems[${s}].gradings[${g}].rank_scope`, "is set but the grading has no rank", '"rank_scope" only together with "rank"'));
      }
    });
  });
  return findings;
}
