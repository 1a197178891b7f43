// Bundles the Worker (worker.ts and everything it imports) into one ES module for workerd, the way
// wrangler does at deploy. A Worker without the `nodejs_compat` flag has no Node API, and one that
// slipped into an edge module would only fail once deployed: the bundle fails here instead, naming
// the module that imports it.

import { builtinModules } from "node:module";
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "esbuild";

export const WORKER_ENTRY = fileURLToPath(new URL("./worker.ts", import.meta.url));

const NODE_BUILTINS = new Set(builtinModules);

const noNodeApis: Plugin = {
  name: "no-node-apis",
  setup(context) {
    context.onResolve({ filter: /.*/ }, (args) => {
      const bare = args.path.split("/")[0]!;
      if (!args.path.startsWith("node:") && !NODE_BUILTINS.has(bare)) return undefined;
      return { errors: [{ text: `${args.importer} imports "${args.path}": a Worker has no Node APIs` }] };
    });
  },
};

/** The bundled Worker's source; rejects when a module it imports needs a Node API. */
export async function bundleWorker(entry: string = WORKER_ENTRY): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    // The conditions wrangler resolves packages with.
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    plugins: [noNodeApis],
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}
