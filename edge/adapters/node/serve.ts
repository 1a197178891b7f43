// `npm run serve -- [DIR] [--port N] [--host H]`: serves any built folder (an offline mirror), dist/
// by default. Every build also bundles this file, with all it imports, into the build folder as
// serve.mjs (generator/emit/server-file.ts), so that a copied folder serves itself with Node alone:
// `node DIR/serve.mjs` serves the folder it sits in. Without a build in the folder yet, it starts
// anyway: /health answers 503 until a manifest is committed. Once listening it prints its URL alone
// on a line of stdout (as serve:netlify and serve:workers do, for scripts), then what to try on stderr.

// First: on a Node older than the project's, the bundle refuses before anything else runs.
import "./node-version.ts";
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { MANIFEST_FILE } from "../../../contract/manifest.ts";
import { banner, runServer } from "./run.ts";
import { readSettings } from "./settings.ts";

/** Defined (true) only in the bundle a build writes; run from the source, it names nothing. */
declare const PSG_SERVER_FILE: boolean | undefined;
const bundled = typeof PSG_SERVER_FILE !== "undefined";

const WITH_VALUE = new Set(["--port", "--host"]);
const argv = process.argv.slice(2);
const args = argv.filter((arg, at) => arg !== "--single" && !WITH_VALUE.has(arg) && !WITH_VALUE.has(argv[at - 1] ?? ""));
if (args.length > 1 || args[0]?.startsWith("-")) {
  console.error(
    bundled
      ? "usage: node serve.mjs [DIR] [--port N] [--host H] [--single]   (DIR: a built folder, by default the one serve.mjs is in)"
      : "usage: npm run serve -- [DIR] [--port N] [--host H] [--single]   (DIR: a built dist folder, default dist)",
  );
  process.exit(2);
}
const distDir = resolve(args[0] ?? (bundled ? dirname(fileURLToPath(import.meta.url)) : "dist"));
const read = readSettings(process.env, argv);
if (!read.ok) {
  console.error(read.message);
  process.exit(2);
}
const { settings } = read;
if (!existsSync(distDir)) {
  console.error(`${distDir} does not exist; build one with \`npm run build\` or name a built dist folder.`);
  process.exit(1);
}
if (cluster.isPrimary && !existsSync(`${distDir}/${MANIFEST_FILE}`)) {
  console.error(`${distDir} holds no ${MANIFEST_FILE} yet; serving 503 until a build is committed there.`);
}

await runServer({
  distDir,
  settings,
  onListening: (url) => {
    console.log(url);
    console.error(banner(url, distDir, settings));
  },
});
