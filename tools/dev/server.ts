// What `npm run dev` runs, as a function tests can start on any dataset folder and port: the local
// server over dist/, the rebuild loop of the dataset, and the review pages (tools/review/) in
// front of the edge for the paths under /review/. The review pages read the dataset folder itself, not
// the build, so they show a save at once, also a save with problems that the build refuses.
//
// It answers only requests for a name of this machine (`localHostOf`): a page of another site that
// points its own name at 127.0.0.1 (DNS rebinding) would otherwise read the review pages and the
// dataset they show as its own origin. A guide's review page is the workbench (tools/workbench/): its
// edits are posted to /review/{platform_id}/view and /save, and a save is rebuilt and served at once.

import type { IncomingMessage, ServerResponse } from "node:http";
import { createDevLoop, type DevLoop } from "./loop.ts";
import { createReviewHandler, isReviewPath } from "../review/handler.ts";
import { createReviewReader } from "../review/read.ts";
import { createWorkbench, isWorkbenchEndpoint, MAX_BODY_BYTES, type Workbench } from "../workbench/endpoints.ts";
import { formatProblem } from "../../generator/dataset.ts";
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
  workbench: Workbench;
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
  const reader = createReviewReader(datasetDir);
  const workbench = createWorkbench({ datasetDir, reader, rebuild: async () => servedAfter(await loop.changed()) });
  routeReviewPages(edge, createReviewHandler(reader, workbench), workbench, settings.host);
  return { edge, loop, workbench };
}

/** What a rebuild after a save did, in the workbench's words. */
function servedAfter(outcome: Awaited<ReturnType<DevLoop["changed"]>>): string {
  if ("failed" in outcome) return `the build failed (${outcome.failed}); the previous build keeps serving`;
  if (!outcome.ok) {
    const others = outcome.problems.length;
    return `not built: the dataset has ${others} problem${others === 1 ? "" : "s"} (first: ${formatProblem(outcome.problems[0]!)}); the previous build keeps serving`;
  }
  return outcome.emit.mode === "unchanged" ? `dataset_version ${outcome.datasetVersion} is already serving` : `rebuilt: serving dataset_version ${outcome.datasetVersion}`;
}

/**
 * Puts the review pages before the edge's own listener, which answers every other path as before,
 * and both behind the check of the Host header, CONNECT included (which the edge answers itself).
 */
function routeReviewPages(edge: EdgeServer, review: ReturnType<typeof createReviewHandler>, workbench: Workbench, host: string | undefined): void {
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
    if (isWorkbenchEndpoint(path)) answerWorkbench(workbench, path, request, response);
    else answerReview(review, request, response);
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

const LOOPBACK_ADDRESS = /^(?:127\.|::1$|::ffff:127\.)/;

/** Reads the request's body (up to MAX_BODY_BYTES) and answers it with the workbench's endpoints. */
export function answerWorkbench(workbench: Workbench, path: string, request: IncomingMessage, response: ServerResponse): void {
  const chunks: Buffer[] = [];
  let size = 0;
  request.on("data", (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      response.writeHead(413, { "content-type": "application/json; charset=utf-8", connection: "close" });
      response.end(JSON.stringify({ ok: false, message: "too many edits in one request" }));
      request.destroy();
      return;
    }
    chunks.push(chunk);
  });
  request.on("end", () => {
    if (response.headersSent) return;
    const loopback = LOOPBACK_ADDRESS.test(request.socket.localAddress ?? "") && LOOPBACK_ADDRESS.test(request.socket.remoteAddress ?? "");
    workbench
      .handle({ method: request.method ?? "GET", path, headers: request.headers, body: Buffer.concat(chunks), loopback })
      .then(({ status, headers, body }) => {
        const bytes = Buffer.from(body, "utf8");
        response.writeHead(status, { ...headers, "content-length": bytes.length });
        response.end(bytes);
      })
      .catch(() => response.destroy());
  });
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
