// `npm run bench:serve`: how fast each adapter of the edge answers, how much memory it holds while it
// does and whether every answer is still the API's: the local Node server, the Cloudflare Worker in
// workerd (`npm run serve:workers`), Netlify's local emulation (`npm run serve:netlify`), nginx
// serving the same answers as static files, and node:http alone answering them from memory, one after
// another in one run.
//
// Serves dist/ (or --dist DIR) as built and builds nothing; with --scale it writes the scale fixture
// into bench/out (unless it is there), builds it into bench/out/scale-dist and serves that. Starts
// every server: the Node server with both rate limits off and 2 workers, workerd and Netlify's
// emulation with their limits raised out of reach, and (when nginx is on PATH) nginx with a generated
// minimal config on a loopback port, serving each response of the mix as a file of its own (a seed's
// bytes taken out of the chunk of its pair's pack holding it): what a static host would answer
// without any code; and node:http alone (bench/lib/node-http.ts): a server with the Node server's own
// options in 2 cluster workers, answering each request of the mix with the very bytes and headers the
// API answers it, taken from the edge core once at start, and 304 to a matching If-None-Match, with
// nothing else to do per request: what any Node server could reach on this machine, which says how
// much of the gap to nginx is node:http's own; and workerd alone (bench/lib/workerd-alone.ts): a bare
// Worker in the same workerd behind the same front, whose every 200 is one read through the assets
// binding of the file the API's Worker reads for it, and whose 304 reads nothing: the floor under the
// API's Worker, as node:http alone is under the Node server. Then loads them one at a time, run by run (--rounds N
// times each, the median round shown), nginx and node:http right after the Node server so that their
// ratios compare moments close together; with wrk when it is on PATH (lighter), else autocannon in a
// child process, for a fixed duration, after a short warm-up:
//   200s: a mix of random seed lookups (80%) and patterns (20%)
//   304s: the same mix, revalidated (If-None-Match for the API; If-Modified-Since for nginx,
//         whose ETags are per file)
//   cold seeds: seed lookups on random pairs, 100,000 distinct ones, so that almost every request
//         misses every cache and reads its chunk (the API's adapters only, not the baselines)
// Netlify's emulation starts a Deno worker for each request and answers some ten to twenty a
// second: it gets fewer connections of its own (--netlify-connections), or it would only time out.
//
// For each server and run it prints requests/s, p50/p99 latency, the answers counted; among them
// those with another status than the run's, 5xx and answers outside the API's envelope; the
// requests that got none (socket errors, timeouts); and the resident memory of the server's whole
// process tree (bench/lib/process-tree.ts) when the run started and at its peak, sampled every
// 250 ms; and the Node server's requests/s as a share of nginx's and of node:http's in the same run.
// Under load every body is checked cheaply (the envelope's opening bytes, its closing
// brace, an empty 304); after each run a short pass fetches part of the mix again at the same
// concurrency and parses every body in full, as a client taking gzip would. The build served is
// taken as intact: any error counted is a FAIL of that adapter. Against nginx, the Node server must
// reach at least 80% of its requests/s on 200s and 90% on 304s; workerd's 200s at least half its own
// 304s, and its cold seeds a 99th percentile under 250 ms. Exits 1 on a FAIL.
//
// Options: --dist DIR or --scale, --rounds N (1: each run once; more, the median round is shown),
// --duration S (10), --warmup S (5), --connections N (50),
// --netlify-connections N (8), --load wrk|autocannon, --no-nginx, --no-node-http, --no-workerd,
// --no-workerd-alone, --no-netlify.
//
// Caveat: the load generator runs on the same machine (2 cores here) and competes with the
// server for CPU; every server pays the same toll, so the ratio is the figure to read.

import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { parseManifest } from "../contract/manifest.ts";
import { entryOf } from "../contract/pack.ts";
import { fileFor, packEntryOf, pathFor, type Route } from "../contract/routes.ts";
import { MANIFEST_FILE, type Manifest } from "../contract/manifest.ts";
import { createRandom } from "../tools/fixture/random.ts";
import { chunksOf, fileHolding } from "./lib/file-holding.ts";
import { formatCount, formatTable } from "./lib/format.ts";
import { BENCH_OUT, prepareScaleFixture } from "./lib/scale-fixture.ts";
import { sampleTree, watchTree } from "./lib/process-tree.ts";

const repoRoot = fileURLToPath(new URL("../", import.meta.url));
const SCENARIOS = ["200s", "304s", "cold seeds"] as const;
type Scenario = (typeof SCENARIOS)[number];
const EXPECTED: Record<Scenario, number> = { "200s": 200, "304s": 304, "cold seeds": 200 };
/** The Node server's requests/s against nginx's, in the same run. */
const NGINX_TARGETS: Partial<Record<Scenario, number>> = { "200s": 0.8, "304s": 0.9 };
/** workerd: its 200s at least this share of its own 304s, and its cold seeds' 99th percentile under this. */
const WORKERD_TARGETS = { shareOf304s: 0.5, coldSeedsP99Ms: 250 } as const;
const WORKERD = "workerd";
const WORKERD_ALONE = "workerd alone";
/** Distinct seed lookups of the cold run: more than any adapter answers in a run, so that almost none is cached. */
const COLD_SEEDS = 100_000;

const USAGE =
  "usage: npm run bench:serve [-- --dist DIR | --scale] [--rounds N] [--duration S] [--warmup S] [--connections N] [--netlify-connections N] " +
  "[--load wrk|autocannon] [--no-nginx] [--no-node-http] [--no-workerd] [--no-workerd-alone] [--no-netlify]";

