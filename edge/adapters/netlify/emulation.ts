// Netlify's local emulation of this repository's site (@netlify/dev's NetlifyDev, which serves the
// edge functions from the real Deno bootstrap Netlify ships, on the deno binary of the installed npm
// `deno` package), over any built dist folder as the published folder. Used by
// `npm run serve:netlify` (serve.ts) and by the tests (test/http/netlify.test.ts). Node only:
// no edge function imports it.

import type { ChildProcess } from "node:child_process";
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { cpSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const require = createRequire(import.meta.url);

type NetlifyDev = InstanceType<typeof import("@netlify/dev").NetlifyDev>;

export interface NetlifyEmulation {
  dev: NetlifyDev;
  /** The temporary site folder (netlify.toml, links to the functions and to the published folder). */
  project: string;
  /** The Deno process that runs the edge functions (null if the emulation could not start one): the emulation dies with it. */
  deno: ChildProcess | null;
  /** Stops the emulation, removes the site folder and undoes what starting changed in this process. */
  stop(): Promise<void>;
}

export interface EmulationOptions {
  /** The built dist folder to publish (linked, not copied: it may not exist yet while `ready` runs). */
  publishDir: string;
  /** Work to finish before the emulation starts, overlapping the seconds @netlify/dev takes to load. */
  ready?: Promise<unknown>;
}

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

/**
 * What starting the emulation changes in this process, which a test worker goes on to run other
 * files in: the module resolution above, PATH, and the globals Netlify's runtime installs.
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

async function startedDev(project: string, { publishDir, ready }: EmulationOptions): Promise<NetlifyDev> {
  // The site: this repository's netlify.toml, its edge functions each bundled into one module with
  // the edge/ and contract/ code and packages they import, as Netlify bundles them at deploy, and the
  // published folder as its dist/ (netlify.toml's `publish`). The emulation starts a fresh Deno worker
  // per request: one module to load instead of every module of the edge and zod is most of its time.
  cpSync(join(repoRoot, "netlify.toml"), join(project, "netlify.toml"));
  await bundleFunctions(join(project, FUNCTIONS_FOLDER));
  symlinkSync(resolve(publishDir), join(project, "dist"));
  const [{ NetlifyDev }] = await Promise.all([import("@netlify/dev"), ready]);

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

const FUNCTIONS_FOLDER = join("netlify", "edge-functions");

/** Each edge function of the repository as one ES module in `folder`, under its own name. */
async function bundleFunctions(folder: string): Promise<void> {
  const { build } = await import("esbuild");
  const sources = join(repoRoot, FUNCTIONS_FOLDER);
  const entries = readdirSync(sources).filter((name) => name.endsWith(".ts"));
  await build({
    entryPoints: entries.map((name) => join(sources, name)),
    outdir: folder,
    outExtension: { ".js": ".ts" },
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    // The conditions Deno resolves packages with, as Netlify's bundler does.
    conditions: ["deno", "worker", "browser"],
    mainFields: ["module", "main"],
    logLevel: "silent",
  });
}

export async function startNetlifyEmulation(options: EmulationOptions): Promise<NetlifyEmulation> {
  const leaveProcess = enterProcess();
  const project = mkdtempSync(join(tmpdir(), "netlify-site-"));
  let started: { dev: NetlifyDev; deno: ChildProcess | null };
  try {
    started = await startedDevWithDeno(project, options);
  } catch (error) {
    leaveProcess();
    rmSync(project, { recursive: true, force: true });
    throw error;
  }
  const { dev, deno } = started;
  return {
    dev,
    project,
    deno,
    async stop() {
      try {
        await dev.stop();
      } finally {
        leaveProcess();
        rmSync(project, { recursive: true, force: true });
      }
    },
  };
}

/**
 * The emulations running in this process, and how to undo what starting the first of them changed:
 * a handover (local-server.ts) runs a fresh emulation beside the one it replaces, which stops later,
 * so the process is changed by the first start and given back by the last stop, not by each.
 */
const inProcess = { emulations: 0, undo: () => {} };

/** Counts an emulation in; the function returned counts it out (once). */
function enterProcess(): () => void {
  if (inProcess.emulations++ === 0) inProcess.undo = processStateUndo();
  let left = false;
  return () => {
    if (left) return;
    left = true;
    if (--inProcess.emulations === 0) inProcess.undo();
  };
}

/**
 * The bootstrap the Deno process of the emulation runs (@netlify/edge-functions-dev's), named on its
 * command line. NetlifyDev keeps the process to itself; node:child_process reports every process
 * started, and the one naming this file while an emulation starts is its Deno.
 */
const DENO_SERVER = /[\\/]@netlify[\\/]edge-functions-dev[\\/]dist[\\/]deno[\\/]server\.mjs/;

/** Emulations start one at a time in a process, so that the Deno process seen starting is the one starting. */
let starting: Promise<unknown> = Promise.resolve();

async function startedDevWithDeno(project: string, options: EmulationOptions): Promise<{ dev: NetlifyDev; deno: ChildProcess | null }> {
  const before = starting;
  let done = () => {};
  starting = new Promise<void>((resolveDone) => (done = resolveDone));
  await before.catch(() => {});
  let deno: ChildProcess | null = null;
  const seen = (message: unknown) => {
    const child = (message as { process: ChildProcess }).process;
    // Its command line is known once it is spawned.
    child.once("spawn", () => {
      if (child.spawnargs.some((arg) => DENO_SERVER.test(arg))) deno = child;
    });
  };
  subscribe("child_process", seen);
  try {
    const dev = await startedDev(project, options);
    // NetlifyDev starts Deno as it starts, without waiting for it; a request that reaches the edge
    // functions waits until Deno answers, so afterwards its process is known (or none could start).
    await (await dev.handle(new Request("http://localhost/health")))?.body?.cancel();
    return { dev, deno };
  } finally {
    unsubscribe("child_process", seen);
    done();
  }
}
