// The Worker under workerd (miniflare), over a fixture build published as its static assets: what
// is particular to Cloudflare Workers, the files read through the assets binding, the dump's
// precompressed bytes sent as they are, and both limits on rate-limiting bindings; then what the
// server in front of workerd adds: every request shape answered in the envelope, and the builds
// committed to the folder followed.
//
// miniflare counts a binding's limit in fixed windows that start on the clock's multiples of the
// period, as Cloudflare's binding may: a client's requests can straddle a window's turn, so the
// limit tests send until the first refusal and assert it falls where one window allows it.

import { cp, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileFor } from "../../contract/routes.ts";
import { startWorkersLocalServer, type WorkersLocalServer } from "../../edge/adapters/cloudflare/local-server.ts";
import { writeUploadIgnore } from "../../generator/emit/build-folder.ts";
import { commitManifest, committedManifestOf, indexAfresh, writeDistFixture, type DistFixture } from "../support/dist-fixture.ts";
import { rawRequest, type RawResponse } from "../support/edge-server.ts";
import { requestShapeCases } from "../support/request-shapes.ts";
import { startWorkersServer, type WorkersServer } from "../support/workers-server.ts";
import { requestText } from "../support/wire.ts";

const VERSION = "workers-v1";
// Lowered on both servers, so that a test reaches them in a few dozen requests; that the Worker
// keeps the production 170 and 1000 is the contract's (test/contract/workers.test.ts).
const BURST_LIMIT = 20;
const APP_LIMIT = 20;

let fixture: DistFixture;
let server: WorkersServer;
let limitedServer: WorkersServer;

beforeAll(async () => {
  fixture = await writeDistFixture(undefined, { datasetVersion: VERSION });
  // A lowered burst limit on one server; a lowered app limit on another, reached before its burst limit (the API's 170).
  [server, limitedServer] = await Promise.all([startWorkersServer(fixture.dir, { burstLimit: BURST_LIMIT }), startWorkersServer(fixture.dir, { appLimit: APP_LIMIT })]);
});
afterAll(async () => {
  await Promise.all([server?.close(), limitedServer?.close()]);
  await fixture?.remove();
});

/** A request from the client at `ip` (Cloudflare names it in CF-Connecting-IP). */
const get = (target: WorkersServer, path: string, ip: string, headers: Record<string, string> = {}) =>
  rawRequest(target.url, path, "GET", { "cf-connecting-ip": ip, ...headers });

/** Sends requests until the first that is not 200; returns it and how many passed before it. */
async function untilRefused(target: WorkersServer, ip: string, most: number): Promise<{ passed: number; refusal: RawResponse | null }> {
  for (let passed = 0; passed < most; passed++) {
    const response = await get(target, "/v1/meta", ip);
    if (response.status !== 200) return { passed, refusal: response };
  }
  return { passed: most, refusal: null };
}

