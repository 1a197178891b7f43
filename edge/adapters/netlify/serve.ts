// `npm run serve:netlify -- DIR [--port N]`: the repository's Netlify site (netlify.toml and
// netlify/edge-functions) under Netlify's local emulation, publishing the built dist folder DIR,
// on http://127.0.0.1:N (8888 by default; 0 takes any free port). The URL is printed on its own
// line once /health answers 200 through the server; SIGINT or SIGTERM stops it and removes its
// temporary site folder. `--burst-limit N` sets the edge burst limit the server in front plays to
// N requests per 10 s per client (170 by default), as serve:workers' does; bench:serve raises it
// out of reach.

import { existsSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { resolve } from "node:path";
import { MANIFEST_FILE } from "../../../contract/manifest.ts";
import { EDGE_BURST_LIMIT } from "../../burst-limit.ts";
import { startNetlifyLocalServer } from "./local-server.ts";

const USAGE = "usage: npm run serve:netlify -- DIR [--port N] [--burst-limit N]   (DIR: a built dist folder)";

function readArguments(argv: readonly string[]): { distDir: string; port: number; burstLimit?: number } | string {
  const rest = [...argv];
  let port = 8888;
  const flag = rest.indexOf("--port");
  if (flag !== -1) {
    const value = rest[flag + 1] ?? "";
    port = /^\d+$/.test(value) ? Number(value) : NaN;
    if (!(port >= 0 && port <= 65535)) return `--port must be 0..65535, got "${value}"`;
    rest.splice(flag, 2);
  }
  let burstLimit: number | undefined;
  const burstFlag = rest.indexOf("--burst-limit");
  if (burstFlag !== -1) {
    const value = rest[burstFlag + 1] ?? "";
    if (!/^\d+$/.test(value)) return `--burst-limit must be a whole number, got "${value}"`;
    burstLimit = Number(value);
    rest.splice(burstFlag, 2);
  }
  if (rest.length !== 1 || rest[0]!.startsWith("-")) return USAGE;
  return { distDir: resolve(rest[0]!), port, burstLimit };
}

function healthStatus(url: string): Promise<number> {
  return new Promise((resolveStatus, reject) => {
    httpRequest(`${url}/health`, { agent: false }, (response) => {
      response.resume();
      resolveStatus(response.statusCode ?? 0);
    })
      .on("error", reject)
      .end();
  });
}

const read = readArguments(process.argv.slice(2));
if (typeof read === "string") {
  console.error(read);
  process.exit(2);
}
if (!existsSync(`${read.distDir}/${MANIFEST_FILE}`)) {
  console.error(`${read.distDir} holds no ${MANIFEST_FILE}; build one with \`npm run build\` or name a built dist folder.`);
  process.exit(1);
}

const burstLimit = read.burstLimit === undefined ? undefined : { ...EDGE_BURST_LIMIT, limit: read.burstLimit };
const server = await startNetlifyLocalServer({ publishDir: read.distDir, port: read.port, burstLimit }).catch((error: unknown) => {
  console.error(`cannot start Netlify's emulation on port ${read.port}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
const signals = ["SIGINT", "SIGTERM"] as const;
let stopping = false;
const stop = (code: number) => {
  // @netlify/dev's dependencies hook these signals (when-exit, through atomically, sends the signal
  // again to end the process at once), which would end it before the emulation's Deno process is
  // stopped and the site folder removed; this process is ours, so from here on a signal is ignored.
  for (const signal of signals) {
    process.removeAllListeners(signal);
    process.on(signal, () => {});
  }
  if (stopping) return;
  stopping = true;
  void server.close().finally(() => process.exit(code));
};
for (const signal of signals) process.once(signal, () => stop(0));

const status = await healthStatus(server.url).catch(() => 0);
if (status !== 200) {
  console.error(`/health answered ${status} under the emulation; is ${read.distDir} a complete build?`);
  stop(1);
} else {
  console.log(server.url);
  console.error(`Netlify's emulation of this site, publishing ${read.distDir}. Try: curl -s ${server.url}/v1/meta`);
}
