// `npm run client:build`: the typed client package (client/). Writes client/src/types.ts from the
// description document's component schemas (so the client's types are the zod schemas'), then
// client/dist/index.js (esbuild, one ESM file, no dependencies) and client/dist/*.d.ts (tsc).

import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { describedSchemas } from "../openapi/document.ts";
import { typeDeclarations } from "../openapi/typescript.ts";

const require = createRequire(import.meta.url);
export const CLIENT_DIR = fileURLToPath(new URL("../../client/", import.meta.url));
export const CLIENT_TYPES = fileURLToPath(new URL("../../client/src/types.ts", import.meta.url));

export const clientTypesText = () => typeDeclarations(describedSchemas());

/** Writes client/src/types.ts when it differs from what the description document's schemas give. */
export function writeClientTypes(): void {
  const types = clientTypesText();
  let current = "";
  try {
    current = readFileSync(CLIENT_TYPES, "utf8");
  } catch {
    // Not written yet.
  }
  if (current !== types) writeFileSync(CLIENT_TYPES, types);
}

/** The package's built files (index.js and the .d.ts files) from client/src, into `outDir` (client/dist by default). */
export async function bundleClient(outDir = `${CLIENT_DIR}dist`): Promise<void> {
  rmSync(outDir, { recursive: true, force: true });
  await build({
    entryPoints: [`${CLIENT_DIR}src/index.ts`],
    outfile: `${outDir}/index.js`,
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    legalComments: "none",
    logLevel: "warning",
  });
  // typescript's exports do not list its bin; its package folder does.
  const tsc = `${require.resolve("typescript/package.json").slice(0, -"package.json".length)}bin/tsc`;
  execFileSync(process.execPath, [tsc, "-p", `${CLIENT_DIR}tsconfig.json`, "--outDir", outDir], { stdio: "inherit" });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    writeClientTypes();
    await bundleClient();
    console.log(`built ${CLIENT_DIR}dist/`);
  } catch (error) {
    console.error(`client:build: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}
