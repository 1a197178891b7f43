// Starts the local Node server on an ephemeral loopback port, in this process, and sends raw
// HTTP/1.1 requests to it: node:http rather than fetch, so the request target reaches the server
// byte for byte (fetch would normalize "..") and nothing is decompressed or added behind the test's back.

import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { gunzipSync } from "node:zlib";
import { createEdgeServer, type EdgeServer, type EdgeServerOptions } from "../../edge/adapters/node/server.ts";
import { assertMatchesDescription } from "./openapi-validator.ts";

export interface RunningServer {
  url: string;
  edge: EdgeServer;
  request(path: string, options?: { method?: string; headers?: Record<string, string> }): Promise<RawResponse>;
  close(): Promise<void>;
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  text: string;
  /** The body parsed as JSON (throws if it is not JSON). */
  json(): any;
}

export async function startServer(options: EdgeServerOptions): Promise<RunningServer> {
  const edge = await createEdgeServer(options);
  const url = await edge.listen(0, "127.0.0.1");
  return {
    url,
    edge,
    request: (path, requestOptions = {}) => rawRequest(url, path, requestOptions.method ?? "GET", requestOptions.headers ?? {}),
    close: () => edge.close(),
  };
}

export function rawRequest(url: string, path: string, method: string, headers: Record<string, string>): Promise<RawResponse> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: hostname, port, path, method, headers, agent: false }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () => {
        const body = Buffer.concat(chunks);
        const text = body.toString("utf8");
        const status = incoming.statusCode ?? 0;
        // Every answer a test receives must be one the description document declares.
        try {
          // A 304 has no body, whatever Content-Encoding a runtime that compresses on its own (workerd) puts on it.
          const decoded = incoming.headers["content-encoding"] === "gzip" && body.length > 0 ? gunzipSync(body).toString("utf8") : text;
          assertMatchesDescription({ method, target: path, status, contentType: incoming.headers["content-type"], body: decoded });
        } catch (error) {
          reject(error);
          return;
        }
        resolve({ status, headers: incoming.headers, body, text, json: () => JSON.parse(text) });
      });
      incoming.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}