interface Options {
  dist: string;
  /** `--scale`: build the scale fixture into `dist` first (bench/out/scale-dist). */
  scale: boolean;
  /** Rounds of each run; the median round is shown. */
  rounds: number;
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  netlifyConnections: number;
  /** `--load autocannon` forces autocannon even where wrk is installed. */
  load: "wrk" | "autocannon" | null;
  /** `--no-nginx` skips the static baseline. */
  nginx: boolean;
  /** `--no-node-http` skips node:http alone. */
  nodeHttp: boolean;
  /** `--no-workerd` skips the Cloudflare Worker (and workerd alone). */
  workerd: boolean;
  /** `--no-workerd-alone` skips the bare Worker in workerd. */
  workerdAlone: boolean;
  /** `--no-netlify` skips Netlify's emulation. */
  netlify: boolean;
}

/** What the answers of one run came to. */
interface Counts {
  answers: number;
  /** Answers with another status than the run's (200, or 304 when revalidating). */
  unexpected: number;
  serverErrors: number;
  outsideEnvelope: number;
  /** Requests that got no answer: the connection failed, or no answer came in time. */
  socketErrors: number;
  timeouts: number;
}

interface LoadResult extends Counts {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
}

interface RunResult {
  load: LoadResult;
  /** The warm-up's, the run's and the full check's answers together. */
  counts: Counts;
  rssBeforeBytes: number;
  rssPeakBytes: number;
}

interface Server {
  url: string;
  child: ChildProcess;
}

interface Adapter {
  name: string;
  connections: number;
  /** False for nginx, whose files hold the build's data, not the API's answers. */
  answersInEnvelope: boolean;
  /** False for the baselines, which answer the mix's requests alone: they get no cold seeds. */
  answersAny: boolean;
  start(): Promise<Server>;
  /** The request path for an API path. */
  pathFor: (apiPath: string, file: string) => string;
  /** Header that makes a request a revalidation. */
  revalidate: [string, string];
}

// ---- command line ----

function readOptions(argv: readonly string[]): Options {
  let values: {
    dist?: string;
    scale?: boolean;
    rounds?: string;
    duration?: string;
    warmup?: string;
    connections?: string;
    "netlify-connections"?: string;
    load?: string;
    "no-nginx"?: boolean;
    "no-node-http"?: boolean;
    "no-workerd"?: boolean;
    "no-workerd-alone"?: boolean;
    "no-netlify"?: boolean;
  };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        dist: { type: "string" },
        scale: { type: "boolean" },
        rounds: { type: "string" },
        duration: { type: "string" },
        warmup: { type: "string" },
        connections: { type: "string" },
        "netlify-connections": { type: "string" },
        load: { type: "string" },
        "no-nginx": { type: "boolean" },
        "no-node-http": { type: "boolean" },
        "no-workerd": { type: "boolean" },
        "no-workerd-alone": { type: "boolean" },
        "no-netlify": { type: "boolean" },
      },
    }));
  } catch (error) {
    fail(`${(error as Error).message}\n${USAGE}`);
  }
  const number = (name: "rounds" | "duration" | "warmup" | "connections" | "netlify-connections", fallback: number, min: number, max: number) => {
    const raw = values[name];
    const parsed = raw === undefined ? fallback : Number(raw);
    if (!Number.isFinite(parsed) || parsed < min || parsed > max) fail(`--${name} must be a number from ${min} to ${max}`);
    return parsed;
  };
  if (values.load !== undefined && values.load !== "wrk" && values.load !== "autocannon") fail(`--load must be wrk or autocannon, got "${values.load}"`);
  if (values.scale === true && values.dist !== undefined) fail(`--scale serves the scale fixture's build, --dist another: give one\n${USAGE}`);
  return {
    dist: values.scale === true ? SCALE_DIST : resolve(values.dist ?? join(repoRoot, "dist")),
    scale: values.scale === true,
    rounds: number("rounds", 1, 1, 9),
    durationSeconds: number("duration", 10, 1, 120),
    warmupSeconds: number("warmup", 5, 0, 60),
    connections: number("connections", 50, 1, 1000),
    netlifyConnections: number("netlify-connections", 8, 1, 1000),
    load: values.load === "autocannon" || values.load === "wrk" ? values.load : null,
    nginx: values["no-nginx"] !== true,
    nodeHttp: values["no-node-http"] !== true,
    workerd: values["no-workerd"] !== true,
    workerdAlone: values["no-workerd"] !== true && values["no-workerd-alone"] !== true,
    netlify: values["no-netlify"] !== true,
  };
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

// ---- the build ----

/** Where `--scale` builds the scale fixture (bench/out/scale-fixture) to serve it. */
const SCALE_DIST = join(BENCH_OUT, "scale-dist");

/**
 * The scale fixture, written unless bench/out already holds it, built into SCALE_DIST as `npm run build`
 * builds (in a child process, so this one keeps none of the build's memory; an unchanged fixture and
 * code rebuild in a second).
 */
async function buildScaleFixture(): Promise<void> {
  const prepared = await prepareScaleFixture(false);
  if ("error" in prepared) fail(`the scale fixture could not be written: ${prepared.error}`);
  console.error(prepared.line);
  const built = spawnSync(process.execPath, [join(repoRoot, "generator/cli/build.ts"), "--dataset", prepared.dir, "--out", SCALE_DIST], { cwd: repoRoot, stdio: ["ignore", 2, 2] });
  if (built.status !== 0) fail(`building the scale fixture into ${SCALE_DIST} failed`);
}

function loadBuild(dist: string): Manifest {
  const manifestPath = join(dist, MANIFEST_FILE);
  if (!existsSync(manifestPath)) fail(`No build at ${dist} (no ${MANIFEST_FILE}). Run \`npm run build\` first, or pass --dist DIR.`);
  const parsed = parseManifest(readFileSync(manifestPath));
  if (!parsed.ok) fail(parsed.message);
  return parsed.manifest;
}

