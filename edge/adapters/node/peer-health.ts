// What the workers of a node:cluster tell one another of the build they serve: whether a file of it
// failed to read right and has not read right since. Each worker remembers only what its own requests
// found (edge/build-reader.ts), and the primary hands connections to its workers in turn, so without
// this /health would answer 503 and 200 in turn once one worker had found a damaged file. A worker
// tells the primary when its finding changes; the primary passes it on to the others, who count it
// while they serve the same commit (a repair is a new commit, and starts every worker afresh). A
// worker still starting hears nothing passed on before it listens for it: once it does, it asks the
// primary for what the others last told.

import cluster, { type Worker } from "node:cluster";
import type { FollowedBuild } from "./build-watcher.ts";

/** A worker's side: what its peers found, and how to tell them its own finding. */
export interface PeerHealth {
  /** Whether a peer serving the same commit has found a file damaged. */
  damaged(): boolean;
  /** Tells the peers whether this worker has (true) or has not (false) found a file damaged, once for each change. */
  tell(damaged: boolean): void;
}

/** A worker's finding, about the commit it names; `worker` is set by the primary as it passes it on. */
interface DamageMessage {
  type: "psg-damage";
  damaged: boolean;
  sequence: number;
  worker?: number;
}

const isDamageMessage = (message: unknown): message is DamageMessage => (message as DamageMessage | null)?.type === "psg-damage";
/** A worker's question: what the others last told. */
const ASK = { type: "psg-damage?" } as const;
const isAsk = (message: unknown) => (message as { type?: string } | null)?.type === ASK.type;

/** In a worker: its peers' findings as the primary passes them on, about the commit `build` follows. */
export function workerPeerHealth(build: FollowedBuild): PeerHealth {
  // Peer worker id → the commit it found damage in.
  const found = new Map<number, number>();
  // What this worker last told, about which commit: a finding in a new commit is told again.
  let told = { damaged: false, sequence: 0 };
  process.on("message", (message) => {
    if (!isDamageMessage(message) || message.worker === undefined) return;
    if (message.damaged) found.set(message.worker, message.sequence);
    else found.delete(message.worker);
  });
  process.send!(ASK);
  return {
    damaged() {
      for (const sequence of found.values()) if (sequence === build.sequence()) return true;
      return false;
    },
    tell(damaged) {
      const sequence = build.sequence();
      if (damaged === told.damaged && (sequence === told.sequence || !damaged)) return;
      told = { damaged, sequence };
      process.send!({ type: "psg-damage", damaged, sequence } satisfies DamageMessage);
    },
  };
}

/**
 * In the primary: passes each worker's finding on to every other worker, tells a worker that asks
 * what the others last told, and forgets a worker that exits.
 */
export function relayPeerHealth(): void {
  const others = (from: number) => Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined && worker.id !== from && worker.isConnected());
  // Worker id → the last finding it told, as passed on.
  const last = new Map<number, DamageMessage>();
  cluster.on("message", (from, message) => {
    if (isAsk(message)) {
      for (const [id, told] of last) if (id !== from.id) from.send(told);
      return;
    }
    if (!isDamageMessage(message)) return;
    const told: DamageMessage = { ...message, worker: from.id };
    last.set(from.id, told);
    for (const worker of others(from.id)) worker.send(told);
  });
  cluster.on("exit", (gone) => {
    last.delete(gone.id);
    for (const worker of others(gone.id)) worker.send({ type: "psg-damage", damaged: false, sequence: 0, worker: gone.id } satisfies DamageMessage);
  });
}
