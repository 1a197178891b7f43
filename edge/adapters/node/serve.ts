// `npm run serve -- DIR [--port N]`: serves any built dist folder (an offline mirror), dist/ by
// default. Without a build in DIR yet, it starts anyway: /health answers 503 until a manifest is
// committed. Once listening it prints its URL alone on a line of stdout (as serve:netlify and
// serve:workers do, for scripts), then what to try on stderr.

import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { MANIFEST_FILE } from "../../../contract/routes.ts";
import { banner, runServer } from "./run.ts";
import { readSettings } from "./settings.ts";

const argv = process.argv.slice(2);
const port = argv.indexOf("--port");
const args = argv.filter((arg, at) => arg !== "--single" && (port === -1 || (at !== port && at !== port + 1)));
if (args.length > 1 || args[0]?.startsWith("-")) {
  console.error("usage: npm run serve -- [DIR] [--port N] [--single]   (DIR: a built dist folder, default dist)");
  process.exit(2);
}
const distDir = resolve(args[0] ?? "dist");
const read = readSettings(process.env, process.argv.slice(2));
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