/** Every (def_index, paint_index) of the build, from its item files. */
function itemsOf(dist: string, manifest: Manifest): Array<[number, number]> {
  const itemsDir = join(dist, manifest.generation, "v1", "items");
  const items: Array<[number, number]> = [];
  for (const def of readdirSync(itemsDir)) {
    if (!/^[0-9]+$/.test(def)) continue;
    for (const file of readdirSync(join(itemsDir, def))) {
      const match = /^([0-9]+)\.json$/.exec(file);
      if (match) items.push([Number(def), Number(match[1])]);
    }
  }
  if (items.length === 0) fail(`${itemsDir} holds no item files`);
  return items;
}

interface MixEntry {
  /** The request to the API. */
  api: string;
  /** The static baseline's file for the same response, under its root. */
  file: string;
  route: Route;
}

/** A fixed pseudo-random mix, so runs are comparable: 80% seed lookups, 20% patterns. */
function requestMix(items: Array<[number, number]>, count: number): MixEntry[] {
  const random = createRandom(0x5eed);
  const mix: MixEntry[] = [];
  for (let i = 0; i < count; i++) {
    const [defIndex, paintIndex] = random.pick(items);
    const route: Route = random.chance(0.8) ? { name: "seed", defIndex, paintIndex, seed: random.int(0, 1000) } : { name: "patterns", defIndex, paintIndex };
    const entry = packEntryOf(route);
    const file = fileFor(route, { topics: [] });
    mix.push({ api: pathFor(route), file: entry === null ? file : `${file}/${entry.index}.json`, route });
  }
  return mix;
}

/** Seed lookups on random pairs, each one once (barring a few repeats): what misses every cache. */
function coldSeeds(items: Array<[number, number]>, count: number): string[] {
  const random = createRandom(0xc01d);
  const paths = new Set<string>();
  while (paths.size < count) {
    const [defIndex, paintIndex] = random.pick(items);
    paths.add(pathFor({ name: "seed", defIndex, paintIndex, seed: random.int(0, 1000) }));
  }
  return [...paths];
}

/** The static baseline's root: every response of the mix as a file of its own, its bytes as the build holds them. */
function staticRoot(generationDir: string, mix: readonly MixEntry[], root: string): string {
  const chunks = chunksOf(generationDir);
  const packs = new Map<string, Uint8Array>();
  for (const { file, route } of mix) {
    const target = join(root, file);
    if (existsSync(target)) continue;
    mkdirSync(dirname(target), { recursive: true });
    const holding = fileHolding(chunks, route);
    if (holding.entry === null) {
      writeFileSync(target, readFileSync(join(generationDir, holding.file)));
      continue;
    }
    let pack = packs.get(holding.file);
    if (pack === undefined) packs.set(holding.file, (pack = readFileSync(join(generationDir, holding.file))));
    writeFileSync(target, entryOf(pack, holding.entry.count, holding.entry.index));
  }
  return root;
}

// ---- processes ----

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address !== null ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

async function waitFor(url: string, expected: number, child: ChildProcess, seconds = 30): Promise<void> {
  for (let i = 0; i < seconds * 10; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited (code ${child.exitCode}) before answering ${url}`);
    try {
      if ((await fetch(url)).status === expected) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
  throw new Error(`${url} did not answer ${expected} within ${seconds} s`);
}

function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolveStop();
    });
    child.kill(signal);
  });
}

/** The first line of `child`'s stdout that is a URL: the serve scripts print theirs once they listen. */
function printedUrl(child: ChildProcess, seconds: number): Promise<string> {
  return new Promise((resolveUrl, reject) => {
    let buffered = "";
    const timer = setTimeout(() => settle(new Error(`no URL printed within ${seconds} s`)), seconds * 1000);
    const onData = (chunk: string) => {
      buffered += chunk;
      const url = /^(http:\/\/\S+)$/m.exec(buffered)?.[1];
      if (url !== undefined) settle(url);
    };
    const onExit = (code: number | null) => settle(new Error(`the server exited (${code === null ? "on a signal" : `code ${code}`}) before printing its URL`));
    const settle = (outcome: string | Error) => {
      clearTimeout(timer);
      child.stdout!.off("data", onData);
      child.off("exit", onExit);
      // What it prints later is read and dropped, so that it never blocks on a full pipe.
      child.stdout!.resume();
      if (outcome instanceof Error) reject(outcome);
      else resolveUrl(outcome);
    };
    child.stdout!.setEncoding("utf8").on("data", onData);
    child.once("exit", onExit);
  });
}

/**
 * One of the project's serve scripts, on a port it takes itself (`--port 0`: a port chosen here and
 * freed before the script listens could be taken meanwhile, by workerd's own sockets among others),
 * once `ready` (by default its /health) answers 200.
 */
async function startServeScript(script: string, args: string[], env: NodeJS.ProcessEnv = process.env, seconds = 30, ready = "/health"): Promise<Server> {
  const child = spawn(process.execPath, [join(repoRoot, script), ...args, "--port", "0"], { cwd: repoRoot, env, stdio: ["ignore", "pipe", "inherit"] });
  try {
    const url = await printedUrl(child, seconds);
    await waitFor(`${url}${ready}`, 200, child, seconds);
    return { url, child };
  } catch (error) {
    await stop(child, "SIGTERM");
    throw error;
  }
}

/** Requests per window no client of a benchmark reaches: the limits are not what is measured. */
const UNLIMITED = "1000000000";

/** The Cloudflare Worker in workerd (`npm run serve:workers`). One workerd process, as one Worker isolate serves. */
function startWorkerd(dist: string): Promise<Server> {
  return startServeScript("edge/adapters/cloudflare/serve.ts", [dist, "--app-limit", UNLIMITED, "--burst-limit", UNLIMITED]);
}

/**
 * workerd alone (bench/lib/workerd-alone.ts): a bare Worker reading, for each request of the mix, the
 * file the API's Worker reads for it; ready once it answers the mix's first request.
 */
function startWorkerdAlone(dist: string, generation: string, mix: readonly MixEntry[], workDir: string): Promise<Server> {
  const chunks = chunksOf(join(dist, generation));
  const targetsFile = join(workDir, "workerd-alone.targets");
  writeFileSync(targetsFile, `${mix.map(({ api, route }) => `${api}\t${generation}/${fileHolding(chunks, route).file}`).join("\n")}\n`);
  return startServeScript("bench/lib/workerd-alone.ts", [dist, targetsFile], process.env, 120, mix[0]!.api);
}

/**
 * Netlify's emulation (`npm run serve:netlify`), the burst limit of the server in front of it raised.
 * The app limit is the edge function's own, counted in memory by its isolate, and the emulation
 * runs each request in a new one: no client can reach it.
 */
function startNetlify(dist: string): Promise<Server> {
  // It bundles the edge functions and loads @netlify/dev and Deno first: seconds, more on a busy machine.
  return startServeScript("edge/adapters/netlify/serve.ts", [dist, "--burst-limit", UNLIMITED], process.env, 120);
}

function startApi(dist: string): Promise<Server> {
  return startServeScript("edge/adapters/node/serve.ts", [dist], {
    ...process.env,
    HOST: "127.0.0.1",
    RATE_LIMIT: "off",
    BURST_LIMIT: "off",
    WORKERS: "2",
  });
}

/**
 * node:http alone (bench/lib/node-http.ts), answering the mix's requests from memory; ready once its
 * workers hold every answer, which they take from the build at start (seconds on a busy machine).
 */
function startNodeHttp(dist: string, mix: readonly MixEntry[], workDir: string): Promise<Server> {
  const pathsFile = join(workDir, "node-http-targets.paths");
  writeFileSync(pathsFile, `${mix.map(({ api }) => api).join("\n")}\n`);
  return startServeScript("bench/lib/node-http.ts", [dist, pathsFile], process.env, 120, mix[0]!.api);
}

function onPath(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

/** nginx serving `root`, ready once `readyFile` (a path under it) answers. */
async function startNginx(root: string, readyFile: string, workDir: string): Promise<Server> {
  const port = await freePort();
  const config = join(workDir, "nginx.conf");
  // Minimal static serving, as a default install would: 2 workers (one per core, like the API),
  // sendfile, no access log. `if_modified_since before` lets one date revalidate every file.
  writeFileSync(
    config,
    `worker_processes 2;
daemon off;
pid ${workDir}/nginx.pid;
error_log ${workDir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 5;
  keepalive_requests 100000;
  default_type application/json;
  if_modified_since before;
  client_body_temp_path ${workDir}/body;
  proxy_temp_path ${workDir}/proxy;
  fastcgi_temp_path ${workDir}/fastcgi;
  uwsgi_temp_path ${workDir}/uwsgi;
  scgi_temp_path ${workDir}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${root};
  }
}
`,
  );
  const child = spawn("nginx", ["-c", config, "-p", workDir, "-e", join(workDir, "error.log")], { stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/${readyFile}`, 200, child);
  return { url, child };
}

