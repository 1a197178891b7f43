// The "workerd alone" row of `npm run bench:serve`: what a Worker in workerd answers on this machine
// when each 200 costs one read through the assets binding, the floor under the API's Worker there, as
// node:http alone is under the Node server. The bare Worker (workerd-alone-worker.ts) runs behind the
// same front server and in the same workerd as `npm run serve:workers` (edge/adapters/cloudflare/
// local-server.ts); for each request of the mix it reads the file the API's Worker reads for it when
// it is not in memory and answers the API's length and headers, and a matching If-None-Match with the
// API's 304, taken once at start from the edge core over the same build (node-http.ts, `answersOf`).
//
// Run by bench/serve.ts: `node bench/lib/workerd-alone.ts DIST TARGETS_FILE [--port N]`, each line of
// TARGETS_FILE a request target and the file read for it, separated by a tab; prints its URL alone on
// a line of stdout once it answers.

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { bundleWorker } from "../../edge/adapters/cloudflare/bundle.ts";
import { startWorkersLocalServer, type WorkersLocalServer } from "../../edge/adapters/cloudflare/local-server.ts";
import { answersOf } from "./node-http.ts";
import type { BareAnswer, BareTable } from "./workerd-alone-worker.ts";

const WORKER_ENTRY = fileURLToPath(new URL("./workerd-alone-worker.ts", import.meta.url));

/** The bare Worker's table: for each target, the file read and the API's answer (its length and headers). */
export async function bareTableOf(distDir: string, reads: ReadonlyMap<string, string>): Promise<BareTable> {
  const answers = await answersOf(distDir, reads.keys());
  const table: BareTable = { targets: {}, answers: [] };
  const shared = new Map<string, number>();
  for (const [target, asset] of reads) {
    const { etag, headers, body, notModified } = answers.get(target)!;
    // Content-Length is the Response's own, from its body.
    const { "content-length": _length, ...rest } = headers;
    const answer: BareAnswer = { etag, headers: stringValues(rest), notModified: stringValues(notModified) };
    const key = JSON.stringify(answer);
    let index = shared.get(key);
    if (index === undefined) shared.set(key, (index = table.answers.push(answer) - 1));
    table.targets[target] = { asset, length: body.byteLength, answer: index };
  }
  return table;
}

function stringValues(headers: Readonly<Record<string, string | number>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)]));
}

/** The bare Worker's source: its bundle, with the table set before the module runs. */
export async function bareWorkerScript(table: BareTable): Promise<string> {
  return `const BARE_TABLE = ${JSON.stringify(table)};\n${await bundleWorker(WORKER_ENTRY)}`;
}

/** The bare Worker over `distDir`, behind the local server's front, for the targets of `reads`. */
export async function startWorkerdAlone(distDir: string, reads: ReadonlyMap<string, string>, port = 0): Promise<WorkersLocalServer> {
  return startWorkersLocalServer({ dir: distDir, port, script: await bareWorkerScript(await bareTableOf(distDir, reads)) });
}

/** TARGETS_FILE's lines: a request target, a tab, the file read for it. */
export function readTargets(text: string): Map<string, string> {
  const reads = new Map<string, string>();
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const tab = line.indexOf("\t");
    if (tab === -1) throw new Error(`not "target<TAB>file": ${line}`);
    reads.set(line.slice(0, tab), line.slice(tab + 1));
  }
  return reads;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: { port: { type: "string" } } });
  const [distDir, targetsFile] = positionals;
  if (distDir === undefined || targetsFile === undefined) {
    console.error("usage: node bench/lib/workerd-alone.ts DIST TARGETS_FILE [--port N]");
    process.exit(2);
  }
  const server = await startWorkerdAlone(resolve(distDir), readTargets(readFileSync(targetsFile, "utf8")), Number(values.port ?? 0));
  const stop = () => void server.close().then(() => process.exit(0));
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  console.log(server.url);
}
