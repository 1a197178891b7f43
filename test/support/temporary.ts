// Temporary folders for tests. Each test file makes its folders through one `temporaryFolders`
// and removes them in its `afterAll`, so a run leaves nothing behind; the suite's global setup
// (test/support/temp-sandbox.ts) also points TMPDIR at one folder per run as a backstop for
// child processes a test kills before they clean up.

import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export interface TemporaryFolders {
  /** A new empty folder named `<prefix>XXXXXX` in the temp folder. */
  make(): string;
  /** Removes every folder made so far (for `afterAll`). */
  removeAll(): void;
}

export function temporaryFolders(prefix: string): TemporaryFolders {
  const made: string[] = [];
  return {
    make() {
      const folder = mkdtempSync(path.join(tmpdir(), prefix));
      made.push(folder);
      return folder;
    },
    removeAll() {
      for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
    },
  };
}
