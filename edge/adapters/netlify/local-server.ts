// A node:http server in front of Netlify's local emulation (emulation.ts), on the front server that
// answers what the emulation cannot take (../front-server.ts). Each request it passes on becomes a
// web Request run through the emulation's request chain (edge functions, then the published
// folder's static files), and the answer is written back as the chain gave it: status, headers
// (Content-Encoding included) and body bytes, no body for HEAD. It also plays the two parts of
// Netlify's CDN the emulation leaves out: the edge burst limit, and compressing the dump
// (`compressesFor`). What the chain does not answer is a
// plain 404, as Netlify's CDN answers a path with neither a function nor a file.
//
// It keeps an emulation running. The emulation's Deno process keeps some 8 to 20 MB for every
// request it has answered and gives none back, so once it holds more than a budget (MEMORY_BUDGET)
// the server starts a fresh emulation beside it and hands over: new requests go to the fresh one
// once it answers, the old one finishes what it was answering and stops, and no request fails. A
// GET or HEAD that the old one failed to answer meanwhile is asked again of the fresh one. When the
// emulation dies anyway (its Deno process exits, or the chain fails to answer a request and then
// /health), the requests of that moment are answered 503 in the envelope with Retry-After while a
// new emulation starts, and the server answers with the new one.
//
// The client IP the functions see (context.ip) is the emulation's own: it sets it to 127.0.0.1 for
// every request, which is the socket's address of every client of a server that listens on the
// loopback interface only, as this one does.

import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { acceptsGzip } from "../../accept-encoding.ts";
import { blockedAnswer, createBurstLimiter, EDGE_BURST_LIMIT, type BurstLimitOptions } from "../../burst-limit.ts";
import { isBurstLimited } from "../../../contract/paths.ts";
import { watchBuild } from "../node/build-watcher.ts";
import { answerUnavailable, createFrontServer, forwardedHeaders, isConnectionHeader } from "../front-server.ts";
import { startNetlifyEmulation, type EmulationOptions, type NetlifyEmulation } from "./emulation.ts";

export interface NetlifyLocalServer {
  url: string;
  /** The emulation answering now, a new one after a restart or a handover; null while one starts. */
  readonly emulation: NetlifyEmulation | null;
  /** Starts a fresh emulation and hands over to it (as its memory budget does); resolves once it answers. */
  handOver(): Promise<void>;
  /** Resolves once no emulation is starting (at once, unless one is being restarted). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Resident memory of the emulation's Deno process past which it is replaced: the process grows by
 * 8 to 20 MB a request, so some hundred requests, well before it could run the machine out of memory.
 */
export const MEMORY_BUDGET = 2 * 1024 ** 3;
/** How often the Deno process's memory is looked at. */
const MEMORY_CHECK_MS = 1_000;
/** What a 503 tells the client to wait: about what a fresh emulation takes to start. */
const RETRY_AFTER_SECONDS = 10;

const gzipOffThread = promisify(gzip);

/** `target`: the request's origin-form target, as the front server passes it on. */
async function webRequestOf(request: IncomingMessage, origin: string, target: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of forwardedHeaders(request, new URL(origin).host)) headers.append(name, value);
  const method = request.method ?? "GET";
  let body: Uint8Array<ArrayBuffer> | undefined;
  // The front server lets no body through on GET or HEAD, which a web Request refuses.
  if (method !== "GET" && method !== "HEAD") {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    body = new Uint8Array(Buffer.concat(chunks));
  }
  // "manual": a redirect is the client's to follow (the emulation fetches with the request's own mode).
  return new Request(new URL(target, origin), { method, headers, body, redirect: "manual" });
}

/**
 * Netlify's CDN compresses an answer for a client that takes gzip, and the functions behind it see
 * the client's Accept-Encoding; the emulation instead tells the functions `identity` and compresses
 * nothing. So, for an answer that varies on Accept-Encoding (the dump), this server plays the CDN.
 */
