// `npm run serve:workers -- DIR [--port N]`: the Worker in workerd (miniflare, from npm), with DIR
// as its static assets and the bindings of wrangler.jsonc, rate limits included (miniflare counts
// them in memory, in fixed windows). Prints the URL on a line of its own once /health answers.
// workerd reads DIR once, at start: a deploy does not change either.
// `--app-limit N` and `--burst-limit N` lower the limits (tests); their periods stay wrangler.jsonc's.

import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parse, type ParseError } from "jsonc-parser";
import { Log, LogLevel, Miniflare } from "miniflare";
import { bundleWorker } from "./bundle.ts";

const WRANGLER_CONFIG = fileURLToPath(new URL("../../../wrangler.jsonc", import.meta.url));

interface WranglerConfig {
  compatibility_date: string;
  assets: { binding: string; html_handling?: "none"; not_found_handling?: "none" };
  ratelimits: { name: string; simple: { limit: number; period: 10 | 60 } }[];
}

function usage(message: string): never {
  console.error(`${message}\nusage: npm run serve:workers -- DIR [--port N] [--app-limit N] [--burst-limit N]`);
  process.exit(2);
}

function readArguments(args: string[]) {
  const numbers: Record<string, number> = {};
  let dir: string | undefined;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--port" || arg === "--app-limit" || arg === "--burst-limit") {
      const value = Number(args[++i]);
      if (!Number.isInteger(value) || value < 0) usage(`${arg} needs a whole number`);
      numbers[arg] = value;
    } else if (arg.startsWith("-") || dir !== undefined) {
      usage(`unexpected argument ${arg}`);
    } else {
      dir = arg;
    }
  }
  if (dir === undefined) usage("name a built dist folder");
  return { dir: resolve(dir), port: numbers["--port"] ?? 8787, appLimit: numbers["--app-limit"], burstLimit: numbers["--burst-limit"] };
}

function readConfig(): WranglerConfig {
  const errors: ParseError[] = [];
  const config = parse(readFileSync(WRANGLER_CONFIG, "utf8"), errors) as WranglerConfig;
  if (errors.length > 0) throw new Error(`${WRANGLER_CONFIG} is not valid JSONC`);
  return config;
}

const options = readArguments(process.argv.slice(2));
if (!existsSync(options.dir)) {
  console.error(`${options.dir} does not exist; build one with \`npm run build\` or name a built dist folder.`);
  process.exit(1);
}
const config = readConfig();
const limits: Record<string, number | undefined> = { APP_RATE_LIMIT: options.appLimit, BURST_RATE_LIMIT: options.burstLimit };

const miniflare = new Miniflare({
  // No lookup of a `Request.cf` sample on the network: the placeholder will do.
  cf: false,
  modules: [{ type: "ESModule", path: "worker.mjs", contents: await bundleWorker() }],
  compatibilityDate: config.compatibility_date,
  host: "127.0.0.1",
  port: options.port,
  log: new Log(LogLevel.WARN),
  assets: {
    directory: options.dir,
    binding: config.assets.binding,
    routerConfig: { has_user_worker: true, invoke_user_worker_ahead_of_assets: true },
    assetConfig: { html_handling: config.assets.html_handling, not_found_handling: config.assets.not_found_handling },
  },
  ratelimits: Object.fromEntries(
    config.ratelimits.map(({ name, simple }) => [name, { simple: { limit: limits[name] ?? simple.limit, period: simple.period } }]),
  ),
});

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await miniflare.dispose();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

const url = new URL(await miniflare.ready).origin;
// Any answer will do (503 while DIR holds no build): it says workerd runs the Worker.
await (await fetch(`${url}/health`)).arrayBuffer();
console.log(url);
console.error(`serving ${options.dir} with workerd (miniflare); stop with Ctrl-C`);
