// The commit log: which generations and documents folders the manifest named lately, and when each
// commit was made, so that pruning keeps every folder a reader may still be reading (docs/build.md,
// "Safe and incremental"). A server learns of a commit only when it next looks at the manifest (the
// local server: at most once a second) and finishes the requests it started on the build before, so
// a folder is kept until GRACE_MS after the commit that replaced it, however many builds commit
// meanwhile. Only the generator reads the log; a missing or unreadable one keeps nothing extra.

import { readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Manifest } from "../../contract/manifest.ts";
import { temporaryPathOf } from "./prune.ts";

export const COMMIT_LOG_FILE = "commits.json";

/**
 * How long a folder is kept after a commit replaced it: the server's reload interval (1 s) plus the
 * longest a request may take (its 30 s timeout), with room to spare.
 */
export const GRACE_MS = 60_000;

export interface Commit {
  generation: string;
  docs?: string;
  /** When the manifest naming them was committed (ms since the epoch). */
  at: number;
}

export function readCommitLog(outDir: string): Commit[] {
  try {
    const value = JSON.parse(readFileSync(path.join(outDir, COMMIT_LOG_FILE), "utf8")) as { commits?: unknown };
    if (!Array.isArray(value.commits)) return [];
    return value.commits.filter(
      (commit): commit is Commit =>
        typeof commit?.generation === "string" && typeof commit.at === "number" && (commit.docs === undefined || typeof commit.docs === "string"),
    );
  } catch {
    return [];
  }
}

/**
 * The log with `manifest` committed at `now` put first, less the commits replaced more than
 * `graceMs` ago. Written before the manifest is renamed into place, so a commit is never missing
 * from it (a build that fails after writing it only keeps a folder it removes anyway).
 */
export function recordCommit(outDir: string, manifest: Manifest, now: number, graceMs = GRACE_MS): Commit[] {
  // A manifest without documents gives docs undefined, which JSON.stringify leaves out.
  const commit: Commit = { generation: manifest.generation, at: now, docs: manifest.docs };
  const log = recentCommits([commit, ...readCommitLog(outDir)], now, graceMs);
  const file = path.join(outDir, COMMIT_LOG_FILE);
  const temporary = temporaryPathOf(file);
  writeFileSync(temporary, `${JSON.stringify({ commits: log })}\n`);
  renameSync(temporary, file);
  return log;
}

/** The newest commit, and each older one whose successor was committed less than `graceMs` before `now`. */
export function recentCommits(log: readonly Commit[], now: number, graceMs = GRACE_MS): Commit[] {
  return log.filter((_, i) => i === 0 || log[i - 1]!.at > now - graceMs);
}

/** The folders (generations and documents) that commits of the last `graceMs` named. */
export function recentlyServed(log: readonly Commit[], now: number, graceMs = GRACE_MS): string[] {
  return recentCommits(log, now, graceMs).flatMap((commit) => (commit.docs === undefined ? [commit.generation] : [commit.generation, commit.docs]));
}
