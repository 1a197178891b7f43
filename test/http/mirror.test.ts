// The offline mirror (docs/deploy.md, "Offline mirror"): a build folder copied with `cp -r` out of
// the checkout, to a folder with no node_modules above it, served by the serve.mjs the build wrote
// into it, run by plain `node` from that folder without NODE_PATH. Nothing of the checkout can be
// reached from there, so whatever answers comes from the folder alone: the whole HTTP contract, a
// new build committed into the copy, and damage to a byte of it.

import { execFileSync, spawn } from "node:child_process";
import { existsSync, promises as fs, statSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_FILE } from "../../generator/emit/build-folder.ts";
import { CASES } from "../contract/cases.ts";
import { runContract, type Adapter } from "../contract/contract.ts";
import { GUIDE_ID, writeDistFixture, type DistFixture } from "../support/dist-fixture.ts";
import { rawRequest } from "../support/edge-server.ts";
import { temporaryFolders } from "../support/temporary.ts";

const REPOSITORY = fileURLToPath(new URL("../../", import.meta.url));
const folders = temporaryFolders("mirror-");
afterAll(() => folders.removeAll());

/** Every node_modules folder from `folder` up to the root: where Node would look for a package. */
function nodeModulesAbove(folder: string): string[] {
  const found: string[] = [];
  for (let at = folder; ; at = path.dirname(at)) {
    if (existsSync(path.join(at, "node_modules"))) found.push(path.join(at, "node_modules"));
    if (path.dirname(at) === at) return found;
  }
}

/** `distDir` copied as anyone would copy it, to a folder outside the checkout from which no package can be found. */
function copyAway(distDir: string): string {
  const copy = path.join(folders.make(), "mirror");
  execFileSync("cp", ["-r", distDir, copy]);
  expect(path.relative(REPOSITORY, copy).startsWith("..")).toBe(true);
  expect(nodeModulesAbove(copy)).toEqual([]);
  return copy;
}

interface Mirror {
  url: string;
  /** Resolves to what the server printed on stderr once `pattern` matches it. */
  printed(pattern: RegExp): Promise<string>;
  close(): Promise<number | null>;
}

/** `node FOLDER/serve.mjs --port 0`, run from the folder, with neither NODE_PATH nor NODE_OPTIONS. */
function startMirror(folder: string, env: Record<string, string> = {}): Promise<Mirror> {
  const { NODE_PATH: _path, NODE_OPTIONS: _options, ...inherited } = process.env;
  const child = spawn(process.execPath, [path.join(folder, SERVER_FILE), "--port", "0"], { cwd: folder, env: { ...inherited, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let stderr = "";
  const waiting = new Set<() => void>();
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
    for (const look of waiting) look();
  });
  const printed = (pattern: RegExp) =>
    new Promise<string>((resolve, reject) => {
      const look = () => {
        if (!pattern.test(stderr)) return;
        waiting.delete(look);
        resolve(stderr);
      };
      waiting.add(look);
      look();
      void exited.then((code) => reject(new Error(`serve.mjs exited (${code}) before printing ${pattern}:\n${stderr}`)));
    });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on("line", (line) => {
      if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(line)) return;
      resolve({
        url: line,
        printed,
        close() {
          if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
          return exited;
        },
      });
    });
    void exited.then((code) => reject(new Error(`serve.mjs exited (${code}) before printing its URL:\n${stderr}`)));
  });
}

// Each fixture folder is copied once; the cases that need a server of their own start it on the same copy.
const copies = new Map<string, string>();
const adapter: Adapter = {
  name: "a build folder copied out of the checkout, served by its own serve.mjs",
  fixture: { server: true },
  start: (distDir, { burstLimit }) => {
    if (!copies.has(distDir)) copies.set(distDir, copyAway(distDir));
    return startMirror(copies.get(distDir)!, burstLimit ? {} : { BURST_LIMIT: "off" });
  },
};
describe.concurrent(`the HTTP contract on ${adapter.name}`, () => runContract(adapter, CASES));

describe("a copied build folder served by its own serve.mjs, with both limits off (two node:cluster workers)", () => {
  let fixture: DistFixture;
  let copy: string;
  let mirror: Mirror;

  beforeAll(async () => {
    fixture = await writeDistFixture(undefined, { datasetVersion: "mirror-v1", server: true });
    copy = copyAway(fixture.dir);
    mirror = await startMirror(copy, { RATE_LIMIT: "off", BURST_LIMIT: "off", WORKERS: "2" });
  });
  afterAll(async () => {
    await mirror?.close();
    await fixture?.remove();
  });

  it("suggests requests that answer from the build it serves", async () => {
    const printed = await mirror.printed(/-o dump\.json/);
    const tries = [...printed.matchAll(/^ {2}curl (?:-si -H '(?<header>[^']+)' |-s (?:--compressed )?)'?(?<target>http:\/\/[^\s']+)/gm)].map((match) => ({ header: match.groups!.header, target: match.groups!.target! }));
    expect(tries.map(({ target }) => target.slice(mirror.url.length))).toEqual([
      "/health",
      "/v1/meta",
      "/v1/resolve?market_hash_name=AK-47+%7C+Case+Hardened+%28Minimal+Wear%29",
      "/v1/resolve?slug=ak-47-case-hardened",
      "/v1/items/7/44",
      // The fixture's seed with the most verdicts: its guide lists 151 twice.
      "/v1/items/7/44/seeds/151",
      "/v1/items/7/44/patterns",
      "/v1/meta",
      "/v1/dump",
    ]);
    for (const { header, target } of tries) {
      const [name, value] = header === undefined ? [] : header.split(": ");
      const response = await rawRequest(mirror.url, target.slice(mirror.url.length), "GET", name === undefined ? {} : { [name]: value! });
      expect(response.status, target).toBe(header === undefined ? 200 : 304);
    }
  });

  it("serves a second build committed into the copied folder without a restart, and keeps its serve.mjs", async () => {
    const server = statSync(path.join(copy, SERVER_FILE));
    await writeDistFixture(copy, { datasetVersion: "mirror-v2", server: true });
    // The primary reads the manifest and sends the commit to each worker, which says so.
    await mirror.printed(/(serving dataset_version mirror-v2 \(g-mirror-v2\), as the primary commits it[^]*){2}/);
    for (let request = 0; request < 4; request++) {
      expect((await rawRequest(mirror.url, "/v1/meta", "GET", {})).json().dataset_version).toBe("mirror-v2");
    }
    // The same code bundles the same bytes: the file is not written again.
    const after = statSync(path.join(copy, SERVER_FILE));
    expect([after.ino, after.mtimeMs]).toEqual([server.ino, server.mtimeMs]);
  });

  it("answers 503 for a file of the copy whose bytes were changed, and goes on answering the rest", async () => {
    const guideFile = path.join(copy, "g-mirror-v2", "v1", "guides", `${GUIDE_ID}.json`);
    const bytes = await fs.readFile(guideFile);
    bytes[10] = bytes[10]! ^ 0x20;
    await fs.writeFile(guideFile, bytes);
    const damaged = await rawRequest(mirror.url, `/v1/guides/${GUIDE_ID}`, "GET", {});
    expect(damaged.status).toBe(503);
    expect(damaged.json()).toMatchObject({ dataset_version: "mirror-v2", error: { code: "internal_error" } });
    expect(damaged.headers["cache-control"]).toBe("no-store");
    expect((await rawRequest(mirror.url, "/v1/items/7/44", "GET", {})).status).toBe(200);
  });
});
