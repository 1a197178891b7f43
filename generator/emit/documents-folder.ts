// Writes the documents folder (generator/docs) of a build. Its name is its content hash, so a
// folder that exists is complete and never rewritten: it is written under a temporary name and
// renamed, before the manifest that names it is committed.

import { promises as fs } from "node:fs";
import path from "node:path";
import type { Documents } from "../docs/documents.ts";
import { temporaryPathOf } from "./prune.ts";
import { namingPath } from "./write-error.ts";

/** Returns whether the folder had to be written. */
export async function writeDocumentsFolder(outDir: string, documents: Documents): Promise<boolean> {
  const target = path.join(outDir, documents.folder);
  try {
    await fs.stat(target);
    return false;
  } catch {
    // Absent: written below.
  }
  const temporary = temporaryPathOf(target);
  await fs.rm(temporary, { recursive: true, force: true });
  await fs.mkdir(temporary, { recursive: true });
  // A failed write leaves the temporary folder for the emit stage to remove.
  for (const file of documents.files) {
    const written = path.join(temporary, file.path);
    await namingPath(written, () => fs.writeFile(written, file.body));
  }
  await fs.rename(temporary, target);
  return true;
}
