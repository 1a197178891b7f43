// Paths the local server answers itself because nothing stands in front of it: on Netlify, a path
// outside the edge functions' paths goes to the CDN's static files instead. Every endpoint's
// statuses and error codes are the HTTP contract's (test/contract/cases.ts).

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeDistFixture, type DistFixture } from "../support/dist-fixture.ts";
import { startServer, type RunningServer } from "../support/edge-server.ts";

let fixture: DistFixture;
let server: RunningServer;
const VERSION = "fixture-v1";

beforeAll(async () => {
  fixture = await writeDistFixture(undefined, { datasetVersion: VERSION });
  server = await startServer({ distDir: fixture.dir, rateLimit: false, burstLimit: false });
});
afterAll(async () => {
  await server.close();
  await fixture.remove();
});

async function expectError(path: string, status: number, code: string) {
  const response = await server.request(path);
  expect(response.status, path).toBe(status);
  expect(response.json(), path).toEqual({ dataset_version: VERSION, error: { code, message: expect.any(String) } });
}

describe("paths outside the API on the local server", () => {
  it("/V1/meta is not /v1: 404 not_found in the envelope", () => expectError("/V1/meta", 404, "not_found"));
  it("a path outside /v1 is 404 not_found in the envelope", () => expectError("/favicon.ico", 404, "not_found"));
  it("the build's raw files are not served by their own paths", async () => {
    await expectError(`/${fixture.manifest.generation}/v1/meta.json`, 404, "not_found");
    await expectError("/manifest.json", 404, "not_found");
  });
});
