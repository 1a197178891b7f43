// `npm run bench:serve`: how fast the local server answers, next to the Cloudflare Worker in
// workerd (`npm run serve:workers`) and nginx serving the same answers as static files, in one run.
//
// Serves dist/ (or --dist DIR) as built; builds nothing. Starts the local server with both rate
// limits off and 2 workers, and (when nginx is on PATH) nginx with a generated minimal config on a
// loopback port, serving each response of the mix as a file of its own (a seed's bytes taken out
// of its pair's pack): what a static host would answer without any code. Loads each with wrk when it is on
// PATH (lighter), else autocannon in a child process, for a fixed duration, after a short warm-up:
//   200s: a mix of random seed lookups (80%) and patterns (20%)
//   304s: the same mix, revalidated (If-None-Match for the API; If-Modified-Since for nginx,
//         whose ETags are per file)
// Prints requests/s, p50/p99 latency, the ratio to nginx and PASS/FAIL against the targets:
// at least 40% of nginx on 200s and 45% on 304s. Exits 1 on a FAIL.
//
// Options: --dist DIR, --duration S (10), --warmup S (5), --connections N (50),
// --load wrk|autocannon, --no-nginx, --no-workerd.
//
// Caveat: the load generator runs on the same machine (2 cores here) and competes with the
// server for CPU; both servers pay the same toll, so the ratio is the figure to read.

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
import { formatTable } from "./lib/format.ts";

const repoRoot = fileURLToPath(new URL("../", import.meta.url));
const TARGETS = { "200s": 0.4, "304s": 0.45 } as const;
type Scenario = keyof typeof TARGETS;

interface Options {
  dist: string;
  durationSeconds: number;
  warmupSeconds: number;
  connections: number;
  /** `--load autocannon` forces autocannon even where wrk is installed. */
  load: "wrk" | "autocannon" | null;
  /** `--no-nginx` skips the baseline. */
  nginx: boolean;
  /** `--no-workerd` skips the Cloudflare Worker. */
  workerd: boolean;
}

interface LoadResult {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Responses whose status was not the expected one, or socket errors. */
  unexpected: number;
}

interface Target {
  name: string;
  url: string;
  /** The request path for an API path. */
  pathFor: (apiPath: string, file: string) => string;
  /** Header that makes a request a revalidation. */
  revalidate: [string, string];
}

// ---- command line ----

function readOptions(argv: readonly string[]): Options {
  let values: { dist?: string; duration?: string; warmup?: string; connections?: string; load?: string; "no-nginx"?: boolean; "no-workerd"?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        dist: { type: "string" },
        duration: { type: "string" },
        warmup: { type: "string" },
        connections: { type: "string" },
        load: { type: "string" },
        "no-nginx": { type: "boolean" },
        "no-workerd": { type: "boolean" },
      },
    }));
  } catch (error) {
    fail(`${(error as Error).message}\nusage: npm run bench:serve [-- --dist DIR] [--duration S] [--warmup S] [--connections N] [--load wrk|autocannon] [--no-nginx] [--no-workerd]`);
  }
  const number = (name: "duration" | "warmup" | "connections", fallback: number, min: number, max: number) => {
    const raw = values[name];
    const parsed = raw === undefined ? fallback : Number(raw);
    if (!Number.isFinite(parsed) || parsed < min || parsed > max) fail(`--${name} must be a number from ${min} to ${max}`);
    return parsed;
  };
  if (values.load !== undefined && values.load !== "wrk" && values.load !== "autocannon") fail(`--load must be wrk or autocannon, got "${values.load}"`);
  return {
    dist: resolve(values.dist ?? join(repoRoot, "dist")),
    durationSeconds: number("duration", 10, 1, 120),
    warmupSeconds: number("warmup", 5, 0, 60),
    connections: number("connections", 50, 1, 1000),
    load: values.load === "autocannon" || values.load === "wrk" ? values.load : null,
    nginx: values["no-nginx"] !== true,
    workerd: values["no-workerd"] !== true,
  };
}

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

