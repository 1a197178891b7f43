// The parts of a guide document the review page shows, read leniently: a draft under review often does not
// have the guide's shape yet (a `DRAFT-TODO:` where a boolean belongs), and the page must still show every
// system, level and grading it can. Whatever is not of the expected type is left out here; `check`
// reports it, and the page lists that problem.

export interface OutlineGrading {
  /** Where the grading is in its system's `gradings`. */
  index: number;
  seed: number;
  level: string;
  quote: string;
  rank?: number;
}

export interface OutlineLevel {
  index: number;
  key: string;
  label: string;
}

export interface OutlineSystem {
  index: number;
  id: string;
  label: string;
  /** The scale's kind (`tier`, `rank`, ...), or "" when the document has none. */
  kind: string;
  levels: OutlineLevel[];
  gradings: OutlineGrading[];
}

export interface GuideOutline {
  title: string | null;
  snapshotPath: string | null;
  retrievedAt: string | null;
  systems: OutlineSystem[];
}

type Fields = Record<string, unknown>;

function fields(value: unknown): Fields | null {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Fields) : null;
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function text(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

function integer(value: unknown): number | null {
  return typeof value === "number" && Number.isInteger(value) ? value : null;
}

export function guideOutline(document: unknown): GuideOutline {
  const guide = fields(document);
  const snapshot = fields(guide?.snapshot);
  return {
    title: text(guide?.title),
    snapshotPath: text(snapshot?.path),
    retrievedAt: text(snapshot?.retrieved_at),
    systems: list(guide?.systems).flatMap((value, index) => {
      const system = fields(value);
      return system === null ? [] : [outlineSystem(system, index)];
    }),
  };
}

function outlineSystem(system: Fields, index: number): OutlineSystem {
  const levels = list(system.levels).flatMap((value, levelIndex): OutlineLevel[] => {
    const level = fields(value);
    const key = text(level?.key);
    return key === null ? [] : [{ index: levelIndex, key, label: text(level?.label) ?? "" }];
  });
  const gradings = list(system.gradings).flatMap((value, gradingIndex): OutlineGrading[] => {
    const grading = fields(value);
    const seed = integer(grading?.seed);
    const quote = text(grading?.quote);
    if (grading === null || seed === null || quote === null) return [];
    const rank = integer(grading.rank);
    const read: OutlineGrading = { index: gradingIndex, seed, level: text(grading.level) ?? "", quote };
    if (rank !== null) read.rank = rank;
    return [read];
  });
  return { index, id: text(system.id) ?? "", label: text(system.label) ?? "", kind: text(fields(system.scale)?.kind) ?? "", levels, gradings };
}
