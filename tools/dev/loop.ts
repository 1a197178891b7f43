// The rebuild loop of `npm run dev`: every change to the dataset triggers a check and, when the
// dataset is valid, an incremental build whose commit the server picks up at once; then it prints
// what the new dataset_version changed. A dataset with problems is reported (every problem at
// once) and changes nothing: the last good build keeps serving. Changes that arrive during a
// rebuild are folded into one more rebuild after it.

import { readFileSync } from "node:fs";
import path from "node:path";
import { CHANGES_FILE } from "../../contract/changes.ts";
import { buildDist, type BuildOptions, type BuildResult } from "../../generator/build.ts";
import { formatChanges } from "../../generator/changes/format.ts";
import { formatProblem } from "../../generator/dataset.ts";
import type { Changes } from "../../contract/schema/changes.ts";
import type { CheckCache } from "../../generator/validate/cache.ts";
import { createFileMemory } from "../../generator/load/file-memory.ts";

export interface DevLoopOptions {
  datasetDir: string;
  outDir: string;
  /** Told after each committed build, before its changes are printed (the server switches to it). */
  onBuilt?: (result: Extract<BuildResult, { ok: true }>) => Promise<void> | void;
  print: (text: string) => void;
  /** The build (the real one by default; tests may wrap it). */
  build?: (options: BuildOptions) => Promise<BuildResult>;
}

/** What a rebuild came to: the build's result, or why it failed. */
export type RebuildOutcome = BuildResult | { failed: string };

export interface DevLoop {
  /** Call on every change of the dataset; resolves once a rebuild that includes it has finished, with what it came to. */
  changed(): Promise<RebuildOutcome>;
}

export function createDevLoop({ datasetDir, outDir, onBuilt, print, build = buildDist }: DevLoopOptions): DevLoop {
  let running: Promise<RebuildOutcome> | null = null;
  let again: Promise<RebuildOutcome> | null = null;
  // Kept across saves, including saves that leave problems: the next save re-checks only the guide
  // files it changed (validate/cache.ts). The first build reads the one in the build folder.
  const checkCache: { current: CheckCache | null } = { current: null };
  // And the files built from, so that a save reads, hashes and parses the saved file alone (file-memory.ts).
  const memory = createFileMemory();

  const rebuild = async (): Promise<RebuildOutcome> => {
    const started = performance.now();
    let result: BuildResult;
    try {
      result = await build({ datasetDir, outDir, checkCache, memory, onLockWait: (message) => print(`${message}\n`) });
    } catch (error) {
      const failed = error instanceof Error ? error.message : String(error);
      print(`build failed: ${failed}; the previous build keeps serving\n`);
      return { failed };
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (!result.ok) {
      print(`${result.problems.map(formatProblem).join("\n")}\n${result.problems.length} problem(s): not built; the previous build keeps serving\n`);
      return result;
    }
    await onBuilt?.(result);
    if (result.emit.mode === "unchanged") {
      print(`dataset_version ${result.datasetVersion} is already serving: no response changed (${seconds} s)\n`);
      return result;
    }
    print(`serving dataset_version ${result.datasetVersion} (${seconds} s: ${result.emit.written} files written, ${result.emit.reused} reused)\n`);
    const changes = readChanges(path.join(outDir, result.emit.generation, CHANGES_FILE));
    if (changes !== null) print(formatChanges(changes));
    return result;
  };

  return {
    changed() {
      if (running === null) {
        running = rebuild().finally(() => (running = null));
        return running;
      }
      // One more rebuild after the running one covers every change made meanwhile.
      again ??= running.then(() => {
        again = null;
        return this.changed();
      });
      return again;
    },
  };
}

function readChanges(file: string): Changes | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Changes;
  } catch {
    return null;
  }
}
