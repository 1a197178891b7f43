// Watching the dataset folder for `npm run dev`: any change under it (recursive fs.watch, which
// Node supports on Linux, macOS and Windows since 20) calls `onChange`, once per burst of events:
// an editor's save is several events (temporary file, rename, attributes).

import { watch } from "node:fs";

export interface DatasetWatch {
  close(): void;
}

export function watchDataset(datasetDir: string, onChange: () => void, quietMs = 100): DatasetWatch {
  let timer: NodeJS.Timeout | null = null;
  const watcher = watch(datasetDir, { recursive: true }, () => {
    if (timer !== null) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      onChange();
    }, quietMs);
  });
  return {
    close() {
      if (timer !== null) clearTimeout(timer);
      watcher.close();
    },
  };
}
