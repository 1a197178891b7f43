// Deleting folders of a build folder without ever leaving a trusted half-state. A recursive delete
// that is interrupted (Ctrl-C, a kill, a crash) leaves some of a folder's files; if the folder kept
// its name, a later build or a rollback would take it for whole. So a folder is first renamed to a
// trash name, which nothing reads or trusts, and only then deleted; any build removes trash it finds.

import { randomBytes } from "node:crypto";
import { promises as fs, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { isLockEntry } from "./lock.ts";
import { pauseAt, type PausePoint } from "./pause-point.ts";

export const TRASH_PREFIX = ".trash-";

/** Where a file is written before it is renamed onto `target`: a name `isLeftover` recognises. */
export const temporaryPathOf = (target: string) => `${target}.${process.pid}.tmp`;

/** Entries a build may leave behind when it is stopped: trash, and temporaries (named `.tmp-…` or `….tmp`). */
export const isLeftover = (name: string) =>
  name.startsWith(TRASH_PREFIX) || name.startsWith(".tmp-") || (name.endsWith(".tmp") && !isLockEntry(name));

/** Renames `target` out of the way, then deletes it. A missing target is already removed. */
export async function removeByRename(target: string, point?: PausePoint): Promise<void> {
  const trash = await moveToTrash(target);
  if (trash === null) return;
  if (point !== undefined) await pauseAt(point, trash);
  await fs.rm(trash, { recursive: true, force: true });
}

/** The same, for the writer of a generation, which places its files synchronously. */
export function removeByRenameSync(target: string): void {
  const trash = trashPathOf(target);
  renameSync(target, trash);
  rmSync(trash, { recursive: true, force: true });
}

const trashPathOf = (target: string) => path.join(path.dirname(target), `${TRASH_PREFIX}${path.basename(target)}-${process.pid}-${randomBytes(4).toString("hex")}`);

/**
 * Renames `target` to a trash name in its folder, for `removeLeftovers` to delete later (after a
 * commit, when the wait no longer delays serving); null when there was nothing to move.
 */
export async function moveToTrash(target: string): Promise<string | null> {
  const trash = trashPathOf(target);
  try {
    await fs.rename(target, trash);
    return trash;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

/**
 * Removes what stopped builds left in `dir` (trash, temporaries). Only a build that holds the
 * lock calls it, so no other build is writing those temporaries.
 */
export async function removeLeftovers(dir: string): Promise<string[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const removed = names.filter(isLeftover);
  for (const name of removed) await fs.rm(path.join(dir, name), { recursive: true, force: true });
  return removed;
}
