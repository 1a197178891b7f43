// The documents on the local server: outside the app rate limit, and absent from a build without
// them. What every adapter serves for them (types, policies, ETags, 304) is the HTTP contract's
// (test/contract/cases.ts).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXPLORER_POLICY } from "../../contract/documents.ts";
import { writeDistFixture, type DistFixture } from "../support/dist-fixture.ts";
import { startServer, type RunningServer } from "../support/edge-server.ts";

let fixture: DistFixture;
let bare: DistFixture;
let server: RunningServer;
let bareServer: RunningServer;

beforeAll(async () => {
  [fixture, bare] = await Promise.all([
    writeDistFixture(undefined, { datasetVersion: "docs-v1" }),
    writeDistFixture(undefined, { datasetVersion: "bare-v1", documents: false }),
  ]);
  [server, bareServer] = await Promise.all([
    startServer({ distDir: fixture.dir, rateLimit: { limit: 1, windowMs: 60_000, now: () => 0 }, burstLimit: false }),
    startServer({ distDir: bare.dir, rateLimit: false, burstLimit: false }),
  ]);
});
afterAll(async () => {
  await Promise.all([server.close(), bareServer.close()]);
  await Promise.all([fixture.remove(), bare.remove()]);
});

describe("the documents on the local server", () => {
  it("the description document is not counted by the app rate limit (the limit here is one request a minute)", async () => {
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await server.request("/openapi.json")).status);
    expect(statuses).toEqual([200, 200, 200]);
  });

  it("the explorer's script, style sheet and icon are not counted by the app rate limit either", async () => {
    const statuses = [];
    for (const path of ["/explorer.js", "/explorer.css", "/explorer.svg", "/explorer.js"]) statuses.push((await server.request(path)).status);
    expect(statuses).toEqual([200, 200, 200, 200]);
  });

  it("the explorer's policy allows its own origin only, and nothing unsafe", () => {
    expect(EXPLORER_POLICY).not.toMatch(/unsafe|https?:|\*/);
  });

  it("a build without documents answers 404 not_found in the envelope for the description document and the explorer", async () => {
    for (const path of ["/openapi.json", "/"]) {
      const response = await bareServer.request(path);
      expect(response.status, path).toBe(404);
      expect(response.json().error.code, path).toBe("not_found");
    }
  });
});