// ---- answers ----

function noCounts(): Counts {
  return { answers: 0, unexpected: 0, serverErrors: 0, outsideEnvelope: 0, socketErrors: 0, timeouts: 0 };
}

function addCounts(...all: Counts[]): Counts {
  const sum = noCounts();
  for (const counts of all) for (const key of Object.keys(sum) as (keyof Counts)[]) sum[key] += counts[key];
  return sum;
}

function errorsOf(counts: Counts): number {
  return counts.unexpected + counts.serverErrors + counts.outsideEnvelope + counts.socketErrors + counts.timeouts;
}

/** How every body of the API begins for this build, up to the member that follows the version. */
function envelopeOpening(datasetVersion: string): string {
  return `{"dataset_version":${JSON.stringify(datasetVersion)},`;
}

/**
 * The check made under load, on every answer: cheap enough not to slow the load generator (parsing
 * every body would halve what it sends). `opening` is `envelopeOpening`'s.
 */
function looksEnveloped(status: number, body: string, opening: string): boolean {
  if (status === 304) return body === "";
  if (!body.endsWith("}") || !body.startsWith(opening)) return false;
  return body.startsWith(`"data":`, opening.length) || body.startsWith(`"error":`, opening.length);
}

/** The full check: the body parsed, with this build's dataset_version and its data or error. */
function isEnveloped(status: number, body: string, datasetVersion: string): boolean {
  if (status === 304) return body === "";
  try {
    const parsed = JSON.parse(body) as unknown;
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return false;
    return (parsed as { dataset_version?: unknown }).dataset_version === datasetVersion && ("data" in parsed || "error" in parsed);
  } catch {
    return false;
  }
}

function countAnswer(counts: Counts, status: number, expected: number, enveloped: boolean): void {
  counts.answers++;
  if (status !== expected) counts.unexpected++;
  if (status >= 500) counts.serverErrors++;
  if (!enveloped) counts.outsideEnvelope++;
}

/**
 * Part of the mix fetched again at the run's concurrency, each body parsed in full. fetch takes gzip,
 * as a browser does, and workerd then compresses: the load generators do not ask for it.
 */
