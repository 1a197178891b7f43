// Timing an async operation over several runs, the first one kept apart as "cold" (module caches,
// JIT and the file system cache are still cold on it).

export interface TimedRun<T> {
  ms: number;
  value: T;
}

export async function timeOnce<T>(operation: () => Promise<T>): Promise<TimedRun<T>> {
  const started = performance.now();
  const value = await operation();
  return { ms: performance.now() - started, value };
}

export interface RunsOptions<T> {
  /** Runs after the cold one. */
  warmRuns: number;
  /** Called after every run, cold included; return false to stop early (e.g. the result is an error). */
  afterRun?: (run: TimedRun<T>, index: number) => boolean | void;
  /** Called between runs, outside the timed span (e.g. to collect garbage). */
  betweenRuns?: () => void;
}

/** Wall times in milliseconds. Results are not kept: one run's result must not weigh on the next run's memory. */
export interface Runs {
  coldMs: number;
  warmMs: number[];
}

/** One cold run, then `warmRuns` more, one after the other (never concurrently). */
export async function timeRuns<T>(operation: () => Promise<T>, options: RunsOptions<T>): Promise<Runs> {
  // Each result lives only inside `once`, so it is garbage before the next run starts.
  const once = async (index: number): Promise<{ ms: number; more: boolean }> => {
    const run = await timeOnce(operation);
    return { ms: run.ms, more: options.afterRun?.(run, index) !== false };
  };
  const cold = await once(0);
  const runs: Runs = { coldMs: cold.ms, warmMs: [] };
  for (let index = 1, more = cold.more; more && index <= options.warmRuns; index++) {
    options.betweenRuns?.();
    const run = await once(index);
    runs.warmMs.push(run.ms);
    more = run.more;
  }
  return runs;
}

/** Asks V8 for a full collection when the process was started with --expose-gc; otherwise does nothing. */
export function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}
