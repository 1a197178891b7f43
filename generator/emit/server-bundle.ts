// The build folder's own server, serve.mjs: the local Node server (edge/adapters/node/serve.ts) with
// everything it imports, zod/mini included, bundled by esbuild into one module that imports nothing
// but Node's own `node:` modules. A folder copied anywhere (a USB stick, a machine without network
// or npm) then serves itself with `node serve.mjs`, on Node 22.18 or later: the bundle carries
// package.json's minimum and the Node it is tested on (.nvmrc) and refuses an older one
// (edge/adapters/node/node-version.ts).
//
// Like every file of a build, its bytes depend only on the inputs (the code and the lockfile, which
// the source fingerprint covers): module paths are written relative to the repository and as
// installed under it, never where the checkout or its node_modules really lie, and nothing records
// a time. Kept apart from the emit stage, which writes the file (server-file.ts) and imports no
// esbuild.

import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { SERVER_FILE } from "./build-folder.ts";

const REPOSITORY = fileURLToPath(new URL("../../", import.meta.url));
/** The server bundled, in the checkout. */
const SERVER_ENTRY = "edge/adapters/node/serve.ts";

/** package.json's minimum Node (engines.node, ">=22.18.0"), and the Node CI runs and tests on (.nvmrc). */
function nodeVersions(repository: string): { minimum: string; tested: string } {
  const engines = (JSON.parse(readFileSync(path.join(repository, "package.json"), "utf8")) as { engines: { node: string } }).engines.node;
  return { minimum: nodeMinimum(engines), tested: readFileSync(path.join(repository, ".nvmrc"), "utf8").trim() };
}

/** The version in engines.node, which must read ">=MAJOR.MINOR.PATCH": any other range has no one minimum to check. */
export function nodeMinimum(engines: string): string {
  const minimum = /^>=\s*(\d+\.\d+\.\d+)$/.exec(engines)?.[1];
  if (minimum === undefined) throw new Error(`package.json's engines.node should read ">=MAJOR.MINOR.PATCH", not ${JSON.stringify(engines)}`);
  return minimum;
}

/** Read by whoever opens the file on the stick. */
const header = ({ minimum, tested }: { minimum: string; tested: string }) => `// The server of the build folder this file sits in: \`node ${SERVER_FILE} [--port N] [--host H]\` serves
// it with Node ${minimum.split(".").slice(0, 2).join(".")} or later (tested on Node ${tested}; an older Node is refused) and nothing else
// (RATE_LIMIT=off, BURST_LIMIT=off, PORT, HOST, WORKERS, TRUST_PROXY=1 as for \`npm run serve\`).
// Written by every build from edge/adapters/node/serve.ts.`;

/** serve.mjs's text, bundled from the checkout at `repository` (this one unless a test names another). */
export async function bundleServer(repository: string = REPOSITORY): Promise<string> {
  const versions = nodeVersions(repository);
  const result = await build({
    entryPoints: [path.join(repository, SERVER_ENTRY)],
    absWorkingDir: repository,
    // node_modules as it stands in the checkout, not where a link points: the same bytes in every
    // checkout of the same code.
    preserveSymlinks: true,
    bundle: true,
    write: false,
    format: "esm",
    platform: "node",
    target: "node22.18",
    charset: "utf8",
    // serve.ts serves the folder the bundle sits in (its `import.meta.url`) rather than ./dist.
    define: { PSG_SERVER_FILE: "true", PSG_NODE_MINIMUM: JSON.stringify(versions.minimum), PSG_NODE_TESTED: JSON.stringify(versions.tested) },
    banner: { js: header(versions) },
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