async function checkAnswers(url: string, paths: readonly string[], header: [string, string] | null, expected: number, datasetVersion: string | null, connections: number): Promise<Counts> {
  const counts = noCounts();
  // A few requests per connection: enough to see what the load saw, cheap next to the run itself.
  const total = Math.min(paths.length, connections * 8);
  let next = 0;
  const connection = async () => {
    while (next < total) {
      const path = paths[next++]!;
      try {
        const response = await fetch(`${url}${path}`, { headers: header ? { [header[0]]: header[1] } : {}, signal: AbortSignal.timeout(30_000) });
        const body = await response.text();
        countAnswer(counts, response.status, expected, datasetVersion === null || isEnveloped(response.status, body, datasetVersion));
      } catch (error) {
        if ((error as Error).name === "TimeoutError") counts.timeouts++;
        else counts.socketErrors++;
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, connection));
  return counts;
}

// ---- load ----

function parseDuration(text: string): number {
  const match = /^([0-9.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return { us: value / 1000, ms: value, s: value * 1000, m: value * 60_000 }[match[2] as "us" | "ms" | "s" | "m"];
}

// wrk runs request() and response() in each thread's Lua state and done() in another one: the counts
// are globals of the threads, read back with thread:get.
const WRK_SCRIPT = `
local paths = {}
for line in io.lines(os.getenv("BENCH_PATHS")) do paths[#paths + 1] = line end
local name = os.getenv("BENCH_HEADER_NAME")
local value = os.getenv("BENCH_HEADER_VALUE")
local expected = tonumber(os.getenv("BENCH_EXPECTED"))
local opening = os.getenv("BENCH_ENVELOPE") or ""
local threads = {}
local i = 0
answers, unexpected, server_errors, outside = 0, 0, 0, 0
setup = function(thread)
  threads[#threads + 1] = thread
end
request = function()
  i = i + 1
  local path = paths[(i % #paths) + 1]
  if name ~= nil and name ~= "" then return wrk.format("GET", path, { [name] = value }) end
  return wrk.format("GET", path)
end
local enveloped = function(status, body)
  body = body or ""
  if status == 304 then return body == "" end
  if body:sub(-1) ~= "}" then return false end
  return body:sub(1, #opening + 7) == opening .. '"data":' or body:sub(1, #opening + 8) == opening .. '"error":'
end
response = function(status, headers, body)
  answers = answers + 1
  if status ~= expected then unexpected = unexpected + 1 end
  if status >= 500 then server_errors = server_errors + 1 end
  if opening ~= "" and not enveloped(status, body) then outside = outside + 1 end
end
done = function()
  local sums = { 0, 0, 0, 0 }
  for _, thread in ipairs(threads) do
    for k, key in ipairs({ "answers", "unexpected", "server_errors", "outside" }) do sums[k] = sums[k] + thread:get(key) end
  end
  io.write("counts: " .. table.concat(sums, " ") .. "\\n")
end
`;

interface LoadJob {
  url: string;
  pathsFile: string;
  header: [string, string] | null;
  expected: number;
  /** `envelopeOpening` of the build, or null where answers are not the API's. */
  opening: string | null;
  seconds: number;
  connections: number;
}

/** A child process to completion, its stdout collected, without blocking this process's event loop (the memory sampling runs on it). */
function runToEnd(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.once("error", reject);
    child.once("close", () => resolveRun({ stdout, stderr }));
  });
}

async function runWrk(job: LoadJob, scriptFile: string): Promise<LoadResult> {
  const { stdout: out, stderr } = await runToEnd("wrk", ["-t1", `-c${job.connections}`, `-d${job.seconds}s`, "--latency", "-s", scriptFile, job.url], {
    ...process.env,
    BENCH_PATHS: job.pathsFile,
    BENCH_HEADER_NAME: job.header?.[0] ?? "",
    BENCH_HEADER_VALUE: job.header?.[1] ?? "",
    BENCH_EXPECTED: String(job.expected),
    BENCH_ENVELOPE: job.opening ?? "",
  });
  const rps = Number(/Requests\/sec:\s+([0-9.]+)/.exec(out)?.[1]);
  const counts = /counts: ([0-9]+) ([0-9]+) ([0-9]+) ([0-9]+)/.exec(out);
  if (!Number.isFinite(rps) || counts === null) throw new Error(`could not read wrk's output:\n${out}\n${stderr}`);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    requestsPerSecond: rps,
    p50Ms: parseDuration(/\s50%\s+(\S+)/.exec(out)?.[1] ?? ""),
    p99Ms: parseDuration(/\s99%\s+(\S+)/.exec(out)?.[1] ?? ""),
    answers: Number(counts[1]),
    unexpected: Number(counts[2]),
    serverErrors: Number(counts[3]),
    outsideEnvelope: Number(counts[4]),
    socketErrors: socketErrors ? socketErrors.slice(1, 4).reduce((sum, n) => sum + Number(n), 0) : 0,
    timeouts: Number(socketErrors?.[4] ?? 0),
  };
}

/** autocannon, in a child process so that it does not share this process's event loop. */
async function runAutocannon(job: LoadJob): Promise<LoadResult> {
  const { stdout, stderr } = await runToEnd(process.execPath, [fileURLToPath(import.meta.url), "--autocannon-child", JSON.stringify(job)]);
  const line = stdout.trim().split("\n").pop() ?? "";
  try {
    return JSON.parse(line) as LoadResult;
  } catch {
    throw new Error(`autocannon child failed:\n${stdout}\n${stderr}`);
  }
}

interface AutocannonRun
  extends PromiseLike<{
    requests: { average: number };
    latency: { p50: number; p99: number };
    errors: number;
    timeouts: number;
  }> {}

async function autocannonChild(job: LoadJob): Promise<void> {
  // autocannon ships no types; the little used here is typed at the call.
  const autocannon = createRequire(import.meta.url)("autocannon") as (options: Record<string, unknown>) => AutocannonRun;
  const paths = readFileSync(job.pathsFile, "utf8").trim().split("\n");
  let next = 0;
  const counts = noCounts();
  const { opening } = job;
  const result = await autocannon({
    url: job.url,
    connections: job.connections,
    duration: job.seconds,
    headers: job.header ? { [job.header[0]]: job.header[1] } : {},
    requests: [
      {
        setupRequest: (request: Record<string, unknown>) => ({ ...request, path: paths[next++ % paths.length] }),
        // autocannon gathers every body as a string whether or not it is looked at.
        onResponse: (status: number, body: string) => countAnswer(counts, status, job.expected, opening === null || looksEnveloped(status, body, opening)),
      },
    ],
  });
  const out: LoadResult = {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    ...counts,
    // autocannon counts a timeout (no answer within 10 s) as an error too.
    socketErrors: result.errors - result.timeouts,
    timeouts: result.timeouts,
  };
  console.log(JSON.stringify(out));
}