// ---- the build ----

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

/** The static baseline's root: every response of the mix as a file of its own, its bytes as the build holds them. */
function staticRoot(generationDir: string, mix: readonly MixEntry[], root: string): string {
  const packs = new Map<string, Uint8Array>();
  for (const { file, route } of mix) {
    const target = join(root, file);
    if (existsSync(target)) continue;
    mkdirSync(dirname(target), { recursive: true });
    const entry = packEntryOf(route);
    const stored = fileFor(route, { topics: [] });
    if (entry === null) {
      writeFileSync(target, readFileSync(join(generationDir, stored)));
      continue;
    }
    let pack = packs.get(stored);
    if (pack === undefined) packs.set(stored, (pack = readFileSync(join(generationDir, stored))));
    writeFileSync(target, entryOf(pack, entry.count, entry.index));
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

/** One of the project's serve scripts on a free loopback port, once its /health answers 200. */
async function startServeScript(script: string, args: (port: number) => string[], env: NodeJS.ProcessEnv = process.env): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(repoRoot, script), ...args(port)], { cwd: repoRoot, env, stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/health`, 200, child);
  return { url, child };
}

/**
 * The Cloudflare Worker in workerd (`npm run serve:workers`), its rate-limiting bindings raised out
 * of reach: the limits are not what is measured. One workerd process, as one Worker isolate serves.
 */
function startWorkerd(dist: string): Promise<{ url: string; child: ChildProcess }> {
  const unlimited = "1000000000";
  return startServeScript("edge/adapters/cloudflare/serve.ts", (port) => [dist, "--port", String(port), "--app-limit", unlimited, "--burst-limit", unlimited]);
}

function startApi(dist: string): Promise<{ url: string; child: ChildProcess }> {
  return startServeScript("edge/adapters/node/serve.ts", (port) => [dist, "--port", String(port)], {
    ...process.env,
    HOST: "127.0.0.1",
    RATE_LIMIT: "off",
    BURST_LIMIT: "off",
    WORKERS: "2",
  });
}

function onPath(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

/** nginx serving `root`, ready once `readyFile` (a path under it) answers. */
async function startNginx(root: string, readyFile: string, workDir: string): Promise<{ url: string; child: ChildProcess }> {
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

// ---- load ----

function parseDuration(text: string): number {
  const match = /^([0-9.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) return Number.NaN;
  const value = Number(match[1]);
  return { us: value / 1000, ms: value, s: value * 1000, m: value * 60_000 }[match[2] as "us" | "ms" | "s" | "m"];
}

const WRK_SCRIPT = `
local paths = {}
for line in io.lines(os.getenv("BENCH_PATHS")) do paths[#paths + 1] = line end
local name = os.getenv("BENCH_HEADER_NAME")
local value = os.getenv("BENCH_HEADER_VALUE")
local expected = tonumber(os.getenv("BENCH_EXPECTED"))
local i = 0
local unexpected = 0
request = function()
  i = i + 1
  local path = paths[(i % #paths) + 1]
  if name ~= nil and name ~= "" then return wrk.format("GET", path, { [name] = value }) end
  return wrk.format("GET", path)
end
response = function(status)
  if status ~= expected then unexpected = unexpected + 1 end
end
done = function()
  io.write("unexpected: " .. unexpected .. "\\n")
end
`;

function runWrk(url: string, pathsFile: string, scriptFile: string, header: [string, string] | null, expected: number, seconds: number, connections: number): LoadResult {
  const result = spawnSync("wrk", ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency", "-s", scriptFile, url], {
    encoding: "utf8",
    env: {
      ...process.env,
      BENCH_PATHS: pathsFile,
      BENCH_HEADER_NAME: header?.[0] ?? "",
      BENCH_HEADER_VALUE: header?.[1] ?? "",
      BENCH_EXPECTED: String(expected),
    },
  });
  const out = result.stdout ?? "";
  const rps = Number(/Requests\/sec:\s+([0-9.]+)/.exec(out)?.[1]);
  const p50 = parseDuration(/\s50%\s+(\S+)/.exec(out)?.[1] ?? "");
  const p99 = parseDuration(/\s99%\s+(\S+)/.exec(out)?.[1] ?? "");
  const wrong = Number(/unexpected: ([0-9]+)/.exec(out)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  if (!Number.isFinite(rps)) throw new Error(`could not read wrk's output:\n${out}\n${result.stderr}`);
  return { requestsPerSecond: rps, p50Ms: p50, p99Ms: p99, unexpected: wrong + errors };
}

/** autocannon, in a child process so that it does not share this process's event loop. */
function runAutocannon(url: string, pathsFile: string, header: [string, string] | null, expected: number, seconds: number, connections: number): LoadResult {
  const job = JSON.stringify({ url, pathsFile, header, expected, seconds, connections });
  const result = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--autocannon-child", job], {
    cwd: repoRoot,
    encoding: "utf8",
    maxBuffer: 16 * 1024 * 1024,
  });
  const line = (result.stdout ?? "").trim().split("\n").pop() ?? "";
  try {
    return JSON.parse(line) as LoadResult;
  } catch {
    throw new Error(`autocannon child failed:\n${result.stdout}\n${result.stderr}`);
  }
}

interface AutocannonRun extends PromiseLike<{
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
}> {
  on(event: "response", listener: (client: unknown, statusCode: number) => void): void;
}

async function autocannonChild(job: string): Promise<void> {
  const { url, pathsFile, header, expected, seconds, connections } = JSON.parse(job) as {
    url: string;
    pathsFile: string;
    header: [string, string] | null;
    expected: number;
    seconds: number;
    connections: number;
  };
  // autocannon ships no types; the little used here is typed at the call.
  const autocannon = createRequire(import.meta.url)("autocannon") as (options: Record<string, unknown>) => AutocannonRun;
  const paths = readFileSync(pathsFile, "utf8").trim().split("\n");
  let next = 0;
  let unexpected = 0;
  const instance = autocannon({
    url,
    connections,
    duration: seconds,
    headers: header ? { [header[0]]: header[1] } : {},
    requests: [{ setupRequest: (request: Record<string, unknown>) => ({ ...request, path: paths[next++ % paths.length] }) }],
  });
  instance.on("response", (_client: unknown, statusCode: number) => {
    if (statusCode !== expected) unexpected++;
  });
  const result = await instance;
  const out: LoadResult = {
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    unexpected: unexpected + result.errors + result.timeouts,
  };
  console.log(JSON.stringify(out));
}

// ---- main ----

async function main(): Promise<void> {
  const options = readOptions(process.argv.slice(2));
  const manifest = loadBuild(options.dist);
  const items = itemsOf(options.dist, manifest);
  const mix = requestMix(items, 20_000);
  const useWrk = options.load === null ? onPath("wrk") : options.load === "wrk";
  const useNginx = options.nginx && onPath("nginx");
  const workDir = mkdtempSync(join(tmpdir(), "bench-serve-"));
  // nginx's workers run as an unprivileged user when it is started as root: they must read the static root.
  chmodSync(workDir, 0o755);
  const scriptFile = join(workDir, "mix.lua");
  writeFileSync(scriptFile, WRK_SCRIPT);

  console.log(`bench:serve — ${options.dist} (dataset_version ${manifest.dataset_version}, ${items.length} items)`);
  console.log(
    `load: ${useWrk ? "wrk, 1 thread" : "autocannon in a child process"}, ${options.connections} connections, ` +
      `${options.durationSeconds} s per run after ${options.warmupSeconds} s warm-up; the load generator shares the machine's cores.`,
  );
  if (!useNginx) {
    console.log(options.nginx ? "nginx is not on PATH: no static baseline, no PASS/FAIL (apt-get install nginx)." : "--no-nginx: no static baseline, no PASS/FAIL.");
  }

  const targets: Target[] = [];
  const children: ChildProcess[] = [];
  const results = new Map<string, LoadResult>();
  try {
    const api = await startApi(options.dist);
    children.push(api.child);
    targets.push({ name: "api", url: api.url, pathFor: (path) => path, revalidate: ["If-None-Match", `"${manifest.dataset_version}"`] });
    if (options.workerd) {
      const workerd = await startWorkerd(options.dist);
      children.push(workerd.child);
      targets.push({ name: "workerd", url: workerd.url, pathFor: (path) => path, revalidate: ["If-None-Match", `"${manifest.dataset_version}"`] });
    }
    if (useNginx) {
      const nginx = await startNginx(staticRoot(join(options.dist, manifest.generation), mix, join(workDir, "static")), mix[0]!.file, workDir);
      children.push(nginx.child);
      // A date after every file's modification time: with `if_modified_since before`, a 304 for each.
      targets.push({ name: "nginx", url: nginx.url, pathFor: (_path, file) => `/${file}`, revalidate: ["If-Modified-Since", new Date(Date.now() + 86_400_000).toUTCString()] });
    }

    for (const target of targets) {
      const pathsFile = join(workDir, `${target.name}.paths`);
      writeFileSync(pathsFile, `${mix.map(({ api, file }) => target.pathFor(api, file)).join("\n")}\n`);
      const load = (header: [string, string] | null, expected: number, seconds: number) =>
        useWrk
          ? runWrk(target.url, pathsFile, scriptFile, header, expected, seconds, options.connections)
          : runAutocannon(target.url, pathsFile, header, expected, seconds, options.connections);
      if (options.warmupSeconds > 0) load(null, 200, options.warmupSeconds);
      results.set(`${target.name} 200s`, load(null, 200, options.durationSeconds));
      results.set(`${target.name} 304s`, load(target.revalidate, 304, options.durationSeconds));
    }
  } finally {
    for (const child of children) await stop(child, "SIGTERM");
    rmSync(workDir, { recursive: true, force: true });
  }

  let failed = false;
  const rows: string[][] = [];
  for (const scenario of ["200s", "304s"] as Scenario[]) {
    const baseline = results.get(`nginx ${scenario}`);
    for (const name of ["api", "workerd", "nginx"]) {
      const result = results.get(`${name} ${scenario}`);
      if (result === undefined) continue;
      let ratio = "";
      let verdict = "";
      if (name !== "nginx" && baseline !== undefined) {
        const share = result.requestsPerSecond / baseline.requestsPerSecond;
        ratio = `${(share * 100).toFixed(0)}%`;
        const pass = share >= TARGETS[scenario] && result.unexpected === 0;
        // The targets are the Node server's. workerd's figures are shown beside them, not judged: it is
        // the Workers runtime run locally by miniflare, not how a deploy is served.
        if (name === "api") {
          verdict = `${pass ? "PASS" : "FAIL"} (target ${TARGETS[scenario] * 100}%${result.unexpected > 0 ? ", unexpected statuses" : ""})`;
          failed ||= !pass;
        } else if (result.unexpected > 0) {
          verdict = "(unexpected: wrong statuses or timeouts)";
        }
      }
      rows.push([name, scenario, result.requestsPerSecond.toFixed(0), result.p50Ms.toFixed(2), result.p99Ms.toFixed(2), String(result.unexpected), ratio, verdict]);
    }
  }
  console.log("");
  console.log(formatTable(["server", "run", "req/s", "p50 ms", "p99 ms", "unexpected", "vs nginx", "verdict"], rows));
  if (failed) process.exitCode = 1;
}

const childJob = process.argv.indexOf("--autocannon-child");
if (childJob !== -1) await autocannonChild(process.argv[childJob + 1] ?? "{}");
else await main();
