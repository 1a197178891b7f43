// The local Node server: node:http around the edge core's one entry (`core.handle`), with the edge
// burst limit as an outer layer (the part Netlify's platform plays in production). It hands the
// core a plain request built from node:http's own fields and writes the core's precomputed headers
// straight back, never building a web Request or Response: that is most of the cost of a naive adapter.
// An answer the core gives at once (from memory) is written in the same turn, with no promise.

import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pipeline, Readable } from "node:stream";
import type { ByteCacheOptions } from "../../byte-cache.ts";
import { SHARED_READS } from "../../build-reader.ts";
import { createCore, type AssetSource, type EdgeResponse } from "../../core.ts";
import type { RateLimitOptions } from "../../rate-limit.ts";
import { isBurstLimited } from "../../../contract/paths.ts";
import { createFileAssetSource, createFileSlicer } from "./asset-source.ts";
import { watchBuild, type BuildWatcher } from "./build-watcher.ts";
import { blockedAnswer, createBurstLimiter, EDGE_BURST_LIMIT, type BurstLimitOptions } from "../../burst-limit.ts";
import { clientIpOf } from "./client-ip.ts";
import type { PeerHealth } from "./peer-health.ts";
import { answerConnectAsRequest } from "./connect.ts";

export interface EdgeServerOptions {
  /** The dist folder: manifest.json and the generation folders. */
  distDir: string;
  /** The app rate limit (default: 1000 per minute per IP); `false` turns it off. */
  rateLimit?: RateLimitOptions | false;
  /** The edge burst limit (default: EDGE_BURST_LIMIT); `false` turns it off. */
  burstLimit?: BurstLimitOptions | false;
  /** The clock of the default limits (tests inject one); limit options given above bring their own. */
  now?: () => number;
  /** Read the client IP from X-Forwarded-For (only behind a proxy you run). */
  trustProxy?: boolean;
  cache?: ByteCacheOptions | false;
  /** How often manifest.json is re-read at most. */
  reloadIntervalMs?: number;
  /** Replaces the dist folder reader (tests use one that fails). */
  assets?: AssetSource;
  /** Where the build served comes from; by default a watcher of distDir's manifest.json (a cluster worker follows its primary). */
  watcher?: BuildWatcher;
  log?: (message: string) => void;
  /** How long a connection may take over its request, and stay idle between requests (tests shorten them). */
  timeouts?: ConnectionTimeouts;
  /** The other processes serving the same folder (node:cluster workers, peer-health.ts): what they found damaged, and whom to tell. */
  peers?: PeerHealth;
}

export interface ConnectionTimeouts {
  /** A request's headers must arrive within this. */
  headersMs: number;
  /** The whole request must arrive within this. */
  requestMs: number;
  /** An idle keep-alive connection is closed after this; less than `headersMs`. */
  keepAliveMs: number;
}

// Slow or oversized requests must not tie up a worker: a request's headers within 10 s, the whole
// request within 30 s. Idle keep-alive connections are closed after 5 s; the headers timeout must exceed it.
export const CONNECTION_TIMEOUTS: ConnectionTimeouts = { headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 };

/**
 * How often node:http looks for connections past their headers or request timeout. Node's default
 * is every 30 s, so a slow-header connection was closed 19 to 32 s after it opened, not after 10 s;
 * a tenth of the headers timeout (at most 1 s) closes it within 10 % of it.
 */
export function connectionsCheckingIntervalOf(timeouts: ConnectionTimeouts): number {
  return Math.max(1, Math.min(1_000, Math.floor(timeouts.headersMs / 10)));
}

export interface EdgeServer {
  server: Server;
  watcher: BuildWatcher;
  /** Listens on host:port (port 0: any free port) and resolves to the URL served. */
  listen(port: number, host: string): Promise<string>;
  close(): Promise<void>;
}


