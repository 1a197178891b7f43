// `npm start`: builds the shipped dataset into dist/ if no build is there yet, then serves it on
// http://127.0.0.1:8888 (PORT, HOST and the switches of settings.ts apply).

import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { MANIFEST_FILE } from "../../routes.ts";
import { banner, runServer } from "./run.ts";
import { readSettings } from "./settings.ts";

const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));
const distDir = fileURLToPath(new URL("../../../dist", import.meta.url));
const buildEntry = fileURLToPath(new URL("../../../generator/cli/build.ts", import.meta.url));

const read = readSettings(process.env, process.argv.slice(2));
if (!read.ok) {
  console.error(read.message);
  process.exit(2);
}
const { settings } = read;

if (cluster.isPrimary && !existsSync(`${distDir}/${MANIFEST_FILE}`)) {
  if (!existsSync(buildEntry)) {
    console.error(
      `No build in ${distDir} (no ${MANIFEST_FILE}), and the generator entry ${buildEntry} does not exist yet.\n` +
        "Build the dataset with `npm run build` once the generator is in place, or serve another build with `npm run serve -- DIR`.",
    );
    process.exit(1);
  }
  console.error(`No build in ${distDir}; running \`npm run build\` first.`);
  const build = spawnSync("npm", ["run", "build"], { cwd: repoRoot, stdio: "inherit" });
  if (build.status !== 0 || !existsSync(`${distDir}/${MANIFEST_FILE}`)) {
    console.error("`npm run build` did not produce a build; not starting the server.");
    process.exit(build.status || 1);
  }
}

await runServer({ distDir, settings, onListening: (url) => console.log(banner(url, distDir, settings)) });
