// bench:serve's "workerd alone" row (bench/lib/workerd-alone.ts): a bare Worker whose every 200 is
// one read through the assets binding of the file the API's Worker reads for it. Its figures are the
// floor under the API's Worker only if it answers as the API does on the wire (status, headers,
// length) and really reads that file: compared under workerd with the API's Worker over the same
// build (example data).

import { readFileSync } from "node:fs";
import { get } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pathFor, type Route } from "../../../contract/routes.ts";
import { startWorkersLocalServer, type WorkersLocalServer } from "../../../edge/adapters/cloudflare/local-server.ts";
import { chunksOf, fileHolding } from "../../../bench/lib/file-holding.ts";
import { startWorkerdAlone } from "../../../bench/lib/workerd-alone.ts";
import { AK_CASE_HARDENED, KARAMBIT_RUBY, writeDistFixture, type DistFixture } from "../../support/dist-fixture.ts";

const VERSION = "workerd-alone-v1";
const ak = { defIndex: AK_CASE_HARDENED.def_index, paintIndex: AK_CASE_HARDENED.paint_index };
const ROUTES: Route[] = [
  { name: "seed", ...ak, seed: 661 },
  { name: "seed", ...ak, seed: 0 },
  { name: "seed", defIndex: KARAMBIT_RUBY.def_index, paintIndex: KARAMBIT_RUBY.paint_index, seed: 412 },
  { name: "patterns", ...ak },
];

let fixture: DistFixture;
let api: WorkersLocalServer;
let alone: WorkersLocalServer;
/** Each target's file under the build folder, as bench:serve names it. */
let reads: Map<string, string>;

beforeAll(async () => {
  fixture = await writeDistFixture(undefined, { datasetVersion: VERSION });
  const generation = JSON.parse(readFileSync(join(fixture.dir, "manifest.json"), "utf8")).generation as string;
  const chunks = chunksOf(join(fixture.dir, generation));
  reads = new Map(ROUTES.map((route) => [pathFor(route), `${generation}/${fileHolding(chunks, route).file}`]));
  [api, alone] = await Promise.all([startWorkersLocalServer({ dir: fixture.dir, port: 0, appLimit: 1e9, burstLimit: 1e9 }), startWorkerdAlone(fixture.dir, reads)]);
});
afterAll(async () => {
  await Promise.all([api?.close(), alone?.close()]);
  await fixture?.remove();
});

/**
 * What a client sees of an answer but the Date header, which moves with the clock. Plain node:http:
 * the bare Worker's bodies are no JSON, which the tests' client of the API would refuse.
 */
const seen = (url: string, target: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    get(new URL(target, url), { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const { date: _date, ...rest } = response.headers;
        resolve({ status: response.statusCode!, headers: rest, body: Buffer.concat(chunks) });
      });
      response.on("error", reject);
    }).on("error", reject);
  });

describe("workerd alone, as bench:serve loads it", () => {
  it("answers each target with the API's status, headers and length, its bytes read from the file the Worker reads", async () => {
    for (const [target, file] of reads) {
      const bare = await seen(alone.url, target);
      const own = await seen(api.url, target);
      expect(bare.status, target).toBe(200);
      expect(bare.headers, target).toEqual(own.headers);
      expect(bare.body.length, target).toBe(own.body.length);
      const stored = readFileSync(join(fixture.dir, file));
      const expected = Buffer.alloc(own.body.length);
      stored.copy(expected, 0, 0, Math.min(stored.length, expected.length));
      expect(bare.body.equals(expected), target).toBe(true);
    }
  });

  it("answers a matching If-None-Match with the API's 304, and any other with a 200", async () => {
    for (const target of reads.keys()) {
      for (const ifNoneMatch of [`"${VERSION}"`, `W/"${VERSION}"`, `"other", "${VERSION}"`, '"other"']) {
        const bare = await seen(alone.url, target, { "if-none-match": ifNoneMatch });
        const own = await seen(api.url, target, { "if-none-match": ifNoneMatch });
        expect(bare.status, `${target} ${ifNoneMatch}`).toBe(own.status);
        if (own.status === 304) expect(bare, `${target} ${ifNoneMatch}`).toEqual(own);
      }
    }
  });

  it("answers a target it was not given 404", async () => {
    expect((await seen(alone.url, pathFor({ name: "seed", ...ak, seed: 5 }))).status).toBe(404);
  });
});
