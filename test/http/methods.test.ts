// Every method over a real socket: GET, HEAD and OPTIONS are served; any other method node:http can
// parse (CONNECT included, which node:http hands over as a bare socket) is 405 with the envelope and
// `Allow`; a method it cannot parse is node's own 400; an `Upgrade:` request is an ordinary request.

import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeDistFixture, type DistFixture } from "../support/dist-fixture.ts";
import { startServer, type RunningServer } from "../support/edge-server.ts";
import { assertMatchesDescription } from "../support/openapi-validator.ts";
import { exchange, requestText, type WireResponse } from "../support/wire.ts";

const request = (method: string, target: string, extra = "") => requestText(method, target, extra);

let fixture: DistFixture;
let server: RunningServer;

beforeAll(async () => {
  fixture = await writeDistFixture(undefined, { datasetVersion: "methods-v1" });
  server = await startServer({ distDir: fixture.dir, rateLimit: false, burstLimit: false });
});
afterAll(async () => {
  await server.close();
  await fixture.remove();
});

function expectMethodNotAllowed(response: WireResponse | undefined, method: string, target: string) {
  expect(response?.status).toBe(405);
  expect(response?.headers.allow).toBe("GET, HEAD, OPTIONS");
  expect(response?.headers["access-control-allow-origin"]).toBe("*");
  expect(response?.headers.etag).toBe('"methods-v1"');
  expect(response!.json()).toEqual({ dataset_version: "methods-v1", error: { code: "bad_request", message: `method ${method} is not allowed; use GET` } });
  assertMatchesDescription({ method, target, status: 405, contentType: response!.headers["content-type"], body: response!.body.toString("utf8") });
}

describe("methods", () => {
  it("CONNECT is answered 405 with the envelope and Allow, then the connection is closed", async () => {
    const responses = await exchange(server.url, "CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n");
    expect(responses).toHaveLength(1);
    expectMethodNotAllowed(responses[0], "CONNECT", "example.org:443");
    expect(responses[0]!.headers.connection).toBe("close");
  });
  it("bytes after a CONNECT are not read as another request", async () => {
    const responses = await exchange(server.url, `CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n${request("GET", "/v1/meta")}`);
    expect(responses.map((response) => response.status)).toEqual([405]);
  });
  it("a CONNECT pipelined after a GET is answered after it, in order", async () => {
    const get = request("GET", "/v1/meta").replace("Connection: close\r\n", "");
    const responses = await exchange(server.url, `${get}CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n`);
    expect(responses.map((response) => response.status)).toEqual([200, 405]);
    expect(responses[0]!.json().dataset_version).toBe("methods-v1");
  });
  it("a client that hangs up right after its CONNECT leaves the server answering others", async () => {
    const { hostname, port } = new URL(server.url);
    await new Promise<void>((resolve) => {
      const socket = connect(Number(port), hostname, () => {
        socket.end("CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n");
        socket.destroy();
      });
      socket.on("close", () => resolve());
    });
    const [response] = await exchange(server.url, request("GET", "/v1/meta"));
    expect(response?.status).toBe(200);
  });
  it("CONNECT is counted by the limits like any other request", async () => {
    let time = 0;
    const limited = await startServer({ distDir: fixture.dir, rateLimit: false, burstLimit: { limit: 1, windowMs: 10_000, blockMs: 10_000, now: () => time } });
    try {
      expect((await limited.request("/v1/meta")).status).toBe(200);
      const [blocked] = await exchange(limited.url, "CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n");
      expect([blocked?.status, blocked?.headers["retry-after"], blocked?.headers["access-control-allow-origin"]]).toEqual([429, "10", undefined]);
      time = 10_000;
      const [answered] = await exchange(limited.url, "CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n");
      expect(answered?.status).toBe(405);
    } finally {
      await limited.close();
    }
  });
  // The other methods' 405 is the HTTP contract's (test/contract/cases.ts); TRACE is here because
  // the Netlify emulation's front end cannot carry it (a web Request refuses the method).
  it("TRACE is 405 with the envelope and Allow", async () => {
    const [response] = await exchange(server.url, request("TRACE", "/v1/meta"));
    expectMethodNotAllowed(response, "TRACE", "/v1/meta");
  });
  it("HEAD announces the Content-Length of the GET it stands for", async () => {
    const [get] = await exchange(server.url, request("GET", "/v1/items/7/44"));
    const responses = await exchange(server.url, request("HEAD", "/v1/items/7/44"), new Set([0]));
    expect(responses.map((response) => response.status)).toEqual([200]);
    expect(responses[0]!.headers["content-length"]).toBe(get!.headers["content-length"]);
    expect(Number(get!.headers["content-length"])).toBeGreaterThan(0);
  });
  it.each(["get", "FOO", "G\u00e9T"])("a method node:http cannot parse (%s) is a bare 400 and the connection is closed", async (method) => {
    const responses = await exchange(server.url, request(method, "/v1/meta"));
    expect(responses.map(({ status, headers, body }) => ({ status, headers, body: body.toString() }))).toEqual([{ status: 400, headers: { connection: "close" }, body: "" }]);
  });
  it.each(["websocket", "h2c"])("a GET asking to upgrade to %s is served as a plain GET", async (protocol) => {
    const [response] = await exchange(server.url, `GET /v1/meta HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: ${protocol}\r\nConnection: Upgrade, close\r\n\r\n`);
    expect(response?.status).toBe(200);
    expect(response!.json().dataset_version).toBe("methods-v1");
  });
  it("a POST asking to upgrade is 405 like any POST", async () => {
    const [response] = await exchange(server.url, "POST /v1/meta HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade, close\r\nContent-Length: 0\r\n\r\n");
    expectMethodNotAllowed(response, "POST", "/v1/meta");
  });
});
