// The local Node server on a real socket: its connection timeouts, and answers written alike
// whether the core gives them at once or after a read. The timeouts are shortened (the server takes
// them as options) so that the test waits a fraction of a second, not 10 s; what is asserted is their
// relation: a slow-header connection is closed after its headers timeout and soon after it, not at
// node:http's next 30-second check.

import { connect } from "node:net";
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONNECTION_TIMEOUTS, connectionsCheckingIntervalOf, type ConnectionTimeouts } from "../../../../edge/adapters/node/server.ts";
import { AK_CASE_HARDENED, writeDistFixture, type DistFixture } from "../../../support/dist-fixture.ts";
import { startServer, type RunningServer } from "../../../support/edge-server.ts";

const SHORT: ConnectionTimeouts = { headersMs: 400, requestMs: 1_200, keepAliveMs: 200 };

let fixture: DistFixture;
let server: RunningServer;

beforeAll(async () => {
  fixture = await writeDistFixture(undefined, { datasetVersion: "timeouts-v1" });
  server = await startServer({ distDir: fixture.dir, rateLimit: false, burstLimit: false, timeouts: SHORT });
});
afterAll(async () => {
  await server?.close();
  await fixture?.remove();
});

/** Opens a connection, sends the start of a request's headers, and resolves when the server closes it. */
function sendPartialHeaders(url: string, giveUpMs: number): Promise<{ afterMs: number; answer: string } | "still open"> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let answer = "";
    let sentAt = 0;
    const giveUp = setTimeout(() => {
      socket.destroy();
      resolve("still open");
    }, giveUpMs);
    socket.on("connect", () => {
      socket.write("GET /health HTTP/1.1\r\nHost: example.test\r\n");
      sentAt = performance.now();
    });
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () => {
      clearTimeout(giveUp);
      resolve({ afterMs: performance.now() - sentAt, answer });
    });
  });
}

describe("the local Node server's connection timeouts", () => {
  it("checks for late connections often enough to close them within a tenth of the headers timeout, at most 1 s", () => {
    expect(CONNECTION_TIMEOUTS).toEqual({ headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 });
    expect(connectionsCheckingIntervalOf(CONNECTION_TIMEOUTS)).toBe(1_000);
    expect(connectionsCheckingIntervalOf(SHORT)).toBe(40);
    expect(CONNECTION_TIMEOUTS.keepAliveMs).toBeLessThan(CONNECTION_TIMEOUTS.headersMs);
  });

  it("a client that never finishes its headers gets a 408 and the connection closed after the headers timeout, not long after", async () => {
    // Without a short check interval node:http looks every 30 s: the connection would still be open.
    const result = await sendPartialHeaders(server.url, SHORT.headersMs * 8);
    expect(result).not.toBe("still open");
    const { afterMs, answer } = result as { afterMs: number; answer: string };
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(afterMs).toBeGreaterThanOrEqual(SHORT.headersMs - 5);
    // A tenth of the timeout late at most, plus room for a busy machine; well before the request timeout.
    expect(afterMs).toBeLessThan(SHORT.requestMs);
  });
});

describe("the local Node server's answers", () => {
  /** What a client sees of an answer but the Date header, which moves with the clock. */
  const seen = async (path: string, options: { method?: string; headers?: Record<string, string> } = {}) => {
    const { status, headers, body } = await server.request(path, options);
    const { date: _date, ...rest } = headers;
    return { status, headers: rest, body: body.toString("latin1") };
  };

  it("an answer the core gives from memory is written as the one it read: status, headers, Content-Length and bytes, for GET, HEAD and a revalidation", async () => {
    const { def_index, paint_index } = AK_CASE_HARDENED;
    for (const path of [`/v1/items/${def_index}/${paint_index}`, `/v1/items/${def_index}/${paint_index}/seeds/661`]) {
      const read = await seen(path);
      expect(read.status, path).toBe(200);
      expect(read.headers["content-length"], path).toBe(String(Buffer.byteLength(read.body, "latin1")));
      expect(await seen(path), path).toEqual(read);
      expect(await seen(path, { method: "HEAD" }), path).toEqual({ ...read, body: "" });
      const revalidated = await seen(path, { headers: { "if-none-match": '"timeouts-v1"' } });
      expect(revalidated.status, path).toBe(304);
      expect(revalidated.body, path).toBe("");
    }
  });
});
