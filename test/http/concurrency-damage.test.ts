// Concurrency and damage over the three adapters, each its own serve command as a child process over
// a fixture build of its own (test data): files of the build damaged on disk before the server first
// reads them answer 503 in the envelope (never a 200 with other bytes, never a 404, never a dead
// server); `build --verify` repairs them and the right bytes come back without a restart; then
// concurrent requests for seeds of one pack and of many all answer their own seed. Beside the
// contract suite (test/contract/), which holds the responses themselves.

import { promises as fs } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { entryRange } from "../../contract/pack.ts";
import { chunkFileOf, chunkHolding, packChunksOf } from "../../contract/pack-chunks.ts";
import { fileFor } from "../../contract/routes.ts";
import { SEEDS_PER_PACK } from "../../contract/endpoints/seed.ts";
import { writeDistFixture, type DistFixture } from "../support/dist-fixture.ts";
import { rawRequest, type RawResponse } from "../support/edge-server.ts";
import { startNetlifyServer } from "../support/netlify-server.ts";
import { startServeScript, type ServeScript } from "../support/serve-script.ts";
import { startWorkersServer } from "../support/workers-server.ts";

/**
 * `remembers`: whether one request's findings outlive it, which /health reports; Netlify's emulation
 * runs every request in a new isolate (docs/deploy.md, "Checking the site locally").
 */
const ADAPTERS: { name: string; remembers: boolean; start(dir: string): Promise<ServeScript> }[] = [
  { name: "the Node server", remembers: true, start: (dir) => startServeScript("edge/adapters/node/serve.ts", [dir], { ...process.env, RATE_LIMIT: "off", BURST_LIMIT: "off" }) },
  { name: "the Worker in workerd", remembers: true, start: (dir) => startWorkersServer(dir) },
  { name: "Netlify's emulation", remembers: false, start: (dir) => startNetlifyServer(dir) },
];

const PAIRS = [
  [7, 44],
  [507, 415],
  [507, 418],
  [4, 694],
] as const;
const packOf = (defIndex: number, paintIndex: number) => fileFor({ name: "seed", defIndex, paintIndex, seed: 0 }, { topics: [] });
const DUMP = fileFor({ name: "dump" }, { topics: [] });

const get = (url: string, target: string, headers: Record<string, string> = {}) => rawRequest(url, target, "GET", headers);

/** The body as sent, decoded where the runtime compressed it on its own (workerd, for a client that takes gzip). */
const bodyOf = (response: RawResponse) => (response.headers["content-encoding"] === "gzip" ? gunzipSync(response.body) : response.body).toString("utf8");

/** A 503 in the API's envelope, never cached. */
function expectUnavailable(response: RawResponse, version: string): void {
  expect(response.status).toBe(503);
  expect(JSON.parse(bodyOf(response))).toMatchObject({ dataset_version: version, error: { code: "internal_error" } });
  expect(response.headers["cache-control"]).toBe("no-store");
}

/** A seed's answer: 200, in the envelope, for that very seed of that pair. */
function expectSeed(response: RawResponse, defIndex: number, paintIndex: number, seed: number): void {
  expect(response.status).toBe(200);
  expect(response.json().data).toMatchObject({ item: { def_index: defIndex, paint_index: paintIndex }, seed });
}

const flip = (bytes: Buffer, at: number) => {
  bytes[at] = bytes[at]! ^ 0x20;
  return bytes;
};