function compressesFor(answer: Response, acceptEncoding: string | undefined): boolean {
  const varies = (answer.headers.get("vary") ?? "").toLowerCase().split(",").some((name) => name.trim() === "accept-encoding");
  return answer.status === 200 && varies && !answer.headers.has("content-encoding") && acceptsGzip(acceptEncoding);
}

async function writeAnswer(response: ServerResponse, answer: Response, method: string, acceptEncoding: string | undefined): Promise<void> {
  const compress = compressesFor(answer, acceptEncoding);
  const headers: Record<string, string | string[]> = compress ? { "content-encoding": "gzip" } : {};
  answer.headers.forEach((value, name) => {
    if (!isConnectionHeader(name)) headers[name] = value;
  });
  const setCookies = answer.headers.getSetCookie();
  if (setCookies.length > 0) headers["set-cookie"] = setCookies;
  if (method === "HEAD") {
    await answer.body?.cancel();
    // The emulation answers HEAD with `content-length: 0`, which would announce an empty body: a HEAD
    // answer here says nothing of the length rather than something wrong.
    delete headers["content-length"];
    response.writeHead(answer.status, headers);
    response.end();
    return;
  }
  const bytes = Buffer.from(await answer.arrayBuffer());
  // On zlib's thread pool: the dump is ~30 MB at the API's stated scale, and other requests go on meanwhile.
  const body = compress ? await gzipOffThread(bytes) : bytes;
  // A 204 or 304 has no body and must not announce one.
  if (answer.status !== 204 && answer.status !== 304) headers["content-length"] = String(body.length);
  response.writeHead(answer.status, headers);
  response.end(body);
}

function pathOf(target: string | undefined): string | null {
  try {
    return new URL(target ?? "/", "http://localhost").pathname;
  } catch {
    return null;
  }
}

export interface LocalServerOptions extends EmulationOptions {
  port: number;
  /** The edge burst limit (default: EDGE_BURST_LIMIT). */
  burstLimit?: BurstLimitOptions;
  /** Told about requests the emulation failed to answer and its restarts (default: stderr). */
  log?: (message: string) => void;
  /** Starts an emulation, the first and each one after (default: `startNetlifyEmulation`; tests hold a restart). */
  startEmulation?: (options: EmulationOptions) => Promise<NetlifyEmulation>;
  /** The resident memory of the Deno process past which a fresh emulation takes over (default: MEMORY_BUDGET). */
  memoryBudget?: number;
}

