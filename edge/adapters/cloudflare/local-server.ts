// The Worker in workerd (miniflare, from npm) over a build folder, behind the front server
// (../front-server.ts), for `npm run serve:workers` (serve.ts) and the tests. workerd reads its
// static-assets folder once, when it starts: a later build's files are unknown to it, and once that
// build prunes the generation it started with, it answers 503. So this server follows the folder's
// manifest as the local Node server does (../node/build-watcher.ts: looked at once a second at
// most, a new commit once its manifest is committed, a repair's included): for each commit it starts
// a new workerd on the folder, switches to it once it answers, and stops the previous one once the
// requests it was answering have finished.
//
// workerd lists the folder without what its `.assetsignore` names, and a build names there every
// generation but the one it commits (generator/emit/build-folder.ts, `writeUploadIgnore`), once it
// has pruned, after the commit: until the file names the new generation, a workerd started for it
// would not see its files. The switch waits for the file, looked at as often as the manifest.

import { Agent, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pipeline } from "node:stream";
import { fileURLToPath } from "node:url";
import { parse, type ParseError } from "jsonc-parser";
import { Log, LogLevel, Miniflare } from "miniflare";
import type { Manifest } from "../../../contract/manifest.ts";
import { watchBuild } from "../node/build-watcher.ts";
import { answerUnavailable, createFrontServer, forwardedHeaders, isConnectionHeader, LOCAL_HOST } from "../front-server.ts";
import { bundleWorker } from "./bundle.ts";
import { keptFolderLine, UPLOAD_IGNORE_FILE } from "../../../contract/upload-ignore.ts";

const WRANGLER_CONFIG = fileURLToPath(new URL("../../../wrangler.jsonc", import.meta.url));

interface WranglerConfig {
  compatibility_date: string;
  assets: { binding: string; html_handling?: "none"; not_found_handling?: "none" };
  ratelimits: { name: string; simple: { limit: number; period: 10 | 60 } }[];
}

export interface WorkersLocalServerOptions {
  /** The build folder: manifest.json and the generation folders, the Worker's static assets. */
  dir: string;
  /** The front server's port on 127.0.0.1 (0: any free port). */
  port: number;
  /** Lower the limits of wrangler.jsonc's rate-limiting bindings (tests); their periods stay. */
  appLimit?: number;
  burstLimit?: number;
  /** How often manifest.json is looked at, at most. */
  intervalMs?: number;
  log?: (message: string) => void;
  /** The Worker's bundled source (default: the API's Worker, bundle.ts); bench:serve runs a bare one to measure workerd's floor. */
  script?: string;
}

export interface WorkersLocalServer {
  url: string;
  /** The build served (null while the folder holds none). */
  manifest(): Manifest | null;
  /** Looks at the folder now; resolves, once done, to whether the server switched to a newer build. */
  check(): Promise<boolean>;
  /** Resolves once every workerd a newer build replaced has stopped (each after its last request). */
  retired(): Promise<void>;
  close(): Promise<void>;
}

/** One workerd running the Worker over the folder as it was when it started. */
interface Workerd {
  miniflare: Miniflare;
  /** The build it was started for: the one committed then. */
  manifest: Manifest | null;
  address: URL;
  agent: Agent;
  inFlight: number;
  /** Called when its last request has finished, once it is replaced. */
  onIdle: (() => void) | null;
}