describe.each(ADAPTERS)("$name", ({ start, remembers }) => {
  let fixture: DistFixture;
  let server: ServeScript;
  let generation: string;
  const fileIn = (file: string) => path.join(fixture.dir, generation, file);
  /** The chunk of a pair's seeds pack holding `seed`, as the build wrote it: its file, and the seed's place and count there. */
  const chunkOf = async (defIndex: number, paintIndex: number, seed: number) => {
    const pack = packOf(defIndex, paintIndex);
    const folder = path.posix.dirname(chunkFileOf(pack, 0));
    const starts = packChunksOf((await fs.readdir(fileIn(folder))).map((name) => `${folder}/${name}`)).get(pack)!;
    const { first, count } = chunkHolding(starts, SEEDS_PER_PACK, seed)!;
    return { file: fileIn(chunkFileOf(pack, first)), at: seed - first, count };
  };

  beforeAll(async () => {
    fixture = await writeDistFixture(undefined, { datasetVersion: "damage-v1", documents: false });
    generation = fixture.manifest.generation;
    server = await start(fixture.dir);
  });
  afterAll(async () => {
    await server?.close();
    await fixture?.remove();
  });

  it("each damage to a file not yet read is a 503 in the envelope, and the server answers on", async () => {
    const version = fixture.manifest.dataset_version;
    // An entry's bytes changed, the size kept.
    const entry = await chunkOf(507, 415, 7);
    const changed = await fs.readFile(entry.file);
    await fs.writeFile(entry.file, flip(changed, entryRange(changed, entry.count, entry.at).start + 1));
    // An offset of the directory shifted, the size kept.
    const offset = await chunkOf(507, 418, 10);
    const shifted = await fs.readFile(offset.file);
    shifted.writeUInt32LE(shifted.readUInt32LE(8 + 4 * offset.at) + 1, 8 + 4 * offset.at);
    await fs.writeFile(offset.file, shifted);
    // Another pair's chunk copied over this one.
    await fs.copyFile((await chunkOf(7, 44, 1)).file, (await chunkOf(4, 694, 1)).file);
    // A chunk deleted.
    await fs.rm((await chunkOf(7, 44, 3)).file);
    // The dump's bytes changed inside its deflate data.
    const dump = await fs.readFile(fileIn(DUMP));
    await fs.writeFile(fileIn(DUMP), flip(dump, Math.floor(dump.length / 2)));

    expectUnavailable(await get(server.url, "/v1/items/507/415/seeds/7"), version);
    expectUnavailable(await get(server.url, "/v1/items/507/418/seeds/10"), version);
    expectUnavailable(await get(server.url, "/v1/items/4/694/seeds/1"), version);
    expectUnavailable(await get(server.url, "/v1/items/7/44/seeds/3"), version);
    expectUnavailable(await get(server.url, "/v1/dump", { "accept-encoding": "gzip" }), version);
    expectUnavailable(await get(server.url, "/v1/dump", { "accept-encoding": "identity" }), version);
    // Alive, and saying what it found.
    expect((await get(server.url, "/health")).status).toBe(remembers ? 503 : 200);
    expect((await get(server.url, "/v1/items/7/44")).status).toBe(200);
  });

  it("build --verify repairs every damaged file, and the right bytes come back without a restart", async () => {
    const report = await fixture.verify();
    expect(report.written).toBeGreaterThanOrEqual(5);
    expectSeed(await get(server.url, "/v1/items/507/415/seeds/7"), 507, 415, 7);
    expectSeed(await get(server.url, "/v1/items/507/418/seeds/10"), 507, 418, 10);
    expectSeed(await get(server.url, "/v1/items/4/694/seeds/1"), 4, 694, 1);
    expectSeed(await get(server.url, "/v1/items/7/44/seeds/3"), 7, 44, 3);
    const dump = await get(server.url, "/v1/dump", { "accept-encoding": "gzip" });
    expect(dump.status).toBe(200);
    expect(JSON.parse(bodyOf(dump)).dataset_version).toBe(fixture.manifest.dataset_version);
    // The Node server's two workers: one whose own findings read right again still answers 503 while the
    // other has not yet read its own again, or taken the repair's new commit (edge/adapters/node/peer-health.ts);
    // two answers in a row, as both workers answer in turn.
    const health = async () => [(await get(server.url, "/health")).status, (await get(server.url, "/health")).status];
    await expect.poll(health).toEqual([200, 200]);
  });

  it("concurrent requests for seeds of one pack and of many all answer their own seed", async () => {
    const requests = [
      ...Array.from({ length: 24 }, (_, at) => [7, 44, 100 + at] as const),
      ...Array.from({ length: 24 }, (_, at) => [...PAIRS[at % PAIRS.length]!, 500 + at] as const),
    ];
    const answers = await Promise.all(requests.map(([defIndex, paintIndex, seed]) => get(server.url, `/v1/items/${defIndex}/${paintIndex}/seeds/${seed}`)));
    answers.forEach((answer, at) => {
      const [defIndex, paintIndex, seed] = requests[at]!;
      expectSeed(answer, defIndex, paintIndex, seed);
    });
  });
});
