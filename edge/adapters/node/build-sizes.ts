// The size every file of a build must have, from what the build wrote beside its files: the
// generation's index `<generation>.files.gz` (fingerprints `<bytes>:<hash>` of the files the
// generation holds: contract/file-index.ts). A file that is missing or of another size was
// damaged after the build; the server answers 503 for it rather than a 404 or a cut-off body
// (docs/serving.md, "Damage"). Read lazily, once per generation; where the generation has no
// index, nothing is checked.

import { join, resolve } from "node:path";
import { indexFileOf, readGenerationIndex, sizeOfFingerprint } from "../../../contract/file-index.ts";
import { isPlainRelativePath } from "./asset-source.ts";

/** The size the build wrote for a file (path relative to dist/), or undefined when it did not write it or cannot tell. */
export type BuildSizes = (path: string) => number | undefined;

const MAX_GENERATIONS = 4;

export function createBuildSizes(distDir: string): BuildSizes {
  const root = resolve(distDir);
  const generations = new Map<string, Map<string, number> | null>();

  const generationSizes = (generation: string): Map<string, number> | null => {
    let sizes = generations.get(generation);
    if (sizes === undefined) {
      sizes = readSizes(join(root, indexFileOf(generation)));
      if (generations.size >= MAX_GENERATIONS) generations.delete(generations.keys().next().value!);
      generations.set(generation, sizes);
    }
    return sizes;
  };

  return (path) => {
    if (!isPlainRelativePath(path)) return undefined;
    const slash = path.indexOf("/");
    if (slash === -1) return undefined;
    return generationSizes(path.slice(0, slash))?.get(path.slice(slash + 1));
  };
}

/** The sizes of a generation's files, by the build's own index reader. */
function readSizes(file: string): Map<string, number> | null {
  const index = readGenerationIndex(file);
  if (index === null) return null;
  const sizes = new Map<string, number>();
  for (const [path, print] of index.files) {
    const size = sizeOfFingerprint(print);
    if (Number.isSafeInteger(size)) sizes.set(path, size);
  }
  return sizes;
}
