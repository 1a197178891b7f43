// Listing a folder tree without following symbolic links. `readdir(..., { recursive: true })` is not
// that: from Node 22 on it descends into linked folders, so a walk of a generation (or a cleanup of
// one) that someone linked elsewhere would reach files outside it.

import { promises as fs, readdirSync, type Dirent } from "node:fs";
import path from "node:path";

/** Every entry under `root` that is not a folder (files and links), depth first, links not followed. */
export async function entriesUnder(root: string): Promise<Dirent[]> {
  const found: Dirent[] = [];
  const visit = async (folder: string): Promise<void> => {
    for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) await visit(path.join(folder, entry.name));
      else found.push(entry);
    }
  };
  await visit(root);
  return found;
}

/** The same, synchronously. */
export function entriesUnderSync(root: string): Dirent[] {
  const found: Dirent[] = [];
  const visit = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      if (entry.isDirectory()) visit(path.join(folder, entry.name));
      else found.push(entry);
    }
  };
  visit(root);
  return found;
}
