// Checking the serving generation in place (`npm run build -- --verify`): files that differ are
// replaced (write.ts), and files the build did not produce are removed here.

import { promises as fs } from "node:fs";
import path from "node:path";
import { entriesUnder } from "./walk.ts";

/** Removes files of the generation that this build did not produce (and temporaries of a crashed repair). */
export async function removeStrays(generationDir: string, expected: ReadonlyMap<string, string>): Promise<number> {
  let removed = 0;
  for (const entry of await entriesUnder(generationDir)) {
    if (!entry.isFile()) continue;
    const relative = path.relative(generationDir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
    if (!expected.has(relative)) {
      await fs.rm(path.join(entry.parentPath, entry.name), { force: true });
      removed++;
    }
  }
  return removed;
}
