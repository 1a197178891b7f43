// Node names no file in the error of a failed write (ENOSPC, EIO): the emit stage adds it, so that a
// maintainer reads which file a full disk stopped.

/** The error of a failed write of `file`, its message naming the file; thrown again by the caller. */
export function namingFile(error: unknown, file: string): unknown {
  if (error instanceof Error && !error.message.includes(file)) error.message = `${error.message} (writing ${file})`;
  return error;
}

/** Runs a write of `file`, naming the file in its error. */
export async function namingPath<T>(file: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw namingFile(error, file);
  }
}
