// Watching the dataset folder for `npm run dev`: any change under it calls `onChange`, once per
// burst of events: an editor's save is several events (temporary file, rename, attributes).
//
// Each folder of the dataset has its own non-recursive watch, on the folder rather than on its files.
// Node's recursive watch on Linux watches each file, and loses a file that a save renames over it
// (JetBrains' safe write, `sed -i`, `git checkout`): every later save of that file went unseen. A
// folder's watch sees every entry written, created or renamed in it, whatever replaced the file. The
// folders are listed again after every burst, so a folder made (or removed) later is watched (or let go).

import { readdirSync, watch, type FSWatcher } from "node:fs";
import path from "node:path";

export interface DatasetWatch {
  close(): void;
}

export function watchDataset(datasetDir: string, onChange: () => void, quietMs = 100): DatasetWatch {
  let timer: NodeJS.Timeout | null = null;
  let closed = false;
  const watchers = new Map<string, FSWatcher>();

  const changed = () => {
    if (closed) return;
    // Armed at once, not after the quiet time: a file written into a new folder right away is seen.
    arm();
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      onChange();
    }, quietMs);
  };
  const unwatch = (folder: string) => {
    watchers.get(folder)?.close();
    watchers.delete(folder);
  };
  /** Watches every folder under the dataset folder not yet watched, and lets go of the ones gone. */
  const arm = () => {
    const folders = foldersUnder(datasetDir);
    for (const folder of watchers.keys()) if (!folders.has(folder)) unwatch(folder);
    for (const folder of folders) {
      if (watchers.has(folder)) continue;
      try {
        const watcher = watch(folder, changed);
        // A folder removed under its watch: forgotten, and the removal reported like any change.
        watcher.on("error", () => {
          unwatch(folder);
          changed();
        });
        watchers.set(folder, watcher);
      } catch {
        // Removed between the listing and the watch: its parent's watch reports the removal.
      }
    }
  };

  arm();
  return {
    close() {
      closed = true;
      if (timer !== null) clearTimeout(timer);
      for (const folder of [...watchers.keys()]) unwatch(folder);
    },
  };
}

/** The folder and every folder under it (symbolic links not followed). */
function foldersUnder(root: string): Set<string> {
  const folders = new Set<string>([root]);
  const pending = [root];
  for (let folder = pending.pop(); folder !== undefined; folder = pending.pop()) {
    let entries;
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      continue; // removed meanwhile
    }
    for (const entry of entries) {
      if (!entry.isDirectory()) continue;
      const child = path.join(folder, entry.name);
      folders.add(child);
      pending.push(child);
    }
  }
  return folders;
}