describe("under workerd, the Cloudflare Workers runtime", () => {
  it("health answers 200 with a bare status ok", async () => {
    const response = await get(server, "/health", "198.51.100.1");
    expect(response.status).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });

  it("a seed lookup answers the build's data in the envelope with ETag and CORS", async () => {
    const response = await get(server, "/v1/items/7/44/seeds/151", "198.51.100.1");
    expect(response.status).toBe(200);
    const body = response.json();
    expect(body.dataset_version).toBe(VERSION);
    expect(body.data.verdicts).toHaveLength(2);
    expect(response.headers.etag).toBe(`"${VERSION}"`);
    expect(response.headers["access-control-allow-origin"]).toBe("*");
    expect(response.headers["cache-control"]).toBe("public, max-age=60, s-maxage=600");
  });

  it("a guide answers with its systems", async () => {
    const response = await get(server, "/v1/guides/3094412345", "198.51.100.1");
    expect(response.status).toBe(200);
    expect(response.json().data.platform_id).toBe("3094412345");
  });

  it("the dump is the build's gzip file, byte for byte, to a client that takes gzip", async () => {
    const response = await get(server, "/v1/dump", "198.51.100.1", { "accept-encoding": "gzip" });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers.vary).toBe("Accept-Encoding");
    const body = JSON.parse(gunzipSync(response.body).toString("utf8"));
    expect(body.dataset_version).toBe(VERSION);
    expect(body.data.guides).toHaveLength(1);
  });

  it("the dump is plain JSON to a client that does not take gzip", async () => {
    const response = await get(server, "/v1/dump", "198.51.100.1", { "accept-encoding": "identity" });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.json().dataset_version).toBe(VERSION);
  });

  it("an unknown path is 404 not_found in the envelope, and the build's own files are not served", async () => {
    const unknown = await get(server, "/v2/items", "198.51.100.1");
    expect(unknown.status).toBe(404);
    expect(unknown.json().error.code).toBe("not_found");
    expect(unknown.headers["access-control-allow-origin"]).toBe("*");
    const manifest = await get(server, "/manifest.json", "198.51.100.1");
    expect(manifest.status).toBe(404);
    expect(manifest.json().error.code).toBe("not_found");
  });

  it("past the edge burst limit a client gets a plain 429 without CORS, and stays blocked, while /health still answers", async () => {
    const ip = "198.51.100.7";
    // At most two windows' worth pass before the first refusal (see the top of this file).
    const { passed, refusal } = await untilRefused(server, ip, 2 * BURST_LIMIT + 1);
    expect(refusal?.status).toBe(429);
    expect(passed).toBeGreaterThanOrEqual(BURST_LIMIT);
    expect(refusal!.headers["access-control-allow-origin"]).toBeUndefined();
    expect(refusal!.headers["content-type"]).toBe("text/plain; charset=utf-8");
    // The block: refused again at once, whatever the binding's window does meanwhile.
    expect((await get(server, "/v1/meta", ip)).status).toBe(429);
    expect((await get(server, "/health", ip)).status).toBe(200);
    expect((await get(server, "/v1/meta", "198.51.100.8")).status).toBe(200);
  });

  it("past the app limit a client gets 429 rate_limited in the envelope, with Retry-After and CORS", async () => {
    const ip = "198.51.100.9";
    const { passed, refusal } = await untilRefused(limitedServer, ip, 2 * APP_LIMIT + 1);
    expect(refusal?.status).toBe(429);
    expect(passed).toBeGreaterThanOrEqual(APP_LIMIT);
    expect(refusal!.json().error.code).toBe("rate_limited");
    expect(refusal!.headers["retry-after"]).toBe("60");
    expect(refusal!.headers["access-control-allow-origin"]).toBe("*");
    expect(refusal!.headers.etag).toBe(`"${VERSION}"`);
    expect((await get(limitedServer, "/health", ip)).status).toBe(200);
    expect((await get(limitedServer, "/v1/meta", "198.51.100.10")).status).toBe(200);
  });
});

requestShapeCases("npm run serve:workers", async () => ({ url: server.url, distDir: fixture.dir, version: VERSION }));

