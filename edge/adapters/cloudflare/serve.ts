// `npm run serve:workers -- DIR [--port N]`: the Worker in workerd (miniflare, from npm), with DIR
// as its static assets and the bindings of wrangler.jsonc, rate limits included (miniflare counts
// them in memory, in fixed windows), behind a server that follows the builds committed to DIR
// (local-server.ts). Prints the URL on a line of its own once /health answers.
// `--app-limit N` and `--burst-limit N` lower the limits (tests); their periods stay wrangler.jsonc's.

import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { startWorkersLocalServer } from "./local-server.ts";

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

const options = readArguments(process.argv.slice(2));
if (!existsSync(options.dir)) {
  console.error(`${options.dir} does not exist; build one with \`npm run build\` or name a built dist folder.`);
  process.exit(1);
}

const server = await startWorkersLocalServer({ ...options, log: (message) => console.error(message) }).catch((error: unknown) => {
  console.error(`cannot serve ${options.dir} with workerd on port ${options.port}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await server.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

console.log(server.url);
console.error(`serving ${options.dir} with workerd (miniflare), following its builds; stop with Ctrl-C`);
