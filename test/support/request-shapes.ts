// Requests of the shapes a runtime's own HTTP front end answers outside the API's envelope, sent
// over a raw socket to a local server in front of that runtime (edge/adapters/front-server.ts):
// `npm run serve:workers` (test/http/workers.test.ts) and `npm run serve:netlify`
// (test/http/netlify.test.ts) run this one list. A refused method is answered exactly as the local
// Node server answers it; any other refusal is 400 in the envelope; the shapes the runtime can take
// once made plain are answered by it.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "./edge-server.ts";
import { exchange, requestText, type WireResponse } from "./wire.ts";

export interface FrontedServer {
  url: string;
  /** The build folder it serves. */
  distDir: string;
  version: string;
}

const CONNECT = "CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n";

export function requestShapeCases(name: string, fronted: () => Promise<FrontedServer>): void {
  describe(`every request shape on ${name}`, () => {
    let target: FrontedServer;
    let node: RunningServer;
    beforeAll(async () => {
      target = await fronted();
      node = await startServer({ distDir: target.distDir, rateLimit: false, burstLimit: false });
    });
    afterAll(() => node?.close());

    /** What is the same in both answers: all but the Date header. */
    const comparable = (response: WireResponse | undefined) => {
      const { date: _date, ...headers } = response?.headers ?? {};
      return { status: response?.status, headers, body: response?.body.toString("utf8") };
    };

    it("CONNECT is answered as the Node server answers it, 405 in the envelope with Allow, and the connection is closed", async () => {
      // A request written after the CONNECT is not read: what follows a CONNECT is not HTTP.
      const text = `${CONNECT}${requestText("GET", "/v1/meta")}`;
      const [answers, expected] = await Promise.all([exchange(target.url, text), exchange(node.url, text)]);
      expect(answers).toHaveLength(1);
      expect(comparable(answers[0])).toEqual(comparable(expected[0]));
      expect(answers[0]!.status).toBe(405);
      expect(answers[0]!.headers.connection).toBe("close");
      expect(answers[0]!.json()).toEqual({ dataset_version: target.version, error: { code: "bad_request", message: "method CONNECT is not allowed; use GET" } });
    });

    it.each(["TRACE", "DELETE", "PROPFIND", "UNLINK", "M-SEARCH"])("%s is answered as the Node server answers it, 405 in the envelope with Allow", async (method) => {
      const text = requestText(method, "/v1/meta");
      const [[answer], [expected]] = await Promise.all([exchange(target.url, text), exchange(node.url, text)]);
      expect(comparable(answer)).toEqual(comparable(expected));
      expect(answer!.status).toBe(405);
      expect(answer!.headers.allow).toBe("GET, HEAD, OPTIONS");
      expect(answer!.headers["access-control-allow-origin"]).toBe("*");
    });

    const refused: [string, string, ReadonlySet<number>?][] = [
      ["OPTIONS *", requestText("OPTIONS", "*")],
      ["GET *", requestText("GET", "*")],
      ["an absolute-form target naming another server", requestText("GET", "http://example.org/v1/meta")],
      ["an authority-form target on GET", requestText("GET", "example.org:443")],
      ["a request with two Content-Length headers", "GET /v1/meta HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1\r\nContent-Length: 2\r\nConnection: close\r\n\r\nab"],
      ["a GET with a body", requestText("GET", "/v1/meta", "Content-Length: 2\r\n") + "ab"],
      ["a GET with a chunked body", requestText("GET", "/v1/meta", "Transfer-Encoding: chunked\r\n") + "2\r\nab\r\n0\r\n\r\n"],
      ["a HEAD with a body", requestText("HEAD", "/v1/meta", "Content-Length: 2\r\n") + "ab", new Set([0])],
      ["a method HTTP's parser does not know", requestText("FOO", "/v1/meta")],
      ["a method in lower case", requestText("get", "/v1/meta")],
    ];
    it.each(refused)("%s is 400 bad_request in the envelope, with CORS and the short public Cache-Control", async (_shape, text, bodiless) => {
      const answers = await exchange(target.url, text, bodiless);
      expect(answers.map((answer) => answer.status)).toEqual([400]);
      const [answer] = answers as [WireResponse];
      expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
      expect(answer.headers["access-control-allow-origin"]).toBe("*");
      expect(answer.headers["access-control-expose-headers"]).toBe("ETag, Retry-After");
      expect(answer.headers["cache-control"]).toBe("public, max-age=60, s-maxage=600");
      expect(answer.headers.etag).toBe(`"${target.version}"`);
      if (bodiless?.has(0)) return;
      expect(answer.json()).toEqual({ dataset_version: target.version, error: { code: "bad_request", message: expect.stringMatching(/.+/) } });
    });

    const answered: [string, (url: string) => string][] = [
      ["an absolute-form target naming this server", (url) => requestText("GET", `${url}/v1/meta`)],
      ["a GET asking to upgrade to WebSocket", () => "GET /v1/meta HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade, close\r\n\r\n"],
      ["an HTTP/1.0 request without Host", () => "GET /v1/meta HTTP/1.0\r\n\r\n"],
      ["a Host header that is no host name", () => requestText("GET", "/v1/meta", "", "not a host")],
    ];
    it.each(answered)("%s is answered with the build's data", async (_shape, text) => {
      const answers = await exchange(target.url, text(target.url));
      expect(answers.map((answer) => answer.status)).toEqual([200]);
      expect(answers[0]!.json().dataset_version).toBe(target.version);
    });
  });
}
