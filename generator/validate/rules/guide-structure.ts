import type { Guide } from "../../../contract/schema/guide.ts";
import { didYouMean } from "../did-you-mean.ts";
import { finding, type Finding } from "../finding.ts";
import { quotedList } from "./quoted-list.ts";
import { repeats } from "./repeats.ts";

// guide -> system -> level -> seeds (docs/README.md, "What the API says, and what it never says"). Systems and
// levels are found by id and key (the guide endpoint's ?system=, a grading's `level`), so those must name
// exactly one thing.

export function systemIdsAreUnique(guide: Guide): Finding[] {
  return repeats(guide.systems, (system) => system.id).map(({ index: s, first }) =>
    finding(`$.systems[${s}].id`, `system id ${JSON.stringify(guide.systems[s]!.id)} is already used by $.systems[${first}]`, "a system id used once in the guide"),
  );
}

export function levelKeysAreUnique(guide: Guide): Finding[] {
  return guide.systems.flatMap((system, s) =>
    repeats(system.levels, (level) => level.key).map(({ index: l, first }) =>
      finding(`$.systems[${s}].levels[${l}].key`, `level key ${JSON.stringify(system.levels[l]!.key)} is already used by $.systems[${s}].levels[${first}]`, "a level key used once in its system"),
    ),
  );
}

/** A grading points at its level by key, and only at a level of its own system. */
export function gradingLevelsExist(guide: Guide): Finding[] {
  const findings: Finding[] = [];
  guide.systems.forEach((system, s) => {
    const keys = system.levels.map((level) => level.key);
    const known = new Set(keys);
    system.gradings.forEach((grading, g) => {
      if (known.has(grading.level)) return;
      findings.push(
        finding(
          `$.systems[${s}].gradings[${g}].level`,
          `${JSON.stringify(grading.level)} is not a level key of system ${JSON.stringify(system.id)}${didYouMean(grading.level, keys)}`,
          `one of ${quotedList(keys)}`,
        ),
      );
    });
  });
  return findings;
}

/**
 * `gradings: null` means the level is shown only as images and no seed is graded in it
 * (dataset/README.md, "Guide documents: guides/<platform_id>.json").
 */
export function imageOnlyLevelsHaveNoGradings(guide: Guide): Finding[] {
  const findings: Finding[] = [];
  guide.systems.forEach((system, s) => {
    const imageOnly = new Map<string, number>();
    system.levels.forEach((level, l) => {
      if (level.gradings === null) imageOnly.set(level.key, l);
    });
    system.gradings.forEach((grading, g) => {
      const l = imageOnly.get(grading.level);
      if (l === undefined) return;
      findings.push(
        finding(
          `$.systems[${s}].gradings[${g}].level`,
          `points at level ${JSON.stringify(grading.level)}, which $.systems[${s}].levels[${l}] marks "gradings": null (shown only as images)`,
          `no grading in an image-only level, or "gradings": null removed from $.systems[${s}].levels[${l}]`,
        ),
      );
    });
  });
  return findings;
}
