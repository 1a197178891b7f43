// Runs the local server: one process, or a node:cluster primary with one worker per core, the
// workers sharing the listening socket. Used by `npm start` and `npm run serve`. With workers, only
// the primary reads manifest.json; it sends each commit to every worker (build-watcher.ts), so
// the workers switch builds together and none goes back to an older one.

import cluster from "node:cluster";
import { followBuild, isCommitMessage, watchBuild, type BuildWatcher, type CommitMessage } from "./build-watcher.ts";
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
  const edge = await createEdgeServer({
    distDir,
    watcher: cluster.isWorker ? await followPrimary(log) : undefined,
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
    console.error(`cannot listen on ${settings.host}:${settings.port} (${code}); set PORT or HOST to another address`);
    process.exit(1);
  }
  if (cluster.isPrimary) onListening?.(url);
  const stop = () => void edge.close().then(() => process.exit(0));
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

/** A worker's build: the commits its primary sends, starting with the one it serves now. */
async function followPrimary(log: (message: string) => void): Promise<BuildWatcher> {
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

/** What `npm start` and `npm run serve` print once listening. */
export function banner(url: string, distDir: string, settings: ServerSettings): string {
  const limits = [settings.rateLimit ? "app rate limit on" : "app rate limit off", settings.burstLimit ? "burst limit on" : "burst limit off"];
  if ((settings.rateLimit || settings.burstLimit) && settings.workers > 1) limits.push("limits counted per worker");
  return [
    `Serving ${distDir} at ${url} (${settings.workers} worker${settings.workers === 1 ? "" : "s"}, ${limits.join(", ")})`,
    `Explorer: ${url}/   Reference: ${url}/docs/   Description document: ${url}/openapi.json`,
    "",
    "Try:",
    `  curl -s ${url}/health`,
    `  curl -s ${url}/v1/meta`,
    `  curl -s '${url}/v1/resolve?market_hash_name=%E2%98%85%20Karambit%20%7C%20Doppler%20(Factory%20New)'`,
    `  curl -s ${url}/v1/items/7/44`,
    `  curl -s ${url}/v1/items/7/44/seeds/661`,
    `  curl -s ${url}/v1/items/7/44/patterns`,
    `  curl -si -H 'If-None-Match: "<dataset_version>"' ${url}/v1/meta   # 304 once you know the version`,
    `  curl -s --compressed ${url}/v1/dump -o dump.json`,
  ].join("\n");
}
