// Named points in a build where the kill tests stop it. When the environment variable
// PSG_BUILD_PAUSE_AT names a point and the build runs as a child process with an IPC channel, the
// build tells its parent it has reached the point (and what it is about to touch) and waits until
// the parent says go on, or kills it: the kill lands exactly there, without timing guesses.
// Anywhere else (no variable, no channel) a pause point costs one comparison.

export const PAUSE_ENV = "PSG_BUILD_PAUSE_AT";

/**
 * The points, in build order: `locked` (lock held, nothing written), `files:N` (N files written),
 * `written` (every file written, index not yet), `indexed` (index written, not committed),
 * `manifest-staged` (new manifest flushed under its temporary name), `committed` (before pruning),
 * `pruning-generation` (a folder about to be deleted).
 */
export type PausePoint = "locked" | `files:${number}` | "written" | "indexed" | "manifest-staged" | "committed" | "pruning-generation";

export interface PauseMessage {
  pausedAt: string;
  /** The file or folder the build is about to change at this point, when there is one. */
  path?: string;
}

/** What a pause point uses of the build's process: its environment, and the IPC channel to its parent when it has one. */
export interface BuildProcess {
  env: NodeJS.ProcessEnv;
  send?: (message: PauseMessage) => unknown;
  on(event: "message", listener: (message: unknown) => void): unknown;
  off(event: "message", listener: (message: unknown) => void): unknown;
}

export function pauseRequested(point: PausePoint, build: BuildProcess = process): boolean {
  return build.env[PAUSE_ENV] === point && typeof build.send === "function";
}

/** N when the build is to pause at `files:N`, else null: read once per build, not once per file. */
export function pauseFileCount(build: BuildProcess = process): number | null {
  const count = build.env[PAUSE_ENV]?.match(/^files:(\d+)$/)?.[1];
  return count === undefined || typeof build.send !== "function" ? null : Number(count);
}

/** Reports `point` to the parent and waits for `{ resume: true }`; returns at once unless the point was asked for. */
export async function pauseAt(point: PausePoint, path?: string, build: BuildProcess = process): Promise<void> {
  if (!pauseRequested(point, build)) return;
  await new Promise<void>((resolve) => {
    const onMessage = (message: unknown) => {
      if ((message as { resume?: boolean } | null)?.resume !== true) return;
      build.off("message", onMessage);
      resolve();
    };
    build.on("message", onMessage);
    const message: PauseMessage = path === undefined ? { pausedAt: point } : { pausedAt: point, path };
    build.send!(message);
  });
}
