// What `npm run dev` runs, as a function tests can start on any dataset folder and port: the local
// server over dist/, the rebuild loop of the dataset, and the review pages (tools/review/) in
// front of the edge for the paths under /review/. The review pages read the dataset folder itself, not
// the build, so they show a save at once, also a save with problems that the build refuses.
//
// It answers only requests for a name of this machine (`localHostOf`): a page of another site that
// points its own name at 127.0.0.1 (DNS rebinding) would otherwise read the review pages and the
// dataset they show as its own origin.

import type { IncomingMessage, ServerResponse } from "node:http";
import { createDevLoop, type DevLoop } from "./loop.ts";
import { createReviewHandler, isReviewPath } from "../review/handler.ts";
import { createReviewReader } from "../review/read.ts";
import { answerConnectAsRequest } from "../../edge/adapters/node/connect.ts";
import { createEdgeServer, type EdgeServer } from "../../edge/adapters/node/server.ts";
import type { ServerSettings } from "../../edge/adapters/node/settings.ts";

export interface DevServerOptions {
  datasetDir: string;
  distDir: string;
  /** `host`: the address it listens on (HOST), a name its requests may also use besides the loopback ones. */
  settings: Pick<ServerSettings, "rateLimit" | "burstLimit" | "trustProxy"> & Partial<Pick<ServerSettings, "host">>;
  print: (text: string) => void;
  log: (message: string) => void;
}

export interface DevServer {
  edge: EdgeServer;
  loop: DevLoop;
}

export async function createDevServer({ datasetDir, distDir, settings, print, log }: DevServerOptions): Promise<DevServer> {
  const edge = await createEdgeServer({
    distDir,
    rateLimit: settings.rateLimit ? undefined : false,
    burstLimit: settings.burstLimit ? undefined : false,
    trustProxy: settings.trustProxy,
    log,
  });
  const loop = createDevLoop({
    datasetDir,
    outDir: distDir,
    // Switch now rather than at the server's next look at the manifest.
    onBuilt: async () => void (await edge.watcher.check()),
    print,
  });
  routeReviewPages(edge, createReviewHandler(createReviewReader(datasetDir)), settings.host);
  return { edge, loop };
}

/**
 * Puts the review pages before the edge's own listener, which answers every other path as before,
 * and both behind the check of the Host header, CONNECT included (which the edge answers itself).
 */
function routeReviewPages(edge: EdgeServer, review: ReturnType<typeof createReviewHandler>, host: string | undefined): void {
  const [edgeListener] = edge.server.listeners("request") as ((request: IncomingMessage, response: ServerResponse) => void)[];
  edge.server.removeAllListeners("request");
  edge.server.removeAllListeners("connect");
  const local = localHostOf(host);
  const listener = (request: IncomingMessage, response: ServerResponse) => {
    if (!local.allows(request.headers.host)) {
      refuseHost(response, local.names);
      return;
    }
    const path = (request.url ?? "/").split("?")[0]!;
    if (!isReviewPath(path)) {
      edgeListener!(request, response);
      return;
    }
    answerReview(review, request, response);
  };
  edge.server.on("request", listener);
  answerConnectAsRequest(edge.server, listener);
}

const LOOPBACK_NAMES = ["127.0.0.1", "localhost", "[::1]"];

/**
 * The names a request may give in its Host header: the loopback ones and `configured` (the HOST it
 * listens on), each with any port or none. Names are compared in lower case, an IPv6 address in brackets.
 */
export function localHostOf(configured: string | undefined): { names: string[]; allows(hostHeader: string | undefined): boolean } {
  const names = new Set(LOOPBACK_NAMES);
  if (configured !== undefined && configured !== "") {
    const name = configured.toLowerCase();
    names.add(name.includes(":") && !name.startsWith("[") ? `[${name}]` : name);
  }
  return {
    names: [...names],
    allows(hostHeader) {
      if (hostHeader === undefined) return false;
      const match = /^(\[[^\]]*\]|[^:]*)(?::\d*)?$/.exec(hostHeader.trim().toLowerCase());
      return match !== null && names.has(match[1]!);
    },
  };
}

function refuseHost(response: ServerResponse, names: readonly string[]): void {
  const body = `Misdirected Request: this development server answers requests for ${names.join(", ")} only.\n`;
  response.writeHead(421, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store", "content-length": Buffer.byteLength(body) });
  response.end(body);
}

/** Answers a request with the review pages (also what `npm run review:screenshot` serves). */
export function answerReview(review: ReturnType<typeof createReviewHandler>, request: IncomingMessage, response: ServerResponse): void {
  review(request.method ?? "GET", (request.url ?? "/").split("?")[0]!)
    .then(({ status, headers, body }) => {
      const bytes = Buffer.from(body, "utf8");
      response.writeHead(status, { ...headers, "content-length": bytes.length });
      response.end(request.method === "HEAD" ? undefined : bytes);
    })
    .catch(() => response.destroy());
}
