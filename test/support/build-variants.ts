// Three versions of the tiny example dataset, for tests that build into one folder again and
// again: A (as written), B (one grading corrected: a chunk of the AK pair's seeds pack changes) and
// C (B with one item only: a build of C prunes what only A and B use). Example data; not any real guide.

import { readFileSync } from "node:fs";
import path from "node:path";
import type { Dataset } from "../../generator/dataset.ts";
import { buildFiles, type BuildFile } from "../../generator/derive/index.ts";
import { readManifest } from "../../generator/emit/build-folder.ts";
import { tinyDataset } from "../fixtures/derive/tiny-dataset.ts";

export interface BuildVariant {
  name: "A" | "B" | "C";
  version: string;
  dataset: Dataset;
}

const corrected = (): Dataset => {
  const dataset = structuredClone(tinyDataset);
  dataset.guides.find((g) => g.platform_id === "200")!.systems[0]!.gradings[2]!.quote = "955 (corrected)";
  return dataset;
};
const oneItem = (): Dataset => {
  const dataset = corrected();
  dataset.items = dataset.items.slice(0, 1);
  return dataset;
};

export const VARIANTS: readonly BuildVariant[] = [
  { name: "A", version: "vA", dataset: tinyDataset },
  { name: "B", version: "vB", dataset: corrected() },
  { name: "C", version: "vC", dataset: oneItem() },
];

/** The files of a variant's build. */
export function* variantFiles(variant: BuildVariant): Generator<BuildFile> {
  yield* derivedFiles(variant);
}

/**
 * Each variant's files, derived once per process: a kill test compares a folder with a variant's
 * files five or six times (derivation is deterministic, so the files are the same each time), and
 * deriving them again each time was a second and a half of CPU across the kill tests.
 */
const derived = new Map<string, readonly BuildFile[]>();
function derivedFiles(variant: BuildVariant): readonly BuildFile[] {
  let files = derived.get(variant.name);
  if (files === undefined) {
    files = [...buildFiles(variant.dataset, variant.version)];
    derived.set(variant.name, files);
  }
  return files;
}

export function variantNamed(name: string): BuildVariant {
  const variant = VARIANTS.find((v) => v.name === name || v.version === name);
  if (variant === undefined) throw new Error(`no build variant ${name}`);
  return variant;
}

function readOrNull(file: string): Buffer | null {
  try {
    return readFileSync(file);
  } catch {
    return null;
  }
}

/**
 * Every file of `generation` (read as the server reads it, through links) that does not hold the
 * bytes the variant's build gives it: missing or different. Empty when the generation answers every
 * request right.
 */
export function generationProblems(outDir: string, generation: string, variant: BuildVariant): string[] {
  const problems: string[] = [];
  for (const file of variantFiles(variant)) {
    const expected = typeof file.body === "string" ? Buffer.from(file.body, "utf8") : Buffer.from(file.body);
    const actual = readOrNull(path.join(outDir, generation, file.path));
    if (actual === null) problems.push(`${file.path}: missing`);
    else if (!actual.equals(expected)) problems.push(`${file.path}: ${actual.length} bytes, not the ${expected.length} built`);
  }
  return problems.length > 5 ? [...problems.slice(0, 5), `... and ${problems.length - 5} more`] : problems;
}

/** The version the folder serves and what is wrong with it (nothing, when every request is answered right). */
export async function servingState(outDir: string): Promise<{ version: string | null; problems: string[] }> {
  const manifest = await readManifest(outDir);
  if (manifest === null) return { version: null, problems: ["no manifest"] };
  const variant = variantNamed(manifest.dataset_version);
  if (manifest.generation !== `g-${variant.version}`) return { version: manifest.dataset_version, problems: [`generation ${manifest.generation}`] };
  return { version: manifest.dataset_version, problems: generationProblems(outDir, manifest.generation, variant) };
}
