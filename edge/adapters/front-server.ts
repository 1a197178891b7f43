// The node:http server in front of a runtime that runs the edge locally: workerd for
// `npm run serve:workers`, Netlify's emulation for `npm run serve:netlify`. Each runtime has an HTTP
// front end of its own that answers some requests outside the API's envelope (workerd a plain 500 for
// CONNECT, a `*` or absolute-form target or two Content-Length headers, and a 501 for methods it does
// not know; the emulation a 502 for TRACE or a GET with a body, which a web Request cannot carry).
// So this server answers those itself, in the envelope the core gives every refusal, and hands the
// runtime only what it takes like the edge does: GET, HEAD or OPTIONS, on an origin-form target, with no
// body on GET or HEAD, and without the headers that describe one connection.
//
// Every method other than GET, HEAD and OPTIONS is refused here, not only those a runtime cannot
// take: which those are differs between the runtimes and their versions, and the answer must not.

import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { Duplex } from "node:stream";
import { CACHE_CLIENT_ERROR, CACHE_NEVER } from "../../contract/cache-policy.ts";
import { ALLOWED_METHODS, CORS_HEADERS, methodNotAllowedMessage } from "../../contract/cors.ts";
import { errorBody, JSON_TYPE } from "../../contract/envelope.ts";
import { lookupPath } from "../../contract/paths.ts";
import type { ErrorCode } from "../../contract/envelope.ts";
import { etagFor } from "../conditional.ts";
import { answerConnectAsRequest } from "./node/connect.ts";

export const LOCAL_HOST = "127.0.0.1";

const READING_METHODS = new Set(ALLOWED_METHODS.split(", "));

/**
 * Headers that describe one connection (RFC 9110 section 7.6.1) or its framing, which each hop
 * writes itself; undici refuses a Request carrying some of them.
 */
const CONNECTION_HEADERS = new Set(["connection", "keep-alive", "proxy-connection", "te", "trailer", "transfer-encoding", "upgrade"]);

export interface FrontServerOptions {
  /** The dataset_version of the build served ("" when none), for the envelope of the refusals. */
  datasetVersion(): string;
  /** Runs first for every request, as the edge's limits do: true when it answered the request itself. */
  admit?(request: IncomingMessage, response: ServerResponse): boolean;
  /** Answers a request the runtime can take; `target` is its origin-form target (path and query). */
  forward(request: IncomingMessage, response: ServerResponse, target: string): void;
}

export interface FrontServer {
  server: Server;
  /** Listens on 127.0.0.1:`port` (0: any free port) and resolves to the server's origin. */
  listen(port: number): Promise<string>;
  close(): Promise<void>;
}

export function createFrontServer(options: FrontServerOptions): FrontServer {
  // What an absolute-form target may name: this server, by the names a local client uses for it.
  let ownAuthorities = new Set<string>();
  const listener = (request: IncomingMessage, response: ServerResponse) => {
    if (options.admit?.(request, response)) return;
    const checked = checkRequest(request, ownAuthorities);
    if ("target" in checked) {
      options.forward(request, response, checked.target);
      return;
    }
    // A body left unread, or what follows a refused CONNECT, is not read as the next request.
    if (checked.close) response.shouldKeepAlive = false;
    answerError(response, checked.status, "bad_request", checked.message, options.datasetVersion(), checked.status === 405 ? { allow: ALLOWED_METHODS } : {});
  };
  const server = createServer({ keepAlive: true, noDelay: true }, listener);
  answerConnectAsRequest(server, listener);
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => answerClientError(error, socket as Socket, options.datasetVersion()));
  return {
    server,
    listen: (port) =>
      new Promise((resolveUrl, reject) => {
        server.once("error", reject);
        server.listen(port, LOCAL_HOST, () => {
          server.off("error", reject);
          const { port: bound } = server.address() as AddressInfo;
          // A URL leaves out the default port.
          const names = [LOCAL_HOST, "localhost"];
          ownAuthorities = new Set(names.map((name) => (bound === 80 ? name : `${name}:${bound}`)));
          resolveUrl(`http://${LOCAL_HOST}:${bound}`);
        });
      }),
    close: () =>
      new Promise((resolveClose) => {
        server.close(() => resolveClose());
        server.closeAllConnections();
      }),
  };
}

type Checked = { target: string } | { status: 400 | 405; message: string; close: boolean };