// ---- one adapter ----

interface Measured {
  runs: Map<Scenario, RunResult>;
  /** The most processes of each program its tree held at once. */
  programs: Map<string, number>;
}

interface Bench {
  options: Options;
  mix: readonly MixEntry[];
  /** The cold run's paths (COLD_SEEDS), for the adapters of the API. */
  coldSeeds: readonly string[];
  datasetVersion: string;
  workDir: string;
  /** wrk's script file, or null to load with autocannon. */
  wrkScript: string | null;
}

/** An adapter started, with what loading it needs. */
interface Running {
  adapter: Adapter;
  server: Server;
  /** Its paths for each run, written into files for the load generator. */
  pathsFile: Map<Scenario, string>;
  paths: Map<Scenario, readonly string[]>;
  /** `envelopeOpening` of the build, or null where answers are not the API's. */
  opening: string | null;
  runs: Map<Scenario, RunResult[]>;
  programs: Map<string, number>;
}

/**
 * Starts every adapter, then loads them run by run, round by round, each adapter in turn (nginx and
 * node:http right after the Node server, so that the three are measured moments apart on a machine
 * whose load moves), and stops them. Each adapter gets its warm-up before its first round of 200s.
 */
async function measureAll(adapters: readonly Adapter[], bench: Bench): Promise<Map<string, Measured>> {
  const running: Running[] = [];
  try {
    for (const adapter of adapters) {
      console.error(`bench:serve: starting ${adapter.name}`);
      running.push(await started(adapter, bench));
    }
    for (const scenario of SCENARIOS) {
      for (let round = 0; round < bench.options.rounds; round++) {
        for (const one of running) {
          if (!one.paths.has(scenario)) continue;
          console.error(`bench:serve: ${one.adapter.name}, ${scenario}, round ${round + 1} of ${bench.options.rounds}`);
          const warm = scenario === "200s" && round === 0;
          one.runs.set(scenario, [...(one.runs.get(scenario) ?? []), await loadOnce(one, scenario, warm, bench)]);
        }
      }
    }
  } finally {
    await Promise.all(running.map((one) => stop(one.server.child, "SIGTERM")));
  }
  return new Map(running.map((one) => [one.adapter.name, { runs: new Map([...one.runs].map(([scenario, runs]) => [scenario, medianRun(runs)])), programs: one.programs }]));
}

async function started(adapter: Adapter, bench: Bench): Promise<Running> {
  const mixPaths = bench.mix.map(({ api, file }) => adapter.pathFor(api, file));
  const paths = new Map<Scenario, readonly string[]>([
    ["200s", mixPaths],
    ["304s", mixPaths],
  ]);
  // The cold seeds only where any request of the API is answered.
  if (adapter.answersAny) paths.set("cold seeds", bench.coldSeeds);
  const pathsFile = new Map<Scenario, string>();
  for (const [scenario, list] of paths) {
    const file = join(bench.workDir, `${adapter.name.replace(/\W+/g, "-")}-${scenario.replace(/\W+/g, "-")}.paths`);
    writeFileSync(file, `${list.join("\n")}\n`);
    pathsFile.set(scenario, file);
  }
  const opening = adapter.answersInEnvelope ? envelopeOpening(bench.datasetVersion) : null;
  return { adapter, server: await adapter.start(), pathsFile, paths, opening, runs: new Map(), programs: new Map() };
}

/** One run of one scenario on a started adapter: its load, then the full check. */
async function loadOnce(one: Running, scenario: Scenario, warm: boolean, bench: Bench): Promise<RunResult> {
  const { adapter, server } = one;
  const { options } = bench;
  const header = scenario === "304s" ? adapter.revalidate : null;
  const expected = EXPECTED[scenario];
  const load = (sent: [string, string] | null, status: number, seconds: number) => {
    const job: LoadJob = { url: server.url, pathsFile: one.pathsFile.get(scenario)!, header: sent, expected: status, opening: one.opening, seconds, connections: adapter.connections };
    return bench.wrkScript === null ? runAutocannon(job) : runWrk(job, bench.wrkScript);
  };
  const pid = server.child.pid!;
  const rssBeforeBytes = sampleTree(pid).rssBytes;
  const watch = watchTree(pid);
  const warmup = warm && options.warmupSeconds > 0 ? await load(null, 200, options.warmupSeconds) : noCounts();
  const result = await load(header, expected, options.durationSeconds);
  const peak = watch.stop();
  for (const [program, count] of peak.programs) one.programs.set(program, Math.max(one.programs.get(program) ?? 0, count));
  const checked = await checkAnswers(server.url, one.paths.get(scenario)!, header, expected, adapter.answersInEnvelope ? bench.datasetVersion : null, adapter.connections);
  return { load: result, counts: addCounts(warmup, result, checked), rssBeforeBytes, rssPeakBytes: peak.rssBytes };
}

/**
 * The rounds of one run as one: the load of the median round by requests/s, every round's answers
 * and errors counted, the memory when the first began and at the highest peak.
 */
function medianRun(rounds: readonly RunResult[]): RunResult {
  const sorted = [...rounds].sort((a, b) => a.load.requestsPerSecond - b.load.requestsPerSecond);
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return {
    load: median.load,
    counts: addCounts(...rounds.map((round) => round.counts)),
    rssBeforeBytes: rounds[0]!.rssBeforeBytes,
    rssPeakBytes: Math.max(...rounds.map((round) => round.rssPeakBytes)),
  };
}

// ---- output ----

function megabytes(bytes: number): string {
  return `${formatCount(Math.round(bytes / 1e6))} MB`;
}

/** Milliseconds, to two decimals under 10 ms (wrk's resolution is finer than autocannon's). */
function latency(ms: number): string {
  return ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : formatCount(Math.round(ms));
}

