// Runs the local server: one process, or a node:cluster primary with one worker per core, the
// workers sharing the listening socket. Used by `npm start` and `npm run serve`. With workers, only
// the primary reads manifest.json; it sends each commit to every worker (build-watcher.ts), so
// the workers switch builds together and none goes back to an older one.

import cluster from "node:cluster";
import { HEALTH_PATH, PATHS } from "../../../contract/paths.ts";
import { pathFor } from "../../../contract/routes.ts";
import { followBuild, isCommitMessage, watchBuild, type CommitMessage, type FollowedBuild } from "./build-watcher.ts";
import { relayPeerHealth, workerPeerHealth } from "./peer-health.ts";
import { servedExamples, type ServedExamples } from "./examples.ts";
import { createEdgeServer } from "./server.ts";
import type { ServerSettings } from "./settings.ts";

export interface RunOptions {
  distDir: string;
  settings: ServerSettings;
  /** Printed once, by the process that owns the terminal, when the server is listening. */
  onListening?: (url: string) => void;
}

export async function runServer({ distDir, settings, onListening }: RunOptions): Promise<void> {
  const log = (message: string) => console.error(`[${process.pid}] ${message}`);
  if (settings.workers > 1 && cluster.isPrimary) {
    await runPrimary(distDir, settings, log, onListening);
    return;
  }
  const following = cluster.isWorker ? await followPrimary(log) : undefined;
  const edge = await createEdgeServer({
    distDir,
    watcher: following,
    peers: following && workerPeerHealth(following),
    rateLimit: settings.rateLimit ? undefined : false,
    burstLimit: settings.burstLimit ? undefined : false,
    trustProxy: settings.trustProxy,
    log,
  });
  let url: string;
  try {
    url = await edge.listen(settings.port, settings.host);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    console.error(`cannot listen on ${settings.host}:${settings.port} (${code}); choose another address with --port and --host (or PORT and HOST)`);
    process.exit(1);
  }
  if (cluster.isPrimary) onListening?.(url);
  const stop = () => void edge.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

/** A worker's build: the commits its primary sends, starting with the one it serves now. */
async function followPrimary(log: (message: string) => void): Promise<FollowedBuild> {
  const following = followBuild(log);
  await new Promise<void>((resolve) => {
    process.on("message", (message) => {
      if (!isCommitMessage(message)) return;
      following.receive(message);
      resolve();
    });
    process.send!({ type: "psg-commit?" });
  });
  return following;
}

async function runPrimary(distDir: string, settings: ServerSettings, log: (message: string) => void, onListening?: (url: string) => void): Promise<void> {
  let latest: CommitMessage = { type: "psg-commit", sequence: 0, manifest: null };
  // Every worker gets every commit, in order; a worker that starts later asks for the latest.
  const watcher = await watchBuild(distDir, {
    log,
    onCommit: (message) => {
      latest = message;
      for (const worker of Object.values(cluster.workers ?? {})) if (worker?.isConnected()) worker.send(message);
    },
  });
  cluster.on("message", (worker, message) => {
    if ((message as { type?: string } | null)?.type === "psg-commit?") worker.send(latest);
  });
  relayPeerHealth();
  const listened = new Set<number>();
  let stopping = false;
  const stopAll = (code: number, signal: NodeJS.Signals = "SIGTERM") => {
    stopping = true;
    watcher.close();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
    process.exit(code);
  };
  cluster.on("listening", (worker, address) => {
    listened.add(worker.id);
    if (listened.size > 1) return;
    const host = address.addressType === 6 ? `[${address.address}]` : (address.address ?? settings.host);
    onListening?.(`http://${host}:${address.port}`);
  });
  cluster.on("exit", (worker, code, signal) => {
    if (stopping || code === 0) return;
    // A worker that never listened (the port is taken, say) would fail again: stop instead of looping.
    if (!listened.has(worker.id)) return stopAll(1);
    console.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    cluster.fork();
  });
  for (let i = 0; i < settings.workers; i++) cluster.fork();
  // Stopping the primary stops its workers (each closes its server on the signal).
  process.once("SIGINT", () => stopAll(0, "SIGINT"));
  process.once("SIGTERM", () => stopAll(0));
}

/**
 * What `npm start`, `npm run serve` and `npm run dev` print once listening: requests to try, each one
 * that answers from the build served (examples.ts, read now by default); only /health while the
 * folder holds no build.
 */
export function banner(url: string, distDir: string, settings: ServerSettings, examples: ServedExamples | null = servedExamples(distDir)): string {
  const limits = [settings.rateLimit ? "app rate limit on" : "app rate limit off", settings.burstLimit ? "burst limit on" : "burst limit off"];
  if ((settings.rateLimit || settings.burstLimit) && settings.workers > 1) limits.push("limits counted per worker");
  const lines = [`Serving ${distDir} at ${url} (${settings.workers} worker${settings.workers === 1 ? "" : "s"}, ${limits.join(", ")})`];
  if (examples === null) return [...lines, "", "Try:", `  curl -s ${url}${HEALTH_PATH}   # 503 until a build is committed there`].join("\n");
  lines.push(`Explorer: ${url}/   Reference: ${url}/docs/   Description document: ${url}/openapi.json`, "", "Try:", `  curl -s ${url}${HEALTH_PATH}`, `  curl -s ${url}${pathFor({ name: "meta" })}`);
  const { item, slug, marketHashName } = examples;
  if (marketHashName !== null) lines.push(`  curl -s '${url}${PATHS.resolve.template}?${new URLSearchParams({ market_hash_name: marketHashName })}'`);
  if (slug !== null) lines.push(`  curl -s '${url}${pathFor({ name: "resolve", aliasKey: slug, by: "slug" })}'`);
  if (item !== null) {
    const { defIndex, paintIndex, seed } = item;
    lines.push(
      `  curl -s ${url}${pathFor({ name: "item", defIndex, paintIndex, topic: null })}`,
      `  curl -s ${url}${pathFor({ name: "seed", defIndex, paintIndex, seed })}`,
      `  curl -s ${url}${pathFor({ name: "patterns", defIndex, paintIndex })}`,
    );
  }
  lines.push(
    `  curl -si -H 'If-None-Match: "${examples.datasetVersion}"' ${url}${pathFor({ name: "meta" })}   # 304: nothing changed since that version`,
    `  curl -s --compressed ${url}${pathFor({ name: "dump" })} -o dump.json`,
  );
  return lines.join("\n");
}
