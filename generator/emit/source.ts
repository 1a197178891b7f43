// The fingerprint of everything a build is made from: every file of the dataset folder (items,
// guides, captures) byte for byte, and the code that checks, derives and documents it. A rebuild
// whose fingerprint equals the serving generation's (recorded in its index) has nothing to do and
// skips even the check: those same bytes were checked, with the same rules, when that generation
// was built. Any other rebuild checks and builds as usual.

import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import fg from "fast-glob";
import { GENERATION_PREFIX, readManifest } from "./build-folder.ts";
import { indexFileOf, readGenerationIndex } from "./file-index.ts";
import type { Manifest } from "../../edge/routes.ts";
import { existsSync } from "node:fs";

/** `code`: hashes of the code and anything else besides the dataset that the build's bytes depend on. */
export async function sourceFingerprint(datasetDir: string, code: readonly string[]): Promise<string> {
  const hash = createHash("sha256");
  for (const part of code) hash.update(`code ${part}\n`);
  const files = (await fg("**/*", { cwd: datasetDir, onlyFiles: true, dot: true })).sort();
  for (const file of files) {
    const bytes = await readFile(path.join(datasetDir, file));
    hash.update(`file ${file} ${bytes.byteLength}\n`);
    hash.update(bytes);
  }
  return hash.digest("hex").slice(0, 32);
}

/** The serving build's manifest when it was built from exactly this source, else null. */
export async function servingBuiltFrom(outDir: string, source: string): Promise<Manifest | null> {
  const serving = await readManifest(outDir);
  if (serving === null || !serving.generation.startsWith(GENERATION_PREFIX) || !existsSync(path.join(outDir, serving.generation))) return null;
  const index = readGenerationIndex(path.join(outDir, indexFileOf(serving.generation)));
  return index?.source === source ? serving : null;
}
