// Writes the build folder's own server, serve.mjs (server-bundle.ts makes it), like the other
// top-level files of a build: under a temporary name renamed into place before the manifest is
// committed, and only when its bytes change, so that a copy kept in step with the folder (rsync,
// a USB stick) sees no change where there is none.

import { promises as fs } from "node:fs";
import path from "node:path";
import { SERVER_FILE, readOrNull } from "./build-folder.ts";
import { moveToTrash, temporaryPathOf } from "./prune.ts";
import { namingPath } from "./write-error.ts";

/** Puts `text` in place as the folder's serve.mjs unless it already holds those bytes; returns whether it wrote. */
export async function writeServerFile(outDir: string, text: string): Promise<boolean> {
  const target = path.join(outDir, SERVER_FILE);
  const bytes = Buffer.from(text);
  const standing = await fs.lstat(target).catch(() => null);
  // Only a regular file is read: a FIFO in its place would block the read.
  if (standing?.isFile() && readOrNull(target)?.equals(bytes)) return false;
  // A rename replaces a file, a link or a FIFO, but not a folder.
  if (standing?.isDirectory()) await moveToTrash(target);
  const temporary = temporaryPathOf(target);
  await namingPath(target, async () => {
    await fs.writeFile(temporary, bytes);
    await fs.rename(temporary, target);
  });
  return true;
}
