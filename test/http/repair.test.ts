// The server notices what a build repaired: a file damaged after the build (cut short, deleted)
// answers 503 internal_error, never cached, and /health says so; once `--verify` has repaired it
// and committed the manifest again, the server's next look at the manifest (called here, not
// waited for) drops everything it remembered about the build's files.

import { mkdtempSync, promises as fs, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { manifestOf } from "../../generator/derive/index.ts";
import { emitBuild, filesStep } from "../../generator/emit/emit-build.ts";
import { countOf, entryOf, entryRange } from "../../contract/pack.ts";
import { chunkFileOf } from "../../contract/pack-chunks.ts";
import { fileFor } from "../../contract/routes.ts";

/** The first chunk of a pair's seeds pack: the file holding its first seeds. */
const seedsChunk = (defIndex: number, paintIndex: number) => chunkFileOf(fileFor({ name: "seed", defIndex, paintIndex, seed: 0 }, { topics: [] }), 0);
import { variantFiles, variantNamed } from "../support/build-variants.ts";
import { startServer, type RunningServer } from "../support/edge-server.ts";

const A = variantNamed("A");
const build = (outDir: string, readBack = false) => emitBuild({ outDir, manifest: manifestOf(A.dataset, A.version), steps: [filesStep(variantFiles(A))], readBack });
/** Entry `seed` of a chunk starting at seed 0, as the build wrote it. */
const expectedSeed = (file: string, seed: number) => {
  const chunk = [...variantFiles(A)].find((f) => f.path === file)!.body as Uint8Array;
  return JSON.parse(Buffer.from(entryOf(chunk, countOf(chunk)!, seed)).toString("utf8"));
};

let root: string;
let out: string;
let server: RunningServer;
beforeEach(async () => {
  root = mkdtempSync(path.join(tmpdir(), "psg-repair-"));
  out = path.join(root, "dist");
  await build(out);
  // No timer-driven reload: the test calls the watcher itself.
  server = await startServer({ distDir: out, rateLimit: false, burstLimit: false, reloadIntervalMs: 3_600_000 });
});
afterEach(async () => {
  await server.close();
  rmSync(root, { recursive: true, force: true });
});

const SEED = 3;
const target = () => path.join(out, "g-vA", seedsChunk(7, 44));
const request = () => server.request(`/v1/items/7/44/seeds/${SEED}`);

async function expectDamaged(): Promise<void> {
  const response = await request();
  expect(response.status).toBe(503);
  expect(response.json().error.code).toBe("internal_error");
  expect(response.headers["cache-control"]).toBe("no-store");
  expect((await server.request("/health")).status).toBe(503);
}

async function repairAndLook(): Promise<void> {
  const report = await build(out, true);
  expect(report.written).toBeGreaterThan(0);
  expect(await server.edge.watcher.check()).toBe(true);
}

async function expectWhole(): Promise<void> {
  const response = await request();
  expect(response.status).toBe(200);
  expect(response.json().data).toEqual(expectedSeed(seedsChunk(7, 44), SEED));
  expect((await server.request("/health")).status).toBe(200);
}

describe("a file damaged after the build, then repaired by --verify", () => {
  it("a file cut short answers 503 internal_error (never a cut-off body) until repaired, then the whole file", async () => {
    const bytes = await fs.readFile(target());
    await fs.writeFile(target(), bytes.subarray(0, bytes.length - 7));
    await expectDamaged();
    await expectDamaged(); // not cached either
    await repairAndLook();
    await expectWhole();
  });

  it("a deleted file answers 503 internal_error, not a cacheable 404, until repaired", async () => {
    await fs.rm(target());
    await expectDamaged();
    await repairAndLook();
    await expectWhole();
  });

  it("a folder standing in a chunk's place answers 503 internal_error until repaired, then the whole file", async () => {
    await fs.rm(target());
    await fs.mkdir(path.join(target(), "inside"), { recursive: true });
    await expectDamaged();
    await repairAndLook();
    await expectWhole();
  });

  it("a file of the same size with other bytes answers 503 until repaired, then its own bytes", async () => {
    const bytes = await fs.readFile(target());
    const at = entryRange(bytes, countOf(bytes)!, SEED).start + 1;
    bytes[at] = bytes[at]! ^ 0x20;
    await fs.writeFile(target(), bytes);
    await fs.rm(path.join(out, "g-vA.files.gz"));
    await expectDamaged();
    await repairAndLook();
    await expectWhole();
  });
});