function checkRequest(request: IncomingMessage, ownAuthorities: ReadonlySet<string>): Checked {
  const method = request.method ?? "GET";
  // The core's own answer to a method it does not serve (edge/core.ts), word for word.
  if (!READING_METHODS.has(method)) return { status: 405, message: methodNotAllowedMessage(method), close: method === "CONNECT" };
  const carriesBody = request.headers["transfer-encoding"] !== undefined || Number(request.headers["content-length"] ?? 0) > 0;
  if (carriesBody && method !== "OPTIONS") return { status: 400, message: `a ${method} request has no body`, close: true };
  const target = request.url ?? "/";
  if (target.startsWith("/")) return { target };
  if (target === "*") return { status: 400, message: "the request target * names no resource; ask for a path, such as /v1/meta", close: carriesBody };
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { status: 400, message: `the request target ${target} is not a path`, close: carriesBody };
  }
  // RFC 9112 section 3.2.2: an absolute-form target names the server, whatever Host says.
  if (url.protocol !== "http:" || !ownAuthorities.has(url.host)) return { status: 400, message: `the request target ${target} names another server`, close: carriesBody };
  return { target: `${url.pathname}${url.search}` };
}

/** The headers of an error in the envelope, as the core sends them (edge/core.ts, `headerSets`). */
function errorHeaders(status: number, datasetVersion: string): Record<string, string> {
  return {
    "content-type": JSON_TYPE,
    // No build known, no version to put in an ETag (the core's answers without a build carry none).
    ...(datasetVersion === "" ? {} : { etag: etagFor(datasetVersion) }),
    "cache-control": status >= 500 ? CACHE_NEVER : CACHE_CLIENT_ERROR,
    ...CORS_HEADERS,
  };
}

/** Answers with an error in the envelope: a 4xx with the short public Cache-Control, a 5xx never cached. */
export function answerError(response: ServerResponse, status: number, code: ErrorCode, message: string, datasetVersion: string, extra: Record<string, string> = {}): void {
  const body = errorBody(datasetVersion, code, message);
  // node:http leaves the body out of a HEAD answer itself, keeping its Content-Length.
  response.writeHead(status, { ...errorHeaders(status, datasetVersion), ...extra, "content-length": String(body.length) });
  response.end(body);
}

/**
 * The answer to a request the runtime failed to answer: 503, never cached, as the core answers
 * what it cannot: `{"status":"error"}` for /health, internal_error in the envelope for the rest;
 * with `Retry-After` when the server knows when to look again.
 */
export function answerUnavailable(response: ServerResponse, target: string, message: string, datasetVersion: string, retryAfterSeconds?: number): void {
  if (response.headersSent) {
    // Part of an answer is out: only cutting the connection tells the client it is incomplete.
    response.destroy();
    return;
  }
  const extra: Record<string, string> = retryAfterSeconds === undefined ? {} : { "retry-after": String(retryAfterSeconds) };
  if (lookupPath(target.split("?")[0]!)?.kind === "health") {
    response.writeHead(503, { ...errorHeaders(503, datasetVersion), ...extra, "content-length": String(HEALTH_ERROR.length) });
    response.end(HEALTH_ERROR);
    return;
  }
  answerError(response, 503, "internal_error", message, datasetVersion, extra);
}

const HEALTH_ERROR = Buffer.from('{"status":"error"}');

/**
 * The request's headers for the runtime (name, value pairs), Host set to `host`: the runtime is
 * reached through this server, and the client's Host, whatever it holds, is not the runtime's to parse.
 */
export function forwardedHeaders(request: IncomingMessage, host: string): [string, string][] {
  const raw = request.rawHeaders;
  const named = new Set(
    (request.headers.connection ?? "")
      .split(",")
      .map((name) => name.trim().toLowerCase())
      .filter((name) => name !== ""),
  );
  const headers: [string, string][] = [["host", host]];
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (name !== "host" && !CONNECTION_HEADERS.has(name) && !named.has(name)) headers.push([raw[i]!, raw[i + 1]!]);
  }
  return headers;
}

/** Whether a header of the runtime's answer is one this server writes itself. */
export const isConnectionHeader = (name: string): boolean => CONNECTION_HEADERS.has(name.toLowerCase());

/**
 * What node:http's parser refuses (a method it does not know, two Content-Length headers, a target
 * with characters no URL has, headers too large) never reaches the listener; node would answer it
 * with a bare status line. The answer is the envelope instead, then the connection is closed, as
 * node closes it. Written only where node would write its own: nothing of another answer has gone
 * out on the connection yet.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket, datasetVersion: string): void {
  const pending = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
  if (error.code === "ECONNRESET" || !socket.writable || pending?.headersSent === true) {
    socket.destroy();
    return;
  }
  const [status, message] = CLIENT_ERRORS[error.code ?? ""] ?? [400, "the request is not well-formed HTTP/1.1"];
  const body = Buffer.from(errorBody(datasetVersion, "bad_request", message));
  const headers = { ...errorHeaders(status, datasetVersion), connection: "close", "content-length": String(body.length) };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(Buffer.concat([Buffer.from(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join("")}\r\n`, "latin1"), body]), () => socket.destroy());
}

/** The statuses node:http gives these failures of a request, with the envelope's message. */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, "the request's headers are too large"],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, "the request's chunk extensions are too large"],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "the request did not arrive in time"],
};
