// bench:serve's node:http row (bench/lib/node-http.ts): it must answer the mix as the API does, byte
// for byte and header for header, or its figures would say nothing of the Node server. Compared on a
// real socket with the local Node server over the same build (example data).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerFrom, answersOf } from "../../../bench/lib/node-http.ts";
import { CONNECTION_TIMEOUTS, createHttpServer } from "../../../edge/adapters/node/server.ts";
import { AK_CASE_HARDENED, GLOCK_MOONRISE, writeDistFixture, type DistFixture } from "../../support/dist-fixture.ts";
import { rawRequest, startServer, type RunningServer } from "../../support/edge-server.ts";

const { def_index, paint_index } = AK_CASE_HARDENED;
const TARGETS = [`/v1/items/${def_index}/${paint_index}/seeds/661`, `/v1/items/${def_index}/${paint_index}/seeds/0`, `/v1/items/${def_index}/${paint_index}/patterns`, "/v1/meta"];

let fixture: DistFixture;
let api: RunningServer;
let baseline: { url: string; close(): Promise<void> };

beforeAll(async () => {
  fixture = await writeDistFixture(undefined, { datasetVersion: "node-http-v1" });
  api = await startServer({ distDir: fixture.dir, rateLimit: false, burstLimit: false });
  const server = createHttpServer(CONNECTION_TIMEOUTS, answerFrom(await answersOf(fixture.dir, [...TARGETS, ...TARGETS])));
  await new Promise<void>((listening) => server.listen(0, "127.0.0.1", listening));
  const { port } = server.address() as { port: number };
  baseline = {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((closed) => {
        server.close(() => closed());
        server.closeAllConnections();
      }),
  };
});
afterAll(async () => {
  await baseline?.close();
  await api?.close();
  await fixture?.remove();
});

/** What a client sees of an answer but the Date header, which moves with the clock. */
const seen = async (url: string, target: string, headers: Record<string, string> = {}) => {
  const { status, headers: received, body } = await rawRequest(url, target, "GET", headers);
  const { date: _date, ...rest } = received;
  return { status, headers: rest, body: body.toString("latin1") };
};

describe("node:http alone, as bench:serve loads it", () => {
  it("answers each target as the API does: status, headers, Content-Length and bytes", async () => {
    for (const target of TARGETS) {
      const answer = await seen(baseline.url, target);
      expect(answer.status, target).toBe(200);
      expect(answer, target).toEqual(await seen(api.url, target));
    }
  });

  it("answers a matching If-None-Match with the API's 304, and any other with its 200", async () => {
    for (const target of TARGETS) {
      for (const ifNoneMatch of ['"node-http-v1"', 'W/"node-http-v1"', '"other", "node-http-v1"', '"other"']) {
        expect(await seen(baseline.url, target, { "if-none-match": ifNoneMatch }), `${target} ${ifNoneMatch}`).toEqual(await seen(api.url, target, { "if-none-match": ifNoneMatch }));
      }
    }
  });

  it("refuses to start on a target the API does not answer with a 200", async () => {
    const unknown = `/v1/items/${GLOCK_MOONRISE.def_index}/1/seeds/1`;
    await expect(answersOf(fixture.dir, [unknown])).rejects.toThrow(`${unknown}: the API answers 404, not a 200 of bytes with an ETag`);
  });
});