describe.concurrent("npm run serve:workers follows the builds committed to its folder", () => {
  // Each test has its folder and server, started in this process as serve.ts starts it, whose own
  // look at the folder never comes during a test: the test looks by calling `check`, as the poll does.
  const NEVER_MS = 3_600_000;
  const opened: { folder: DistFixture; local: WorkersLocalServer }[] = [];
  afterAll(async () => {
    for (const { folder, local } of opened.splice(0)) {
      await local.close();
      await folder.remove();
    }
  });

  /** A folder holding build `version`, and a server over it; the limits are out of the way. */
  async function serving(version: string, prepare: (folder: DistFixture) => Promise<void> = async () => {}) {
    const folder = await writeDistFixture(undefined, { datasetVersion: version });
    await prepare(folder);
    const local = await startWorkersLocalServer({ dir: folder.dir, port: 0, intervalMs: NEVER_MS, appLimit: 1_000_000, burstLimit: 1_000_000 });
    opened.push({ folder, local });
    const versionOf = async (path: string) => {
      const response = await rawRequest(local.url, path, "GET", {});
      expect(response.status, path).toBe(200);
      return response.json().dataset_version as string;
    };
    return { folder, local, versionOf };
  }

  it("a new build is served once committed, and a build that prunes the first one's files changes nothing", async () => {
    const { folder, local, versionOf } = await serving("first");
    expect(await local.check()).toBe(false);
    // A real build into the same folder: files, commit, pruning, the ignore file.
    await writeDistFixture(folder.dir, { datasetVersion: "second" });
    expect(await local.check()).toBe(true);
    expect(local.manifest()?.dataset_version).toBe("second");
    // What a later build's pruning does to the generation the server started on.
    await rm(join(folder.dir, "g-first"), { recursive: true });
    expect((await rawRequest(local.url, "/health", "GET", {})).status).toBe(200);
    expect(await versionOf("/v1/items/7/44/seeds/151")).toBe("second");
    expect(await versionOf("/v1/guides/3094412345")).toBe("second");
  });

  it("requests are answered while the server switches to a new build, the old build's and then only the new one's", async () => {
    const { folder, local, versionOf } = await serving("before");
    await writeDistFixture(folder.dir, { datasetVersion: "after" });
    let switched = false;
    const switching = local.check().then((result) => {
      switched = true;
      return result;
    });
    const versions: string[] = [];
    while (!switched) versions.push(await versionOf("/v1/meta"));
    expect(await switching).toBe(true);
    versions.push(await versionOf("/v1/meta"));
    const first = versions.indexOf("after");
    expect(versions.slice(0, first).every((version) => version === "before")).toBe(true);
    expect(versions.slice(first).every((version) => version === "after")).toBe(true);
  });

  it("a download under way when a new build is served completes from the workerd it started on, which stops after it", async () => {
    // A dump too large for the sockets' buffers, so the answer stays in flight while the client does
    // not read (stored, not compressed, and under workerd's 25 MiB a file).
    const numbers = Buffer.alloc(24 * 1024 * 1024);
    for (let offset = 0; offset < numbers.length; offset += 4) numbers.writeUInt32BE(offset / 4, offset);
    const dump = gzipSync(numbers, { level: 0 });
    const { folder, local, versionOf } = await serving("slow", async (fixture) => {
      await writeFile(join(fixture.dir, "g-slow", fileFor({ name: "dump" }, { topics: [] })), dump);
      await indexAfresh(fixture.dir, fixture.manifest);
    });
    const download = await startDownload(local.url, "/v1/dump");
    let stopped = false;
    await writeDistFixture(folder.dir, { datasetVersion: "fast" });
    expect(await local.check()).toBe(true);
    void local.retired().then(() => (stopped = true));
    expect(await versionOf("/v1/meta")).toBe("fast");
    expect(stopped).toBe(false);
    const answer = await download.finish();
    expect(answer.subarray(0, answer.indexOf("\r\n")).toString()).toBe("HTTP/1.1 200 OK");
    expect(answer.subarray(answer.indexOf("\r\n\r\n") + 4).equals(dump)).toBe(true);
    await local.retired();
    expect(stopped).toBe(true);
  });

  it("a commit whose generation the folder's .assetsignore still hides is served once the file names it", async () => {
    const { folder, local, versionOf } = await serving("shown");
    // Files and commit of a build, before the build rewrites the ignore file (it does after pruning).
    const staged = await writeDistFixture(undefined, { datasetVersion: "hidden" });
    await cp(join(staged.dir, "g-hidden"), join(folder.dir, "g-hidden"), { recursive: true });
    await staged.remove();
    const manifest = committedManifestOf(folder.dir, { ...folder.manifest, dataset_version: "hidden", generation: "g-hidden" });
    await commitManifest(folder.dir, manifest);
    expect(await local.check()).toBe(false);
    expect(await versionOf("/v1/meta")).toBe("shown");
    writeUploadIgnore(folder.dir, manifest);
    expect(await local.check()).toBe(true);
    expect(await versionOf("/v1/meta")).toBe("hidden");
  });
});

/** Asks for `path` and stops reading once the answer's first bytes are in: the answer stays in flight until `finish`. */
async function startDownload(url: string, path: string) {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  const chunks: Buffer[] = [];
  const ended = new Promise<Buffer>((resolve, reject) => {
    socket.on("end", () => resolve(Buffer.concat(chunks)));
    socket.on("error", reject);
  });
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  socket.write(requestText("GET", path, "Accept-Encoding: gzip\r\n"));
  await new Promise<void>((resolve) =>
    socket.once("data", (chunk: Buffer) => {
      chunks.push(chunk);
      socket.pause();
      // Explicitly paused: this listener does not resume the stream.
      socket.on("data", (more: Buffer) => chunks.push(more));
      resolve();
    }),
  );
  return {
    finish() {
      socket.resume();
      return ended;
    },
  };
}
