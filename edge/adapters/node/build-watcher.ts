// Which build the local server serves. A build is committed when its manifest.json is written
// (last, atomically), so the server re-reads the manifest when the file changes, checking at most
// once per interval, and keeps serving the previous build until a new valid manifest appears. A
// deleted or invalid manifest is not a commit: the previous build stays.
//
// A build that repaired files of the serving build (`--verify`) commits the same manifest again;
// that is taken as a new build object too, so that everything the server remembers about the
// build's files (byte cache, folder listings, sizes) is dropped and read again.
//
// With several workers (node:cluster), only the primary watches; each worker follows the commits
// the primary sends it (`followBuild`), in the order sent, so all workers switch within one message
// delivery of each other and no worker (so no connection) ever goes back to an earlier commit.

import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { parseManifest } from "../../../contract/manifest.ts";
import { MANIFEST_FILE, type Manifest } from "../../../contract/manifest.ts";

export interface BuildWatcher {
  /** The build being served; null until a valid manifest has been read. A new object for every commit, a repair included. */
  current(): Manifest | null;
  /** Looks at manifest.json now (a following watcher: at nothing); resolves to whether a commit was taken. */
  check(): Promise<boolean>;
  close(): void;
}

/** One commit, as the primary sends it to its workers. */
export interface CommitMessage {
  type: "psg-commit";
  /** Increases with every commit the primary takes: a worker ignores anything older than what it has. */
  sequence: number;
  manifest: Manifest | null;
}

export const isCommitMessage = (message: unknown): message is CommitMessage => (message as CommitMessage | null)?.type === "psg-commit";

export interface BuildWatcherOptions {
  intervalMs?: number;
  /** Told about a new build, or a manifest that could not be used. */
  log?: (message: string) => void;
  /** Told about every commit taken (to pass it on to workers). */
  onCommit?: (message: CommitMessage) => void;
}

export async function watchBuild(distDir: string, options: BuildWatcherOptions = {}): Promise<BuildWatcher> {
  const { intervalMs = 1000, log = () => {}, onCommit } = options;
  const manifestPath = join(distDir, MANIFEST_FILE);
  let manifest: Manifest | null = null;
  let sequence = 0;
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
    manifest = parsed.manifest;
    // New documents alone (an edit to the description) also switch: they are outside dataset_version.
    if (same) log(`${manifestPath} committed again (a repair): reading the files of ${manifest.generation} afresh`);
    else log(`serving dataset_version ${manifest.dataset_version} (${manifest.generation}${manifest.docs ? `, ${manifest.docs}` : ""})`);
    onCommit?.({ type: "psg-commit", sequence: ++sequence, manifest });
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

/** A build followed from the primary's commits. */
export interface FollowedBuild extends BuildWatcher {
  /** Takes a commit the primary sent; false for one not newer than the one served. */
  receive(message: CommitMessage): boolean;
  /** The sequence number of the commit served (0 before the first). */
  sequence(): number;
}

/** A watcher that reads nothing itself: it takes the commits a primary sends (`receive`), never an older one. */
export function followBuild(log: (message: string) => void = () => {}): FollowedBuild {
  let manifest: Manifest | null = null;
  let sequence = 0;
  return {
    current: () => manifest,
    sequence: () => sequence,
    check: async () => false,
    close: () => {},
    receive(message) {
      if (message.sequence <= sequence) return false;
      sequence = message.sequence;
      manifest = message.manifest;
      if (manifest !== null) log(`serving dataset_version ${manifest.dataset_version} (${manifest.generation}), as the primary commits it`);
      return true;
    },
  };
}
