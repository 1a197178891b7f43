// Every route of a build, asked over HTTP: the answer is the envelope around what the response
// derivation gives for that route, byte for byte. A packed route's expected body (a seed's) is
// derived here alone, without the build's units, packs or files (responseTo), so the test holds the
// packed layout to what one file per response served. The other routes' expected bodies are their
// files as derived in memory. Example data (the tiny test dataset); every seed 0..1000 of every pair
// is asked.

import { Agent, get } from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { envelopeFor } from "../../contract/envelope.ts";
import { ENDPOINTS } from "../../contract/endpoints/index.ts";
import { fileFor, pathFor, storedEncodingOf, type Route } from "../../contract/routes.ts";
import { buildFiles, derivationUnits, manifestOf, responseTo } from "../../generator/derive/index.ts";
import { emitBuild, filesStep } from "../../generator/emit/emit-build.ts";
import { tinyDataset } from "../fixtures/derive/tiny-dataset.ts";
import { startServer, type RunningServer } from "../support/edge-server.ts";
import { temporaryFolders } from "../support/temporary.ts";

const VERSION = "every-route";
const folders = temporaryFolders("psg-every-route-");
let server: RunningServer;

beforeAll(async () => {
  const outDir = await folders.make();
  await emitBuild({ outDir, manifest: manifestOf(tinyDataset, VERSION), steps: [filesStep(buildFiles(tinyDataset, VERSION))] });
  server = await startServer({ distDir: outDir, rateLimit: false, burstLimit: false });
});
afterAll(async () => {
  await server?.close();
  await folders.removeAll();
});

const manifest = manifestOf(tinyDataset, VERSION);
const { prefix, suffix } = envelopeFor(VERSION);
const enveloped = (data: string) => `${Buffer.from(prefix).toString("utf8")}${data}${Buffer.from(suffix).toString("utf8")}`;
const stored = new Map([...buildFiles(tinyDataset, VERSION)].map((file) => [file.path, Buffer.from(file.body)]));

/** What the route's answer must hold, derived as described above. */
function expectedBody(route: Route): string {
  if (ENDPOINTS[route.name].kind === "packed") return enveloped(JSON.stringify(responseTo(tinyDataset, VERSION, route)));
  const file = stored.get(fileFor(route, manifest))!;
  // The dump's file is its whole envelope, stored gzip-encoded.
  if (storedEncodingOf(route) === "gzip") return gunzipSync(file).toString("utf8");
  return enveloped(file.toString("utf8"));
}

describe("every route of a build, served", () => {
  const routes = [...derivationUnits(tinyDataset, VERSION)].flatMap((unit) => [...unit.routes()]);

  it("covers every seed of every pair and every other route", () => {
    expect(routes.filter((route) => route.name === "seed")).toHaveLength(4 * 1001);
    expect(new Set(routes.map((route) => route.name))).toEqual(new Set(Object.keys(ENDPOINTS)));
  });

  it("answers each with the envelope around its derived response, byte for byte", async () => {
    // Some 4,000 requests, a few dozen at a time on kept-alive connections (the shapes of the answers
    // are the contract suite's, test/contract/). node:http rather than fetch: fetch's streams took
    // most of this test's time.
    const agent = new Agent({ keepAlive: true, maxSockets: 50 });
    const answer = (target: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        get(`${server.url}${target}`, { agent, headers: { "accept-encoding": "identity" } }, (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
          incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }));
          incoming.on("error", reject);
        }).on("error", reject);
      });
    const wrong: string[] = [];
    try {
      for (let start = 0; start < routes.length; start += 50) {
        await Promise.all(
          routes.slice(start, start + 50).map(async (route) => {
            const target = pathFor(route);
            const { status, body } = await answer(target);
            if (status !== 200 || body !== expectedBody(route)) wrong.push(`${target}: ${status}`);
          }),
        );
      }
    } finally {
      agent.destroy();
    }
    expect(wrong).toEqual([]);
  });
});
