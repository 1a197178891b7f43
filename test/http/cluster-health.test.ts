// The local Node server with two node:cluster workers over a fixture build (test data): a file found
// damaged by one worker makes /health answer 503 whichever worker answers it, and a repair (a new
// commit) brings every worker back to 200. The primary hands connections to its workers in turn, and
// each request here is a connection of its own, so four requests in a row reach both workers.

import { promises as fs } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chunkFileOf, packChunksOf } from "../../contract/pack-chunks.ts";
import { fileFor } from "../../contract/routes.ts";
import { writeDistFixture, type DistFixture } from "../support/dist-fixture.ts";
import { rawRequest } from "../support/edge-server.ts";
import { startServeScript, type ServeScript } from "../support/serve-script.ts";

let fixture: DistFixture;
let server: ServeScript;

beforeAll(async () => {
  fixture = await writeDistFixture(undefined, { datasetVersion: "cluster-health-v1", documents: false });
  server = await startServeScript("edge/adapters/node/serve.ts", [fixture.dir], { ...process.env, RATE_LIMIT: "off", BURST_LIMIT: "off", WORKERS: "2" });
});
afterAll(async () => {
  await server?.close();
  await fixture?.remove();
});

/** /health asked four times in a row, each on a new connection: both workers answer. */
const healthTimes4 = async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) statuses.push((await rawRequest(server.url, "/health", "GET", {})).status);
  return statuses;
};

describe("the Node server with two workers", () => {
  it("answers /health 503 from every worker once one has found a file damaged, and 200 again once it is repaired, each time", async () => {
    expect(await healthTimes4()).toEqual([200, 200, 200, 200]);
    // The first chunk of the AK's seeds pack: deleted, the worker asked for a seed of it not yet in memory finds it.
    const pack = fileFor({ name: "seed", defIndex: 7, paintIndex: 44, seed: 0 }, { topics: [] });
    const folder = path.posix.dirname(chunkFileOf(pack, 0));
    const names = await fs.readdir(path.join(fixture.dir, fixture.manifest.generation, folder));
    const chunk = path.join(fixture.dir, fixture.manifest.generation, chunkFileOf(pack, packChunksOf(names.map((name) => `${folder}/${name}`)).get(pack)![0]!));
    for (const seed of [3, 4]) {
      await fs.rm(chunk);
      expect((await rawRequest(server.url, `/v1/items/7/44/seeds/${seed}`, "GET", {})).status, `seed ${seed}`).toBe(503);
      // The other worker hears of it from the primary; a poll, as that message and the next connection travel apart.
      await expect.poll(healthTimes4).toEqual([503, 503, 503, 503]);
      // The repair is a new commit: a finding in it is told again.
      await fixture.verify();
      await expect.poll(healthTimes4).toEqual([200, 200, 200, 200]);
      expect((await rawRequest(server.url, `/v1/items/7/44/seeds/${seed}`, "GET", {})).status, `seed ${seed}`).toBe(200);
    }
  });
});
