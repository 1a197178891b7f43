// `npm start`: brings dist/ up to date with the shipped dataset (a full build the first time; after
// that a rebuild whose dataset_version is already built does nothing, and a changed dataset is
// built beside the serving build), then serves it on http://127.0.0.1:8888 (PORT, HOST and the
// switches of settings.ts apply).

import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { MANIFEST_FILE } from "../../../contract/manifest.ts";
import { banner, runServer } from "./run.ts";
import { readSettings } from "./settings.ts";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const distDir = fileURLToPath(new URL("../../../dist", import.meta.url));

const read = readSettings(process.env, process.argv.slice(2));
if (!read.ok) {
  console.error(read.message);
  process.exit(2);
}
const { settings } = read;

if (cluster.isPrimary) {
  const build = spawnSync("npm", ["run", "--silent", "build"], { cwd: repoRoot, stdio: "inherit" });
  if (build.status !== 0) {
    if (!existsSync(`${distDir}/${MANIFEST_FILE}`)) {
      console.error("`npm run build` did not produce a build; not starting the server.");
      process.exit(build.status || 1);
    }
    console.error("`npm run build` failed (see above); serving the previous build in dist/.");
  }
}

await runServer({ distDir, settings, onListening: (url) => console.log(banner(url, distDir, settings)) });
