// HTTP/1.1 over a raw socket (node:net): the request goes out byte for byte as written, however
// malformed, and what comes back is split into responses as sent, so a test sees exactly what a
// client of any kind would.

import { connect } from "node:net";

export interface WireResponse {
  status: number;
  /** Header names in lower case; a repeated header's values joined with ", ". */
  headers: Record<string, string>;
  body: Buffer;
  /** The body parsed as JSON (throws if it is not JSON). */
  json(): any;
}

/**
 * Writes `text` as is and reads until the server closes the connection. `bodiless` are the
 * responses that carry no body whatever their headers say (answers to HEAD), by position.
 */
export function exchange(url: string, text: string | Buffer, bodiless: ReadonlySet<number> = new Set()): Promise<WireResponse[]> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      try {
        resolve(parseResponses(Buffer.concat(chunks), bodiless));
      } catch (error) {
        reject(error);
      }
    });
  });
}

/** A request of `method` for `target` that closes its connection, with `extra` header lines. */
export const requestText = (method: string, target: string, extra = "", host = "127.0.0.1") =>
  `${method} ${target} HTTP/1.1\r\nHost: ${host}\r\n${extra}Connection: close\r\n\r\n`;

function parseResponses(wire: Buffer, bodiless: ReadonlySet<number>): WireResponse[] {
  const responses: WireResponse[] = [];
  let at = 0;
  while (at < wire.length) {
    const headEnd = wire.indexOf("\r\n\r\n", at);
    if (headEnd === -1) throw new Error(`an incomplete response: ${JSON.stringify(wire.subarray(at).toString("latin1"))}`);
    const [statusLine, ...lines] = wire.subarray(at, headEnd).toString("latin1").split("\r\n");
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(":");
      const name = line.slice(0, colon).toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
    }
    const status = Number(statusLine!.split(" ")[1]);
    at = headEnd + 4;
    let body: Buffer;
    if (bodiless.has(responses.length) || status === 204 || status === 304) {
      body = Buffer.alloc(0);
    } else if (headers["transfer-encoding"] === "chunked") {
      const parts: Buffer[] = [];
      for (;;) {
        const lineEnd = wire.indexOf("\r\n", at);
        const size = parseInt(wire.subarray(at, lineEnd).toString("latin1"), 16);
        at = lineEnd + 2;
        if (size === 0) {
          at = wire.indexOf("\r\n", at) + 2;
          break;
        }
        parts.push(wire.subarray(at, at + size));
        at += size + 2;
      }
      body = Buffer.concat(parts);
    } else {
      const length = headers["content-length"] === undefined ? wire.length - at : Number(headers["content-length"]);
      body = wire.subarray(at, at + length);
      at += length;
    }
    responses.push({ status, headers, body, json: () => JSON.parse(body.toString("utf8")) });
  }
  return responses;
}