function programsOf(programs: Map<string, number>): string {
  return [...programs].map(([program, count]) => (count > 1 ? `${program} x${count}` : program)).join(", ");
}

/** An adapter's requests/s in a run as a share of a baseline's in the same run; null for the baseline itself, or where it did not run. */
function shareOf(measured: ReadonlyMap<string, Measured>, baseline: string, name: string, scenario: Scenario, requestsPerSecond: number): number | null {
  const base = measured.get(baseline)?.runs.get(scenario);
  return name === baseline || base === undefined ? null : requestsPerSecond / base.load.requestsPerSecond;
}

const percent = (share: number | null) => (share === null ? "" : `${(share * 100).toFixed(0)}%`);

/** A server's 200s requests/s as a share of its own 304s', or null where it did not run both. */
function ownShareOf304s(measured: ReadonlyMap<string, Measured>, name: string): number | null {
  const runs = measured.get(name)?.runs;
  const ok = runs?.get("200s");
  const notModified = runs?.get("304s");
  return ok === undefined || notModified === undefined ? null : ok.load.requestsPerSecond / notModified.load.requestsPerSecond;
}

/**
 * The table, and whether an adapter missed a target: the Node server against nginx, workerd against
 * itself. node:http alone is no target, only the ceiling of any Node server, so its ratio is shown,
 * not judged; nor is node:http's own share of nginx, which says how far below nginx that ceiling is;
 * nor is workerd alone's share of its own 304s, the floor under the API's Worker.
 */
function resultTable(adapters: readonly Adapter[], measured: ReadonlyMap<string, Measured>): { table: string; failed: boolean } {
  let failed = false;
  const rows: string[][] = [];
  for (const adapter of adapters) {
    const runs = measured.get(adapter.name)?.runs;
    for (const scenario of SCENARIOS) {
      const run = runs?.get(scenario);
      if (run === undefined) continue;
      const { load, counts } = run;
      const share = shareOf(measured, NGINX, adapter.name, scenario, load.requestsPerSecond);
      const ofNodeHttp = adapter.name === NGINX ? null : shareOf(measured, NODE_HTTP, adapter.name, scenario, load.requestsPerSecond);
      const verdict = verdictOf(adapter.name, scenario, run, share, measured);
      // workerd alone is no target, only the floor under the API's Worker: its ratio is shown, not judged.
      const floor = adapter.name === WORKERD_ALONE && scenario === "200s" ? ownShareOf304s(measured, WORKERD_ALONE) : null;
      failed ||= verdict?.pass === false;
      rows.push([
        adapter.name,
        scenario,
        String(adapter.connections),
        formatCount(Math.round(load.requestsPerSecond)),
        latency(load.p50Ms),
        latency(load.p99Ms),
        formatCount(counts.answers),
        formatCount(counts.unexpected),
        formatCount(counts.serverErrors),
        adapter.answersInEnvelope ? formatCount(counts.outsideEnvelope) : "n/a",
        formatCount(counts.socketErrors),
        formatCount(counts.timeouts),
        megabytes(run.rssBeforeBytes),
        megabytes(run.rssPeakBytes),
        percent(share),
        percent(ofNodeHttp),
        verdict !== null ? `${verdict.pass ? "PASS" : "FAIL"} (${verdict.target}${errorsOf(counts) > 0 ? ", errors" : ""})` : floor !== null ? `${percent(floor)} of its 304s, not judged` : "",
      ]);
    }
  }
  const header = ["server", "run", "conns", "req/s", "p50 ms", "p99 ms", "answers", "unexpected", "5xx", "outside envelope", "socket errors", "timeouts", "RSS before", "RSS peak", "vs nginx", "vs node:http", "verdict"];
  return { table: formatTable(header, rows), failed };
}

/**
 * A run's verdict, where it has a target: the Node server's requests/s against nginx's in the same
 * run; workerd's 200s against its own 304s, and its cold seeds' 99th percentile. Netlify's emulation
 * is shown, not judged: it starts a Deno worker per request, which no deploy does.
 */
function verdictOf(name: string, scenario: Scenario, run: RunResult, share: number | null, measured: ReadonlyMap<string, Measured>): { pass: boolean; target: string } | null {
  const clean = errorsOf(run.counts) === 0;
  const nginxTarget = NGINX_TARGETS[scenario];
  if (name === NODE_SERVER && nginxTarget !== undefined && share !== null) return { pass: clean && share >= nginxTarget, target: `target ${nginxTarget * 100}% of nginx` };
  if (name !== WORKERD) return null;
  const own = ownShareOf304s(measured, WORKERD);
  if (scenario === "200s" && own !== null) {
    const floor = ownShareOf304s(measured, WORKERD_ALONE);
    const alone = floor === null ? "" : ` (${WORKERD_ALONE}: ${percent(floor)})`;
    return { pass: clean && own >= WORKERD_TARGETS.shareOf304s, target: `${percent(own)} of its 304s${alone}, target ${WORKERD_TARGETS.shareOf304s * 100}%` };
  }
  if (scenario === "cold seeds") return { pass: clean && run.load.p99Ms < WORKERD_TARGETS.coldSeedsP99Ms, target: `target p99 under ${WORKERD_TARGETS.coldSeedsP99Ms} ms` };
  return null;
}

/** "PASS workerd: 0 answers outside the envelope, 0 5xx, ..." for an adapter of the API: any error counted fails it. */
function errorLine(name: string, runs: ReadonlyMap<Scenario, RunResult>): { line: string; pass: boolean } {
  const counts = addCounts(...[...runs.values()].map((run) => run.counts));
  const pass = errorsOf(counts) === 0;
  const line =
    `${pass ? "PASS" : "FAIL"} ${name}: ${formatCount(counts.outsideEnvelope)} answers outside the envelope, ${formatCount(counts.serverErrors)} 5xx ` +
    `(${formatCount(counts.unexpected)} unexpected statuses, ${formatCount(counts.socketErrors)} socket errors, ${formatCount(counts.timeouts)} timeouts, of ${formatCount(counts.answers)} answers)`;
  return { line, pass };
}

