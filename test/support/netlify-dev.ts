// Runs the repository's Netlify edge functions inside Netlify's local emulation (@netlify/dev's
// NetlifyDev, which serves them from the real Deno bootstrap Netlify ships, on the deno binary of
// the installed npm `deno` package), over a fixture build published as the site's dist/.

import { cpSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { writeDistFixture, type DistFixtureOptions } from "./dist-fixture.ts";
import { assertMatchesDescription } from "./openapi-validator.ts";

const repoRoot = fileURLToPath(new URL("../../", import.meta.url));
const require = createRequire(import.meta.url);

/**
 * Importing @netlify/dev loads zip-it-and-ship-it -> precinct -> @typescript-eslint/typescript-estree
 * -> ts-api-utils, which npm hoisted to the top of node_modules, where `typescript` is this
 * project's TypeScript 7: it has no compiler API, and the import throws. precinct carries its own
 * TypeScript 5 for exactly this use; point ts-api-utils at it. Nothing here compiles TypeScript
 * for the edge functions (Deno does), so the redirect only lets the module load.
 */
function letNetlifyDevLoad(): () => void {
  const Module = require("node:module") as { _resolveFilename: (request: string, parent: { filename?: string } | undefined, ...rest: unknown[]) => string };
  const typescript5 = require.resolve("typescript", { paths: [require.resolve("precinct")] });
  const resolveFilename = Module._resolveFilename;
  Module._resolveFilename = function (request, parent, ...rest) {
    if (request === "typescript" && parent?.filename?.includes(`${"/"}node_modules${"/"}ts-api-utils${"/"}`)) return typescript5;
    return resolveFilename.call(this, request, parent, ...rest);
  };
  return () => {
    Module._resolveFilename = resolveFilename;
  };
}

export interface NetlifySite {
  /** Runs a request through Netlify's request chain (edge functions, then static files). */
  fetch(path: string, init?: RequestInit): Promise<{ response: Response; type: string }>;
  stop(): Promise<void>;
}

/**
 * What starting the site changes in this process, which the test worker goes on to run other files
 * in: the module resolution above, PATH, and the globals Netlify's runtime installs.
 */
function processStateUndo(): () => void {
  const undoResolution = letNetlifyDevLoad();
  const searchPath = process.env.PATH;
  const globals = globalThis as { caches?: unknown; Netlify?: unknown };
  const had = { caches: "caches" in globals, Netlify: "Netlify" in globals };
  const before = { caches: globals.caches, Netlify: globals.Netlify };
  return () => {
    undoResolution();
    if (searchPath === undefined) delete process.env.PATH;
    else process.env.PATH = searchPath;
    for (const name of ["caches", "Netlify"] as const) {
      if (had[name]) globals[name] = before[name];
      else delete globals[name];
    }
  };
}

/** Netlify's emulation started over `project`: this repository's site, and a fixture build as its dist/. */
async function startedSite(project: string, fixture: DistFixtureOptions) {
  // The site: this repository's netlify.toml and edge functions (linked, so the functions import
  // the real edge/ modules) and a fixture build as the published dist/.
  cpSync(join(repoRoot, "netlify.toml"), join(project, "netlify.toml"));
  symlinkSync(join(repoRoot, "netlify"), join(project, "netlify"));
  symlinkSync(join(repoRoot, "edge"), join(project, "edge"));
  // The edge imports npm packages (zod), which Netlify resolves from the site's package.json and node_modules.
  for (const entry of ["package.json", "node_modules"]) symlinkSync(join(repoRoot, entry), join(project, entry));
  // Loading @netlify/dev (it brings a TypeScript compiler with it) takes seconds; build meanwhile.
  const [{ NetlifyDev }] = await Promise.all([import("@netlify/dev"), writeDistFixture(join(project, "dist"), fixture)]);

  // NetlifyDev runs the `deno` found on PATH when its version fits: the npm package's binary.
  process.env.PATH = `${join(repoRoot, "node_modules", ".bin")}:${process.env.PATH ?? ""}`;
  const off = { enabled: false };
  const dev = new NetlifyDev({
    projectRoot: project,
    aiGateway: off,
    blobs: off,
    database: off,
    environmentVariables: off,
    functions: off,
    geolocation: off,
    images: off,
    edgeFunctions: { enabled: true },
    staticFiles: { enabled: true },
  });
  await dev.start();
  return dev;
}

export async function startNetlifySite(fixture: DistFixtureOptions = {}): Promise<NetlifySite> {
  const undoProcessState = processStateUndo();
  const project = mkdtempSync(join(tmpdir(), "netlify-site-"));
  let dev: InstanceType<typeof import("@netlify/dev").NetlifyDev>;
  try {
    dev = await startedSite(project, fixture);
  } catch (error) {
    undoProcessState();
    rmSync(project, { recursive: true, force: true });
    throw error;
  }
  return {
    async fetch(path, init) {
      const result = await dev.handleAndIntrospect(new Request(`http://localhost:8888${path}`, init));
      if (result === undefined) throw new Error(`nothing on the site answered ${path}`);
      // Every answer must be one the description document declares (read from a clone: the test reads the original).
      const { response } = result;
      assertMatchesDescription({
        method: init?.method ?? "GET",
        target: path,
        status: response.status,
        contentType: response.headers.get("content-type"),
        body: await response.clone().text(),
      });
      return result;
    },
    async stop() {
      try {
        await dev.stop();
      } finally {
        undoProcessState();
        rmSync(project, { recursive: true, force: true });
      }
    },
  };
}
