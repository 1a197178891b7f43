// The node:http row of `npm run bench:serve`: what node:http alone answers on this machine, the most
// any Node server could reach there. A server with the local server's own options
// (`createHttpServer`, edge/adapters/node/server.ts), in 2 cluster workers as the API runs with both
// limits off, answers each request of the benchmark's mix with the very bytes and headers the API
// answers it, taken once at start from the edge core over the same build, and 304 to a matching
// If-None-Match: per request one lookup of the target and the ETag's comparison, no route, no limit,
// no check, no cache to keep.
//
// Run by bench/serve.ts: `node bench/lib/node-http.ts DIST PATHS_FILE [--port N] [--host H]` prints
// its URL alone on a line of stdout once every worker listens with its answers loaded.

import cluster from "node:cluster";
import { readFileSync } from "node:fs";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { MANIFEST_FILE, parseManifest } from "../../contract/manifest.ts";
import { createFileAssetSource, createFileSlicer } from "../../edge/adapters/node/asset-source.ts";
import { CONNECTION_TIMEOUTS, createHttpServer } from "../../edge/adapters/node/server.ts";
import { SHARED_READS } from "../../edge/build-reader.ts";
import { ifNoneMatchMatches } from "../../edge/conditional.ts";
import { createCore, type EdgeRequest, type ResponseHeaders } from "../../edge/core.ts";

/** Cluster workers, as `bench:serve` runs the API (WORKERS=2). */
const WORKERS = 2;

/** What the API answers a request target: its 200 (Content-Length included) and, revalidated, its 304. */
export interface KnownAnswer {
  etag: string;
  headers: Readonly<Record<string, string | number>>;
  body: Uint8Array;
  notModified: ResponseHeaders;
}

/**
 * The API's answers to `targets` over the build in `distDir`, from the edge core as the local server
 * runs it (ranges read, nothing limited); each must be a 200 with an ETag whose revalidation is 304.
 */
export async function answersOf(distDir: string, targets: Iterable<string>): Promise<Map<string, KnownAnswer>> {
  const parsed = parseManifest(readFileSync(resolve(distDir, MANIFEST_FILE)));
  if (!parsed.ok) throw new Error(parsed.message);
  const core = createCore({ manifest: parsed.manifest, assets: createFileAssetSource(distDir), slice: createFileSlicer(distDir), reads: SHARED_READS, rateLimit: false, cache: false });
  const answers = new Map<string, KnownAnswer>();
  for (const target of targets) {
    if (answers.has(target)) continue;
    const mark = target.indexOf("?");
    const request: EdgeRequest = { method: "GET", path: mark === -1 ? target : target.slice(0, mark), query: mark === -1 ? "" : target.slice(mark + 1), ifNoneMatch: null, acceptEncoding: null, clientIp: "" };
    const ok = await core.handle(request, undefined);
    const etag = ok.headers["etag"];
    if (ok.status !== 200 || !(ok.body instanceof Uint8Array) || etag === undefined) throw new Error(`${target}: the API answers ${ok.status}, not a 200 of bytes with an ETag`);
    const revalidated = await core.handle({ ...request, ifNoneMatch: etag }, undefined);
    if (revalidated.status !== 304) throw new Error(`${target}: the API answers its revalidation ${revalidated.status}, not 304`);
    answers.set(target, { etag, headers: { ...ok.headers, "content-length": ok.body.byteLength }, body: ok.body, notModified: revalidated.headers });
  }
  return answers;
}

/** Answers a known target from `answers` (304 to a matching If-None-Match); any other with an empty 404. */
export function answerFrom(answers: ReadonlyMap<string, KnownAnswer>): RequestListener {
  return (request: IncomingMessage, response: ServerResponse) => {
    const answer = answers.get(request.url ?? "");
    if (answer === undefined) {
      response.writeHead(404, { "content-length": 0 }).end();
    } else if (ifNoneMatchMatches(request.headers["if-none-match"], answer.etag)) {
      response.writeHead(304, answer.notModified).end();
    } else {
      response.writeHead(200, answer.headers).end(answer.body);
    }
  };
}

/** The primary: forks the workers and prints the URL once all of them listen. */
function runPrimary(): void {
  const listening = new Set<number>();
  cluster.on("listening", (worker, address) => {
    listening.add(worker.id);
    if (listening.size === WORKERS) console.log(`http://${address.address}:${address.port}`);
  });
  cluster.on("exit", (worker, code) => {
    // A worker that fails (a target the API does not answer) stops the baseline: the benchmark sees it exit.
    if (code !== 0) {
      console.error(`node:http baseline: worker ${worker.process.pid} exited with code ${code}`);
      process.exit(1);
    }
  });
  for (let i = 0; i < WORKERS; i++) cluster.fork();
  const stop = () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    process.exit(0);
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
}

/** A worker: loads the answers, then listens. */
async function runWorker(distDir: string, pathsFile: string, port: number, host: string): Promise<void> {
  const targets = readFileSync(pathsFile, "utf8").split("\n").filter((line) => line !== "");
  const server = createHttpServer(CONNECTION_TIMEOUTS, answerFrom(await answersOf(distDir, targets)));
  // Port 0 in every worker is one port the primary picks for them all (node:cluster shares the handle).
  server.listen(port, host);
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { port: { type: "string" }, host: { type: "string" } } });
  const [distDir, pathsFile] = positionals;
  if (distDir === undefined || pathsFile === undefined) {
    console.error("usage: node bench/lib/node-http.ts DIST PATHS_FILE [--port N] [--host H]");
    process.exit(2);
  }
  if (cluster.isPrimary) runPrimary();
  else await runWorker(resolve(distDir), pathsFile, Number(values.port ?? 0), values.host ?? "127.0.0.1");
}