/** Starts the emulation over `publishDir` and a server in front of it on 127.0.0.1:`port` (0: any free port). */
export async function startNetlifyLocalServer(options: LocalServerOptions): Promise<NetlifyLocalServer> {
  const log = options.log ?? ((message: string) => console.error(message));
  const emulations = await keepEmulation(options, log);
  // The build the emulation serves: its functions read the manifest for every request.
  const build = await watchBuild(options.publishDir);
  const datasetVersion = () => build.current()?.dataset_version ?? "";
  let origin = "";
  // Netlify enforces the edge burst limit (netlify/edge-functions/api.ts declares it) before any
  // function runs; the emulation does not, so this server does, as the local Node server does.
  const burst = createBurstLimiter(options.burstLimit ?? EDGE_BURST_LIMIT);
  const front = createFrontServer({
    datasetVersion,
    admit(request, response) {
      if (!isBurstLimited(pathOf(request.url) ?? "")) return false;
      const decision = burst.hit(request.socket.remoteAddress ?? "");
      if (decision.allowed) return false;
      const blocked = blockedAnswer(decision);
      response.writeHead(blocked.status, blocked.headers).end(blocked.body);
      return true;
    },
    forward(request, response, target) {
      void answerThrough(request, response, target);
    },
  });

  /**
   * One request through the emulation answering now. A GET or HEAD that an emulation failed to
   * answer is asked once more of the one answering now, when a handover has put another there.
   */
  const answerThrough = async (request: IncomingMessage, response: ServerResponse, target: string) => {
    const method = request.method ?? "GET";
    const again = method === "GET" || method === "HEAD";
    for (let attempt = 1; ; attempt++) {
      const running = emulations.begin();
      if (running === null) {
        answerUnavailable(response, target, "Netlify's emulation is starting again; retry in a few seconds", datasetVersion(), RETRY_AFTER_SECONDS);
        return;
      }
      try {
        const answered = await answerWith(running.emulation, request, response, target, method);
        if (answered || !again || attempt > 1 || emulations.current() === running.emulation) {
          if (!answered) answerUnavailable(response, target, "Netlify's emulation failed to answer; retry later", datasetVersion(), RETRY_AFTER_SECONDS);
          return;
        }
      } finally {
        running.end();
      }
    }
  };

  /** The answer of one emulation written back; false when it failed to answer (told, and looked into). */
  const answerWith = async (emulation: NetlifyEmulation, request: IncomingMessage, response: ServerResponse, target: string, method: string): Promise<boolean> => {
    let webRequest: Request;
    try {
      webRequest = await webRequestOf(request, origin, target);
    } catch {
      // The client went away while sending its body.
      response.destroy();
      return true;
    }
    let answer: Response | undefined;
    try {
      answer = await emulation.dev.handle(webRequest);
    } catch (error) {
      log(`${method} ${target}: the emulation failed to answer: ${error instanceof Error ? error.message : String(error)}`);
      emulations.failed(emulation);
      return false;
    }
    const notFound = () => new Response("Not Found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
    await writeAnswer(response, answer ?? notFound(), method, request.headers["accept-encoding"]).catch(() => response.destroy());
    return true;
  };

  try {
    origin = await front.listen(options.port);
  } catch (error) {
    build.close();
    await emulations.stop();
    throw error;
  }
  return {
    url: origin,
    get emulation() {
      return emulations.current();
    },
    handOver: () => emulations.handOver("asked to"),
    ready: () => emulations.ready(),
    async close() {
      build.close();
      await front.close();
      await emulations.stop();
    },
  };
}

interface EmulationKeeper {
  /** The emulation answering, or null while a new one starts (or the last start failed). */
  current(): NetlifyEmulation | null;
  /**
   * A request begins on the emulation answering now (`end` when it is written back), or, with none
   * answering, a new one is started unless one is starting and the request gets null.
   */
  begin(): { emulation: NetlifyEmulation; end(): void } | null;
  /** `emulation` failed to answer a request: it is replaced if it fails to answer /health too. */
  failed(emulation: NetlifyEmulation): void;
  /** Starts a fresh emulation beside the one answering, and hands over to it once it answers. */
  handOver(why: string): Promise<void>;
  ready(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts an emulation, hands over to a fresh one when its memory passes the budget, and a new one whenever it dies. */
async function keepEmulation(options: LocalServerOptions, log: (message: string) => void): Promise<EmulationKeeper> {
  const startEmulation = options.startEmulation ?? startNetlifyEmulation;
  const budget = options.memoryBudget ?? MEMORY_BUDGET;
  let current: NetlifyEmulation | null = null;
  let starting: Promise<void> | null = null;
  let stopped = false;
  const probing = new WeakSet<NetlifyEmulation>();
  /** Requests under way on each emulation, and what to do when the last ends. */
  const inFlight = new Map<NetlifyEmulation, { requests: number; onIdle: (() => void) | null }>();
  const retiring: Promise<void>[] = [];

  /** An emulation started and watched: its Deno process exiting while it answers replaces it. */
  const start = async (startOptions: EmulationOptions): Promise<NetlifyEmulation | null> => {
    const emulation = await startEmulation(startOptions);
    if (stopped) {
      await emulation.stop();
      return null;
    }
    inFlight.set(emulation, { requests: 0, onIdle: null });
    const { deno } = emulation;
    if (deno !== null) {
      const died = () => replace(emulation, `its Deno process exited (${deno.signalCode ?? `code ${deno.exitCode}`})`);
      if (deno.exitCode !== null || deno.signalCode !== null) queueMicrotask(died);
      else deno.once("exit", died);
    }
    return emulation;
  };
  /** Stops an emulation once the requests it is answering have ended. */
  const retire = (emulation: NetlifyEmulation) => {
    const flight = inFlight.get(emulation);
    const idle = new Promise<void>((resolve) => {
      if (flight === undefined || flight.requests === 0) resolve();
      else flight.onIdle = resolve;
    });
    retiring.push(
      idle
        .then(() => emulation.stop())
        .catch((error: unknown) => log(`stopping an emulation handed over: ${String(error)}`))
        .finally(() => inFlight.delete(emulation)),
    );
  };
  const replace = (dead: NetlifyEmulation | null, why: string) => {
    // Only the emulation answering now, and once: the one stopped here exits too, and a request
    // that failed while it starts names one already replaced.
    if (stopped || starting !== null || dead !== current) return;
    current = null;
    log(`Netlify's emulation stopped answering: ${why}; starting a new one`);
    starting = (async () => {
      await dead?.stop().catch((error: unknown) => log(`stopping the emulation that died: ${String(error)}`));
      if (dead !== null) inFlight.delete(dead);
      // A published folder it already took; nothing to wait for.
      current = await start({ publishDir: options.publishDir });
    })()
      .catch((error: unknown) => log(`cannot start Netlify's emulation again (${error instanceof Error ? error.message : String(error)}); the next request tries again`))
      .finally(() => (starting = null));
  };
  const handOver = async (why: string) => {
    const old = current;
    if (stopped || starting !== null || old === null) return ready();
    log(`Netlify's emulation ${why}; starting a fresh one to hand over to`);
    starting = (async () => {
      const fresh = await start({ publishDir: options.publishDir });
      // The old one died meanwhile (and `replace` put another in its place), or the fresh one did.
      const exited = fresh?.deno !== null && fresh?.deno !== undefined && (fresh.deno.exitCode !== null || fresh.deno.signalCode !== null);
      if (fresh === null || current !== old || exited) return void (await fresh?.stop());
      current = fresh;
      retire(old);
    })()
      .catch((error: unknown) => log(`cannot start a fresh emulation (${error instanceof Error ? error.message : String(error)}); the one answering goes on`))
      .finally(() => (starting = null));
    return ready();
  };
  const ready = async () => {
    while (starting !== null) await starting;
  };
  const watch = setInterval(() => {
    const deno = current?.deno;
    const resident = deno?.pid === undefined ? null : residentBytes(deno.pid);
    if (resident !== null && resident > budget) void handOver(`holds ${Math.round(resident / 1e6)} MB in its Deno process, past its budget of ${Math.round(budget / 1e6)} MB`);
  }, MEMORY_CHECK_MS);
  watch.unref();

  current = await start(options);
  return {
    current: () => current,
    begin() {
      const emulation = current;
      if (emulation === null) {
        replace(null, "its last start failed");
        return null;
      }
      const flight = inFlight.get(emulation)!;
      flight.requests++;
      return {
        emulation,
        end() {
          if (--flight.requests === 0) flight.onIdle?.();
        },
      };
    },
    failed(emulation) {
      if (emulation !== current || probing.has(emulation)) return;
      probing.add(emulation);
      emulation.dev
        .handle(new Request("http://localhost/health"))
        .then(
          (answer) => answer?.body?.cancel(),
          () => replace(emulation, "it failed to answer /health too"),
        )
        .finally(() => probing.delete(emulation));
    },
    handOver,
    ready,
    async stop() {
      stopped = true;
      clearInterval(watch);
      await starting;
      await current?.stop();
      current = null;
      await Promise.all(retiring);
    },
  };
}

/** The resident memory of a process (VmRSS, from /proc on Linux); null where it cannot be read. */
function residentBytes(pid: number): number | null {
  try {
    const kilobytes = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
    return kilobytes === undefined ? null : Number(kilobytes) * 1024;
  } catch {
    return null;
  }
}
