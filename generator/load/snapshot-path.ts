import path from "node:path";

/**
 * The absolute location of a capture named by a guide's `snapshot.path`, or null when the path leaves the
 * snapshots folder ("../", an absolute path): a guide may only quote captures kept in the dataset.
 */
export function captureLocation(snapshotsDir: string, snapshotPath: string): string | null {
  if (snapshotPath === "" || path.posix.isAbsolute(snapshotPath) || path.win32.isAbsolute(snapshotPath)) return null;
  const location = path.resolve(snapshotsDir, snapshotPath.split("/").join(path.sep));
  return isInside(snapshotsDir, location) ? location : null;
}

export function isInside(folder: string, location: string): boolean {
  const relative = path.relative(folder, location);
  // A name may start with ".." ("..notes.txt"); only a ".." segment leaves the folder. On Windows a location on
  // another drive comes back absolute.
  return relative !== "" && relative !== ".." && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative);
}

/** The capture path a guide file's JSON names (`snapshot.path`), whatever else it holds; undefined when it names none. */
export function snapshotPathOf(json: unknown): string | undefined {
  if (json === null || typeof json !== "object") return undefined;
  const snapshot = (json as { snapshot?: unknown }).snapshot;
  if (snapshot === null || typeof snapshot !== "object") return undefined;
  const snapshotPath = (snapshot as { path?: unknown }).path;
  return typeof snapshotPath === "string" ? snapshotPath : undefined;
}
