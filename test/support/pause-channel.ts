// The parent's side of a pause point (generator/emit/pause-point.ts), in this very process: the
// kill tests (test/support/build-process.ts) run a build as a child and kill it where it pauses; a
// unit test asks the same of a build it runs itself, looks at what the build has done by then, and
// lets it go on at once.

import { PAUSE_ENV, type PauseMessage, type PausePoint } from "../../generator/emit/pause-point.ts";

/** Runs `run` as a build asked to pause at `point`; `look` is called at each pause, before the build goes on. */
export async function pausingAt<T>(point: PausePoint, look: (message: PauseMessage) => void, run: () => Promise<T>): Promise<T> {
  const send = process.send;
  process.send = ((message: PauseMessage) => {
    look(message);
    const listeners = process.listeners("message");
    listeners[listeners.length - 1]!({ resume: true }, undefined);
    return true;
  }) as typeof process.send;
  process.env[PAUSE_ENV] = point;
  try {
    return await run();
  } finally {
    process.send = send;
    delete process.env[PAUSE_ENV];
  }
}
