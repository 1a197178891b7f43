// The emit stage's side of the writer thread (write-worker.mjs): operations are queued in order,
// sent in batches, and at most a few batches are in flight, so memory stays bounded however fast
// responses are derived. One thread per process serves every build (writerThread below).

import { Worker } from "node:worker_threads";

export type FileOperation =
  | ["mkdir", string]
  | ["write", string, Uint8Array]
  | ["link", string, string]
  | ["symlink", string, string]
  | ["rename", string, string]
  | ["rm", string];

export interface FileWriter {
  /** Queues an operation; operations run in the order they were queued. */
  queue(operation: FileOperation): void;
  /** True when the caller should `await drained()` before queueing more. */
  readonly congested: boolean;
  /** Resolves when fewer batches are in flight (or all, with `all`); rejects with the writer's first error. */
  drained(all?: boolean): Promise<void>;
  /** Waits for every queued operation, then ends this writer's job on the thread. Rejects with the writer's first error (each call, the same). */
  close(): Promise<void>;
}

const BATCH_OPERATIONS = 512;
const BATCHES_IN_FLIGHT = 8;

/** One build's share of the writer thread. */
interface Job {
  inFlight: number;
  failure: Error | null;
  waiters: (() => void)[];
}

interface WriterThread {
  worker: Worker;
  jobs: Map<number, Job>;
  nextJob: number;
}

/**
 * The process's writer thread, shared by every build the process runs: a watch loop rebuilds in one
 * process, and the tests run dozens of builds per worker; a new Node thread costs about 40 ms of
 * CPU before its first write. Started on first use; it keeps the process alive only while a build
 * uses it. Each build's operations are its own job on the thread: in order, and an operation that
 * fails stops that build only (a thread that dies fails every build on it).
 */
let shared: WriterThread | null = null;

function wake(job: Job): void {
  const ready = job.waiters;
  job.waiters = [];
  for (const resolve of ready) resolve();
}

function writerThread(): WriterThread {
  if (shared !== null) return shared;
  const thread: WriterThread = { worker: new Worker(new URL("./write-worker.mjs", import.meta.url)), jobs: new Map(), nextJob: 1 };
  const failAll = (error: Error) => {
    // A thread that failed or stopped is not used again; the builds on it fail with its error.
    if (shared === thread) shared = null;
    void thread.worker.terminate();
    for (const job of thread.jobs.values()) {
      job.failure ??= error;
      job.inFlight = 0;
      wake(job);
    }
  };
  thread.worker.on("message", (reply: { job: number; error?: { code?: string; message: string } }) => {
    const job = thread.jobs.get(reply.job);
    if (job === undefined) return;
    job.inFlight--;
    if (reply.error && job.failure === null) job.failure = Object.assign(new Error(reply.error.message), { code: reply.error.code });
    wake(job);
  });
  thread.worker.on("error", failAll);
  // A reply that cannot be read leaves a build unable to know what was written: it fails like the thread.
  thread.worker.on("messageerror", failAll);
  thread.worker.on("exit", (code) => failAll(new Error(`the file writer thread stopped (exit code ${code})`)));
  thread.worker.unref();
  shared = thread;
  return thread;
}

/** The shared thread's id while it runs, else null (for tests and diagnostics). */
export function writerThreadId(): number | null {
  return shared?.worker.threadId ?? null;
}

export function createFileWriter(): FileWriter {
  const thread = writerThread();
  const id = thread.nextJob++;
  const job: Job = { inFlight: 0, failure: null, waiters: [] };
  thread.jobs.set(id, job);
  if (thread.jobs.size === 1) thread.worker.ref();
  let batch: FileOperation[] = [];
  /** Set by the first `close()`; every later call answers the same. */
  let closing: Promise<void> | null = null;
  const send = () => {
    if (batch.length === 0) return;
    thread.worker.postMessage({ job: id, batch });
    job.inFlight++;
    batch = [];
  };
  const waitUntil = async (done: () => boolean) => {
    while (!done() && job.failure === null) await new Promise<void>((resolve) => job.waiters.push(resolve));
    if (job.failure !== null) throw job.failure;
  };
  return {
    queue(operation) {
      if (closing !== null) throw new Error("the file writer is closed");
      if (job.failure !== null) throw job.failure;
      batch.push(operation);
      if (batch.length >= BATCH_OPERATIONS) send();
    },
    get congested() {
      return job.inFlight >= BATCHES_IN_FLIGHT || job.failure !== null;
    },
    drained(all = false) {
      if (all) send();
      return waitUntil(() => (all ? job.inFlight === 0 : job.inFlight < BATCHES_IN_FLIGHT));
    },
    close() {
      closing ??= (async () => {
        try {
          send();
          await waitUntil(() => job.inFlight === 0);
        } finally {
          thread.jobs.delete(id);
          if (shared === thread) {
            thread.worker.postMessage({ job: id, end: true });
            if (thread.jobs.size === 0) thread.worker.unref();
          }
        }
      })();
      return closing;
    },
  };
}
