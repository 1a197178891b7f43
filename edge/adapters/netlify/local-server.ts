// A node:http server in front of Netlify's local emulation (emulation.ts), on the front server that
// answers what the emulation cannot take (../front-server.ts). Each request it passes on becomes a
// web Request run through the emulation's request chain (edge functions, then the published
// folder's static files), and the answer is written back as the chain gave it: status, headers
// (Content-Encoding included) and body bytes, no body for HEAD. It also plays the two parts of
// Netlify's CDN the emulation leaves out: the edge burst limit, and compressing the dump
// (`compressesFor`). What the chain does not answer is a
// plain 404, as Netlify's CDN answers a path with neither a function nor a file.
//
// It keeps an emulation running: when the emulation's Deno process exits, or the chain fails to
// answer a request and then /health, the requests of that moment are answered 503 in the envelope
// while a new emulation starts, and the server answers with the new one.
//
// The client IP the functions see (context.ip) is the emulation's own: it sets it to 127.0.0.1 for
// every request, which is the socket's address of every client of a server that listens on the
// loopback interface only, as this one does.

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
  /** The emulation answering now, a new one after a restart; null while one starts. */
  readonly emulation: NetlifyEmulation | null;
  /** Resolves once no emulation is starting (at once, unless one is being restarted). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

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
      const emulation = emulations.current();
      if (emulation === null) {
        emulations.wanted();
        answerUnavailable(response, target, "Netlify's emulation is starting again; retry in a few seconds", datasetVersion());
        return;
      }
      void answerThrough(emulation, request, response, target);
    },
  });

  const answerThrough = async (emulation: NetlifyEmulation, request: IncomingMessage, response: ServerResponse, target: string) => {
    const method = request.method ?? "GET";
    let webRequest: Request;
    try {
      webRequest = await webRequestOf(request, origin, target);
    } catch {
      // The client went away while sending its body.
      response.destroy();
      return;
    }
    let answer: Response | undefined;
    try {
      answer = await emulation.dev.handle(webRequest);
    } catch (error) {
      log(`${method} ${target}: the emulation failed to answer: ${error instanceof Error ? error.message : String(error)}`);
      emulations.failed(emulation);
      answerUnavailable(response, target, "Netlify's emulation failed to answer; retry later", datasetVersion());
      return;
    }
    const notFound = () => new Response("Not Found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
    await writeAnswer(response, answer ?? notFound(), method, request.headers["accept-encoding"]).catch(() => response.destroy());
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
  /** A request came while there was none: starts one, unless one is starting. */
  wanted(): void;
  /** `emulation` failed to answer a request: it is replaced if it fails to answer /health too. */
  failed(emulation: NetlifyEmulation): void;
  ready(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts an emulation, and a new one whenever it dies. */
async function keepEmulation(options: LocalServerOptions, log: (message: string) => void): Promise<EmulationKeeper> {
  const startEmulation = options.startEmulation ?? startNetlifyEmulation;
  let current: NetlifyEmulation | null = null;
  let starting: Promise<void> | null = null;
  let stopped = false;
  const probing = new WeakSet<NetlifyEmulation>();

  const start = async (startOptions: EmulationOptions): Promise<void> => {
    const emulation = await startEmulation(startOptions);
    if (stopped) return emulation.stop();
    current = emulation;
    const { deno } = emulation;
    if (deno === null) return;
    const died = () => replace(emulation, `its Deno process exited (${deno.signalCode ?? `code ${deno.exitCode}`})`);
    if (deno.exitCode !== null || deno.signalCode !== null) died();
    else deno.once("exit", died);
  };
  const replace = (dead: NetlifyEmulation | null, why: string) => {
    // Only the emulation answering now, and once: the one stopped here exits too, and a request
    // that failed while it starts names one already replaced.
    if (stopped || starting !== null || dead !== current) return;
    current = null;
    log(`Netlify's emulation stopped answering: ${why}; starting a new one`);
    starting = (async () => {
      await dead?.stop().catch((error: unknown) => log(`stopping the emulation that died: ${String(error)}`));
      // A published folder it already took; nothing to wait for.
      await start({ publishDir: options.publishDir });
    })()
      .catch((error: unknown) => log(`cannot start Netlify's emulation again (${error instanceof Error ? error.message : String(error)}); the next request tries again`))
      .finally(() => (starting = null));
  };

  await start(options);
  return {
    current: () => current,
    wanted: () => replace(null, "its last start failed"),
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
    async ready() {
      while (starting !== null) await starting;
    },
    async stop() {
      stopped = true;
      await starting;
      await current?.stop();
      current = null;
    },
  };
}