export async function createEdgeServer(options: EdgeServerOptions): Promise<EdgeServer> {
  const log = options.log ?? (() => {});
  const watcher = options.watcher ?? (await watchBuild(options.distDir, { intervalMs: options.reloadIntervalMs ?? 1000, log }));
  const core = createCore({
    manifest: watcher.current,
    assets: options.assets ?? createFileAssetSource(options.distDir),
    // A replaced asset source (tests) is read whole.
    slice: options.assets === undefined ? createFileSlicer(options.distDir) : undefined,
    // One process, one event loop: a request may await a read another started, so concurrent
    // misses of one file share it.
    reads: SHARED_READS,
    rateLimit: options.rateLimit,
    now: options.now,
    cache: options.cache,
    onError: (error) => log(`internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
    peersDamaged: options.peers?.damaged,
  });
  // Told to the peers before the answer that found it is written: the report is on its way to the
  // primary before the client can open its next connection, which the primary hands to a worker over
  // the same channel as the reports it passes on.
  const peers = options.peers;
  const tellPeers = () => peers?.tell(core.damaged());
  const burst = options.burstLimit === false ? null : createBurstLimiter(options.burstLimit ?? { ...EDGE_BURST_LIMIT, now: options.now });
  const trustProxy = options.trustProxy ?? false;

  const listener = (request: IncomingMessage, response: ServerResponse) => {
    const [path, query] = splitTarget(request.url ?? "/");
    const clientIp = clientIpOf(request, trustProxy);
    if (burst !== null && isBurstLimited(path)) {
      const decision = burst.hit(clientIp);
      if (!decision.allowed) {
        const blocked = blockedAnswer(decision);
        response.writeHead(blocked.status, blocked.headers).end(blocked.body);
        return;
      }
    }
    const { headers } = request;
    const answered = core.handle(
      { method: request.method ?? "GET", path, query, ifNoneMatch: headers["if-none-match"], acceptEncoding: headers["accept-encoding"], clientIp },
      undefined,
    );
    // The core answers every failure itself; only writing to the socket can still throw here. An
    // answer from memory is written at once, with no promise to settle first.
    // Only an answer that read something can find a file damaged, or read it right again.
    if (answered instanceof Promise)
      answered
        .then((result) => {
          tellPeers();
          write(response, result);
        })
        .catch(() => response.destroy());
    else {
      try {
        write(response, answered);
      } catch {
        response.destroy();
      }
    }
  };

  const server = createHttpServer(options.timeouts ?? CONNECTION_TIMEOUTS, listener);
  answerConnectAsRequest(server, listener);

  return {
    server,
    watcher,
    listen: (port, host) =>
      new Promise((resolveUrl, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => {
          server.off("error", reject);
          const address = server.address() as AddressInfo;
          const shownHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
          resolveUrl(`http://${shownHost}:${address.port}`);
        });
      }),
    close: () =>
      new Promise((resolveClose) => {
        watcher.close();
        server.close(() => resolveClose());
        server.closeAllConnections();
      }),
  };
}

/**
 * The node:http server the local server runs on, around `listener`: its timeouts, a cap on headers,
 * keep-alive and no Nagle delay (`npm run bench:serve` runs its node:http baseline on the same).
 */
export function createHttpServer(timeouts: ConnectionTimeouts, listener: RequestListener): Server {
  const server = createServer(
    {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: connectionsCheckingIntervalOf(timeouts),
      // Headers (only a few are read) within 16 KiB.
      maxHeaderSize: 16 * 1024,
      keepAlive: true,
      noDelay: true,
    },
    listener,
  );
  server.keepAliveTimeout = timeouts.keepAliveMs;
  return server;
}

/** Path and query of a request target; absolute-form targets (`GET http://host/x`) are reduced to their path. */
function splitTarget(target: string): [string, string] {
  let value = target;
  if (!value.startsWith("/")) {
    try {
      const url = new URL(value);
      value = url.pathname + url.search;
    } catch {
      return [value, ""];
    }
  }
  const mark = value.indexOf("?");
  return mark === -1 ? [value, ""] : [value.slice(0, mark), value.slice(mark + 1)];
}

function write(response: ServerResponse, result: EdgeResponse): void {
  const { body } = result;
  if (body === null) {
    response.writeHead(result.status, result.headers);
    response.end();
    return;
  }
  if (!(body instanceof Uint8Array)) {
    // A decoded stream (its headers carry its length): a failure midway cuts the connection, so a
    // client sees a short body, never a wrong one.
    response.writeHead(result.status, result.headers);
    // pipeline, not pipe: a client that goes away also cancels the decoding.
    pipeline(Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>), response, (error) => error && response.destroy());
    return;
  }
  // node:http leaves the body out of HEAD answers itself, keeping Content-Length as for GET.
  response.writeHead(result.status, { ...result.headers, "content-length": body.length });
  response.end(body);
}
