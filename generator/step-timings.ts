// Milliseconds per step of a pipeline, each step timed from the end of the one before: what the
// build and its emit stage report, and `npm run bench:build` prints.

export interface StepTimings {
  /** Step name -> milliseconds, in the order the steps ended. */
  readonly timings: Record<string, number>;
  /** Ends the current step under `name`; the next starts now. */
  lap(name: string): void;
}

export function stepTimings(started = performance.now()): StepTimings {
  const timings: Record<string, number> = {};
  let mark = started;
  return {
    timings,
    lap(name) {
      const now = performance.now();
      timings[name] = now - mark;
      mark = now;
    },
  };
}