export async function startWorkersLocalServer(options: WorkersLocalServerOptions): Promise<WorkersLocalServer> {
  const log = options.log ?? (() => {});
  const startWorkerd = workerdStarter(options, options.script ?? (await bundleWorker()));
  let serving: Workerd | null = null;
  let closed = false;
  let following: Promise<void> = Promise.resolve();
  const retiring: Promise<void>[] = [];

  const stop = async (workerd: Workerd) => {
    workerd.agent.destroy();
    await workerd.miniflare.dispose().catch((error: unknown) => log(`stopping a workerd: ${String(error)}`));
  };
  const retire = (workerd: Workerd) => {
    const idle = new Promise<void>((resolve) => {
      workerd.onIdle = resolve;
      if (workerd.inFlight === 0) resolve();
    });
    retiring.push(idle.then(() => stop(workerd)));
  };
  // A commit waiting for the ignore file is told of once; one whose workerd failed to start is not
  // tried again (a re-commit is).
  let toldOf: Manifest | null = null;
  let failedFor: Manifest | null = null;
  const switchToCommit = async () => {
    // Nothing to switch from before the first workerd has started (which takes the latest commit).
    if (closed || serving === null) return;
    const manifest = watcher.current();
    // Commits come as new objects: the same one is already served, or failed (a re-commit tries again).
    if (manifest === null || manifest === serving.manifest || manifest === failedFor) return;
    if (!visibleToWorkerd(options.dir, manifest)) {
      if (toldOf !== manifest) log(`waiting for ${UPLOAD_IGNORE_FILE} to name ${manifest.generation} before serving it`);
      toldOf = manifest;
      return;
    }
    let next: Workerd;
    try {
      next = await startWorkerd(manifest);
    } catch (error) {
      failedFor = manifest;
      log(`cannot start workerd for dataset_version ${manifest.dataset_version}: ${String(error)}; still serving ${serving.manifest?.dataset_version ?? "nothing"}`);
      return;
    }
    if (closed) return stop(next);
    const previous = serving;
    serving = next;
    log(`answering with dataset_version ${manifest.dataset_version} from a new workerd; the previous one stops after its last request`);
    retire(previous);
  };
  // One switch at a time, each to the latest commit: commits taken while a workerd starts are
  // served by the next switch, and none is started for a commit already replaced.
  const follow = () => (following = following.then(switchToCommit));

  const intervalMs = options.intervalMs ?? 1000;
  const watcher = await watchBuild(options.dir, { intervalMs, log, onCommit: () => void follow() });
  // A commit that waits for the ignore file is tried again.
  const retry = setInterval(() => void follow(), intervalMs);
  retry.unref();
  let host = "";
  const front = createFrontServer({
    datasetVersion: () => serving?.manifest?.dataset_version ?? "",
    forward: (request, response, target) => forward(serving!, request, response, target, host),
  });
  try {
    serving = await startWorkerd(watcher.current());
    const url = await front.listen(options.port);
    host = new URL(url).host;
    // A commit taken while the first workerd started.
    void follow();
    return {
      url,
      manifest: () => serving?.manifest ?? null,
      check: async () => {
        const before = serving;
        await watcher.check();
        await follow();
        return serving !== before;
      },
      retired: async () => void (await Promise.all(retiring)),
      async close() {
        if (closed) return;
        closed = true;
        watcher.close();
        clearInterval(retry);
        // Closing every connection ends the requests in flight, so the workerds they hold stop too.
        await front.close();
        await following;
        if (serving !== null) retire(serving);
        await Promise.all(retiring);
      },
    };
  } catch (error) {
    closed = true;
    watcher.close();
    clearInterval(retry);
    if (serving !== null) await stop(serving);
    throw error;
  }
}

/**
 * The connections to a workerd over which requests are passed on, in the order they came (node:http's
 * agent queues the others). workerd, as miniflare runs it, answers many concurrent connections
 * unfairly once it is saturated: with one connection per client, at 64 concurrent seed lookups half
 * the answers came within 20 ms and a tenth took 0.9 s or more (some past two seconds); over a few
 * connections every request waits its turn, and the 99th percentile was a few hundred milliseconds at
 * the same throughput (docs/benchmarks.md, `npm run bench:serve`). A few rather than one, so that a
 * long answer (the dump to a slow client) holds up no other request alone.
 */
const WORKERD_CONNECTIONS = 6;

