// The emit stage's side of the writer thread (write-worker.mjs): operations are queued in order,
// sent in batches, and at most a few batches are in flight, so memory stays bounded however fast
// responses are derived.

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
  /** Waits for every queued operation, then stops the thread. Rejects with the writer's first error. */
  close(): Promise<void>;
}

const BATCH_OPERATIONS = 512;
const BATCHES_IN_FLIGHT = 8;

export function createFileWriter(): FileWriter {
  const worker = new Worker(new URL("./write-worker.mjs", import.meta.url));
  let batch: FileOperation[] = [];
  let inFlight = 0;
  let failure: Error | null = null;
  let waiters: (() => void)[] = [];
  const wake = () => {
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  };
  worker.on("message", (reply: { done?: true; error?: { code?: string; message: string } }) => {
    inFlight--;
    if (reply.error && failure === null) failure = Object.assign(new Error(reply.error.message), { code: reply.error.code });
    wake();
  });
  worker.on("error", (error) => {
    failure ??= error;
    inFlight = 0;
    wake();
  });
  const send = () => {
    if (batch.length === 0) return;
    worker.postMessage(batch);
    inFlight++;
    batch = [];
  };
  const waitUntil = async (done: () => boolean) => {
    while (!done() && failure === null) await new Promise<void>((resolve) => waiters.push(resolve));
    if (failure !== null) throw failure;
  };
  return {
    queue(operation) {
      if (failure !== null) throw failure;
      batch.push(operation);
      if (batch.length >= BATCH_OPERATIONS) send();
    },
    get congested() {
      return inFlight >= BATCHES_IN_FLIGHT || failure !== null;
    },
    drained(all = false) {
      if (all) send();
      return waitUntil(() => (all ? inFlight === 0 : inFlight < BATCHES_IN_FLIGHT));
    },
    async close() {
      try {
        send();
        await waitUntil(() => inFlight === 0);
      } finally {
        await worker.terminate();
      }
    },
  };
}
