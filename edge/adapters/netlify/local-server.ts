// A node:http server in front of Netlify's local emulation (emulation.ts): each request becomes a
// web Request run through the emulation's request chain (edge functions, then the published
// folder's static files), and the answer is written back as the chain gave it: status, headers
// (Content-Encoding included) and body bytes, no body for HEAD. It also plays the two parts of
// Netlify's CDN the emulation leaves out: the edge burst limit, and compressing the dump
// (`compressesFor`). What the chain does not answer is a
// plain 404, as Netlify's CDN answers a path with neither a function nor a file.
//
// The client IP the functions see (context.ip) is the emulation's own: it sets it to 127.0.0.1 for
// every request, which is the socket's address of every client of a server that listens on the
// loopback interface only, as this one does.

import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import { acceptsGzip } from "../../accept-encoding.ts";
import { BLOCKED_BODY, BLOCKED_HEADERS, createBurstLimiter, EDGE_BURST_LIMIT, type BurstLimitOptions } from "../../burst-limit.ts";
import { isBurstLimited } from "../../../contract/paths.ts";
import { startNetlifyEmulation, type EmulationOptions, type NetlifyEmulation } from "./emulation.ts";

export const LOCAL_HOST = "127.0.0.1";

export interface NetlifyLocalServer {
  url: string;
  emulation: NetlifyEmulation;
  close(): Promise<void>;
}

const gzipOffThread = promisify(gzip);

/** Headers that describe one connection's framing, which node:http writes itself. */
const CONNECTION_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding"]);

async function webRequestOf(request: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (let i = 0; i < request.rawHeaders.length; i += 2) headers.append(request.rawHeaders[i]!, request.rawHeaders[i + 1]!);
  const method = request.method ?? "GET";
  let body: Uint8Array<ArrayBuffer> | undefined;
  if (method !== "GET" && method !== "HEAD") {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    body = new Uint8Array(Buffer.concat(chunks));
  }
  // "manual": a redirect is the client's to follow (the emulation fetches with the request's own mode).
  return new Request(new URL(request.url ?? "/", origin), { method, headers, body, redirect: "manual" });
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
    if (!CONNECTION_HEADERS.has(name)) headers[name] = value;
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

/** Starts the emulation over `publishDir` and a server in front of it on 127.0.0.1:`port` (0: any free port). */
export interface LocalServerOptions extends EmulationOptions {
  port: number;
  /** The edge burst limit (default: 170 per 10 s per client IP, then 10 s blocked). */
  burstLimit?: BurstLimitOptions;
}

export async function startNetlifyLocalServer(options: LocalServerOptions): Promise<NetlifyLocalServer> {
  const emulation = await startNetlifyEmulation(options);
  let origin = "";
  // Netlify enforces the edge burst limit (netlify/edge-functions/api.ts declares it) before any
  // function runs; the emulation does not, so this server does, as the local Node server does.
  const burst = createBurstLimiter(options.burstLimit ?? EDGE_BURST_LIMIT);
  const server = createServer((request, response) => {
    const method = request.method ?? "GET";
    if (isBurstLimited(pathOf(request.url) ?? "")) {
      const decision = burst.hit(request.socket.remoteAddress ?? "");
      if (!decision.allowed) {
        response.writeHead(429, { ...BLOCKED_HEADERS, "retry-after": String(decision.retryAfterSeconds) }).end(BLOCKED_BODY);
        return;
      }
    }
    webRequestOf(request, origin)
      .then((webRequest) => emulation.dev.handle(webRequest))
      .then((answer) =>
        writeAnswer(response, answer ?? new Response("Not Found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } }), method, request.headers["accept-encoding"]),
      )
      .catch((error: unknown) => {
        console.error(`${method} ${request.url}:`, error);
        if (response.headersSent) response.destroy();
        else response.writeHead(502, { "content-type": "text/plain; charset=utf-8" }).end("The emulation failed to answer\n");
      });
  });
  try {
    await new Promise<void>((resolveListen, reject) => {
      server.once("error", reject);
      server.listen(options.port, LOCAL_HOST, () => resolveListen());
    });
  } catch (error) {
    await emulation.stop();
    throw error;
  }
  origin = `http://${LOCAL_HOST}:${(server.address() as AddressInfo).port}`;
  return {
    url: origin,
    emulation,
    async close() {
      await new Promise<void>((resolveClose) => {
        server.close(() => resolveClose());
        server.closeAllConnections();
      });
      await emulation.stop();
    },
  };
}
