// The client package as published: `npm run client:build` output (built here into a temporary
// folder, never into the checkout), its package.json, and the built file running in Deno (the
// runtime besides Node and browsers it promises).

import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_DIR, CLIENT_TYPES, bundleClient, clientTypesText } from "../../generator/cli/client-build.ts";
import { writeDistFixture, type DistFixture } from "../support/dist-fixture.ts";
import { startServer, type RunningServer } from "../support/edge-server.ts";

const committedTypes = readFileSync(CLIENT_TYPES, "utf8");
const manifest = JSON.parse(readFileSync(`${CLIENT_DIR}package.json`, "utf8"));
let fixture: DistFixture;
let server: RunningServer;
/** Stands for the package's folder: its `dist/` built here. */
const built = mkdtempSync(join(tmpdir(), "psg-client-"));
const builtFile = (file: string) => join(built, file);

beforeAll(async () => {
  await bundleClient(builtFile("dist"));
  fixture = await writeDistFixture(undefined, { datasetVersion: "package-v1" });
  server = await startServer({ distDir: fixture.dir, rateLimit: false, burstLimit: false });
});
afterAll(async () => {
  await server?.close();
  await fixture?.remove();
  rmSync(built, { recursive: true, force: true });
});

describe("the client package", () => {
  it("its types are the ones generated from the description document's schemas (npm run docs:openapi or client:build rewrites them)", () => {
    expect(committedTypes === clientTypesText(), "client/src/types.ts is stale: run npm run docs:openapi").toBe(true);
  });

  it("is ESM with no runtime dependency, and its exports point at the built files", () => {
    expect(manifest.name).toBe("pattern-seed-guides-client");
    expect(manifest.type).toBe("module");
    expect(manifest.dependencies ?? {}).toEqual({});
    const entry = manifest.exports["."];
    for (const file of [entry.import, entry.types]) expect(existsSync(builtFile(file)), file).toBe(true);
  });

  it("the built module exports createClient and ApiError and imports nothing", async () => {
    const bundle = readFileSync(builtFile("dist/index.js"), "utf8");
    expect(bundle).not.toMatch(/^\s*import\s/m);
    const module = await import(pathToFileURL(builtFile("dist/index.js")).href);
    expect(typeof module.createClient).toBe("function");
    expect(new module.ApiError(404, "not_found", "m", "v")).toBeInstanceOf(Error);
  });

  it("runs in Deno against the server", async () => {
    const deno = fileURLToPath(new URL("../../node_modules/.bin/deno", import.meta.url));
    const script = [
      `import { createClient } from ${JSON.stringify(pathToFileURL(builtFile("dist/index.js")).href)};`,
      `const api = createClient({ apiRoot: ${JSON.stringify(server.url)} });`,
      "const { data, datasetVersion } = await api.seed(7, 44, 661);",
      "console.log(JSON.stringify([datasetVersion, data.seed]));",
    ].join("\n");
    // Asynchronously: the server runs in this process and must keep answering while Deno asks.
    const run = await promisify(execFile)(deno, ["eval", "--no-config", script], {
      encoding: "utf8",
      timeout: 30_000,
      env: { ...process.env, DENO_NO_UPDATE_CHECK: "1", NO_COLOR: "1" },
    });
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual(["package-v1", 661]);
  });
});
