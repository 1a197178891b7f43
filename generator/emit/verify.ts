// Bringing a generation that already exists up to date in place (the serving one with
// `npm run build -- --verify`, or an earlier one of the same version): files that differ are
// replaced (write.ts), and whatever the build did not produce is removed here.

import { promises as fs } from "node:fs";
import path from "node:path";
import { removeByRename } from "./prune.ts";

export interface StrayRemoval {
  removed: number;
  /** Strays that could not be removed, each error naming its path. */
  failures: string[];
}

/**
 * Removes what the generation holds beyond `expected` (its paths, relative, with `/`): files, links,
 * FIFOs, folders, and temporaries or trash of a repair that was stopped. Links are not followed.
 * Whatever stands at an expected path is the writer's business, which has replaced it or said why not.
 */
export async function removeStrays(generationDir: string, expected: ReadonlySet<string>): Promise<StrayRemoval> {
  const folders = new Set<string>();
  for (const file of expected) for (let folder = path.posix.dirname(file); folder !== "."; folder = path.posix.dirname(folder)) folders.add(folder);
  const result: StrayRemoval = { removed: 0, failures: [] };
  const visit = async (folder: string): Promise<void> => {
    for (const entry of await fs.readdir(path.join(generationDir, folder), { withFileTypes: true })) {
      const relative = folder === "" ? entry.name : `${folder}/${entry.name}`;
      if (expected.has(relative)) continue;
      if (entry.isDirectory() && folders.has(relative)) {
        await visit(relative);
        continue;
      }
      const full = path.join(generationDir, relative);
      try {
        // A folder is renamed out of the way before it is deleted (prune.ts); anything else goes with one unlink.
        if (entry.isDirectory()) await removeByRename(full);
        else await fs.rm(full, { force: true });
        result.removed++;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        result.failures.push(message.includes(full) ? message : `${message} (removing ${full})`);
      }
    }
  };
  await visit("");
  return result;
}