// ---- main ----

const NODE_SERVER = "Node server";
const NGINX = "nginx";
const NODE_HTTP = "node:http";
const ADAPTER_ORDER = [NODE_SERVER, NGINX, NODE_HTTP, WORKERD, WORKERD_ALONE, "Netlify"];

/** The servers to load, in the order they are loaded: nginx and node:http right after the Node server (measureAll says why). */
function adaptersOf(options: Options, manifest: Manifest, mix: readonly MixEntry[], workDir: string, useNginx: boolean): Adapter[] {
  const revalidateApi: [string, string] = ["If-None-Match", `"${manifest.dataset_version}"`];
  const api = (apiPath: string) => apiPath;
  const ofApi = (name: string, connections: number, start: () => Promise<Server>): Adapter => ({ name, connections, answersInEnvelope: true, answersAny: true, start, pathFor: api, revalidate: revalidateApi });
  const adapters: Adapter[] = [ofApi(NODE_SERVER, options.connections, () => startApi(options.dist))];
  if (options.workerd) adapters.push(ofApi(WORKERD, options.connections, () => startWorkerd(options.dist)));
  if (options.netlify) adapters.push(ofApi("Netlify", options.netlifyConnections, () => startNetlify(options.dist)));
  if (options.nodeHttp) {
    // The API's own answers and revalidation, to the mix's requests alone.
    adapters.push({ ...ofApi(NODE_HTTP, options.connections, () => startNodeHttp(options.dist, mix, workDir)), answersAny: false });
  }
  if (options.workerdAlone) {
    // The API's answers' lengths and headers, to the mix's requests alone, each 200 one read.
    adapters.push({ ...ofApi(WORKERD_ALONE, options.connections, () => startWorkerdAlone(options.dist, manifest.generation, mix, workDir)), answersInEnvelope: false, answersAny: false });
  }
  if (useNginx) {
    adapters.push({
      name: NGINX,
      connections: options.connections,
      answersInEnvelope: false,
      answersAny: false,
      start: () => startNginx(staticRoot(join(options.dist, manifest.generation), mix, join(workDir, "static")), mix[0]!.file, workDir),
      pathFor: (_path, file) => `/${file}`,
      // A date after every file's modification time: with `if_modified_since before`, a 304 for each.
      revalidate: ["If-Modified-Since", new Date(Date.now() + 86_400_000).toUTCString()],
    });
  }
  return adapters.sort((a, b) => ADAPTER_ORDER.indexOf(a.name) - ADAPTER_ORDER.indexOf(b.name));
}

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2));
  if (options.scale) await buildScaleFixture();
  const manifest = loadBuild(options.dist);
  const items = itemsOf(options.dist, manifest);
  const mix = requestMix(items, 20_000);
  const cold = coldSeeds(items, COLD_SEEDS);
  const useWrk = options.load === null ? onPath("wrk") : options.load === "wrk";
  const useNginx = options.nginx && onPath("nginx");
  const workDir = mkdtempSync(join(tmpdir(), "bench-serve-"));
  // nginx's workers run as an unprivileged user when it is started as root: they must read the static root.
  chmodSync(workDir, 0o755);
  let wrkScript: string | null = null;
  if (useWrk) writeFileSync((wrkScript = join(workDir, "mix.lua")), WRK_SCRIPT);

  const adapters = adaptersOf(options, manifest, mix, workDir, useNginx);
  console.log(`bench:serve — ${options.dist} (dataset_version ${manifest.dataset_version}, ${items.length} items), Node ${process.version}`);
  console.log(
    `load: ${useWrk ? "wrk, 1 thread" : "autocannon in a child process"}, ${options.connections} connections` +
      `${options.netlify ? ` (Netlify's emulation ${options.netlifyConnections})` : ""}, ` +
      `${options.durationSeconds} s per run after ${options.warmupSeconds} s warm-up; the load generator shares the machine's cores.`,
  );
  if (!useNginx) {
    console.log(options.nginx ? "nginx is not on PATH: no static baseline, no PASS/FAIL against it (apt-get install nginx)." : "--no-nginx: no static baseline, no PASS/FAIL against it.");
  }
  if (!options.nodeHttp) console.log("--no-node-http: no row for node:http alone, no ratio to it.");

  let measured: Map<string, Measured>;
  try {
    const bench: Bench = { options, mix, coldSeeds: cold, datasetVersion: manifest.dataset_version, workDir, wrkScript };
    measured = await measureAll(adapters, bench);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }

  const { table, failed: missedTarget } = resultTable(adapters, measured);
  let failed = missedTarget;
  console.log("");
  console.log(table);
  console.log("");
  console.log("answers: the warm-up's (200s), the run's and a full check's (8 requests a connection, each body parsed).");
  console.log("RSS: the server's whole process tree, summed, when the run started and at its peak (200s: the warm-up included).");
  if (!useWrk) console.log("autocannon counts latency in whole milliseconds: 0 is under 1 ms.");
  console.log(`process trees: ${adapters.map((adapter) => `${adapter.name}: ${programsOf(measured.get(adapter.name)!.programs)}`).join("; ")}`);
  console.log("");
  for (const adapter of adapters) {
    if (!adapter.answersInEnvelope) continue;
    const { line, pass } = errorLine(adapter.name, measured.get(adapter.name)!.runs);
    console.log(line);
    failed ||= !pass;
  }
  if (failed) process.exitCode = 1;
}

const childJob = process.argv.indexOf("--autocannon-child");
if (childJob !== -1) await autocannonChild(JSON.parse(process.argv[childJob + 1] ?? "{}") as LoadJob);
else await main();
