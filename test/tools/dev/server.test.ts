// `npm run dev`'s server answers only requests that name this machine in their Host header: a page
// of another site whose name is made to point at 127.0.0.1 (DNS rebinding) sends its own name, and
// gets 421 instead of the API, the review pages or the dataset they show. The workbench's endpoints are
// routed to it, and take only the token of the pages it served.

import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDevServer, type DevServer } from "../../../tools/dev/server.ts";
import { writeDistFixture } from "../../support/dist-fixture.ts";
import { temporaryFolders } from "../../support/temporary.ts";
import { exchange, requestText, type WireResponse } from "../../support/wire.ts";

const folders = temporaryFolders("psg-dev-server-");
let dev: DevServer;
let url: string;
let port: string;

beforeAll(async () => {
  const root = folders.make();
  const fixture = await writeDistFixture(path.join(root, "dist"), { datasetVersion: "dev-v1" });
  dev = await createDevServer({
    datasetDir: path.join(root, "dataset"),
    distDir: fixture.dir,
    // HOST as a user sets it to reach the server by another name of the machine.
    settings: { rateLimit: false, burstLimit: false, trustProxy: false, host: "Dev.Example.Test" },
    print: () => {},
    log: () => {},
  });
  url = await dev.edge.listen(0, "127.0.0.1");
  port = new URL(url).port;
});
afterAll(async () => {
  await dev?.edge.close();
  folders.removeAll();
});

const ask = async (target: string, host: string, method = "GET") => {
  const answers = await exchange(url, requestText(method, target, "", host));
  expect(answers).toHaveLength(1);
  return answers[0]!;
};

function expectMisdirected(answer: WireResponse) {
  expect(answer.status).toBe(421);
  expect(answer.headers["content-type"]).toBe("text/plain; charset=utf-8");
  expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
  expect(answer.body.toString("utf8")).toMatch(/^Misdirected Request: .*127\.0\.0\.1, localhost, \[::1\], dev\.example\.test/);
}

describe("npm run dev's server", () => {
  it.each(["127.0.0.1:PORT", "localhost:PORT", "[::1]:PORT", "localhost", "LOCALHOST:PORT", "dev.example.test:PORT", "Dev.Example.Test"])(
    "answers a request for %s",
    async (host) => {
      const answer = await ask("/health", host.replace("PORT", port));
      expect(answer.status).toBe(200);
      expect(answer.json()).toEqual({ status: "ok" });
    },
  );

  it.each(["rebound.example", "rebound.example:PORT", "127.0.0.1.rebound.example", "localhost.rebound.example:PORT", "[::2]:PORT", "127.0.0.2:PORT", ""])(
    "refuses a request for %j with 421 Misdirected Request, for the API and the review pages alike",
    async (host) => {
      for (const target of ["/v1/meta", "/health", "/review/", "/"]) expectMisdirected(await ask(target, host.replace("PORT", port)));
    },
  );

  it("routes the workbench's edits to it, which takes them only with its pages' token", async () => {
    const post = async (token: string) => {
      const body = JSON.stringify({ base: "0".repeat(64), edits: [] });
      const headers = `Origin: http://127.0.0.1:${port}\r\nContent-Type: application/json\r\nX-Workbench-Token: ${token}\r\nContent-Length: ${body.length}\r\n`;
      const [answer] = await exchange(url, `POST /review/900000101/view HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n${headers}Connection: close\r\n\r\n${body}`);
      return answer!;
    };
    const refused = await post("not-the-token");
    expect(refused.status).toBe(403);
    expect(refused.json().message).toBe("the workbench's token is missing or wrong: reload the page");
    // With the token, the dataset is asked for the guide (this folder has none).
    const answered = await post(dev.workbench.token);
    expect(answered.status).toBe(404);
    expect(answered.json().message).toBe("the dataset has no guide file guides/900000101.json");
  });

  it("refuses a request that names no host at all", async () => {
    const [answer] = await exchange(url, "GET /v1/meta HTTP/1.0\r\n\r\n");
    expectMisdirected(answer!);
  });

  it("refuses a CONNECT for another name, and answers one for its own with the API's 405", async () => {
    const [refused] = await exchange(url, "CONNECT rebound.example:443 HTTP/1.1\r\nHost: rebound.example:443\r\n\r\n");
    expectMisdirected(refused!);
    const [answered] = await exchange(url, `CONNECT rebound.example:443 HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    expect(answered!.status).toBe(405);
    expect(answered!.json().error.code).toBe("bad_request");
  });
});
