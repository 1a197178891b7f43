// End to end, as a maintainer and a client meet: a dataset folder is checked and built by the real
// pipeline (`npm run build`'s buildDist), served by the real local server, and read over HTTP.

import { promises as fs } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildDist } from "../../generator/build.ts";
import { itemMenuSchema, metaResponseSchema, patternsResponseSchema, resolveResponseSchema, seedResponseSchema } from "../../contract/schema/responses.ts";
import { sampleGuide } from "../fixtures/validate/sample-dataset.ts";
import { writeSampleDataset } from "../fixtures/validate/sample-files.ts";
import { startServer, type RunningServer } from "../support/edge-server.ts";
import { temporaryFolders } from "../support/temporary.ts";

const folders = temporaryFolders("psg-e2e-");
const servers: RunningServer[] = [];

/** The sample dataset written to a folder of its own, built by buildDist and served: the server's poll never fires. */
async function builtAndServed() {
  const root = folders.make();
  const datasetDir = path.join(root, "dataset");
  const distDir = path.join(root, "dist");
  await writeSampleDataset(datasetDir);
  const built = await buildDist({ datasetDir, outDir: distDir });
  if (!built.ok) throw new Error(`sample dataset refused: ${JSON.stringify(built.problems.slice(0, 3))}`);
  const server = await startServer({ distDir, rateLimit: false, burstLimit: false, reloadIntervalMs: 3_600_000 });
  servers.push(server);
  const get = (target: string, headers: Record<string, string> = {}) => server.request(target, { headers });
  return { datasetDir, distDir, server, firstVersion: built.datasetVersion, get };
}

// One build for the tests that only read it; the tests that rebuild make their own.
let shared: Awaited<ReturnType<typeof builtAndServed>>;
let firstVersion: string;
beforeAll(async () => {
  shared = await builtAndServed();
  firstVersion = shared.firstVersion;
});
afterAll(async () => {
  for (const server of servers.splice(0)) await server.close();
  folders.removeAll();
});

const get = (target: string, headers: Record<string, string> = {}) => shared.get(target, headers);

describe("a dataset built and served", () => {
  it("answers a seed with every guide's verdict, in the envelope, with the build's version as ETag", async () => {
    const response = await get("/v1/items/507/419/seeds/661");
    expect(response.status).toBe(200);
    expect(response.headers.etag).toBe(`"${firstVersion}"`);
    const { dataset_version, data } = response.json();
    expect(dataset_version).toBe(firstVersion);
    const seed = seedResponseSchema.parse(data);
    expect(seed.verdicts.map((v) => [v.system.id, v.level.key, v.level.place, v.level.of, v.rank])).toEqual([
      ["pink", "t1", 1, 3, 1],
      ["blue", "members", 1, 1, null],
    ]);
    expect(seed.verdicts[0]!.guide).toMatchObject({ platform_id: "3000000001", authors: ["Example Author"], permission: "unknown" });
  });

  it("a phase the guide's tier system does not cover sees only the group system", async () => {
    const { data } = (await get("/v1/items/507/418/seeds/7")).json();
    expect(seedResponseSchema.parse(data)).toMatchObject({ verdicts: [], not_listed: [{ platform_id: "3000000001", system: "blue" }] });
  });

  it("serves the item menu, patterns, the guide, resolve and meta with their documented shapes", async () => {
    const menu = itemMenuSchema.parse((await get("/v1/items/507/419")).json().data);
    expect(menu.guides[0]!.systems.map((s) => [s.id, s.levels, s.seeds])).toEqual([
      ["pink", 3, 5],
      ["blue", 1, 2],
    ]);
    const patterns = patternsResponseSchema.parse((await get("/v1/items/507/419/patterns")).json().data);
    expect(Object.keys(patterns.seeds)).toEqual(["7", "12", "42", "321", "555", "661"]);
    expect((await get("/v1/guides/3000000001")).json().data).toEqual(sampleGuide());
    expect((await get("/v1/guides/3000000001?system=blue")).json().data.systems.map((s: { id: string }) => s.id)).toEqual(["blue"]);
    const resolved = resolveResponseSchema.parse((await get(`/v1/resolve?market_hash_name=${encodeURIComponent("★ StatTrak™ Karambit | Doppler (Factory New)")}`)).json().data);
    expect(resolved.items.map((i) => [i.paint_index, i.paint_label])).toEqual([
      [415, "Ruby"],
      [418, "Phase 1"],
      [419, "Phase 2"],
      [421, "Phase 4"],
    ]);
    const meta = metaResponseSchema.parse((await get("/v1/meta")).json().data);
    expect(meta).toMatchObject({ dataset_version: firstVersion, counts: { items: 5, guides: 1, systems: 2, gradings: 7 } });
  });

  it("the dump is the whole dataset, gzip-encoded when asked", async () => {
    const response = await get("/v1/dump", { "accept-encoding": "gzip" });
    expect(response.headers["content-encoding"]).toBe("gzip");
    const dump = JSON.parse(gunzipSync(response.body).toString("utf8"));
    expect(dump.data.guides).toEqual([sampleGuide()]);
    expect(dump.data.items).toHaveLength(5);
  });

  it("a corrected guide, rebuilt, is served under a new version, and the old ETag no longer matches", async () => {
    const { datasetDir, distDir, server, firstVersion, get } = await builtAndServed();
    const guide = sampleGuide();
    guide.systems[1]!.label = "Blue gems";
    await writeSampleDataset(datasetDir, { guides: [guide] });
    const rebuilt = await buildDist({ datasetDir, outDir: distDir });
    if (!rebuilt.ok) throw new Error("corrected dataset refused");
    expect(rebuilt.datasetVersion).not.toBe(firstVersion);
    // What the server's poll would do next, done now.
    expect(await server.edge.watcher.check()).toBe(true);
    const response = await get("/v1/items/507/419", { "if-none-match": `"${firstVersion}"` });
    expect(response.status).toBe(200);
    expect(response.headers.etag).toBe(`"${rebuilt.datasetVersion}"`);
    expect(response.json().data.guides[0].systems[1].label).toBe("Blue gems");
  });

  it("an invalid dataset is refused and the serving build keeps answering", async () => {
    const { datasetDir, distDir, get } = await builtAndServed();
    const before = (await get("/v1/meta")).json().dataset_version;
    await fs.writeFile(path.join(datasetDir, "guides", "3000000001.json"), "{ not json");
    const refused = await buildDist({ datasetDir, outDir: distDir });
    expect(refused.ok).toBe(false);
    const after = await get("/v1/meta");
    expect(after.status).toBe(200);
    expect(after.json().dataset_version).toBe(before);
  });
});