/** Starts a workerd over the folder, resolving once it has answered a request. */
function workerdStarter(options: WorkersLocalServerOptions, script: string) {
  const config = readConfig();
  const limits: Record<string, number | undefined> = { APP_RATE_LIMIT: options.appLimit, BURST_RATE_LIMIT: options.burstLimit };
  return async (manifest: Manifest | null): Promise<Workerd> => {
    const miniflare = new Miniflare({
      // No lookup of a `Request.cf` sample on the network: the placeholder will do.
      cf: false,
      modules: [{ type: "ESModule", path: "worker.mjs", contents: script }],
      compatibilityDate: config.compatibility_date,
      host: LOCAL_HOST,
      port: 0,
      log: new Log(LogLevel.WARN),
      assets: {
        directory: options.dir,
        binding: config.assets.binding,
        routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true },
        assetConfig: { html_handling: config.assets.html_handling, not_found_handling: config.assets.not_found_handling },
      },
      // Counted in this workerd's memory: a new build's workerd counts from zero.
      ratelimits: Object.fromEntries(
        config.ratelimits.map(({ name, simple }) => [name, { simple: { limit: limits[name] ?? simple.limit, period: simple.period } }]),
      ),
    });
    try {
      const address = new URL(await miniflare.ready);
      // Any answer will do (503 while the folder holds no build): it says workerd runs the Worker.
      await (await fetch(new URL("/health", address))).arrayBuffer();
      return { miniflare, manifest, address, agent: new Agent({ keepAlive: true, maxSockets: WORKERD_CONNECTIONS }), inFlight: 0, onIdle: null };
    } catch (error) {
      await miniflare.dispose().catch(() => {});
      throw error;
    }
  };
}

/** Whether a workerd started now would see the files of `manifest`'s build (see the top of this file). */
function visibleToWorkerd(dir: string, manifest: Manifest): boolean {
  let text: string;
  try {
    text = readFileSync(join(dir, UPLOAD_IGNORE_FILE), "utf8");
  } catch {
    return true;
  }
  const lines = new Set(text.split("\n").map((line) => line.trim()));
  return lines.has(keptFolderLine(manifest.generation)) && (manifest.docs === undefined || lines.has(keptFolderLine(manifest.docs)));
}

function readConfig(): WranglerConfig {
  const errors: ParseError[] = [];
  const config = parse(readFileSync(WRANGLER_CONFIG, "utf8"), errors) as WranglerConfig;
  if (errors.length > 0) throw new Error(`${WRANGLER_CONFIG} is not valid JSONC`);
  return config;
}

/** Passes one request to `workerd` and its answer back as workerd gives it, streamed both ways. */
function forward(workerd: Workerd, request: IncomingMessage, response: ServerResponse, target: string, host: string): void {
  workerd.inFlight++;
  let settled = false;
  const settle = () => {
    if (settled) return;
    settled = true;
    if (--workerd.inFlight === 0) workerd.onIdle?.();
  };
  const upstream = httpRequest(
    {
      host: workerd.address.hostname,
      port: workerd.address.port,
      method: request.method,
      path: target,
      headers: forwardedHeaders(request, host).flat(),
      agent: workerd.agent,
    },
    (answer) => {
      const headers: string[] = [];
      for (let i = 0; i < answer.rawHeaders.length; i += 2) {
        if (!isConnectionHeader(answer.rawHeaders[i]!)) headers.push(answer.rawHeaders[i]!, answer.rawHeaders[i + 1]!);
      }
      response.writeHead(answer.statusCode ?? 502, answer.statusMessage, headers);
      // A failure midway cuts the connection: the client sees a short body, never a wrong one.
      pipeline(answer, response, (error) => {
        if (error) response.destroy();
        settle();
      });
    },
  );
  upstream.on("error", () => {
    if (settled) return;
    answerUnavailable(response, target, "the Worker failed to answer; retry later", workerd.manifest?.dataset_version ?? "");
    settle();
  });
  // A client that goes away ends the request to workerd with it.
  response.on("close", () => {
    if (!settled) upstream.destroy();
    settle();
  });
  request.pipe(upstream);
}
