// Which build the local server serves. A build is committed when its manifest.json is written
// (last, atomically), so the server re-reads the manifest when the file changes, checking at most
// once per interval, and keeps serving the previous build until a new valid manifest appears. A
// deleted or invalid manifest is not a commit: the previous build stays.

import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { parseManifest } from "../../manifest.ts";
import { MANIFEST_FILE, type Manifest } from "../../routes.ts";

export interface BuildWatcher {
  /** The build being served; null until a valid manifest has been read. */
  current(): Manifest | null;
  /** Looks at manifest.json now; resolves to whether a new build was taken. */
  check(): Promise<boolean>;
  close(): void;
}

export interface BuildWatcherOptions {
  intervalMs?: number;
  /** Told about a new build, or a manifest that could not be used. */
  log?: (message: string) => void;
}

export async function watchBuild(distDir: string, options: BuildWatcherOptions = {}): Promise<BuildWatcher> {
  const { intervalMs = 1000, log = () => {} } = options;
  const manifestPath = join(distDir, MANIFEST_FILE);
  let manifest: Manifest | null = null;
  let seen = "";
  let running: Promise<boolean> | null = null;

  const look = async (): Promise<boolean> => {
    let identity: string;
    try {
      const info = await stat(manifestPath);
      identity = `${info.ino}:${info.size}:${info.mtimeMs}`;
    } catch {
      return false;
    }
    if (identity === seen) return false;
    let text: string;
    try {
      text = await readFile(manifestPath, "utf8");
    } catch {
      return false;
    }
    seen = identity;
    const parsed = parseManifest(text);
    if (!parsed.ok) {
      log(`${manifestPath}: ${parsed.message}; still serving ${manifest?.dataset_version ?? "nothing"}`);
      return false;
    }
    const same =
      manifest !== null &&
      parsed.manifest.dataset_version === manifest.dataset_version &&
      parsed.manifest.generation === manifest.generation &&
      parsed.manifest.docs === manifest.docs;
    if (same) return false;
    manifest = parsed.manifest;
    // New documents alone (an edit to the description) also switch: they are outside dataset_version.
    log(`serving dataset_version ${manifest.dataset_version} (${manifest.generation}${manifest.docs ? `, ${manifest.docs}` : ""})`);
    return true;
  };
  const check = () => (running ??= look().finally(() => (running = null)));

  await check();
  const timer = setInterval(() => void check(), intervalMs);
  timer.unref();
  return {
    current: () => manifest,
    check,
    close: () => clearInterval(timer),
  };
}
