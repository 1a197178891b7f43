import { readdir, stat } from "node:fs/promises";
import path from "node:path";

export interface FolderStats {
  files: number;
  bytes: number;
}

/** Number and total size of the regular files under `dir` (recursively), optionally only in some subfolders. */
export async function folderStats(dir: string, subfolders?: readonly string[]): Promise<FolderStats> {
  const total: FolderStats = { files: 0, bytes: 0 };
  const walk = async (folder: string): Promise<void> => {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    await Promise.all(
      entries.map(async (entry) => {
        const location = path.join(folder, entry.name);
        if (entry.isDirectory()) return walk(location);
        if (!entry.isFile()) return;
        // Read the size before adding: `total.bytes += await ...` would add to a stale total.
        const { size } = await stat(location);
        total.files++;
        total.bytes += size;
      }),
    );
  };
  await Promise.all((subfolders ?? ["."]).map((sub) => walk(path.join(dir, sub))));
  return total;
}
