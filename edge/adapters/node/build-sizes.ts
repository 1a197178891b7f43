// The size every file of a build must have, from what the build wrote beside its files: the
// generation's index `<generation>.files.gz` (fingerprints `<bytes>:<hash>` of the files the
// generation holds itself, and the store folder of each unit: generator/emit/file-index.ts) and
// each store folder's completeness marker `.complete` (the size of each of its files:
// generator/emit/store.ts). A file that is missing or shorter than that was damaged after the
// build; the server answers 503 for it rather than a 404 or a cut-off body (README, "Serving").
// Read lazily, once per generation and per store folder; where neither says anything (a build
// without an index), nothing is checked.

import { join, resolve } from "node:path";
import { indexFileOf, readGenerationIndex, sizeOfFingerprint } from "../../../generator/emit/file-index.ts";
import { STORE_FOLDER, readCompleteMarker } from "../../../generator/emit/store.ts";
import { isPlainRelativePath } from "./asset-source.ts";

/** The size the build wrote for a file (path relative to dist/), or undefined when it did not write it or cannot tell. */
export type BuildSizes = (path: string) => number | undefined;

interface GenerationSizes {
  files: Map<string, number>;
  /** Unit folder inside the generation -> its store folder. */
  units: Map<string, string>;
}

const MAX_GENERATIONS = 4;

export function createBuildSizes(distDir: string, maxFolders = 512): BuildSizes {
  const root = resolve(distDir);
  const generations = new Map<string, GenerationSizes | null>();
  const folders = new Map<string, Map<string, number> | null>();

  const generationSizes = (generation: string): GenerationSizes | null => {
    let sizes = generations.get(generation);
    if (sizes === undefined) {
      sizes = readSizes(join(root, indexFileOf(generation)));
      if (generations.size >= MAX_GENERATIONS) generations.delete(generations.keys().next().value!);
      generations.set(generation, sizes);
    }
    return sizes;
  };
  const folderSizes = (store: string): Map<string, number> | null => {
    let sizes = folders.get(store);
    if (sizes === undefined) {
      sizes = readCompleteMarker(join(root, STORE_FOLDER, store));
      if (folders.size >= maxFolders) folders.delete(folders.keys().next().value!);
      folders.set(store, sizes);
    }
    return sizes;
  };

  return (path) => {
    if (!isPlainRelativePath(path)) return undefined;
    const slash = path.indexOf("/");
    if (slash === -1) return undefined;
    const generation = generationSizes(path.slice(0, slash));
    if (generation === null) return undefined;
    const relative = path.slice(slash + 1);
    const own = generation.files.get(relative);
    if (own !== undefined) return own;
    // In a unit: the nearest enclosing folder that is one.
    for (let cut = relative.lastIndexOf("/"); cut > 0; cut = relative.lastIndexOf("/", cut - 1)) {
      const store = generation.units.get(relative.slice(0, cut));
      if (store !== undefined) return folderSizes(store)?.get(relative.slice(cut + 1));
    }
    return undefined;
  };
}

/** The sizes of a generation's own files and its units' store folders, by the build's own index reader. */
function readSizes(file: string): GenerationSizes | null {
  const index = readGenerationIndex(file);
  if (index === null) return null;
  const files = new Map<string, number>();
  for (const [path, print] of index.files) {
    const size = sizeOfFingerprint(print);
    if (Number.isSafeInteger(size)) files.set(path, size);
  }
  return { files, units: index.units };
}
