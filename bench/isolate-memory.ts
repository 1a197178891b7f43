// `npm run bench:isolate [-- --dist DIR] [--connections N] [--duration S]`: the live memory of the
// Worker's isolate under concurrent seed requests, against the 128 MB a Cloudflare isolate has.
// Target: under 100 MiB at 256 concurrent requests for seeds of random pairs, the chunks of the build's packs
// read through the assets binding (which returns whole files), with no answer outside the envelope.
//
// The Worker runs in workerd through miniflare with an inspector; every half second the isolate is
// collected (HeapProfiler.collectGarbage) and its JS heap plus ArrayBuffer backing stores
// (Runtime.getHeapUsage) read: what the isolate holds live, not what workerd's process has not given
// back to the system (its RSS; `npm run bench:serve` prints that). The load runs in this process.
// Rate limits are raised out of reach.

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Log, LogLevel, Miniflare } from "miniflare";
import { parseManifest } from "../contract/manifest.ts";
import { MANIFEST_FILE } from "../contract/manifest.ts";
import { bundleWorker } from "../edge/adapters/cloudflare/bundle.ts";
import { createRandom } from "../tools/fixture/random.ts";
import { formatTable } from "./lib/format.ts";

const TARGET_MIB = 100;
const MiB = 1024 * 1024;
const repoRoot = fileURLToPath(new URL("../", import.meta.url));

const { values } = parseArgs({ options: { dist: { type: "string" }, connections: { type: "string" }, duration: { type: "string" } } });
const dist = resolve(values.dist ?? join(repoRoot, "dist"));
const connections = Number(values.connections ?? 256);
const seconds = Number(values.duration ?? 30);
if (!existsSync(join(dist, MANIFEST_FILE))) {
  console.error(`No build at ${dist}; run \`npm run build\` (or \`npm run fixture:scale\` and build it) and pass --dist DIR.`);
  process.exit(2);
}
const parsed = parseManifest(readFileSync(join(dist, MANIFEST_FILE)));
if (!parsed.ok) {
  console.error(parsed.message);
  process.exit(2);
}
const pairs: [number, number][] = [];
const itemsDir = join(dist, parsed.manifest.generation, "v1", "items");
for (const def of readdirSync(itemsDir)) for (const file of readdirSync(join(itemsDir, def))) if (file.endsWith(".json")) pairs.push([Number(def), Number(file.slice(0, -5))]);

const miniflare = new Miniflare({
  cf: false,
  modules: [{ type: "ESModule", path: "worker.mjs", contents: await bundleWorker() }],
  ratelimits: { APP_RATE_LIMIT: { simple: { limit: 1e9, period: 60 } }, BURST_RATE_LIMIT: { simple: { limit: 1e9, period: 10 } } },
  compatibilityDate: "2026-04-20",
  host: "127.0.0.1",
  port: 0,
  inspectorPort: 0,
  log: new Log(LogLevel.WARN),
  assets: {
    directory: dist,
    binding: "ASSETS",
    routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true },
    assetConfig: { html_handling: "none", not_found_handling: "none" },
  },
});
const origin = new URL(await miniflare.ready).origin;
const inspector = await miniflare.getInspectorURL();

/** The user Worker's isolate through the inspector: one call at a time, each bounded. */
async function connectInspector() {
  const targets = (await (await fetch(new URL("/json", inspector.href.replace("ws:", "http:")))).json()) as { title: string; webSocketDebuggerUrl: string }[];
  const target = targets.find((entry) => entry.title.includes("core:user"));
  if (target === undefined) throw new Error("no inspector target for the Worker");
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((opened) => socket.addEventListener("open", opened, { once: true }));
  let id = 0;
  const waiting = new Map<number, (result: unknown) => void>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
    if (message.id !== undefined) waiting.delete(message.id);
  });
  const call = (method: string) =>
    new Promise<unknown>((answered) => {
      const n = ++id;
      waiting.set(n, answered);
      socket.send(JSON.stringify({ id: n, method }));
      // A collection requested while the isolate is busy can go unanswered: that sample is skipped.
      setTimeout(() => waiting.delete(n) && answered(null), 5_000);
    });
  return {
    /** Live bytes after a collection, or null when the inspector did not answer. */
    async live(): Promise<number | null> {
      if ((await call("HeapProfiler.collectGarbage")) === null) return null;
      const usage = (await call("Runtime.getHeapUsage")) as { usedSize: number; backingStorageSize?: number } | null;
      return usage === null ? null : usage.usedSize + (usage.backingStorageSize ?? 0);
    },
    close: () => socket.close(),
  };
}

await (await fetch(`${origin}/health`)).arrayBuffer();
const isolate = await connectInspector();

const random = createRandom(0x5eed);
const counts = new Map<string, number>();
let outsideEnvelope = 0;
const count = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
const ends = Date.now() + seconds * 1000;
async function client(): Promise<void> {
  while (Date.now() < ends) {
    const [defIndex, paintIndex] = random.pick(pairs);
    const seed = random.int(0, 1000);
    try {
      const response = await fetch(`${origin}/v1/items/${defIndex}/${paintIndex}/seeds/${seed}`);
      count(String(response.status));
      const body = JSON.parse(await response.text()) as { dataset_version?: unknown; data?: { seed?: unknown }; error?: unknown };
      if (typeof body.dataset_version !== "string" || (response.status === 200 ? body.data?.seed !== seed : body.error === undefined)) outsideEnvelope++;
    } catch {
      count("failed");
      outsideEnvelope++;
    }
  }
}
const samples: number[] = [];
const sampling = (async () => {
  while (Date.now() < ends) {
    const live = await isolate.live();
    if (live !== null) samples.push(live);
    await new Promise((next) => setTimeout(next, 500));
  }
})();
await Promise.all([...Array.from({ length: connections }, client), sampling]);
isolate.close();
await miniflare.dispose();

const sorted = [...samples].sort((a, b) => a - b);
const peak = sorted.at(-1) ?? 0;
const mib = (bytes: number | null) => (bytes === null ? "n/a" : `${(bytes / MiB).toFixed(1)} MiB`);
const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
console.log(`The Worker in workerd over ${dist}: ${connections} concurrent requests for seeds of ${pairs.length} pairs, ${seconds} s, Node ${process.version}`);
console.log(
  formatTable(
    ["requests", "req/s", "statuses", "outside the envelope", "live median", "live peak", "samples"],
    [[String(total), String(Math.round(total / seconds)), [...counts].map(([status, n]) => `${status}: ${n}`).join(", "), String(outsideEnvelope), mib(sorted[Math.floor(sorted.length / 2)] ?? null), mib(peak), String(samples.length)]],
  ),
);
const ok = peak < TARGET_MIB * MiB && outsideEnvelope === 0 && samples.length > 0;
console.log(`${ok ? "PASS" : "FAIL"}: live peak ${mib(peak)} (target under ${TARGET_MIB} MiB), ${outsideEnvelope} answers outside the envelope`);
process.exit(ok ? 0 : 1);
